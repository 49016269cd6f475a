// Direct 2-D convolution (cross-correlation, stride 1, no padding) on NCHW
// tensors as bench/kernels.c writes it: fixed-extent 4-D arrays, run-time
// sizes, the output element accumulated in place (LICM keeps it in a
// register across c, kh, kw). Raised to a convolution and lowered through
// im2col + GEMM per image, reductions in the source order.
// (conv2d-nchw.c has the linearized forms, which are not raised yet.)
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 40
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in conv2d_nchw {{.*}}raised to {{.*}}linalg.generic (CONV2D_NCHW_FCHW;
// CHECK: remark: {{.*}}SCoP in conv2d_nchw spliced as

#include "Inputs/harness.h"

#define NB 2
#define NC 12
#define NH 46
#define NW 45
#define NF 10
#define NK 5

__attribute__((noinline)) void
conv2d_nchw(int batch, int c, int h, int w, int f, int kh, int kw,
            float in[NB][NC][NH][NW], float wt[NF][NC][NK][NK],
            float out[NB][NF][NH][NW]) {
  for (int n = 0; n < batch; ++n)
    for (int o = 0; o < f; ++o)
      for (int y = 0; y < h - kh + 1; ++y)
        for (int x = 0; x < w - kw + 1; ++x)
          for (int i = 0; i < c; ++i)
            for (int r = 0; r < kh; ++r)
              for (int s = 0; s < kw; ++s)
                out[n][o][y][x] += in[n][i][y + r][x + s] * wt[o][i][r][s];
}

static void test(int size) {
  int c = 2 + size / 4, h = size, w = size + 5, f = 3 + size / 6;
  int k = size < 30 ? 3 : 5;
  require_size(c, NC), require_size(h, NH), require_size(w, NW);
  require_size(f, NF);
  float(*in)[NC][NH][NW] =
      (float(*)[NC][NH][NW])random_floats(NB * NC * NH * NW, 171);
  float(*wt)[NC][NK][NK] =
      (float(*)[NC][NK][NK])random_floats(NF * NC * NK * NK, 172);
  float(*out)[NF][NH][NW] =
      (float(*)[NF][NH][NW])random_floats(NB * NF * NH * NW, 173);
  conv2d_nchw(NB, c, h, w, f, k, k, in, wt, out);
  print_floats("out", &out[0][0][0][0], NB * NF * NH * NW);
}
