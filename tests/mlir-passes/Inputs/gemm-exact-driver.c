// Runs the GEMM functions of raise-lower-tuned-exact.mlir (lowered to LLVM
// IR by one pipeline and linked in) on seeded inputs at awkward sizes, and
// prints per call a hash of every bit of C, padding included. The test
// links this driver once with each pipeline and compares the outputs.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A memref<?x?xf32> as func-to-llvm passes it (allocated and aligned
// pointers, offset, sizes, strides), then M, N, K and ALPHA.
#define MEMREF(T) T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t
typedef void GemmF32(MEMREF(float), MEMREF(float), MEMREF(float), int64_t,
                     int64_t, int64_t, float);
typedef void GemmF64(MEMREF(double), MEMREF(double), MEMREF(double), int64_t,
                     int64_t, int64_t, double);
GemmF32 gemm_nn, gemm_nt, gemm_tn, gemm_tt, gemm_nn_mul_add;
GemmF64 gemm_nn_f64;

static uint64_t State;
// Values with varied exponents and mantissas, from integers only, so that
// rounding differences show up in the hash.
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

struct Variant {
  const char *Name;
  GemmF32 *F32;
  GemmF64 *F64;
  int TransA, TransB;
};

#define RUN(T, Fn, Alpha)                                                      \
  do {                                                                         \
    T *A = malloc(sizeof(T) * ARows * Lda), *B = malloc(sizeof(T) * BRows * Ldb), \
      *C = malloc(sizeof(T) * M * Ldc), *C0 = malloc(sizeof(T) * M * Ldc);    \
    for (int64_t I = 0; I < ARows * Lda; ++I)                                  \
      A[I] = (T)next();                                                        \
    for (int64_t I = 0; I < BRows * Ldb; ++I)                                  \
      B[I] = (T)next();                                                        \
    for (int64_t I = 0; I < M * Ldc; ++I)                                      \
      C[I] = C0[I] = (T)next();                                                \
    Fn(A, A, 0, ARows, Lda, Lda, 1, B, B, 0, BRows, Ldb, Ldb, 1, C, C, 0, M,   \
       Ldc, Ldc, 1, M, N, K, (T)(Alpha));                                      \
    int64_t Changed = 0, PadChanged = 0;                                       \
    for (int64_t I = 0; I < M; ++I)                                            \
      for (int64_t J = 0; J < Ldc; ++J)                                        \
        if (memcmp(&C[I * Ldc + J], &C0[I * Ldc + J], sizeof(T)))              \
          ++*(J < N ? &Changed : &PadChanged);                                 \
    printf("%s %lldx%lldx%lld hash=%016llx changed=%s pad=%s\n", V->Name,      \
           (long long)M, (long long)N, (long long)K,                           \
           (unsigned long long)hash(C, sizeof(T) * M * Ldc),                   \
           Changed ? "yes" : "no", PadChanged ? "touched" : "kept");           \
    free(A), free(B), free(C), free(C0);                                       \
  } while (0)

int main(void) {
  static const struct Variant Variants[] = {
      {"gemm_nn", gemm_nn, 0, 0, 0},
      {"gemm_nt", gemm_nt, 0, 0, 1},
      {"gemm_tn", gemm_tn, 0, 1, 0},
      {"gemm_tt", gemm_tt, 0, 1, 1},
      {"gemm_nn_mul_add", gemm_nn_mul_add, 0, 0, 0},
      {"gemm_nn_f64", 0, gemm_nn_f64, 0, 0},
  };
  static const int64_t Sizes[][3] = {
      {1, 1, 1},    {7, 7, 7},    {67, 45, 31}, {130, 130, 130},
      {1, 130, 7},  {130, 1, 67}, {33, 17, 1},  {45, 67, 300},
  };
  for (size_t VI = 0; VI < sizeof(Variants) / sizeof(Variants[0]); ++VI) {
    const struct Variant *V = &Variants[VI];
    for (size_t SI = 0; SI < sizeof(Sizes) / sizeof(Sizes[0]); ++SI) {
      int64_t M = Sizes[SI][0], N = Sizes[SI][1], K = Sizes[SI][2];
      State = 42 + SI;
      // Leading dimensions wider than the rows, so strides matter.
      int64_t ARows = V->TransA ? K : M, Lda = (V->TransA ? M : K) + 3;
      int64_t BRows = V->TransB ? N : K, Ldb = (V->TransB ? K : N) + 2;
      int64_t Ldc = N + 5;
      if (V->F32)
        RUN(float, V->F32, 0.7f);
      else
        RUN(double, V->F64, 0.7);
    }
  }
  return 0;
}
