// Transposed matrix-vector product y += A^T * x, float, as row-major code
// writes it: the outer loop walks the rows of A, the inner one scatters into
// every y[j] (A[i*lda + j], no restrict). Each y[j] sums in i order.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1201
// 4500 outputs: whole vectors of y along a row of A, then the last few one
// at a time (blocks of y over rows are tested in raise-tile-matvec.mlir).
// RUN: %e2e-compare 4500
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in matvec_transposed raised to {{.*}}linalg.generic (MATVEC_T;
// CHECK: remark: {{.*}}SCoP in matvec_transposed spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void matvec_transposed(int m, int n, float *A,
                                                 int lda, float *x, float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[j] += A[i * lda + j] * x[i];
}

static void test(int n) {
  int rows = n + 7, cols = n, lda = cols + 1;
  float *A = random_floats((size_t)rows * lda, 91);
  float *x = random_floats(rows, 92);
  float *y = random_floats(cols, 93);
  matvec_transposed(rows, cols, A, lda, x, y);
  print_floats("y", y, cols);
}
