// Polybench's jacobi-2d: a 5-point stencil swept tsteps times, ping-ponging
// between A and B; double, fixed-size arrays with a run-time bound. Tests
// neighbour accesses (i-1, j+1, ...) and a time loop around two nests.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 300
// RUN: %e2e-remarks | FileCheck %s
// A stencil is not linear algebra: nothing is raised, nothing spliced in
// the default mode (the roundtrip build still splices it).
// CHECK: remark: {{.*}}loop nest in kernel_jacobi_2d not raised
// CHECK-NOT: raised to
// CHECK-NOT: spliced

#include "Inputs/harness.h"

#define N 310

__attribute__((noinline)) void kernel_jacobi_2d(int tsteps, int n,
                                                double A[N][N],
                                                double B[N][N]) {
  int t, i, j;
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                         A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                         B[i - 1][j]);
  }
}

static void test(int n) {
  require_size(n, N);
  double(*A)[N] = (double(*)[N])random_doubles(N * N, 201);
  double(*B)[N] = (double(*)[N])random_doubles(N * N, 202);
  kernel_jacobi_2d(20, n, A, B);
  print_doubles("A", &A[0][0], N * N);
  print_doubles("B", &B[0][0], N * N);
}
