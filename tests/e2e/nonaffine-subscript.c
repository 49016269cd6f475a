// Negative case: a subscript quadratic in the innermost loop's index,
// signal[r*stride + t*t]. A filter whose taps sit at square offsets, float.
// Polly cannot model the access at any loop depth; raise must leave it alone.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 1201
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in square_taps is not a static control part: The array subscript of "UNKNOWN" is not affine
// CHECK-NOT: raised to
// CHECK-NOT: spliced

#include "Inputs/harness.h"

__attribute__((noinline)) void square_taps(int rows, int taps,
                                           const float *signal, int stride,
                                           const float *coef, float *out) {
  for (int r = 0; r < rows; ++r) {
    float sum = 0;
    for (int t = 0; t < taps; ++t)
      sum += coef[t] * signal[r * stride + t * t];
    out[r] = sum;
  }
}

static void test(int n) {
  int rows = n, taps = 1 + n / 8, stride = 3;
  size_t length = (size_t)rows * stride + (size_t)taps * taps;
  float *signal = random_floats(length, 301);
  float *coef = random_floats(taps, 302);
  float *out = random_floats(rows, 303);
  square_taps(rows, taps, signal, stride, coef, out);
  print_floats("out", out, rows);
}
