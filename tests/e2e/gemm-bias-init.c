// Matrix product whose accumulator starts from a bias: per (i, j),
// acc = bias[j], acc += A[i][k] * B[k][j] over k, C[i][j] = acc. Raised as a
// copy of the bias into C followed by the product (each element's sum
// starts from its bias and adds the same terms in the same order).
// Linearized float arrays with run-time sizes.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_bias (where arg2 >= 1) raised to linalg.generic (GEMM;{{.*}}accumulated through a local scalar)
// CHECK: remark: {{.*}}SCoP in gemm_bias spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_bias(int M, int N, int K, const float *A,
                                         const float *B, const float *bias,
                                         float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = bias[j];
      for (int k = 0; k < K; ++k)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 7;
  float *A = random_floats(M * K, 41);
  float *B = random_floats(K * N, 42);
  float *bias = random_floats(N, 43);
  float *C = random_floats(M * N, 44);
  gemm_bias(M, N, K, A, B, bias, C);
  print_floats("C", C, M * N);
}
