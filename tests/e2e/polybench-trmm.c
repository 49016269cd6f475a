// Polybench's trmm: B = alpha * A^T * B with A unit lower triangular, float,
// fixed-size arrays with run-time bounds. The k loop starts at i + 1 and B
// is updated in place, each row from the rows below it.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// Not among the kernels the tactics must raise (a triangular product):
// today the product is not raised (its iteration space is not a box, and
// the nest's statements cannot be separated around it). B = alpha * B on
// the last row, which Polly's AST peels off, is raised, but a scaling alone
// is not worth a splice (an analysis remark says so).
// CHECK: remark: {{.*}}loop nest in kernel_trmm {{(\(where .*\) )?}}not raised: the statements of the nest cannot be separated
// CHECK: remark: {{.*}}loop nest in kernel_trmm {{(\(where .*\) )?}}raised to linalg.generic (SCALE1)
// CHECK-NOT: spliced as

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
