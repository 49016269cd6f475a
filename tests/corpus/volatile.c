// Volatile accesses in and around loop nests: a GEMM that stores to a
// volatile C (every store must happen, in order), one that reads a volatile
// scale factor in its innermost loop, and one that reads it once before the
// nest (a plain nest after that).
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 50
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_volatile_c is not a static control part: Volatile memory accesses
// CHECK-DAG: remark: {{.*}}loop nest in gemm_volatile_alpha is not a static control part: Volatile memory accesses
// CHECK-DAG: remark: {{.*}}loop nest in gemm_alpha_once raised to

#include "harness.h"

__attribute__((noinline)) void gemm_volatile_c(int m, int n, int p,
                                               const float *A, const float *B,
                                               volatile float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void gemm_volatile_alpha(int m, int n, int p,
                                                   const float *A,
                                                   const float *B, float *C,
                                                   volatile float *alpha) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += *alpha * A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void gemm_alpha_once(int m, int n, int p,
                                               const float *A, const float *B,
                                               float *C,
                                               volatile float *alpha) {
  float a = *alpha;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += a * A[i * p + k] * B[k * n + j];
}

static void test(int n) {
  int m = n + 2, p = n + 7;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  volatile float alpha = 0.75f;
  gemm_volatile_c(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  gemm_volatile_alpha(m, n, p, A, B, C, &alpha);
  print_floats("C", C, (size_t)m * n);
  gemm_alpha_once(m, n, p, A, B, C, &alpha);
  print_floats("C", C, (size_t)m * n);
}
