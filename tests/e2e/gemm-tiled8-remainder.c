// A matrix product tiled by hand with a remainder: j steps by 8 around a
// local array of accumulators initialized from a bias, and a scalar loop
// computes the last N % 8 columns the same way. Linearized float arrays.
// The tiled loop is rerolled (raise-reroll-lanes) and raised as a product
// over j < 8 * (N / 8); the remainder loop, whose columns start at
// (N floordiv 8) * 8, as another.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in tiled8r (where {{.*}}) raised to linalg.generic (GEMM;{{.*}}), i x j x k = arg0 x ? x arg2; linalg.generic (GEMM;{{.*}}), i x j x k = arg0 x ? x arg2
// CHECK: remark: {{.*}}SCoP in tiled8r spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void tiled8r(int M, int N, int K, const float *A,
                                       const float *B, const float *bias,
                                       float *C) {
  for (int i = 0; i < M; ++i) {
    int j = 0;
    for (; j + 8 <= N; j += 8) {
      float acc[8];
      for (int t = 0; t < 8; ++t)
        acc[t] = bias[j + t];
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i * K + k] * B[k * N + j + t];
      for (int t = 0; t < 8; ++t)
        C[i * N + j + t] = acc[t];
    }
    for (; j < N; ++j) {
      float acc = bias[j];
      for (int k = 0; k < K; ++k)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
  }
}

static void test(int n) {
  int M = n + 1, N = n, K = n + 5;
  float *A = random_floats(M * K, 71);
  float *B = random_floats(K * N, 72);
  float *bias = random_floats(N, 73);
  float *C = random_floats(M * N, 74);
  tiled8r(M, N, K, A, B, bias, C);
  print_floats("C", C, M * N);
}
