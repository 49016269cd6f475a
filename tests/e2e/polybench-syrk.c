// Polybench's syrk: C = alpha * A * A^T + beta * C on the lower triangle
// (j <= i), double, fixed-size arrays with run-time bounds. Tests a
// triangular iteration domain and one array read twice (A[i][k], A[j][k]).
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// The update is one product over the box around the triangle, the elements
// above the diagonal left as they are; the scaling before it stays a loop
// (only products are raised over a triangle).
// CHECK: remark: {{.*}}loop nest in kernel_syrk {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB; over the triangle j <= i; scaled by a loop invariant), i x j x k = arg0 x arg0 x arg1
// CHECK: remark: {{.*}}SCoP in kernel_syrk spliced as

#include "Inputs/harness.h"

#define N 256
#define M 264

__attribute__((noinline)) void kernel_syrk(int n, int m, double alpha,
                                           double beta, double C[N][N],
                                           double A[N][M]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++) {
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
}

static void test(int size) {
  int n = size, m = size + 9;
  require_size(n, N), require_size(m, M);
  double(*C)[N] = (double(*)[N])random_doubles(N * N, 211);
  double(*A)[M] = (double(*)[M])random_doubles(N * M, 212);
  kernel_syrk(n, m, 1.5, 1.2, C, A);
  print_doubles("C", &C[0][0], N * N);
}
