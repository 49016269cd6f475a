// Darknet's four GEMMs in the form its src/gemm.c has them with OPENMP=1:
// `#pragma omp parallel for` over i, j and k declared at function scope,
// ALPHA a float, and gemm_cpu scaling C by BETA first. In that form j and k
// are shared by the threads (a data race of Darknet's own), so the outputs
// are compared at one thread; with j and k private (-DPRIVATE_JK), at two
// and three.
//
// The outlined functions receive the shared variables by pointer; where
// the callers prove them locals nothing else reaches, they become noalias
// parameters, their loads leave the loops, and the nest over each thread's
// chunk of rows is raised. With j and k private, all four GEMMs are raised.
// With j and k shared, each iteration stores their final values; those
// stores leave the nest (one store of each after it, of the value the
// last iteration stored: gemm_nn_counters returns them), and all four are
// raised. gemm_nt and gemm_tt keep a test of K > 0 inside the loop over j,
// twice (LLVM's own pipeline takes it out of the loop only where K was a
// register to begin with): the nest is versioned on it once, the version
// for K >= 1 is the GEMM, and the one for K <= 0 only adds the zero sum to
// C. Either way the outputs stay those of the build without the plugin.
//
// REDEFINE: %{flags} = -fopenmp -DPRIVATE_JK
// RUN: %corpus-build
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 37
// RUN: env OMP_NUM_THREADS=3 %corpus-compare 64
// RUN: %corpus-remarks | FileCheck %s --check-prefix=PRIVATE
// PRIVATE-DAG: remark: {{.*}}loop nest in gemm_nn.omp_outlined raised to linalg.generic (GEMM;
// PRIVATE-DAG: remark: {{.*}}loop nest in gemm_nt.omp_outlined (where {{.*}}) raised to linalg.generic (GEMM_TB;
// PRIVATE-DAG: remark: {{.*}}loop nest in gemm_tn.omp_outlined raised to linalg.generic (GEMM_TA;
// PRIVATE-DAG: remark: {{.*}}loop nest in gemm_tt.omp_outlined (where {{.*}}) raised to linalg.generic (GEMM_TATB;
// PRIVATE-DAG: remark: {{.*}}loop nest in gemm_nn_counters.omp_outlined raised to linalg.generic (GEMM;
// PRIVATE-DAG: remark: {{.*}}SCoP in gemm_nn.omp_outlined spliced
// PRIVATE-DAG: remark: {{.*}}SCoP in gemm_nt.omp_outlined spliced
// PRIVATE-DAG: remark: {{.*}}SCoP in gemm_tn.omp_outlined spliced
// PRIVATE-DAG: remark: {{.*}}SCoP in gemm_tt.omp_outlined spliced
//
// REDEFINE: %{flags} = -fopenmp
// RUN: %corpus-build
// RUN: env OMP_NUM_THREADS=1 %corpus-compare 37
// RUN: env OMP_NUM_THREADS=1 %corpus-compare 64
// RUN: %corpus-remarks | FileCheck %s --check-prefix=SHARED
// The versions where K <= 0 are not raised, and say why only in analysis
// remarks: their nests are raised.
// RUN: %corpus-remarks | FileCheck %s --check-prefix=NOMISS
// NOMISS-NOT: not raised
// SHARED-DAG: remark: {{.*}}loop nest in gemm_nn.omp_outlined raised to linalg.generic (GEMM;
// SHARED-DAG: remark: {{.*}}loop nest in gemm_tn.omp_outlined raised to linalg.generic (GEMM_TA;
// SHARED-DAG: remark: {{.*}}loop nest in gemm_nn_counters.omp_outlined raised to linalg.generic (GEMM;
// SHARED-DAG: remark: {{.*}}SCoP in gemm_nn.omp_outlined spliced
// SHARED-DAG: remark: {{.*}}SCoP in gemm_tn.omp_outlined spliced
// SHARED-DAG: remark: {{.*}}SCoP in gemm_nn_counters.omp_outlined spliced
// SHARED-DAG: remark: {{.*}}loop nest in gemm_nt.omp_outlined (where [[K:arg[0-9]+]] >= 1) raised to linalg.generic (GEMM_TB;
// SHARED-DAG: remark: {{.*}}loop nest in gemm_tt.omp_outlined (where [[K]] >= 1) raised to linalg.generic (GEMM_TATB;
// SHARED-DAG: remark: {{.*}}SCoP in gemm_nt.omp_outlined spliced
// SHARED-DAG: remark: {{.*}}SCoP in gemm_tt.omp_outlined spliced
// One version per test of K, not one per test and accumulator:
// SHARED-NOT: loop nest in gemm_nt.omp_outlined (where {{.*}} and
// SHARED-NOT: loop nest in gemm_tt.omp_outlined (where {{.*}} and

