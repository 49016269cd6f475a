// A small CNN forward pass written the way Darknet writes it: each
// convolutional layer is im2col followed by gemm_nn (examples/gemm.c, linked
// in and compiled with the same flags), then the bias and a leaky ReLU; 2x2
// max pooling between layers. Fixed seeded weights and input.
// Usage: cnn REPETITIONS
// Prints the best time of one forward pass, its GFLOP/s (convolutions only)
// and a checksum of the output; with RAISE_BENCH_DUMP=PREFIX it writes the
// output to PREFIX.cnn.bin. Built with -DUSE_CBLAS, the layers call
// cblas_sgemm instead of gemm_nn.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef USE_CBLAS
#include <cblas.h>
#else
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);
#endif

struct Layer {
  int C, H, W, F, Size, Pool;
  float *Weights, *Biases;
};

static float im2col_get_pixel(float *im, int height, int width, int channels,
                              int row, int col, int channel, int pad) {
  row -= pad;
  col -= pad;
  if (row < 0 || col < 0 || row >= height || col >= width)
    return 0;
  return im[col + width * (row + height * channel)];
}

/// Darknet's im2col_cpu (stride 1).
static void im2col_cpu(float *data_im, int channels, int height, int width,
                       int ksize, int pad, float *data_col) {
  int height_col = height + 2 * pad - ksize + 1;
  int width_col = width + 2 * pad - ksize + 1;
  int channels_col = channels * ksize * ksize;
  for (int c = 0; c < channels_col; ++c) {
    int w_offset = c % ksize;
    int h_offset = (c / ksize) % ksize;
    int c_im = c / ksize / ksize;
    for (int h = 0; h < height_col; ++h)
      for (int w = 0; w < width_col; ++w) {
        int im_row = h_offset + h;
        int im_col = w_offset + w;
        int col_index = (c * height_col + h) * width_col + w;
        data_col[col_index] = im2col_get_pixel(data_im, height, width,
                                               channels, im_row, im_col,
                                               c_im, pad);
      }
  }
}

/// A same-size convolution, bias, leaky ReLU; then 2x2 max pooling if asked.
static float *forward(const struct Layer *L, float *In, float *Work) {
  int N = L->H * L->W, K = L->C * L->Size * L->Size;
  float *Out = calloc((size_t)L->F * N, sizeof(float));
  im2col_cpu(In, L->C, L->H, L->W, L->Size, L->Size / 2, Work);
#ifdef USE_CBLAS
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, L->F, N, K, 1.0f,
              L->Weights, K, Work, N, 1.0f, Out, N);
#else
  gemm_nn(L->F, N, K, 1.0f, L->Weights, K, Work, N, Out, N);
#endif
  for (int F = 0; F < L->F; ++F)
    for (int E = 0; E < N; ++E) {
      float V = Out[F * N + E] + L->Biases[F];
      Out[F * N + E] = V > 0 ? V : 0.1f * V;
    }
  if (!L->Pool)
    return Out;
  int H = L->H / 2, W = L->W / 2;
  float *Pooled = malloc(sizeof(float) * L->F * H * W);
  for (int F = 0; F < L->F; ++F)
    for (int Y = 0; Y < H; ++Y)
      for (int X = 0; X < W; ++X) {
        float Max = -1e30f;
        for (int DY = 0; DY < 2; ++DY)
          for (int DX = 0; DX < 2; ++DX) {
            float V = Out[(F * L->H + 2 * Y + DY) * L->W + 2 * X + DX];
            Max = V > Max ? V : Max;
          }
        Pooled[(F * H + Y) * W + X] = Max;
      }
  free(Out);
  return Pooled;
}

static void fill(float *X, size_t Count, uint32_t Seed, float Scale) {
  for (size_t E = 0; E < Count; ++E) {
    Seed = Seed * 1664525u + 1013904223u;
    X[E] = ((float)(Seed >> 8) / (float)(1u << 23) - 1.0f) * Scale;
  }
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int Reps = argc > 1 ? atoi(argv[1]) : 3;
  // A 3 x 160 x 160 image through six 3x3 layers (the first five pooled)
  // and a 1x1 classifier layer.
  struct Layer Net[] = {
      {3, 160, 160, 32, 3, 1},  {32, 80, 80, 64, 3, 1},
      {64, 40, 40, 128, 3, 1},  {128, 20, 20, 256, 3, 1},
      {256, 10, 10, 512, 3, 1}, {512, 5, 5, 512, 3, 0},
      {512, 5, 5, 100, 1, 0},
  };
  int Layers = sizeof Net / sizeof *Net;
  size_t WorkSize = 0;
  double Flops = 0;
  for (int Li = 0; Li < Layers; ++Li) {
    struct Layer *L = &Net[Li];
    size_t K = (size_t)L->C * L->Size * L->Size, N = (size_t)L->H * L->W;
    L->Weights = malloc(sizeof(float) * L->F * K);
    L->Biases = malloc(sizeof(float) * L->F);
    fill(L->Weights, L->F * K, 100 + Li, 1.0f / (float)K);
    fill(L->Biases, L->F, 200 + Li, 0.1f);
    WorkSize = K * N > WorkSize ? K * N : WorkSize;
    Flops += 2.0 * L->F * K * N;
  }
  float *Image = malloc(sizeof(float) * 3 * 160 * 160);
  fill(Image, 3 * 160 * 160, 7, 1.0f);
  float *Work = malloc(sizeof(float) * WorkSize);
  const struct Layer *Last = &Net[Layers - 1];
  size_t OutCount = (size_t)Last->F * Last->H * Last->W;
  float *Output = malloc(sizeof(float) * OutCount);

  double Best = 1e30;
  for (int R = 0; R < Reps; ++R) {
    double T = now();
    float *X = Image;
    for (int Li = 0; Li < Layers; ++Li) {
      float *Y = forward(&Net[Li], X, Work);
      if (X != Image)
        free(X);
      X = Y;
    }
    T = now() - T;
    Best = T < Best ? T : Best;
    memcpy(Output, X, sizeof(float) * OutCount);
    free(X);
  }

  uint64_t Hash = 1469598103934665603ull;
  const unsigned char *B = (const unsigned char *)Output;
  for (size_t E = 0; E < OutCount * sizeof(float); ++E)
    Hash = (Hash ^ B[E]) * 1099511628211ull;
  const char *Dump = getenv("RAISE_BENCH_DUMP");
  if (Dump) {
    char Path[4096];
    snprintf(Path, sizeof Path, "%s.cnn.bin", Dump);
    FILE *F = fopen(Path, "wb");
    if (!F || fwrite(Output, sizeof(float), OutCount, F) != OutCount ||
        fclose(F)) {
      fprintf(stderr, "cannot write %s\n", Path);
      return 1;
    }
  }
  printf("cnn\t%.4f\t%.2f\t%016llx\n", Best, Flops / Best * 1e-9,
         (unsigned long long)Hash);
  return 0;
}
