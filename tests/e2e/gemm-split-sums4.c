// A matrix product on 2-D arrays (VLA parameters) accumulated in four
// interleaved partial sums combined as (s0 + s1) + (s2 + s3); the last
// K % 4 elements are left out, as the source does. raise-split-sums makes
// each partial sum its own accumulation over stride-4 views of A and B
// into a temporary and adds the temporaries in the source's order: bit-
// identical results. K not a multiple of 4.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in split4 (where arg2 >= 4) raised to linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), i x j x k = {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept)
// CHECK: remark: {{.*}}SCoP in split4 spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void split4(int M, int N, int K, float A[M][K],
                                      float B[K][N], float C[M][N]) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      for (int k = 0; k + 3 < K; k += 4) {
        s0 += A[i][k] * B[k][j];
        s1 += A[i][k + 1] * B[k + 1][j];
        s2 += A[i][k + 2] * B[k + 2][j];
        s3 += A[i][k + 3] * B[k + 3][j];
      }
      C[i][j] = (s0 + s1) + (s2 + s3);
    }
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 6;
  float *A = random_floats(M * K, 71);
  float *B = random_floats(K * N, 72);
  float *C = random_floats(M * N, 73);
  split4(M, N, K, (float(*)[K])A, (float(*)[N])B, (float(*)[N])C);
  print_floats("C", C, M * N);
}
