// Darknet's gemm_tn (src/gemm.c): C += ALPHA * A^T * B, float, linearized
// A[k*lda + i] (A is stored K x M), int sizes, no restrict, ALPHA hoisted.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_tn raised to {{.*}}linalg.generic (GEMM_TA;
// CHECK: remark: {{.*}}SCoP in gemm_tn spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_tn(int M, int N, int K, float ALPHA,
                                       float *A, int lda, float *B, int ldb,
                                       float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (k = 0; k < K; ++k) {
      register float A_PART = ALPHA * A[k * lda + i];
      for (j = 0; j < N; ++j) {
        C[i * ldc + j] += A_PART * B[k * ldb + j];
      }
    }
  }
}

static void test(int n) {
  int M = n - 4, N = n + 3, K = n;
  int lda = M + 6, ldb = N, ldc = N + 2;
  float *A = random_floats((size_t)K * lda, 31);
  float *B = random_floats((size_t)K * ldb, 32);
  float *C = random_floats((size_t)M * ldc, 33);
  gemm_tn(M, N, K, 1.5f, A, lda, B, ldb, C, ldc);
  print_floats("C", C, (size_t)M * ldc);
}
