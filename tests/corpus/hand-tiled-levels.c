// llm.c's matmul_forward (a product tiled by hand: eight accumulators that
// start from the bias, or zero, and are written back) at -O2 as well as at
// -O3. At -O2 LLVM leaves the guard on C (the k loop's trip count) inside
// the nest and starts the eight accumulators and the eight last values the
// code after the k loop reads with sixteen stores of the bias in a row;
// raise-hoist-guards versions the nest on the guard and
// raise-forward-scalars takes each last value for its accumulator, so the
// product is raised at both levels, with the results of the build without
// the plugin (C = 0 included). At 24 the product is below min-tuned-work
// and the original loops run; at 32 the raised code. With -fopenmp:
// tests/corpus/openmp.c.
//
// REDEFINE: %{flags} = -O2
// RUN: %corpus-build
// RUN: %corpus-compare 24
// RUN: %corpus-compare 32
// RUN: %corpus-remarks | FileCheck %s
// REDEFINE: %{flags} = -O3
// RUN: %corpus-build
// RUN: %corpus-compare 24
// RUN: %corpus-compare 32
// RUN: %corpus-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in matmul_forward {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;{{.*}}accumulated through a local scalar)
// CHECK: remark: {{.*}}SCoP in matmul_forward spliced

#include "harness.h"

#include "llmc-matmul-forward.h"

static void test(int n) {
  int BT = 2 * n, C = n + 5, OC = n - 3;
  float *inp = random_floats((size_t)BT * C, 1);
  float *weight = random_floats((size_t)OC * C, 2);
  float *bias = random_floats(OC, 3);
  float *out = random_floats((size_t)BT * OC, 4);
  matmul_forward(out, inp, weight, bias, 2, n, C, OC);
  print_floats("out", out, (size_t)BT * OC);
  matmul_forward(out, inp, weight, NULL, 2, n, C, OC);
  print_floats("out", out, (size_t)BT * OC);
  matmul_forward(out, inp, weight, bias, 2, n, 0, OC);
  print_floats("out", out, (size_t)BT * OC);
}
