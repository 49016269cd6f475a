// Scalars computed in a SCoP and used after it. A GEMM and, in the same
// SCoP, a loop whose last value the function returns: the GEMM is raised and
// the returned value is the one the loop leaves (the importer passes it back
// through a 0-d memref the splice reads after the call). A matrix-vector
// product that also returns its last running sum is translated, but its nest
// is not raised: raising would drop the sum's last value; it stays correct.
// Sizes are no tile multiples.
//
// RUN: %e2e-build
// RUN: %e2e-compare 37
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// RUN: %e2e-remarks | FileCheck %s --check-prefix=NEG
// CHECK-DAG: remark: {{.*}}loop nest in gemm_corner {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_corner spliced
// CHECK-DAG: remark: {{.*}}loop nest in gemm_row_sum {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_row_sum spliced
// CHECK-DAG: remark: {{.*}}loop nest in matvec_running {{(\(where .*\) )?}}not raised: a local scalar is used in a way raising does not model
// NEG-NOT: not translated
//
// Which version runs. gemm_row_sum's raised code does. gemm_corner's does
// not yet: LLVM reads the corner after the loops as C[n*n - 1] with n*n
// computed in 32 bits, which Polly cannot split into a row and a column, so
// it takes n*n - 1 as a column of C and its run-time check (the column stays
// below n) fails for every n > 1. The original loops run, correctly.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 37 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: gemm_corner: raised code ran 0 times, original loops 1 times
// RAN-NEXT: raise: gemm_row_sum: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

/// C += A B, then the last row's scaled corner element, returned.
__attribute__((noinline)) float gemm_corner(int n, int p, const float *A,
                                            const float *B, float *C) {
  float last = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
  for (int i = 0; i < n; ++i)
    last = C[i * n + n - 1] * 0.5f;
  return last;
}

/// C += A B in double, then the running value of a product along C's first
/// column, whose last value is returned.
__attribute__((noinline)) double gemm_row_sum(int n, int p, const double *A,
                                              const double *B, double *C,
                                              double *D) {
  double v = 1.0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
  for (int i = 0; i < n; ++i) {
    v = C[i * n] * 0.25 + D[i];
    D[i] = v;
  }
  return v;
}

/// y += A x, returning the last partial sum of the last row.
__attribute__((noinline)) float matvec_running(int m, int n, const float *A,
                                               const float *x, float *y) {
  float t = 0;
  for (int i = 0; i < m; ++i) {
    float s = y[i];
    for (int j = 0; j < n; ++j) {
      s += A[i * n + j] * x[j];
      t = s;
    }
    y[i] = s;
  }
  return t;
}

static void test(int n) {
  int p = n + 5;
  float *A = random_floats((size_t)n * p, 1), *B = random_floats((size_t)p * n, 2),
        *C = random_floats((size_t)n * n, 3);
  printf("gemm_corner %a\n", gemm_corner(n, p, A, B, C));
  print_floats("C", C, (size_t)n * n);
  double *dA = random_doubles((size_t)n * p, 4), *dB = random_doubles((size_t)p * n, 5),
         *dC = random_doubles((size_t)n * n, 6), *dD = random_doubles(n, 7);
  printf("gemm_row_sum %a\n", gemm_row_sum(n, p, dA, dB, dC, dD));
  print_doubles("dC", dC, (size_t)n * n);
  print_doubles("dD", dD, n);
  float *y = random_floats(n, 8);
  printf("matvec_running %a\n", matvec_running(n, p, A, B, y));
  print_floats("y", y, n);
}
