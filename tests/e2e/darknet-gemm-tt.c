// Darknet's gemm_tt (src/gemm.c): C += ALPHA * A^T * B^T, float, linearized
// A[i + k*lda] and B[k + j*ldb], int sizes, no restrict, a local `sum` per
// element. Both inputs are read with a stride in k.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_tt {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM_TATB;
// CHECK: remark: {{.*}}SCoP in gemm_tt spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_tt(int M, int N, int K, float ALPHA,
                                       float *A, int lda, float *B, int ldb,
                                       float *C, int ldc) {
  int i, j, k;
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

static void test(int n) {
  int M = n, N = n - 2, K = n + 5;
  int lda = M + 1, ldb = K + 3, ldc = N;
  float *A = random_floats((size_t)K * lda, 41);
  float *B = random_floats((size_t)N * ldb, 42);
  float *C = random_floats((size_t)M * ldc, 43);
  gemm_tt(M, N, K, 0.5f, A, lda, B, ldb, C, ldc);
  print_floats("C", C, (size_t)M * ldc);
}
