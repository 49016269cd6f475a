// What one core of this machine can do, as the ceilings bench/peak.sh
// reports against:
//   peak fma          f32 multiply-add throughput, GFLOP/s: twelve
//                     independent chains of vector FMAs (as wide as the
//                     build's -march allows: 512, 256 or 128 bits), written
//                     in assembly so that no compiler schedules them.
//   peak read BYTES.. read bandwidth, GB/s, for an array of each size read
//                     over and over (best of several passes): the memory
//                     level that holds it.
// Built with clang-22 -O2 -march=native; x86-64 only.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec + T.tv_nsec * 1e-9;
}

#if defined(__AVX512F__)
#define REG "zmm"
#define LANES 16
#elif defined(__FMA__)
#define REG "ymm"
#define LANES 8
#else
#error "bench/peak.c needs FMA (build with -march=native on an FMA machine)"
#endif

#define FMA(D) "vfmadd231ps %%" REG "1, %%" REG "0, %%" REG #D "\n\t"

/// Best f32 GFLOP/s of twelve independent FMA chains.
static double fmaPeak(void) {
  const long Iterations = 20000000;
  double Best = 1e30;
  for (int R = 0; R < 5; ++R) {
    long N = Iterations;
    double T = now();
    __asm__ volatile("vxorps %%xmm0, %%xmm0, %%xmm0\n\t"
                     "vxorps %%xmm1, %%xmm1, %%xmm1\n\t"
                     "1:\n\t" FMA(2) FMA(3) FMA(4) FMA(5) FMA(6) FMA(7) FMA(8)
                         FMA(9) FMA(10) FMA(11) FMA(12) FMA(13)
                     "dec %0\n\t"
                     "jnz 1b\n\t"
                     : "+r"(N)
                     :
                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
                       "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",
                       "xmm13", "cc");
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return 12.0 * LANES * 2 * Iterations / Best * 1e-9;
}

typedef float Vector __attribute__((vector_size(64), aligned(64)));

/// Sums @p Count floats (a multiple of 128, 64-byte aligned) in eight
/// vectors of independent partial sums, so that the adds keep up with the
/// loads.
__attribute__((noinline)) static float sum(const float *X, size_t Count) {
  const Vector *V = (const Vector *)X;
  Vector S[8] = {{0}};
  for (size_t E = 0; E < Count / 16; E += 8)
    for (int K = 0; K < 8; ++K)
      S[K] += V[E + K];
  Vector T = S[0] + S[1] + S[2] + S[3] + S[4] + S[5] + S[6] + S[7];
  float Total = 0;
  for (int K = 0; K < 16; ++K)
    Total += T[K];
  return Total;
}

/// Best GB/s reading @p Bytes over and over, at least a quarter second.
static double readBandwidth(size_t Bytes) {
  size_t Count = (Bytes / sizeof(float) + 127) / 128 * 128;
  float *X = aligned_alloc(64, Count * sizeof(float));
  for (size_t E = 0; E < Count; ++E)
    X[E] = (float)(E % 7);
  volatile float Sink = 0;
  double Best = 1e30, Spent = 0;
  for (int R = 0; R < 5 || Spent < 0.25; ++R) {
    double T = now();
    Sink += sum(X, Count);
    T = now() - T;
    Spent += T;
    Best = T < Best ? T : Best;
  }
  free(X);
  (void)Sink;
  return Bytes / Best * 1e-9;
}

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "fma")) {
    printf("%.1f\n", fmaPeak());
    return 0;
  }
  if (argc >= 3 && !strcmp(argv[1], "read")) {
    for (int A = 2; A < argc; ++A)
      printf("%s %.1f\n", argv[A], readBandwidth(strtoull(argv[A], 0, 10)));
    return 0;
  }
  fprintf(stderr, "usage: peak fma | peak read BYTES...\n");
  return 2;
}
