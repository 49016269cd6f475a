// Direct 2-D convolution (cross-correlation, stride 1, no padding) on NCHW
// tensors, float, linearized as in[((n*C + c)*H + h)*W + w]: a 7-deep nest
// whose output element is accumulated in a local over c, kh, kw. No
// restrict. Written twice, with int sizes (sign-extended 32-bit subscripts,
// raised in a copy widened to 64 bits) and with long sizes. LLVM passes the
// sum between the loops through several scalars and stores it back under a
// guard on the trip count; raise-forward-scalars makes it one accumulator.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in conv2d_nchw raised to {{.*}}linalg.generic (CONV2D_NCHW_FCHW;
// CHECK: remark: {{.*}}SCoP in conv2d_nchw spliced as
// CHECK: remark: {{.*}}loop nest in conv2d_nchw: 1 subscript widened to 64 bits
// CHECK: remark: {{.*}}loop nest in conv2d_nchw_long {{.*}}raised to {{.*}}linalg.generic (CONV2D_NCHW_FCHW;
// CHECK: remark: {{.*}}SCoP in conv2d_nchw_long spliced as
// Both run their raised code. The check of the 64-bit one holds integers
// beyond 64 bits (differences of sizes that would wrap), on which Polly's
// code generator gives up; it is built for sizes within 2^56.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 67 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: conv2d_nchw: raised code ran 1 times, original loops 0 times
// RAN-NEXT: raise: conv2d_nchw_long: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void conv2d_nchw(int batch, int C, int H, int W,
                                           int F, int KH, int KW,
                                           const float *in,
                                           const float *weights, float *out) {
  int OH = H - KH + 1, OW = W - KW + 1;
  for (int n = 0; n < batch; ++n)
    for (int f = 0; f < F; ++f)
      for (int oh = 0; oh < OH; ++oh)
        for (int ow = 0; ow < OW; ++ow) {
          float sum = out[((n * F + f) * OH + oh) * OW + ow];
          for (int c = 0; c < C; ++c)
            for (int kh = 0; kh < KH; ++kh)
              for (int kw = 0; kw < KW; ++kw)
                sum += in[((n * C + c) * H + oh + kh) * W + ow + kw] *
                       weights[((f * C + c) * KH + kh) * KW + kw];
          out[((n * F + f) * OH + oh) * OW + ow] = sum;
        }
}

__attribute__((noinline)) void
conv2d_nchw_long(long batch, long C, long H, long W, long F, long KH, long KW,
                 const float *in, const float *weights, float *out) {
  long OH = H - KH + 1, OW = W - KW + 1;
  for (long n = 0; n < batch; ++n)
    for (long f = 0; f < F; ++f)
      for (long oh = 0; oh < OH; ++oh)
        for (long ow = 0; ow < OW; ++ow) {
          float sum = out[((n * F + f) * OH + oh) * OW + ow];
          for (long c = 0; c < C; ++c)
            for (long kh = 0; kh < KH; ++kh)
              for (long kw = 0; kw < KW; ++kw)
                sum += in[((n * C + c) * H + oh + kh) * W + ow + kw] *
                       weights[((f * C + c) * KH + kh) * KW + kw];
          out[((n * F + f) * OH + oh) * OW + ow] = sum;
        }
}

static void test(int size) {
  int batch = 2, C = 3 + size / 32, F = 4 + size / 16;
  int H = size / 2, W = size / 2 + 5, KH = 3, KW = 3;
  size_t out_count = (size_t)batch * F * (H - KH + 1) * (W - KW + 1);
  float *in = random_floats((size_t)batch * C * H * W, 161);
  float *weights = random_floats((size_t)F * C * KH * KW, 162);
  float *out = random_floats(out_count, 163);
  float *out_long = random_floats(out_count, 163);
  conv2d_nchw(batch, C, H, W, F, KH, KW, in, weights, out);
  conv2d_nchw_long(batch, C, H, W, F, KH, KW, in, weights, out_long);
  print_floats("out", out, out_count);
  print_floats("out long", out_long, out_count);
}
