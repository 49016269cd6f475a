// What every style kernel of bench/styles.sh shares: the driver that times
// it. A style file defines its kernels and a table of `struct style` entries;
// style_main() runs each, best of `reps`, and prints one line per style:
//   name GFLOP/s checksum
// The checksum is a 64-bit FNV-1a hash of the output's bits, so that the
// plain and the raised build can be compared bit for bit.
#ifndef RAISE_BENCH_STYLES_H
#define RAISE_BENCH_STYLES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

struct style {
  const char *name;
  /// Allocates and fills the inputs for M x N x K (seeded), returns a state.
  void *(*setup)(int M, int N, int K);
  /// Runs the kernel once on the state.
  void (*run)(void *state);
  /// The output's bytes, for the checksum.
  const void *(*output)(void *state, size_t *bytes);
  /// Multiply-adds per run, for GFLOP/s.
  double (*flops)(int M, int N, int K);
  /// Frees the state where free() does not (optional).
  void (*release)(void *state);
};

static inline float style_value(uint64_t *s) {
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (float)((double)(*s >> 40) * 0x1p-22 - 2.0);
}

/// Fills @p p[0, n) with the seeded values every build gets alike.
static inline void style_fill(float *p, size_t n) {
  uint64_t seed = 42;
  for (size_t i = 0; i < n; ++i)
    p[i] = style_value(&seed);
}

static inline double style_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static inline uint64_t style_hash(const void *p, size_t bytes) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < bytes; ++i)
    h = (h ^ b[i]) * 1099511628211ULL;
  return h;
}

/// `prog reps M N K`: every style of @p styles, one line each.
static inline int style_main(int argc, char **argv, const struct style *styles,
                             size_t count) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s REPS M N K\n", argv[0]);
    return 2;
  }
  int reps = atoi(argv[1]), M = atoi(argv[2]), N = atoi(argv[3]),
      K = atoi(argv[4]);
  for (size_t s = 0; s < count; ++s) {
    double best = 1e30;
    uint64_t hash = 0;
    for (int r = 0; r < reps; ++r) {
      // Fresh inputs each time: kernels that accumulate start from the same C.
      void *state = styles[s].setup(M, N, K);
      double t0 = style_seconds();
      styles[s].run(state);
      double t = style_seconds() - t0;
      if (t < best)
        best = t;
      size_t bytes;
      const void *out = styles[s].output(state, &bytes);
      hash = style_hash(out, bytes);
      if (styles[s].release)
        styles[s].release(state);
      else
        free(state);
    }
    printf("%s %.2f %016llx\n", styles[s].name,
           styles[s].flops(M, N, K) / best * 1e-9, (unsigned long long)hash);
  }
  return 0;
}

#ifdef __cplusplus
}
#endif

#endif // RAISE_BENCH_STYLES_H