#include "harness.h"

#ifdef PRIVATE_JK
#define PARALLEL_FOR _Pragma("omp parallel for private(j, k)")
#else
#define PARALLEL_FOR _Pragma("omp parallel for")
#endif

void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  PARALLEL_FOR
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  PARALLEL_FOR
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      register float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      }
      C[i * ldc + j] += sum;
    }
  }
}

void gemm_tn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  PARALLEL_FOR
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[k * lda + i];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

void gemm_tt(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  int i, j, k;
  PARALLEL_FOR
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      register float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i + k * lda] * B[k + j * ldb];
      }
      C[i * ldc + j] += sum;
    }
  }
}

// gemm_nn's nest, and the values it leaves in the shared j and k (what the
// last iteration stored, or what they held if the loops never ran).
__attribute__((noinline)) int
gemm_nn_counters(int M, int N, int K, float ALPHA, float *A, int lda,
                 float *B, int ldb, float *C, int ldc) {
  int i, j = -1, k = -2;
  PARALLEL_FOR
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[i * lda + k];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
  return j * 1000 + k;
}

void gemm_cpu(int TA, int TB, int M, int N, int K, float ALPHA, float *A,
              int lda, float *B, int ldb, float BETA, float *C, int ldc) {
  int i, j;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      C[i * ldc + j] *= BETA;
    }
  }
  if (!TA && !TB)
    gemm_nn(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
  else if (TA && !TB)
    gemm_tn(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
  else if (!TA && TB)
    gemm_nt(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
  else
    gemm_tt(M, N, K, ALPHA, A, lda, B, ldb, C, ldc);
}

static void test(int n) {
  int M = n + 3, N = n + 1;
  for (int t = 0; t < 4; ++t)
    for (int K = n + 7; K >= 0; K -= n + 7) {
      // Leading dimensions that fit every transposition, with padding.
      int ld = (M > N ? M : N) + (K > 0 ? K : 1) + 5;
      float *A = random_floats((size_t)ld * ld, 10 * t + K);
      float *B = random_floats((size_t)ld * ld, 10 * t + K + 1);
      float *C = random_floats((size_t)ld * ld, 10 * t + K + 2);
      gemm_cpu(t & 1, t >> 1, M, N, K, 1.25f, A, ld, B, ld, 0.75f, C, ld);
      print_floats("C", C, (size_t)ld * ld);
      free(A);
      free(B);
      free(C);
    }
  // The counters with the loops run, with K = 0 (k only) and N = 0.
  int sizes[][3] = {{M, N, n}, {M, N, 0}, {M, 0, n}, {0, N, n}};
  for (int s = 0; s < 4; ++s) {
    int K = sizes[s][2], ld = M + N + K + 1;
    float *A = random_floats((size_t)ld * ld, 100 + s);
    float *B = random_floats((size_t)ld * ld, 200 + s);
    float *C = random_floats((size_t)ld * ld, 300 + s);
    int jk = gemm_nn_counters(sizes[s][0], sizes[s][1], K, 0.5f, A, ld, B, ld,
                              C, ld);
    printf("jk %d\n", jk);
    print_floats("C", C, (size_t)ld * ld);
    free(A);
    free(B);
    free(C);
  }
}
