// Rank-k updates over triangles, in the coding styles other than PolyBench's
// (tests/e2e/polybench-syrk.c): the upper triangle of a linearized float C
// (`j >= i`, k innermost), a strictly lower one on C99 VLA parameters
// (`j < i`), and column-major loops whose inner loop runs over C's rows from
// or up to the column (`i >= j`, `i <= j + 1`), and sums through a local
// scalar (from zero, combined with C after the sum or stored as it is, or
// from C itself). Each is raised to one product over the box around its
// triangle; the elements outside it keep their values. A triangle whose
// cut involves the summed index (a triangular factor, as trmm's `k > i`)
// drops terms of each row's sum instead (tests/e2e/trmm-styles.c).
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 17
// RUN: %e2e-compare 37
// RUN: %e2e-compare 131
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in upper_float {{.*}}raised to linalg.generic (GEMM_TB; over the triangle j >= i)
// CHECK-DAG: remark: {{.*}}loop nest in strict_lower_vla {{.*}}raised to linalg.generic (GEMM_TB; over the triangle j <= i - 1; scaled by a loop invariant)
// CHECK-DAG: remark: {{.*}}loop nest in column_rows_below {{.*}}raised to linalg.generic (GEMM_TB; over the triangle i >= j)
// CHECK-DAG: remark: {{.*}}loop nest in column_rows_above {{.*}}raised to linalg.generic (GEMM_TB; over the triangle i <= j + 1)
// CHECK-DAG: remark: {{.*}}loop nest in triangular_factor {{.*}}raised to linalg.generic (GEMM_TA; over the triangle k >= i)
// CHECK-DAG: remark: {{.*}}loop nest in local_sum {{.*}}raised to linalg.generic (GEMM_TB; over the triangle j <= i; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in local_sum_stored {{.*}}raised to {{.*}}linalg.generic (GEMM_TB; over the triangle j >= i; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in local_sum_from_c {{.*}}raised to linalg.generic (GEMM_TB; over the triangle j <= i; accumulated through a local scalar)

#include "Inputs/harness.h"

/// C(i, j) += A(i, :) . A(j, :) for j >= i; k innermost.
__attribute__((noinline)) void upper_float(int n, int k, const float *A,
                                           int lda, float *C, int ldc) {
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j)
      for (int p = 0; p < k; ++p)
        C[i * ldc + j] += A[i * lda + p] * A[j * lda + p];
}

/// C = alpha A A^T on the strictly lower triangle, i-k-j order, VLAs.
__attribute__((noinline)) void strict_lower_vla(int n, int k, double alpha,
                                                double A[n][k],
                                                double C[n][n]) {
  for (int i = 0; i < n; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < i; ++j)
        C[i][j] += alpha * A[i][p] * A[j][p];
}

/// Column by column, the rows from the diagonal down: C's row is the inner
/// loop.
__attribute__((noinline)) void column_rows_below(int n, int k, const double *A,
                                                 double *C) {
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i)
      for (int p = 0; p < k; ++p)
        C[i * n + j] += A[i * k + p] * A[j * k + p];
}

/// The rows up to one below the diagonal.
__attribute__((noinline)) void column_rows_above(int n, int k, const float *A,
                                                 float *C) {
  for (int j = 0; j < n - 1; ++j)
    for (int p = 0; p < k; ++p)
      for (int i = 0; i <= j + 1; ++i)
        C[i * n + j] += A[i * k + p] * A[j * k + p];
}

/// B(i, :) += sum over k > i of A(k, i) B(k, :): the cut is on k.
__attribute__((noinline)) void triangular_factor(int n, const double *A,
                                                 double *B, double *Out) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int p = i + 1; p < n; ++p)
        Out[i * n + j] += A[p * n + i] * B[p * n + j];
}

/// The upper triangle through a local sum stored as it is.
__attribute__((noinline)) void local_sum_stored(int n, int k, const float *A,
                                                float *C) {
  for (int i = 0; i < n; ++i)
    for (int j = i; j < n; ++j) {
      float s = 0.0f;
      for (int p = 0; p < k; ++p)
        s += A[i * k + p] * A[j * k + p];
      C[i * n + j] = s;
    }
}

/// The lower triangle through a local sum that starts from C.
__attribute__((noinline)) void local_sum_from_c(int n, int k, const double *A,
                                                double *C) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = C[i * n + j];
      for (int p = 0; p < k; ++p)
        s += A[i * k + p] * A[j * k + p];
      C[i * n + j] = s;
    }
}

/// The lower triangle through a local sum.
__attribute__((noinline)) void local_sum(int n, int k, const double *A,
                                         double *C) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      double s = 0.0;
      for (int p = 0; p < k; ++p)
        s += A[i * k + p] * A[j * k + p];
      C[i * n + j] = 0.5 * C[i * n + j] + s;
    }
}

static void test(int size) {
  int n = size, k = size + 5, ld = size + 3;
  float *Af = random_floats((size_t)n * ld, 11);
  float *Cf = random_floats((size_t)n * ld, 12);
  upper_float(n, k < ld ? k : ld, Af, ld, Cf, ld);
  print_floats("upper_float", Cf, (size_t)n * ld);

  double *Ad = random_doubles((size_t)n * k, 13);
  double *Cd = random_doubles((size_t)n * n, 14);
  strict_lower_vla(n, k, 0.75, (double(*)[k])Ad, (double(*)[n])Cd);
  print_doubles("strict_lower_vla", Cd, (size_t)n * n);
  column_rows_below(n, k, Ad, Cd);
  print_doubles("column_rows_below", Cd, (size_t)n * n);

  float *Cg = random_floats((size_t)n * n, 15);
  float *Ag = random_floats((size_t)n * k, 16);
  column_rows_above(n, k, Ag, Cg);
  print_floats("column_rows_above", Cg, (size_t)n * n);

  double *Bd = random_doubles((size_t)n * n, 17);
  triangular_factor(n, Cd, Bd, Ad);
  print_doubles("triangular_factor", Ad, (size_t)n * n);
  local_sum(n, k, Ad, Cd);
  print_doubles("local_sum", Cd, (size_t)n * n);
  local_sum_from_c(n, k, Ad, Cd);
  print_doubles("local_sum_from_c", Cd, (size_t)n * n);
  local_sum_stored(n, k, Ag, Cg);
  print_floats("local_sum_stored", Cg, (size_t)n * n);
}
