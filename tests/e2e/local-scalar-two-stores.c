// A row's sum that two stores use, `delta_h[j] = g(sum); a[j] = ABS(...)`
// (Rodinia's backprop with its running total replaced by an array). Raising
// cannot split a nest between the two stores (the second, split off from
// the raised product, read a local scalar nothing wrote any more: NaN, see
// split_local_scalar_reader in raise-affine-to-linalg.mlir);
// raise-split-recurrences moves what follows the product into a loop of its
// own, the row sums kept in an array, and the product is raised.
// Bit-identical to the build without the plugin.
//
// RUN: %e2e-build
// RUN: %e2e-compare 37
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in two_stores {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK: remark: {{.*}}SCoP in two_stores spliced

#include "Inputs/harness.h"

#define ABS(x) (((x) > 0.0) ? (x) : (-(x)))

/// One sum, two stores of what it gives.
__attribute__((noinline)) void two_stores(float *delta_h, int nh,
                                          const float *delta_o, int no,
                                          const float *w, const float *hidden,
                                          float *a) {
  for (int j = 0; j < nh; j++) {
    float h = hidden[j], sum = 0.0f;
    for (int k = 0; k < no; k++)
      sum += delta_o[k] * w[j * no + k];
    delta_h[j] = h * (1.0 - h) * sum;
    a[j] = ABS(delta_h[j]);
  }
}

static void test(int n) {
  int nh = n, no = n + 7;
  float *w = random_floats((size_t)nh * no, 1);
  float *delta_o = random_floats(no, 2), *hidden = random_floats(nh, 3);
  float *delta_h = random_floats(nh, 4), *a = random_floats(nh, 5);
  two_stores(delta_h, nh, delta_o, no, w, hidden, a);
  print_floats("delta_h", delta_h, nh);
  print_floats("a", a, nh);
}
