// Negative case: a loop bound loaded from memory. A matrix-vector product on
// skyline (profile) storage, float: row i holds columns first[i] .. i, so the
// inner loop starts at first[i]. Polly cannot model the nest; raise must
// leave it alone.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1201
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in skyline_matvec is not a static control part (only part of it is): Failed to derive an affine function from the loop bounds.
// CHECK-NOT: raised to
// CHECK-NOT: spliced

#include "Inputs/harness.h"

__attribute__((noinline)) void skyline_matvec(int n, const int *first,
                                              const float *A, int lda,
                                              const float *x, float *y) {
  for (int i = 0; i < n; ++i) {
    float sum = y[i];
    for (int j = first[i]; j <= i; ++j)
      sum += A[i * lda + j] * x[j];
    y[i] = sum;
  }
}

static void test(int n) {
  int lda = n + 1;
  int *first = random_ints(n, 0, n / 2, 291);
  float *A = random_floats((size_t)n * lda, 292);
  float *x = random_floats(n, 293);
  float *y = random_floats(n, 294);
  skyline_matvec(n, first, A, lda, x, y);
  print_floats("y", y, n);
}
