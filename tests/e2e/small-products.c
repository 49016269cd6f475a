// Problems too small for the raised code to pay run the source's own loops.
// Where every product of a region has fewer than 2^15 multiply-adds
// (raise-tile-matmul's min-tuned-work), the region's `.worth` function says
// so behind the run-time check and the loops clang made of the source run:
// an i-k-j GEMM vectorized along j, where the raised operation's own loops
// keep k innermost, and a triangular product, whose operation runs over the
// whole box (PolyBench's MINI trmm took 9 us raised against 2 us). Larger
// problems run the raised code; a matvec, vectorized across rows where the
// source sums one row after another, pays at any size and has no such check.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 40
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}SCoP in gemm_ikj spliced as {{.*}} behind a run-time check (too small a problem runs the original loops)
// CHECK-DAG: remark: {{.*}}SCoP in lower_factor spliced as {{.*}} behind a run-time check (too small a problem runs the original loops)
// CHECK-DAG: remark: {{.*}}SCoP in matvec spliced as {{.*}} behind a run-time check [-Rpass=raise]
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 16 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL
// SMALL: raise: gemm_ikj: raised code ran 0 times, original loops 1 times
// SMALL-NEXT: raise: gemm_ikj: 1 of those runs of the original loops because its products were too small for the raised code to pay
// SMALL-NEXT: raise: lower_factor: raised code ran 0 times, original loops 1 times
// SMALL-NEXT: raise: lower_factor: 1 of those runs of the original loops because its products were too small for the raised code to pay
// SMALL-NEXT: raise: matvec: raised code ran 1 times, original loops 0 times
// RUN: %t.versions 40 2>&1 >/dev/null | FileCheck %s --check-prefix=LARGE
// LARGE: raise: gemm_ikj: raised code ran 1 times, original loops 0 times
// LARGE-NEXT: raise: lower_factor: raised code ran 1 times, original loops 0 times
// LARGE-NEXT: raise: matvec: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

/// C += A B, i-k-j over linearized arrays.
__attribute__((noinline)) void gemm_ikj(int m, int n, int p, const float *A,
                                        const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int k = 0; k < p; ++k)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

/// C += L B, L lower triangular (`k <= i`).
__attribute__((noinline)) void lower_factor(int m, int n, const double *L,
                                            const double *B, double *C) {
  for (int i = 0; i < m; ++i)
    for (int k = 0; k <= i; ++k)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += L[i * m + k] * B[k * n + j];
}

/// y = A x, each row summed in a local scalar.
__attribute__((noinline)) void matvec(int m, int n, const float *A,
                                      const float *x, float *y) {
  for (int i = 0; i < m; ++i) {
    float s = 0.0f;
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

static void test(int n) {
  int m = n + 1, p = n - 1;
  float *A = random_floats((size_t)m * p, 401);
  float *B = random_floats((size_t)p * n, 402);
  float *C = random_floats((size_t)m * n, 403);
  gemm_ikj(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);

  double *L = random_doubles((size_t)m * m, 404);
  double *D = random_doubles((size_t)m * n, 405);
  double *E = random_doubles((size_t)m * n, 406);
  lower_factor(m, n, L, D, E);
  print_doubles("E", E, (size_t)m * n);

  float *W = random_floats((size_t)m * n, 407);
  float *x = random_floats((size_t)n, 408);
  float *y = random_floats((size_t)m, 409);
  matvec(m, n, W, x, y);
  print_floats("y", y, (size_t)m);
}
