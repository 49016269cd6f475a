// A product tiled by hand over rows, in the style of llm.c's
// matmul_forward: the row loop steps by 8 outside the loop over output
// columns, whose body keeps eight accumulators (`const int U = 8; float
// acc[U];`, a variable-length array in C: LLVM promotes it but leaves a
// stack save and restore around each iteration) started from the column's
// bias. The idle stack saves go, so the nest is a SCoP; the test on the rows
// before the row loop is split off the entry block, so the SCoP holds it and
// Polly does not peel the first row tile off. raise-reroll-lanes rerolls the
// tile and the nest is a GEMM with B transposed, accumulated from the bias.
// With an optional bias (`bias != NULL ? bias[o] : 0.0f`) the nest is
// versioned on the pointer: where it is null the nest is raised; where it is
// not, the accumulators' start is a local scalar raising does not model
// (the not-raised versions are only -Rpass-analysis remarks). A real
// variable-length array in the loop keeps its stack saves and its loops. All
// stay correct.
//
// RUN: %e2e-build
// RUN: %e2e-compare 24
// RUN: %e2e-compare 136
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in rows8 {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}SCoP in rows8 spliced
// CHECK-DAG: remark: {{.*}}loop nest in rows8_optional_bias {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}SCoP in rows8_optional_bias spliced
// CHECK-DAG: remark: {{.*}}loop nest in rows_vla is not a static control part
// CHECK-NOT: SCoP in rows_vla spliced
// At -Os the constant-length array stays an alloca between a stack save and
// its restore in the loop body; raise makes it one static array
// (tests/plugin/scoped-allocas.ll) and raises the whole nest, with the same
// bytes as that build without the plugin.
// RUN: %clang -Os %run-march %s -o %t.osplain
// RUN: %clang -Os %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.osraise
// RUN: %t.osplain 136 > %t.osplain.136 && %t.osraise 136 > %t.osraise.136 2> %t.osversions
// RUN: cmp %t.osplain.136 %t.osraise.136
// RUN: FileCheck %s --check-prefix=OSRAN < %t.osversions
// OSRAN: raise: rows8: raised code ran 1 times, original loops 0 times
// OSRAN: raise: rows8_optional_bias: raised code ran 2 times, original loops 0 times

#include "Inputs/harness.h"

/// out(MT x OC) = inp(MT x C) * weight(OC x C)^T + bias, MT a multiple of 8.
__attribute__((noinline)) void rows8(float *out, const float *inp,
                                     const float *weight, int MT, int OC,
                                     int C, const float *bias) {
  const int U = 8;
  for (int obt = 0; obt < MT; obt += U) {
    for (int o = 0; o < OC; o++) {
      float acc[U];
      for (int t = 0; t < U; t++)
        acc[t] = bias[o];
      for (int i = 0; i < C; i++) {
        float w = weight[i + o * C];
        for (int t = 0; t < U; t++)
          acc[t] += inp[(obt + t) * C + i] * w;
      }
      for (int t = 0; t < U; t++)
        out[(obt + t) * OC + o] = acc[t];
    }
  }
}

__attribute__((noinline)) void rows8_optional_bias(const float *bias,
                                                   float *out,
                                                   const float *inp,
                                                   const float *weight,
                                                   int MT, int OC, int C) {
  const int U = 8;
  for (int obt = 0; obt < MT; obt += U) {
    for (int o = 0; o < OC; o++) {
      float acc[U];
      for (int t = 0; t < U; t++)
        acc[t] = bias != NULL ? bias[o] : 0.0f;
      for (int i = 0; i < C; i++) {
        float w = weight[i + o * C];
        for (int t = 0; t < U; t++)
          acc[t] += inp[(obt + t) * C + i] * w;
      }
      for (int t = 0; t < U; t++)
        out[(obt + t) * OC + o] = acc[t];
    }
  }
}

/// The same with as many accumulators as the caller says: a real
/// variable-length array.
__attribute__((noinline)) void rows_vla(float *out, const float *inp,
                                        const float *weight, int MT, int OC,
                                        int C, int U) {
  for (int obt = 0; obt + U <= MT; obt += U) {
    for (int o = 0; o < OC; o++) {
      float acc[U];
      for (int t = 0; t < U; t++)
        acc[t] = 0.0f;
      for (int i = 0; i < C; i++)
        for (int t = 0; t < U; t++)
          acc[t] += inp[(obt + t) * C + i] * weight[i + o * C];
      for (int t = 0; t < U; t++)
        out[(obt + t) * OC + o] = acc[t];
    }
  }
}

static void test(int n) {
  int MT = n, OC = n + 5, C = n + 3;
  float *inp = random_floats((size_t)MT * C, 61);
  float *weight = random_floats((size_t)OC * C, 62);
  float *bias = random_floats(OC, 63);
  float *out = random_floats((size_t)MT * OC, 64);
  rows8(out, inp, weight, MT, OC, C, bias);
  print_floats("rows8", out, (size_t)MT * OC);
  rows8_optional_bias(bias, out, inp, weight, MT, OC, C);
  print_floats("bias", out, (size_t)MT * OC);
  rows8_optional_bias(NULL, out, inp, weight, MT, OC, C);
  print_floats("no bias", out, (size_t)MT * OC);
  rows_vla(out, inp, weight, MT, OC, C, 4);
  print_floats("vla", out, (size_t)MT * OC);
}
