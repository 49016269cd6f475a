// Negative case: Darknet's gemm_nn (Inputs/darknet_gemm_nn.h) called with an
// output that aliases an input, C == A and C == A + 5 (overlapping A from its
// sixth element on). The loops then read values they wrote, so only the
// original code gives the original results: raise splices gemm_nn, but its
// run-time check must fail and send these calls to the fallback. A call on
// separate arrays comes first, so the spliced code itself runs too.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 200
// RUN: %e2e-remarks | FileCheck %s
// Aliasing is for the run-time check to catch, not for raising: gemm_nn is
// raised and spliced as in darknet-gemm-nn.c, and the outputs above must
// still match bit for bit.
// CHECK: remark: {{.*}}loop nest in gemm_nn raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_nn spliced as

#include "Inputs/harness.h"
#include "Inputs/darknet_gemm_nn.h"

static void test(int n) {
  int ld = n + 3;
  float alpha = 0.5f / n; // keeps C == A (which squares A) finite
  size_t count = (size_t)n * ld + 5;
  float *A = random_floats(count, 281);
  float *B = random_floats(count, 282);
  float *C = random_floats(count, 283);
  gemm_nn(n, n, n, alpha, A, ld, B, ld, C, ld);
  print_floats("C separate", C, count);
  gemm_nn(n, n, n, alpha, A, ld, B, ld, A, ld);
  print_floats("C == A", A, count);
  gemm_nn(n, n, n, alpha, B, ld, C, ld, B + 5, ld);
  print_floats("C == A + 5", B, count);
}
