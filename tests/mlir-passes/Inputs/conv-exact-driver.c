// Runs the convolutions of Inputs/conv-variants.mlir (lowered by one
// pipeline and linked in) on seeded inputs at several shapes, and prints per
// call a hash of every bit of the output. raise-lower-tuned-exact-conv.mlir
// links it once per pipeline and compares the outputs.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// A memref<?x?x?x?xT> as func-to-llvm passes it: allocated and aligned
// pointers, offset, 4 sizes, 4 strides.
#define MEMREF(T) T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t, \
                  int64_t, int64_t, int64_t, int64_t
void conv_f32(MEMREF(float), MEMREF(float), MEMREF(float));
void conv_f64_khckw(MEMREF(double), MEMREF(double), MEMREF(double));

static uint64_t State = 1;
static double next(void) {
  State = State * 6364136223846793005ULL + 1442695040888963407ULL;
  int64_t Mantissa = (int64_t)(State >> 40) - (1 << 23);
  int Exponent = (int)((State >> 20) & 7);
  return (double)Mantissa / (double)(1 << 23) / (double)(1 << Exponent);
}

static uint64_t hash(const void *Data, size_t Bytes) {
  const unsigned char *P = Data;
  uint64_t H = 1469598103934665603ULL;
  for (size_t I = 0; I < Bytes; ++I)
    H = (H ^ P[I]) * 1099511628211ULL;
  return H;
}

#define ARG(P, D0, D1, D2, D3)                                                 \
  P, P, 0, D0, D1, D2, D3, (D1) * (D2) * (D3), (D2) * (D3), D3, 1
#define RUN(T, Fn)                                                             \
  do {                                                                         \
    int64_t OH = H - KH + 1, OW = W - KW + 1;                                  \
    T *In = malloc(sizeof(T) * N * C * H * W);                                 \
    T *Wt = malloc(sizeof(T) * F * C * KH * KW);                               \
    T *Out = malloc(sizeof(T) * N * F * OH * OW);                              \
    for (int64_t I = 0; I < N * C * H * W; ++I)                                \
      In[I] = (T)next();                                                       \
    for (int64_t I = 0; I < F * C * KH * KW; ++I)                              \
      Wt[I] = (T)next();                                                       \
    for (int64_t I = 0; I < N * F * OH * OW; ++I)                              \
      Out[I] = (T)next();                                                      \
    Fn(ARG(In, N, C, H, W), ARG(Wt, F, C, KH, KW), ARG(Out, N, F, OH, OW));    \
    printf(#Fn " %lldx%lldx%lldx%lld * %lldx%lldx%lld: %016llx\n",             \
           (long long)N, (long long)C, (long long)H, (long long)W,             \
           (long long)F, (long long)KH, (long long)KW,                         \
           (unsigned long long)hash(Out, sizeof(T) * N * F * OH * OW));        \
    free(In), free(Wt), free(Out);                                             \
  } while (0)

int main(void) {
  // N, C, H, W, F, KH, KW: 1x1 filters, one channel, odd sizes, a filter
  // as large as the image, and one with more than a k block of C*KH*KW.
  static const int64_t Shapes[][7] = {
      {1, 1, 1, 1, 1, 1, 1},   {2, 3, 9, 11, 5, 3, 3}, {1, 1, 7, 7, 3, 7, 7},
      {3, 4, 6, 13, 7, 1, 1},  {1, 37, 12, 10, 9, 3, 3},
  };
  for (unsigned S = 0; S < sizeof(Shapes) / sizeof(Shapes[0]); ++S) {
    int64_t N = Shapes[S][0], C = Shapes[S][1], H = Shapes[S][2],
            W = Shapes[S][3], F = Shapes[S][4], KH = Shapes[S][5],
            KW = Shapes[S][6];
    RUN(float, conv_f32);
    RUN(double, conv_f64_khckw);
  }
  return 0;
}
