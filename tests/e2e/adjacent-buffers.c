// The run-time alias check with buffers that touch: llm.c keeps a layer's
// input and output in one block of activations, one right after the other.
// The hand-tiled product reads rows 8 * b + t of its input (b <
// ceil(BT / 8), t < 8), which Polly's bounds take for rows up to BT + 6; with
// the exact bounds (AliasBounds.h) the input ends where the output starts,
// the check passes and the raised code runs. Where the output starts one
// element before the input ends, the original loops run.
//
// RUN: %e2e-build
// RUN: %e2e-compare 24
// RUN: %e2e-compare 48
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 48 2>&1 >/dev/null | FileCheck %s
// CHECK: raise: matmul_forward: raised code ran 1 times, original loops 1 times

#include "Inputs/harness.h"

#include "Inputs/llmc-matmul-forward.h"

static void test(int n) {
  int BT = 16, C = n, OC = n - 3;
  float *acts = random_floats((size_t)BT * (C + OC), 1);
  float *weight = random_floats((size_t)OC * C, 2);
  float *bias = random_floats(OC, 3);
  // The output right after the input.
  matmul_forward(acts + (size_t)BT * C, acts, weight, bias, 2, 8, C, OC);
  print_floats("acts", acts, (size_t)BT * (C + OC));
  // The output over the input's last element.
  matmul_forward(acts + (size_t)BT * C - 1, acts, weight, bias, 2, 8, C, OC);
  print_floats("acts", acts, (size_t)BT * (C + OC));
}
