// Products whose rows run over two loops, as transformers write them:
// activations of shape (B, T, C) times a weight matrix. llm.c's
// matmul_forward_naive (train_gpt2.c, its OpenMP pragma left out): a local
// sum from an optional bias, `bt = b * T + t`; and an `x @ W` projection
// accumulated into its output in i-k-j order. Each is raised as one product
// over b and t (GEMM_3D, GEMM_3D_TB) and lowered as a GEMM of B * T rows
// where the rows are contiguous (raise-collapse-loops checks the strides at
// run time); `window` reads T - 1 of every T rows, so its rows are not
// contiguous and it runs as a loop over b around a GEMM (raise-split-batch).
// With and without a bias, and with no inputs (C = 0: each output is its
// bias or zero).
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 45
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in matmul_forward_naive (where {{.*}}) raised to linalg.generic (GEMM_3D_TB; accumulated through a local scalar), a x b x j x k =
// CHECK-DAG: remark: {{.*}}loop nest in project {{.*}}raised to linalg.generic (GEMM_3D)
// CHECK-DAG: remark: {{.*}}loop nest in window {{.*}}raised to linalg.generic (GEMM_3D)
// CHECK-DAG: remark: {{.*}}SCoP in matmul_forward_naive spliced as
// CHECK-DAG: remark: {{.*}}SCoP in project spliced as
// CHECK-DAG: remark: {{.*}}SCoP in window spliced as

#include "Inputs/harness.h"

__attribute__((noinline)) void
matmul_forward_naive(float *out, const float *inp, const float *weight,
                     const float *bias, int B, int T, int C, int OC) {
  for (int b = 0; b < B; b++) {
    for (int t = 0; t < T; t++) {
      int bt = b * T + t;
      for (int o = 0; o < OC; o++) {
        float val = (bias != NULL) ? bias[o] : 0.0f;
        for (int i = 0; i < C; i++) {
          val += inp[bt * C + i] * weight[o * C + i];
        }
        out[bt * OC + o] = val;
      }
    }
  }
}

__attribute__((noinline)) void project(float *out, const float *x,
                                       const float *W, long B, long T, long C,
                                       long OC) {
  for (long b = 0; b < B; b++)
    for (long t = 0; t < T; t++)
      for (long i = 0; i < C; i++)
        for (long o = 0; o < OC; o++)
          out[(b * T + t) * OC + o] += x[(b * T + t) * C + i] * W[i * OC + o];
}

__attribute__((noinline)) void window(float *out, const float *x,
                                      const float *W, long B, long T, long C,
                                      long OC) {
  for (long b = 0; b < B; b++)
    for (long t = 0; t < T - 1; t++)
      for (long i = 0; i < C; i++)
        for (long o = 0; o < OC; o++)
          out[(b * T + t) * OC + o] += x[(b * T + t) * C + i] * W[i * OC + o];
}

static void test(int n) {
  int B = 2 + n % 3, T = n + 5, C = n + 3, OC = 2 * n + 1;
  float *inp = random_floats((size_t)B * T * C, 71);
  float *weight = random_floats((size_t)OC * C, 72);
  float *bias = random_floats(OC, 73);
  float *out = random_floats((size_t)B * T * OC, 74);
  matmul_forward_naive(out, inp, weight, bias, B, T, C, OC);
  print_floats("bias", out, (size_t)B * T * OC);
  matmul_forward_naive(out, inp, weight, NULL, B, T, C, OC);
  print_floats("no bias", out, (size_t)B * T * OC);
  matmul_forward_naive(out, inp, weight, bias, B, T, 0, OC);
  print_floats("no inputs", out, (size_t)B * T * OC);

  float *W = random_floats((size_t)C * OC, 75);
  project(out, inp, W, B, T, C, OC);
  print_floats("project", out, (size_t)B * T * OC);
  window(out, inp, W, B, T, C, OC);
  print_floats("window", out, (size_t)B * T * OC);
}
