// The harness every e2e test shares: seeded pseudo-random inputs and a
// bit-exact print of the outputs.
//
// A test defines `static void test(int n)` and includes this header, which
// supplies main: `prog N` runs test(N). The sizes come from the command line
// so that clang can fold nothing. The test's RUN lines build the program with
// and without the plugin, run both and compare what they print byte for byte.
//
// The harness functions are `optnone`: the optimizer (and with it the plugin)
// leaves them alone, so their loops are never SCoPs, never spliced and never
// in the remarks; only the kernels are. It compiles as C and as C++.

#ifndef RAISE_E2E_HARNESS_H
#define RAISE_E2E_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HARNESS static __attribute__((noinline, optnone))

static void test(int n);

// A 64-bit linear congruential generator (Knuth's MMIX constants).
HARNESS uint64_t lcg_next(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return *state;
}

// Uniform in [-2, 2) with a full mantissa (53 random bits): non-integers of
// both signs, so that any change in rounding shows in the low bits.
HARNESS double lcg_double(uint64_t *state) {
  return (double)(lcg_next(state) >> 11) * 0x1p-51 - 2.0;
}

// The same with 24 random bits, exactly representable as a float.
HARNESS float lcg_float(uint64_t *state) {
  return (float)((double)(lcg_next(state) >> 40) * 0x1p-22 - 2.0);
}

HARNESS void *allocate(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(EXIT_FAILURE);
  }
  return p;
}

// `count` floats (doubles) drawn from the generator seeded with `seed`.
HARNESS float *random_floats(size_t count, uint64_t seed) {
  float *p = (float *)allocate(count, sizeof *p);
  for (size_t i = 0; i < count; ++i)
    p[i] = lcg_float(&seed);
  return p;
}

HARNESS double *random_doubles(size_t count, uint64_t seed) {
  double *p = (double *)allocate(count, sizeof *p);
  for (size_t i = 0; i < count; ++i)
    p[i] = lcg_double(&seed);
  return p;
}

// `count` ints uniform in [lo, hi].
HARNESS int *random_ints(size_t count, int lo, int hi, uint64_t seed) {
  int *p = (int *)allocate(count, sizeof *p);
  for (size_t i = 0; i < count; ++i)
    p[i] = lo + (int)((lcg_next(&seed) >> 33) % (uint64_t)(hi - lo + 1));
  return p;
}

// Prints `bytes` bytes at `p` as their 64-bit FNV-1a hash; two programs agree
// on the line only if every bit of the array does.
HARNESS void print_hash(const char *name, const void *p, size_t bytes) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < bytes; ++i)
    h = (h ^ b[i]) * 1099511628211ULL;
  printf("%s: %zu bytes, fnv1a %016llx\n", name, bytes, (unsigned long long)h);
}

// An array's hash and, to see by how much two builds differ, its first,
// middle and last elements in hexadecimal floating point. Built with
// -DHARNESS_PRINT_VALUES (tests/lowering, whose BLAS builds round
// differently), every element instead, one per line, to be compared within a
// tolerance.
HARNESS void print_floats(const char *name, const float *p, size_t count) {
#ifdef HARNESS_PRINT_VALUES
  printf("%s: %zu floats\n", name, count);
  for (size_t i = 0; i < count; ++i)
    printf("%a\n", p[i]);
#else
  print_hash(name, p, count * sizeof *p);
  if (count)
    printf("  [0] %a  [%zu] %a  [%zu] %a\n", p[0], count / 2, p[count / 2],
           count - 1, p[count - 1]);
#endif
}

HARNESS void print_doubles(const char *name, const double *p, size_t count) {
#ifdef HARNESS_PRINT_VALUES
  printf("%s: %zu doubles\n", name, count);
  for (size_t i = 0; i < count; ++i)
    printf("%a\n", p[i]);
#else
  print_hash(name, p, count * sizeof *p);
  if (count)
    printf("  [0] %a  [%zu] %a  [%zu] %a\n", p[0], count / 2, p[count / 2],
           count - 1, p[count - 1]);
#endif
}

// For fixed-size (Polybench-style) arrays: the run-time size must fit.
HARNESS void require_size(int n, int capacity) {
  if (n < 1 || n > capacity) {
    fprintf(stderr, "size %d out of range 1..%d\n", n, capacity);
    exit(EXIT_FAILURE);
  }
}

int main(int argc, char **argv) {
  // The tests derive their sizes from SIZE (n - 6, n / 8, ...): not below 16.
  int n = argc == 2 ? atoi(argv[1]) : 0;
  if (n < 16) {
    fprintf(stderr, "usage: %s SIZE (at least 16)\n", argv[0]);
    return EXIT_FAILURE;
  }
  test(n);
  return EXIT_SUCCESS;
}

#endif // RAISE_E2E_HARNESS_H
