// Times Darknet's gemm_nn (examples/gemm.c) on N x N matrices and prints a
// checksum of the result, so that builds with and without raise can be
// compared for speed and for bit-identical results.
//
//   gemm_demo [N]    (default 1024)

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc);

/// Deterministic inputs in [-1, 1): the same on every machine and build.
static void fill(float *X, size_t Count, uint32_t Seed) {
  for (size_t I = 0; I < Count; ++I) {
    Seed = Seed * 1664525u + 1013904223u;
    X[I] = (float)(Seed >> 8) / (float)(1u << 23) - 1.0f;
  }
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 1024;
  if (N <= 0) {
    fprintf(stderr, "usage: %s [N > 0]\n", argv[0]);
    return 2;
  }
  size_t Size = (size_t)N * N;
  float *A = malloc(Size * sizeof(float));
  float *B = malloc(Size * sizeof(float));
  float *C = malloc(Size * sizeof(float));
  if (!A || !B || !C) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  fill(A, Size, 1);
  fill(B, Size, 2);
  memset(C, 0, Size * sizeof(float));

  double Start = now();
  gemm_nn(N, N, N, 1.0f, A, N, B, N, C, N);
  double Seconds = now() - Start;

  // A checksum of the bits, so that any difference in any element shows.
  uint64_t Hash = 1469598103934665603ull;
  for (size_t I = 0; I < Size; ++I) {
    uint32_t Bits;
    memcpy(&Bits, &C[I], sizeof Bits);
    Hash = (Hash ^ Bits) * 1099511628211ull;
  }
  printf("gemm_nn %dx%dx%d: %.3f s, %.1f GFLOP/s, checksum %016llx\n", N, N, N,
         Seconds, 2.0 * N * N * (double)N / Seconds * 1e-9,
         (unsigned long long)Hash);
  free(A);
  free(B);
  free(C);
  return 0;
}
