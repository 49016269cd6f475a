// Polybench's gemver: a rank-2 update of A, then x += beta * A^T * y,
// x += z and w += alpha * A * x, double; four nests in sequence, each
// reading what the one before wrote. Fixed-size arrays, run-time bound.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1000
// The two matrix-vector products are raised (x[i] and w[i] kept in
// registers across j read the elements, raise-forward-scalars); the rank-2
// update is no tactic's pattern and x += z is no product.
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_gemver raised to {{.*}}linalg.generic (MATVEC_T;
// CHECK: remark: {{.*}}loop nest in kernel_gemver raised to {{.*}}linalg.generic (MATVEC;
// CHECK: remark: {{.*}}SCoP in kernel_gemver spliced as

#include "Inputs/harness.h"

#define N 1000

__attribute__((noinline)) void
kernel_gemver(int n, double alpha, double beta, double A[N][N], double u1[N],
              double v1[N], double u2[N], double v2[N], double w[N],
              double x[N], double y[N], double z[N]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      A[i][j] = A[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x[i] = x[i] + beta * A[j][i] * y[j];
  for (i = 0; i < n; i++)
    x[i] = x[i] + z[i];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      w[i] = w[i] + alpha * A[i][j] * x[j];
}

static void test(int n) {
  require_size(n, N);
  double(*A)[N] = (double(*)[N])random_doubles(N * N, 141);
  double *u1 = random_doubles(N, 142), *v1 = random_doubles(N, 143);
  double *u2 = random_doubles(N, 144), *v2 = random_doubles(N, 145);
  double *w = random_doubles(N, 146), *x = random_doubles(N, 147);
  double *y = random_doubles(N, 148), *z = random_doubles(N, 149);
  kernel_gemver(n, 1.5, 1.2, A, u1, v1, u2, v2, w, x, y, z);
  print_doubles("A", &A[0][0], N * N);
  print_doubles("x", x, N);
  print_doubles("w", w, N);
}
