// Polybench's trmm: B = alpha * A^T * B with A unit lower triangular, float,
// fixed-size arrays with run-time bounds. The k loop starts at i + 1 and B
// is updated in place, each row from the rows below it.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// The product is raised over the box around its triangle (k > i, counted
// from i by raise-align-triangles), reading the rows below from a copy of
// B. The scaling runs after the whole product: in the loops, what follows
// the scaling of row i is the product of later rows, which reads only the
// rows below them, never row i. The last row, which Polly's AST peels off,
// is a scaling of its own.
// CHECK: remark: {{.*}}loop nest in kernel_trmm {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TA; over the triangle k >= i; in place, reading a copy of the output), i x j x k = arg0 - 1 x arg1 x arg0 - 1; linalg.generic (SCALE2)
// CHECK: remark: {{.*}}loop nest in kernel_trmm {{(\(where .*\) )?}}raised to linalg.generic (SCALE1)
// CHECK: remark: {{.*}}SCoP in kernel_trmm spliced as

#include "Inputs/harness.h"

#define M 256
#define N 260

__attribute__((noinline)) void kernel_trmm(int m, int n, float alpha,
                                           float A[M][M], float B[M][N]) {
  int i, j, k;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}

static void test(int size) {
  int m = size, n = size + 5;
  require_size(m, M), require_size(n, N);
  float(*A)[M] = (float(*)[M])random_floats(M * M, 221);
  float(*B)[N] = (float(*)[N])random_floats(M * N, 222);
  kernel_trmm(m, n, 1.5f, A, B);
  print_floats("B", &B[0][0], M * N);
}
