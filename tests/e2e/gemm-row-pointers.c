// GEMM through row pointers, float: per i, pointers to the rows of A and C
// are taken once (a = A + i*lda) and the row of B is advanced by ldb each k
// iteration (b += ldb); the kernel indexes a[k], b[j], c[j]. int sizes, no
// restrict.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_rows {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_rows spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_rows(int M, int N, int K, float alpha,
                                         const float *A, int lda,
                                         const float *B, int ldb, float *C,
                                         int ldc) {
  for (int i = 0; i < M; ++i) {
    const float *a = A + i * lda;
    const float *b = B;
    float *c = C + i * ldc;
    for (int k = 0; k < K; ++k) {
      float a_ik = alpha * a[k];
      for (int j = 0; j < N; ++j)
        c[j] += a_ik * b[j];
      b += ldb;
    }
  }
}

static void test(int n) {
  int M = n + 1, N = n - 2, K = n + 6;
  int lda = K + 3, ldb = N + 1, ldc = N + 7;
  float *A = random_floats((size_t)M * lda, 251);
  float *B = random_floats((size_t)K * ldb, 252);
  float *C = random_floats((size_t)M * ldc, 253);
  gemm_rows(M, N, K, -1.25f, A, lda, B, ldb, C, ldc);
  print_floats("C", C, (size_t)M * ldc);
}
