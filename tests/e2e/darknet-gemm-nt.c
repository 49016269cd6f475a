// Darknet's gemm_nt (src/gemm.c): C += ALPHA * A * B^T, float, linearized
// A[i*lda + k] and B[j*ldb + k], int sizes, no restrict. Each element is a
// dot product accumulated in a local `sum` in k order, then added to C.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// Polly versions the nest on K: where K <= 0 it only adds zeros to C. That
// version is not raised, but the nest is: why the version is missed is an
// analysis remark, not a missed one.
// CHECK-NOT: not raised
// CHECK: remark: {{.*}}loop nest in gemm_nt (where arg2 >= 1) raised to {{.*}}linalg.generic (GEMM_TB;
// CHECK-NOT: not raised
// CHECK: remark: {{.*}}SCoP in gemm_nt spliced as
// CHECK-NOT: not raised
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: remark: {{.*}}loop nest in gemm_nt (where arg2 <= 0) not raised: closest tactic GEMM{{.*}} [-Rpass-analysis=raise]

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_nt(int M, int N, int K, float ALPHA,
                                       float *A, int lda, float *B, int ldb,
                                       float *C, int ldc) {
  int i, j, k;
  for (i = 0; i < M; ++i) {
    for (j = 0; j < N; ++j) {
      register float sum = 0;
      for (k = 0; k < K; ++k) {
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      }
      C[i * ldc + j] += sum;
    }
  }
}

static void test(int n) {
  int M = n + 2, N = n, K = n + 9;
  int lda = K, ldb = K + 4, ldc = N + 1;
  float *A = random_floats((size_t)M * lda, 21);
  float *B = random_floats((size_t)N * ldb, 22);
  float *C = random_floats((size_t)M * ldc, 23);
  gemm_nt(M, N, K, -0.75f, A, lda, B, ldb, C, ldc);
  print_floats("C", C, (size_t)M * ldc);
}
