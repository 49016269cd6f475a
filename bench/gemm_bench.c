// Times Darknet's gemm_nn (C += ALPHA * A * B, row-major, f32) as raise
// lowers it with raise-lower-tuned-to-llvm and with raise-lower-loops-to-llvm,
// and OpenBLAS's cblas_sgemm, in one process on the same inputs; checks that
// the two raise lowerings give bit-identical results.
#include <cblas.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MEMREF float *, float *, int64_t, int64_t, int64_t, int64_t, int64_t
typedef void Gemm(MEMREF, MEMREF, MEMREF, int64_t, int64_t, int64_t, float);
Gemm gemm_nn_tuned, gemm_nn_loops;

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + 1e-9 * T.tv_nsec;
}

static void fill(float *X, size_t Count, unsigned Seed) {
  uint64_t S = Seed;
  for (size_t Idx = 0; Idx < Count; ++Idx) {
    S = S * 6364136223846793005ULL + 1442695040888963407ULL;
    X[Idx] = (float)((int64_t)(S >> 41) - (1 << 22)) / (float)(1 << 22);
  }
}

static void raise_gemm(Gemm *F, int64_t N, float *A, float *B, float *C) {
  F(A, A, 0, N, N, N, 1, B, B, 0, N, N, N, 1, C, C, 0, N, N, N, 1, N, N, N,
    0.5f);
}

/// Best of `Reps` runs, in GFLOP/s; C is reset before each run.
#define TIME(Call)                                                             \
  ({                                                                           \
    double Best = 1e30;                                                        \
    for (int R = 0; R < Reps; ++R) {                                           \
      memcpy(C, C0, sizeof(float) * N * N);                                    \
      double T0 = now();                                                       \
      Call;                                                                    \
      double T = now() - T0;                                                   \
      Best = T < Best ? T : Best;                                              \
    }                                                                          \
    2.0 * N * N * N / Best * 1e-9;                                             \
  })

int main(int Argc, char **Argv) {
  int Reps = Argc > 1 ? atoi(Argv[1]) : 3;
  printf("| n | raise tuned | raise loops | OpenBLAS | tuned/OpenBLAS | "
         "tuned/loops | tuned == loops |\n|---|---|---|---|---|---|---|\n");
  for (int64_t N = 1024; N <= 2048; N *= 2) {
    float *A = malloc(sizeof(float) * N * N), *B = malloc(sizeof(float) * N * N);
    float *C = malloc(sizeof(float) * N * N), *C0 = malloc(sizeof(float) * N * N);
    float *CT = malloc(sizeof(float) * N * N);
    fill(A, N * N, 1), fill(B, N * N, 2), fill(C0, N * N, 3);
    double Tuned = TIME(raise_gemm(gemm_nn_tuned, N, A, B, C));
    memcpy(CT, C, sizeof(float) * N * N);
    double Loops = TIME(raise_gemm(gemm_nn_loops, N, A, B, C));
    int Same = !memcmp(CT, C, sizeof(float) * N * N);
    double Blas = TIME(cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans,
                                   N, N, N, 0.5f, A, N, B, N, 1.0f, C, N));
    printf("| %lld | %.1f | %.1f | %.1f | %.2f | %.1f | %s |\n", (long long)N,
           Tuned, Loops, Blas, Tuned / Blas, Tuned / Loops, Same ? "yes" : "NO");
    fflush(stdout);
    free(A), free(B), free(C), free(C0), free(CT);
  }
  return 0;
}
