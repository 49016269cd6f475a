// Polybench's atax: y = A^T * (A * x), double, a matrix-vector product and a
// transposed one fused in one i loop through tmp[i]; fixed-size arrays with
// run-time bounds.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1000
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_atax raised to linalg.fill (FILL1)
// CHECK: remark: {{.*}}loop nest in kernel_atax raised to {{.*}}linalg.generic (MATVEC; {{.*}}linalg.generic (MATVEC_T;
// CHECK: remark: {{.*}}SCoP in kernel_atax spliced as

#include "Inputs/harness.h"

#define M 1010
#define N 1020

__attribute__((noinline)) void kernel_atax(int m, int n, double A[M][N],
                                           double x[N], double y[N],
                                           double tmp[M]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}

static void test(int size) {
  int m = size, n = size + 17;
  require_size(m, M), require_size(n, N);
  double(*A)[N] = (double(*)[N])random_doubles(M * N, 101);
  double *x = random_doubles(N, 102);
  double *y = random_doubles(N, 103);
  double *tmp = random_doubles(M, 104);
  kernel_atax(m, n, A, x, y, tmp);
  print_doubles("y", y, N);
  print_doubles("tmp", tmp, M);
}
