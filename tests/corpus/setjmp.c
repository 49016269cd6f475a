// setjmp/longjmp around loop nests: a GEMM in a function that calls setjmp
// (returns_twice), checked after the nest by a function that may longjmp
// back, and a nest that calls such a function in its innermost loop.
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 60
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_guarded {{(\(where .*\) )?}}raised to
// CHECK-DAG: remark: {{.*}}loop nest in scale_checked is not a static control part

#include "harness.h"

#include <setjmp.h>

static jmp_buf on_overflow;

__attribute__((noinline)) void check(float v, float limit) {
  if (v > limit || v < -limit)
    longjmp(on_overflow, 1);
}

__attribute__((noinline)) int gemm_guarded(int m, int n, int p, const float *A,
                                           const float *B, float *C,
                                           float limit) {
  if (setjmp(on_overflow))
    return -1;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
  for (int i = 0; i < m * n; ++i)
    check(C[i], limit);
  return 0;
}

__attribute__((noinline)) int scale_checked(int m, int n, float *C, float s,
                                            float limit) {
  if (setjmp(on_overflow))
    return -1;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      C[i * n + j] *= s;
      check(C[i * n + j], limit);
    }
  return 0;
}

static void test(int n) {
  int m = n + 1, p = n - 2;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  printf("guarded: %d\n", gemm_guarded(m, n, p, A, B, C, 1e30f));
  print_floats("C", C, (size_t)m * n);
  // Large sums longjmp back after the nest ran.
  printf("guarded: %d\n", gemm_guarded(m, n, p, A, B, C, 8.0f));
  print_floats("C", C, (size_t)m * n);
  printf("scaled: %d\n", scale_checked(m, n, C, 1.5f, 1e30f));
  printf("scaled: %d\n", scale_checked(m, n, C, 3.0f, 50.0f));
  print_floats("C", C, (size_t)m * n);
}
