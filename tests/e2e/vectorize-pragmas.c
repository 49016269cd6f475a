// Loops the source asks LLVM to vectorize: `#pragma clang loop
// vectorize(enable)` or `vectorize_width(8)` on a dot product's sum, and
// OpenMP's `#pragma omp simd reduction` (with -fopenmp), let the loop
// vectorizer add the sum in another order than the source writes, as it
// does otherwise only under fast-math. Raised code would add in the
// source's order and print other bits than the build without the plugin,
// so such nests are left to the vectorizer with a remark; a pragma on a
// loop that carries no sum (an AXPY) changes no order, and that nest is
// raised. Every build prints the same bytes with and without the plugin.
//
// RUN: %e2e-build
// RUN: %e2e-compare 37
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}SCoP in pragma_dot left alone: its loop at line [[#@LINE+23]] has a vectorization pragma, which lets LLVM reorder the floating-point sum it carries
// CHECK-DAG: remark: {{.*}}SCoP in width_dot left alone: its loop at line {{[0-9]+}} has a vectorization pragma
// CHECK-DAG: remark: {{.*}}loop nest in simd_axpy {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in simd_dot {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// With -fopenmp the OpenMP pragma counts too.
// RUN: %clang -O3 %run-march -fopenmp %s -o %t.omp.plain
// RUN: %clang -O3 %run-march -fopenmp -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise %s -o %t.omp.raise 2> %t.omp.remarks
// RUN: %t.omp.plain 130 > %t.omp.plain.out && %t.omp.raise 130 > %t.omp.raise.out
// RUN: cmp %t.omp.plain.out %t.omp.raise.out
// RUN: FileCheck %s --check-prefix=OMP < %t.omp.remarks
// OMP-DAG: remark: {{.*}}SCoP in simd_dot left alone: its loop at line {{[0-9]+}} has a vectorization pragma
// OMP-DAG: remark: {{.*}}loop nest in simd_axpy {{(\(where .*\) )?}}raised to linalg.generic (GEMM;

#include "Inputs/harness.h"

__attribute__((noinline)) void pragma_dot(int m, int n, int p,
                                          const float *restrict a,
                                          const float *restrict b,
                                          float *restrict c) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
#pragma clang loop vectorize(enable)
      for (int k = 0; k < p; k++)
        s += a[i * p + k] * b[j * p + k];
      c[i * n + j] = s;
    }
}

__attribute__((noinline)) void width_dot(int m, int n, int p,
                                         const double *restrict a,
                                         const double *restrict b,
                                         double *restrict c) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = c[i * n + j];
#pragma clang loop vectorize_width(8)
      for (int k = 0; k < p; k++)
        s += a[i * p + k] * b[j * p + k];
      c[i * n + j] = s;
    }
}

__attribute__((noinline)) void simd_dot(int m, int n, int p,
                                        const float *restrict a,
                                        const float *restrict b,
                                        float *restrict c) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = 0;
#pragma omp simd reduction(+ : s)
      for (int k = 0; k < p; k++)
        s += a[i * p + k] * b[j * p + k];
      c[i * n + j] = s;
    }
}

__attribute__((noinline)) void simd_axpy(int m, int n, int p,
                                         const float *restrict a,
                                         const float *restrict b,
                                         float *restrict c) {
  for (int i = 0; i < m; i++)
    for (int k = 0; k < p; k++) {
#pragma omp simd
      for (int j = 0; j < n; j++)
        c[i * n + j] += a[i * p + k] * b[k * n + j];
    }
}

static void test(int n) {
  int m = n, N = n + 3, p = n + 1;
  float *a = random_floats((size_t)m * p, 1);
  float *bt = random_floats((size_t)N * p, 2);
  float *b = random_floats((size_t)p * N, 3);
  float *c = random_floats((size_t)m * N, 4);
  pragma_dot(m, N, p, a, bt, c);
  print_floats("pragma_dot", c, (size_t)m * N);
  simd_dot(m, N, p, a, bt, c);
  print_floats("simd_dot", c, (size_t)m * N);
  simd_axpy(m, N, p, a, b, c);
  print_floats("simd_axpy", c, (size_t)m * N);
  double *da = random_doubles((size_t)m * p, 5);
  double *db = random_doubles((size_t)N * p, 6);
  double *dc = random_doubles((size_t)m * N, 7);
  width_dot(m, N, p, da, db, dc);
  print_doubles("width_dot", dc, (size_t)m * N);
}
