// Polybench's mvt: x1 += A * y_1 and x2 += A^T * y_2, float, two separate
// nests over one fixed-size matrix with a run-time bound; the second reads A
// by columns (A[j][i]).
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1000
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_mvt raised to {{.*}}linalg.generic (MATVEC;
// CHECK: remark: {{.*}}loop nest in kernel_mvt raised to {{.*}}linalg.generic (MATVEC_T;
// CHECK: remark: {{.*}}SCoP in kernel_mvt spliced as

#include "Inputs/harness.h"

#define N 1024

__attribute__((noinline)) void kernel_mvt(int n, float x1[N], float x2[N],
                                          float y_1[N], float y_2[N],
                                          float A[N][N]) {
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}

static void test(int n) {
  require_size(n, N);
  float *x1 = random_floats(N, 121);
  float *x2 = random_floats(N, 122);
  float *y_1 = random_floats(N, 123);
  float *y_2 = random_floats(N, 124);
  float(*A)[N] = (float(*)[N])random_floats(N * N, 125);
  kernel_mvt(n, x1, x2, y_1, y_2, A);
  print_floats("x1", x1, N);
  print_floats("x2", x2, N);
}
