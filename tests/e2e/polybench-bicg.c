// Polybench's bicg (BiCGStab's kernel): s = A^T * r and q = A * p in one
// loop nest, double, fixed-size arrays with run-time bounds. The inner loop
// both scatters into s[j] and reduces into q[i].
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1000
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_bicg raised to linalg.fill (FILL1)
// CHECK: remark: {{.*}}loop nest in kernel_bicg raised to {{.*}}linalg.generic (MATVEC_T; {{.*}}linalg.generic (MATVEC;
// CHECK: remark: {{.*}}SCoP in kernel_bicg spliced as

#include "Inputs/harness.h"

#define M 1010
#define N 1020

__attribute__((noinline)) void kernel_bicg(int m, int n, double A[N][M],
                                           double s[M], double q[N],
                                           double p[M], double r[N]) {
  int i, j;
  for (i = 0; i < m; i++)
    s[i] = 0;
  for (i = 0; i < n; i++) {
    q[i] = 0.0;
    for (j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}

static void test(int size) {
  int m = size, n = size + 11;
  require_size(m, M), require_size(n, N);
  double(*A)[M] = (double(*)[M])random_doubles(N * M, 111);
  double *s = random_doubles(M, 112);
  double *q = random_doubles(N, 113);
  double *p = random_doubles(M, 114);
  double *r = random_doubles(N, 115);
  kernel_bicg(m, n, A, s, q, p, r);
  print_doubles("s", s, M);
  print_doubles("q", q, N);
}
