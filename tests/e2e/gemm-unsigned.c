// GEMM with unsigned sizes and indices, float, linearized, no restrict, i-j-k
// order with C updated in the k loop. Unsigned arithmetic may wrap, so the
// nest is raised in a copy whose subscripts are computed in 64 bits, behind a
// run-time check that none would wrap in 32. gemm-index-types.c has the long
// and size_t versions.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_unsigned raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_unsigned spliced as
// CHECK: remark: {{.*}}loop nest in gemm_unsigned: 3 subscripts widened to 64 bits

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_unsigned(unsigned M, unsigned N,
                                             unsigned K, const float *A,
                                             unsigned lda, const float *B,
                                             unsigned ldb, float *C,
                                             unsigned ldc) {
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j)
      for (unsigned k = 0; k < K; ++k)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}

static void test(int n) {
  int M = n, N = n + 1, K = n - 1, lda = K + 2, ldb = N + 3, ldc = N + 4;
  float *A = random_floats((size_t)M * lda, 261);
  float *B = random_floats((size_t)K * ldb, 262);
  float *C = random_floats((size_t)M * ldc, 263);
  gemm_unsigned(M, N, K, A, lda, B, ldb, C, ldc);
  print_floats("C unsigned", C, (size_t)M * ldc);
}
