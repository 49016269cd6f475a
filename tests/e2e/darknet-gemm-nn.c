// Darknet's gemm_nn (Inputs/darknet_gemm_nn.h): C += ALPHA * A * B, float,
// linearized A[i*lda + k], int sizes, no restrict. Non-square, with leading
// dimensions larger than the rows they hold.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_nn raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_nn spliced as

#include "Inputs/harness.h"
#include "Inputs/darknet_gemm_nn.h"

static void test(int n) {
  int M = n, N = n + 5, K = n - 3;
  int lda = K + 2, ldb = N + 1, ldc = N + 3;
  float *A = random_floats((size_t)M * lda, 1);
  float *B = random_floats((size_t)K * ldb, 2);
  float *C = random_floats((size_t)M * ldc, 3);
  gemm_nn(M, N, K, 1.25f, A, lda, B, ldb, C, ldc);
  print_floats("C", C, (size_t)M * ldc);
}
