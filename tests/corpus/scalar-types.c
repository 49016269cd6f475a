// Element types the loop-nest path meets rarely: long double, _Complex
// float, __int128, _Float16, bool and char, each in a small GEMM-shaped or
// accumulating nest. __int128 sums are left to LLVM (no vector unit
// multiplies them; int32 GEMMs: tests/e2e/gemm-int.c).
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 45
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}SCoP in gemm_long_double not translated: values of type x86_fp80 are not supported
// CHECK-DAG: remark: {{.*}}loop nest in gemm_complex is not a static control part
// CHECK-DAG: remark: {{.*}}loop nest in gemm_int128 not raised: a sum of integers that is no 32-bit GEMM
// CHECK-DAG: remark: {{.*}}loop nest in gemm_half not raised: {{.*}}'arith.truncf'
// CHECK-DAG: remark: {{.*}}loop nest in count_bool not raised: a sum of integers that is no 32-bit GEMM
//
// Built for x86-64-v3, _Float16 arithmetic is done in float and rounded back
// at every step (the truncf above). A target with native FP16 arithmetic
// (Sapphire Rapids' AVX512-FP16) computes in half precision: there the nest
// is a half-precision GEMM, raised exactly. Compiled only: not every host
// runs FP16 code.
// RUN: %{cc} -O3 -march=sapphirerapids -I %S/../e2e/Inputs -fpass-plugin=%plugin \
// RUN:   -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FP16
// FP16: remark: {{.*}}loop nest in gemm_half raised to linalg.generic (GEMM;
// FP16: remark: {{.*}}SCoP in gemm_half spliced

#include "harness.h"

#include <stdbool.h>

#define GEMM(NAME, T)                                                          \
  __attribute__((noinline)) void NAME(int m, int n, int p, const T *A,         \
                                      const T *B, T *C) {                      \
    for (int i = 0; i < m; ++i)                                                \
      for (int j = 0; j < n; ++j)                                              \
        for (int k = 0; k < p; ++k)                                            \
          C[i * n + j] += A[i * p + k] * B[k * n + j];                         \
  }

GEMM(gemm_long_double, long double)
GEMM(gemm_complex, _Complex float)
GEMM(gemm_int128, __int128)
GEMM(gemm_half, _Float16)

__attribute__((noinline)) void count_bool(int m, int n, const bool *B,
                                          signed char *counts) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      counts[i] += B[i * n + j];
}

// Element i of each array, from the harness's generator; only the first
// `bytes` bytes of a long double carry its value.
#define CONVERT(T, A, COUNT, SEED)                                             \
  T *A = (T *)allocate(COUNT, sizeof(T));                                      \
  {                                                                            \
    double *d = random_doubles(COUNT, SEED);                                   \
    for (size_t e = 0; e < (size_t)(COUNT); ++e)                               \
      A[e] = (T)(d[e] * 8);                                                    \
  }

#define RUN(NAME, T, BYTES)                                                    \
  {                                                                            \
    CONVERT(T, A, (size_t)m * p, 1)                                            \
    CONVERT(T, B, (size_t)p * n, 2)                                            \
    CONVERT(T, C, (size_t)m * n, 3)                                            \
    NAME(m, n, p, A, B, C);                                                    \
    for (size_t e = 0; e < (size_t)m * n; ++e)                                 \
      print_hash(#NAME, &C[e], BYTES);                                         \
  }

static void test(int n) {
  int m = n / 2, p = n - 4;
  RUN(gemm_long_double, long double, 10)
  RUN(gemm_complex, _Complex float, sizeof(_Complex float))
  RUN(gemm_int128, __int128, sizeof(__int128))
  RUN(gemm_half, _Float16, sizeof(_Float16))
  bool *B = (bool *)allocate((size_t)m * n, sizeof(bool));
  int *r = random_ints((size_t)m * n, 0, 1, 4);
  for (size_t e = 0; e < (size_t)m * n; ++e)
    B[e] = r[e];
  signed char *counts = (signed char *)allocate(m, 1);
  count_bool(m, n, B, counts);
  print_hash("counts", counts, m);
}
