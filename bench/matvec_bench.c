// Times matvec() (bench/matvec.c, linked in as compiled by the
// configuration under test) on seeded inputs and prints one line per shape:
//   <rows> <columns> <best GFLOP/s> <checksum of y>
// Usage: matvec_bench REPETITIONS ROWS COLUMNS [ROWS COLUMNS ...]
// Each repetition calls it enough times to take at least 20 ms.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void matvec(float *y, const float *x, const float *W, int n, int d);

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

static void fill(float *X, size_t Count, uint32_t Seed) {
  for (size_t E = 0; E < Count; ++E) {
    Seed = Seed * 1664525u + 1013904223u;
    X[E] = (float)(Seed >> 8) / (float)(1u << 23) - 1.0f;
  }
}

int main(int argc, char **argv) {
  int Reps = argc > 1 ? atoi(argv[1]) : 3;
  for (int A = 2; A + 1 < argc; A += 2) {
    int D = atoi(argv[A]), N = atoi(argv[A + 1]);
    float *W = malloc(sizeof(float) * D * N), *X = malloc(sizeof(float) * N);
    float *Y = malloc(sizeof(float) * D);
    fill(W, (size_t)D * N, 1);
    fill(X, N, 2);
    double T = now();
    matvec(Y, X, W, N, D);
    int Calls = (int)(0.02 / (now() - T)) + 1;
    double Best = 1e30;
    for (int R = 0; R < Reps; ++R) {
      T = now();
      for (int C = 0; C < Calls; ++C)
        matvec(Y, X, W, N, D);
      T = (now() - T) / Calls;
      Best = T < Best ? T : Best;
    }
    uint64_t Hash = 1469598103934665603ull;
    for (int E = 0; E < D; ++E) {
      uint32_t Bits;
      memcpy(&Bits, &Y[E], 4);
      Hash = (Hash ^ Bits) * 1099511628211ull;
    }
    printf("%d %d %.2f %016llx\n", D, N, 2.0 * D * N / Best * 1e-9,
           (unsigned long long)Hash);
    fflush(stdout);
    free(W);
    free(X);
    free(Y);
  }
  return 0;
}
