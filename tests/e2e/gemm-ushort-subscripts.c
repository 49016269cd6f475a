// Darknet's gemm_nn with 16-bit subscripts into 65536-element arrays: i, j,
// k int, every subscript converted to unsigned short, so that it wraps
// around the array once the matrices outgrow it (a ring buffer, well defined
// in C). Below that, the nest is raised in a copy whose subscripts are
// computed in 64 bits, behind a run-time check that none wraps; from n = 256
// on they do, the check fails and the original loops run.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 300
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_ushort raised to {{.*}}(GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_ushort spliced as
// CHECK: remark: {{.*}}loop nest in gemm_ushort: 3 subscripts widened to 64 bits

#include "Inputs/harness.h"

enum { RING = 65536 };

__attribute__((noinline)) void gemm_ushort(int M, int N, int K, float ALPHA,
                                           const float *A, int lda,
                                           const float *B, int ldb, float *C,
                                           int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[(unsigned short)(i * lda + k)];
      for (int j = 0; j < N; ++j)
        C[(unsigned short)(i * ldc + j)] +=
            A_PART * B[(unsigned short)(k * ldb + j)];
    }
}

static void test(int n) {
  int M = n, N = n - 3, K = n + 2, lda = K + 1, ldb = N + 2, ldc = N + 5;
  float *A = random_floats(RING, 271);
  float *B = random_floats(RING, 272);
  float *C = random_floats(RING, 273);
  gemm_ushort(M, N, K, 0.5f, A, lda, B, ldb, C, ldc);
  print_floats("C ushort", C, RING);
}
