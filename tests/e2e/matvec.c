// Matrix-vector product y += A * x, float, row-major A with a leading
// dimension (A[i*lda + j]), int sizes, no restrict: y[i] is read and written
// in the inner loop, which sums in j order.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1201
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in matvec raised to {{.*}}linalg.generic (MATVEC;
// CHECK: remark: {{.*}}SCoP in matvec spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void matvec(int m, int n, float *A, int lda,
                                      float *x, float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * lda + j] * x[j];
}

static void test(int n) {
  int rows = n, cols = n + 13, lda = cols + 3;
  float *A = random_floats((size_t)rows * lda, 81);
  float *x = random_floats(cols, 82);
  float *y = random_floats(rows, 83);
  matvec(rows, cols, A, lda, x, y);
  print_floats("y", y, rows);
}
