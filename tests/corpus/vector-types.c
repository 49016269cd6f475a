// GCC vector-extension types (vector_size) in loop nests: a GEMM whose
// elements are whole vectors, a matrix-vector product that reads single
// lanes, and a reduction into a vector accumulator. The lanes `A[i * n +
// j][j % 8]` are, for n <= 8 (Polly's assumption), element 9 * j of row i:
// a matvec on a view with stride 9, whose rows the raised code sums one
// after another as the source does (rows of fewer than 32 elements).
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 40
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}SCoP in gemm_vectors not translated: values of type <8 x float> are not supported
// CHECK-DAG: remark: {{.*}}loop nest in matvec_lanes raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in sum_rows not translated: values of type <2 x double> are not supported

#include "harness.h"

typedef float v8f __attribute__((vector_size(32)));
typedef double v2d __attribute__((vector_size(16)));

__attribute__((noinline)) void gemm_vectors(int m, int n, int p, const v8f *A,
                                            const v8f *B, v8f *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void matvec_lanes(int m, int n, const v8f *A,
                                            const float *x, float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * n + j][j % 8] * x[j];
}

__attribute__((noinline)) void sum_rows(int m, int n, const v2d *A, v2d *s) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      s[i] += A[i * n + j];
}

static void test(int n) {
  int m = n - 5, p = n / 2;
  v8f *A = (v8f *)random_floats((size_t)m * p * 8, 1);
  v8f *B = (v8f *)random_floats((size_t)p * n * 8, 2);
  v8f *C = (v8f *)random_floats((size_t)m * n * 8, 3);
  gemm_vectors(m, n, p, A, B, C);
  print_floats("C", (float *)C, (size_t)m * n * 8);

  float *x = random_floats(p, 4);
  float *y = random_floats(m, 5);
  matvec_lanes(m, p, A, x, y);
  print_floats("y", y, m);

  v2d *D = (v2d *)random_doubles((size_t)m * n * 2, 6);
  v2d *s = (v2d *)random_doubles((size_t)m * 2, 7);
  sum_rows(m, n, D, s);
  print_doubles("s", (double *)s, (size_t)m * 2);
}
