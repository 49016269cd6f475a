// Darknet's convolutional layer (forward_convolutional_layer): im2col_cpu
// unrolls each image's patches into a workspace (with zero padding and a
// stride), then gemm_nn (Inputs/darknet_gemm_nn.h) multiplies the filters by
// it. float, int sizes, no restrict; run with stride 1 and stride 2.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 160
// RUN: %e2e-remarks | FileCheck %s
// The GEMM half of the layer is raised; im2col is data movement (with
// padding conditions), not linear algebra, and forward_convolution calls
// the two.
// CHECK: remark: {{.*}}loop nest in gemm_nn raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_nn spliced as
// CHECK-NOT: loop nest in im2col_cpu raised
// CHECK-NOT: loop nest in forward_convolution raised

#include "Inputs/harness.h"
#include "Inputs/darknet_gemm_nn.h"

float im2col_get_pixel(float *im, int height, int width, int channels,
                       int row, int col, int channel, int pad) {
  row -= pad;
  col -= pad;

  if (row < 0 || col < 0 || row >= height || col >= width)
    return 0;
  return im[col + width * (row + height * channel)];
}

__attribute__((noinline)) void im2col_cpu(float *data_im, int channels,
                                          int height, int width, int ksize,
                                          int stride, int pad,
                                          float *data_col) {
  int c, h, w;
  int height_col = (height + 2 * pad - ksize) / stride + 1;
  int width_col = (width + 2 * pad - ksize) / stride + 1;

  int channels_col = channels * ksize * ksize;
  for (c = 0; c < channels_col; ++c) {
    int w_offset = c % ksize;
    int h_offset = (c / ksize) % ksize;
    int c_im = c / ksize / ksize;
    for (h = 0; h < height_col; ++h) {
      for (w = 0; w < width_col; ++w) {
        int im_row = h_offset + h * stride;
        int im_col = w_offset + w * stride;
        int col_index = (c * height_col + h) * width_col + w;
        data_col[col_index] = im2col_get_pixel(data_im, height, width,
                                               channels, im_row, im_col, c_im,
                                               pad);
      }
    }
  }
}

// One layer over a batch: output[b] += weights * im2col(input[b]).
__attribute__((noinline)) void
forward_convolution(int batch, int c, int h, int w, int filters, int size,
                    int stride, int pad, float *weights, float *input,
                    float *workspace, float *output) {
  int out_h = (h + 2 * pad - size) / stride + 1;
  int out_w = (w + 2 * pad - size) / stride + 1;
  int m = filters, k = size * size * c, n = out_h * out_w;
  for (int i = 0; i < batch; ++i) {
    float *im = input + i * c * h * w;
    im2col_cpu(im, c, h, w, size, stride, pad, workspace);
    gemm_nn(m, n, k, 1, weights, k, workspace, n, output + i * n * m, n);
  }
}

static void run(int batch, int c, int h, int w, int filters, int stride) {
  int size = 3, pad = 1;
  int out_h = (h + 2 * pad - size) / stride + 1;
  int out_w = (w + 2 * pad - size) / stride + 1;
  size_t workspace = (size_t)size * size * c * out_h * out_w;
  size_t outputs = (size_t)batch * filters * out_h * out_w;
  float *weights = random_floats((size_t)filters * size * size * c, 171);
  float *input = random_floats((size_t)batch * c * h * w, 172);
  float *columns = random_floats(workspace, 173);
  float *output = random_floats(outputs, 174);
  forward_convolution(batch, c, h, w, filters, size, stride, pad, weights,
                      input, columns, output);
  print_floats("columns", columns, workspace);
  print_floats("output", output, outputs);
}

static void test(int n) {
  run(2, 3 + n / 20, n / 2, n / 2 + 3, 8 + n / 10, 1);
  run(1, 4, n / 2 + 1, n / 2, 16, 2);
}
