// GEMM with the sizes and indices in other integer types than int, float,
// linearized, no restrict: `long` (i-k-j order) and `size_t` (i-k-j, as C++
// code writes it). gemm-unsigned.c has the `unsigned` version.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_long raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_long spliced as
// CHECK: remark: {{.*}}loop nest in gemm_size_t raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_size_t spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_long(long M, long N, long K,
                                         const float *A, long lda,
                                         const float *B, long ldb, float *C,
                                         long ldc) {
  for (long i = 0; i < M; ++i)
    for (long k = 0; k < K; ++k)
      for (long j = 0; j < N; ++j)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}

__attribute__((noinline)) void gemm_size_t(size_t M, size_t N, size_t K,
                                           const float *A, size_t lda,
                                           const float *B, size_t ldb,
                                           float *C, size_t ldc) {
  for (size_t i = 0; i < M; ++i)
    for (size_t k = 0; k < K; ++k)
      for (size_t j = 0; j < N; ++j)
        C[i * ldc + j] += A[i * lda + k] * B[k * ldb + j];
}

static void test(int n) {
  int M = n, N = n + 1, K = n - 1, lda = K + 2, ldb = N + 3, ldc = N + 4;
  float *A = random_floats((size_t)M * lda, 261);
  float *B = random_floats((size_t)K * ldb, 262);
  float *C_long = random_floats((size_t)M * ldc, 263);
  float *C_size_t = random_floats((size_t)M * ldc, 263);
  gemm_long(M, N, K, A, lda, B, ldb, C_long, ldc);
  gemm_size_t(M, N, K, A, lda, B, ldb, C_size_t, ldc);
  print_floats("C long", C_long, (size_t)M * ldc);
  print_floats("C size_t", C_size_t, (size_t)M * ldc);
}
