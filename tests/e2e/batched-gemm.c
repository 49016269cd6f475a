// Batched GEMM on packed row-major matrices, float: for each b,
// C_b += A_b * B_b with C[b*M*N + i*N + j], so the batch stride is a product
// of two sizes. No restrict, long sizes (batched-gemm-int.c has the int
// version).
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in batched_gemm_long raised to {{.*}}linalg.generic (BATCH_GEMM;
// CHECK: remark: {{.*}}SCoP in batched_gemm_long spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void batched_gemm_long(long batch, long M, long N,
                                                 long K, const float *A,
                                                 const float *B, float *C) {
  for (long b = 0; b < batch; ++b)
    for (long i = 0; i < M; ++i)
      for (long k = 0; k < K; ++k)
        for (long j = 0; j < N; ++j)
          C[b * M * N + i * N + j] +=
              A[b * M * K + i * K + k] * B[b * K * N + k * N + j];
}

static void test(int n) {
  int batch = 4, M = n / 2, N = n / 2 + 3, K = n / 2 - 5;
  size_t count = (size_t)batch * M * N;
  float *A = random_floats((size_t)batch * M * K, 151);
  float *B = random_floats((size_t)batch * K * N, 152);
  float *C = random_floats(count, 153);
  batched_gemm_long(batch, M, N, K, A, B, C);
  print_floats("C long", C, count);
}
