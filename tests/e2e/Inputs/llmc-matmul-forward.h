// llm.c's matmul_forward (karpathy/llm.c train_gpt2.c) as it writes it: a
// product tiled by hand, the row loop stepping by LOOP_UNROLL (a `const
// int`, so `result` is a variable-length array in C) around eight sums that
// start from the bias, or zero, and are written back after the k loop. Its
// `#pragma omp parallel for` counts only in builds with -fopenmp. Included
// by the tests of its builds (tests/corpus/openmp.c, hand-tiled-levels.c,
// tests/e2e/adjacent-buffers.c).

#ifndef RAISE_TESTS_LLMC_MATMUL_FORWARD_H
#define RAISE_TESTS_LLMC_MATMUL_FORWARD_H

#include <stddef.h>

__attribute__((noinline)) void matmul_forward(float *out, const float *inp,
                                              const float *weight,
                                              const float *bias, int B, int T,
                                              int C, int OC) {
  const int LOOP_UNROLL = 8;
#pragma omp parallel for
  for (int obt = 0; obt < B * T; obt += LOOP_UNROLL)
    for (int o = 0; o < OC; o++) {
      float result[LOOP_UNROLL];
      for (int ibt = 0; ibt < LOOP_UNROLL; ibt++)
        result[ibt] = (bias != NULL) ? bias[o] : 0.0f;
      for (int i = 0; i < C; i++) {
        float w = weight[i + o * C];
        for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
          int bt = obt + ibt;
          result[ibt] += inp[bt * C + i] * w;
        }
      }
      for (int ibt = 0; ibt < LOOP_UNROLL; ibt++) {
        int bt = obt + ibt;
        out[bt * OC + o] = result[ibt];
      }
    }
}

#endif // RAISE_TESTS_LLMC_MATMUL_FORWARD_H
