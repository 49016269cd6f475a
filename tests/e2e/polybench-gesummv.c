// Polybench's gesummv: y = alpha * A * x + beta * B * x, double, two
// matrix-vector products reduced side by side into tmp[i] and y[i] and
// combined per row; fixed-size arrays with a run-time bound.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1000
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_gesummv raised to {{.*}}linalg.generic (MATVEC; {{.*}}linalg.generic (MATVEC;
// CHECK: remark: {{.*}}SCoP in kernel_gesummv spliced as

#include "Inputs/harness.h"

#define N 1000

__attribute__((noinline)) void kernel_gesummv(int n, double alpha, double beta,
                                              double A[N][N], double B[N][N],
                                              double tmp[N], double x[N],
                                              double y[N]) {
  int i, j;
  for (i = 0; i < n; i++) {
    tmp[i] = 0.0;
    y[i] = 0.0;
    for (j = 0; j < n; j++) {
      tmp[i] = A[i][j] * x[j] + tmp[i];
      y[i] = B[i][j] * x[j] + y[i];
    }
    y[i] = alpha * tmp[i] + beta * y[i];
  }
}

static void test(int n) {
  require_size(n, N);
  double(*A)[N] = (double(*)[N])random_doubles(N * N, 131);
  double(*B)[N] = (double(*)[N])random_doubles(N * N, 132);
  double *tmp = random_doubles(N, 133);
  double *x = random_doubles(N, 134);
  double *y = random_doubles(N, 135);
  kernel_gesummv(n, 1.5, 1.2, A, B, tmp, x, y);
  print_doubles("tmp", tmp, N);
  print_doubles("y", y, N);
}
