// Batched GEMM on packed row-major matrices as Darknet-style code writes it,
// with int sizes: for each b, C_b += A_b * B_b with C[b*M*N + i*N + j], the
// subscripts sign-extended 32-bit products (LLVM reassociates them and drops
// their no-wrap flags: the nest is raised in a copy computing them in 64
// bits, behind a run-time check that none would wrap). float, no restrict.
// batched-gemm.c has the same kernel with long sizes.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in batched_gemm raised to {{.*}}linalg.generic (BATCH_GEMM;
// CHECK: remark: {{.*}}SCoP in batched_gemm spliced as
// CHECK: remark: {{.*}}loop nest in batched_gemm: 3 subscripts widened to 64 bits

#include "Inputs/harness.h"

__attribute__((noinline)) void batched_gemm(int batch, int M, int N, int K,
                                            const float *A, const float *B,
                                            float *C) {
  for (int b = 0; b < batch; ++b)
    for (int i = 0; i < M; ++i)
      for (int k = 0; k < K; ++k)
        for (int j = 0; j < N; ++j)
          C[b * M * N + i * N + j] +=
              A[b * M * K + i * K + k] * B[b * K * N + k * N + j];
}

static void test(int n) {
  int batch = 4, M = n / 2, N = n / 2 + 3, K = n / 2 - 5;
  size_t count = (size_t)batch * M * N;
  float *A = random_floats((size_t)batch * M * K, 151);
  float *B = random_floats((size_t)batch * K * N, 152);
  float *C = random_floats(count, 153);
  batched_gemm(batch, M, N, K, A, B, C);
  print_floats("C", C, count);
}
