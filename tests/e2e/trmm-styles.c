// Triangular products, in coding styles other than PolyBench's
// (tests/e2e/polybench-trmm.c): B = alpha A^T B in place over linearized
// arrays with leading dimensions, the same in i-k-j order on C99 VLA
// parameters with the scaling in a loop of its own, the same through a
// local sum that starts from B[i][j] and is stored scaled, a lower triangular
// factor times B into another matrix (`k <= i`), an upper one through a
// local sum (`k >= i`) and a strictly lower one through a local sum scaled
// as it is stored (`k < i`: the first row's sum has no term), and B times
// a triangular factor on the right (`k <= j`, `k >= j`: the cut against
// C's column), and a lower one in place from the last row up (the rows
// above read from a copy; raise-reverse-loops counts the rows up). The cut on the summed index drops terms of each row's or
// column's sums; the tuned GEMM skips them tile by tile and masks the rows
// or lanes of the diagonal tiles, so each element adds the loops' terms in
// their order. An update in place reads rows below the one it writes,
// which the loops have not written yet: the raised product reads them from
// a copy. Reading rows above, already updated (`k < i`), it is no product
// raise raises; its sum's loop moves outside the loop over j instead
// (raise-interchange-reductions), each element's sum in its order.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 17
// RUN: %e2e-compare 61
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in trmm_linear {{.*}}raised to linalg.generic (GEMM_TA; over the triangle k >= i; in place, reading a copy of the output)
// CHECK-DAG: remark: {{.*}}loop nest in trmm_ikj_vla {{.*}}raised to linalg.generic (GEMM_TA; over the triangle k >= i; in place, reading a copy of the output)
// CHECK-DAG: remark: {{.*}}loop nest in trmm_local_sum {{.*}}raised to linalg.generic (GEMM_TA; over the triangle k >= i; in place, reading a copy of the output; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in lower_factor {{.*}}raised to linalg.generic (GEMM; over the triangle k <= i)
// CHECK-DAG: remark: {{.*}}loop nest in upper_local_sum {{.*}}raised to linalg.generic (GEMM; over the triangle k >= i; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in strict_lower_scaled {{.*}}raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in right_upper {{.*}}raised to linalg.generic (GEMM; over the triangle k <= j)
// CHECK-DAG: remark: {{.*}}loop nest in right_lower {{.*}}raised to linalg.generic (GEMM; over the triangle k >= j)
// CHECK-DAG: remark: {{.*}}loop nest in lower_rows_down raised to linalg.copy (COPY2)
// CHECK-DAG: remark: {{.*}}loop nest in lower_rows_down raised to linalg.generic (GEMM; over the triangle k <= i; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in rows_above_in_place {{.*}}not raised: the output is also an input (read at other elements)
// CHECK-DAG: remark: {{.*}}loop nest in rows_above_local_sum {{.*}}not raised: the output is also an input (read at other elements)
// CHECK-DAG: remark: {{.*}}SCoP in rows_above_in_place: 1 sum's loop moved outside a loop of independent iterations
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 61 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN-DAG: raise: trmm_linear: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: trmm_ikj_vla: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: trmm_local_sum: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: lower_factor: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: right_upper: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: right_lower: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: upper_local_sum: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: strict_lower_scaled: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: lower_rows_down: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

/// B = alpha A^T B, A unit lower triangular, row-major with leading
/// dimensions (BLAS's dtrmm, side left, lower, transposed).
__attribute__((noinline)) void trmm_linear(int m, int n, double alpha,
                                           const double *A, int lda, double *B,
                                           int ldb) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      for (int k = i + 1; k < m; ++k)
        B[i * ldb + j] += A[k * lda + i] * B[k * ldb + j];
      B[i * ldb + j] *= alpha;
    }
}

/// The same product in i-k-j order on VLA parameters, scaled afterwards.
__attribute__((noinline)) void trmm_ikj_vla(int m, int n, float alpha,
                                            float A[m][m], float B[m][n]) {
  for (int i = 0; i < m; ++i)
    for (int k = i + 1; k < m; ++k)
      for (int j = 0; j < n; ++j)
        B[i][j] += A[k][i] * B[k][j];
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      B[i][j] = alpha * B[i][j];
}

/// C += L B, L lower triangular (its diagonal included).
__attribute__((noinline)) void lower_factor(int m, int n, const float *L,
                                            const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k <= i; ++k)
        C[i * n + j] += L[i * m + k] * B[k * n + j];
}

/// trmm through a local sum that starts from B(i, j) and is stored scaled.
__attribute__((noinline)) void trmm_local_sum(int m, int n, float alpha,
                                              float A[m][m], float B[m][n]) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float s = B[i][j];
      for (int k = i + 1; k < m; ++k)
        s += A[k][i] * B[k][j];
      B[i][j] = alpha * s;
    }
}

/// C = U B, U upper triangular, through a local sum stored as it is.
__attribute__((noinline)) void upper_local_sum(int m, int n, const float *U,
                                               const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0.0f;
      for (int k = i; k < m; ++k)
        s += U[i * m + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}

/// C = alpha L B + C, L strictly lower triangular, the sum scaled when it
/// is stored: the first row's sum has no term.
__attribute__((noinline)) void strict_lower_scaled(int m, int n, double alpha,
                                                   const double *L,
                                                   const double *B,
                                                   double *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0.0;
      for (int k = 0; k < i; ++k)
        s += L[i * m + k] * B[k * n + j];
      C[i * n + j] = alpha * s + C[i * n + j];
    }
}

/// C += B U, U upper triangular (the right side): the cut is between k and
/// C's column.
__attribute__((noinline)) void right_upper(int m, int n, const float *B,
                                           const float *U, float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k <= j; ++k)
        C[i * n + j] += B[i * n + k] * U[k * n + j];
}

/// C += B L, L lower triangular, k from the column on.
__attribute__((noinline)) void right_lower(int m, int n, const double *B,
                                           const double *L, double *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = j; k < n; ++k)
        C[i * n + j] += B[i * n + k] * L[k * n + j];
}

/// The same through a local sum from B(i, j), stored scaled.
__attribute__((noinline)) void rows_above_local_sum(int m, int n,
                                                    const float *A, float *B) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float s = B[i * n + j];
      for (int k = 0; k < i; k++)
        s += A[i * m + k] * B[k * n + j];
      B[i * n + j] = 0.5f * s;
    }
}

/// B = L B in place, L lower triangular, from the last row up: each row
/// reads the rows above it before they are updated (BLAS's strmm, side
/// left, lower, not transposed, row-major), the diagonal's term first.
__attribute__((noinline)) void lower_rows_down(int m, int n, const float *L,
                                               int ldl, float *B, int ldb) {
  for (int i = m - 1; i >= 0; --i)
    for (int j = 0; j < n; ++j) {
      float t = L[i * ldl + i] * B[i * ldb + j];
      for (int k = 0; k < i; ++k)
        t += L[i * ldl + k] * B[k * ldb + j];
      B[i * ldb + j] = t;
    }
}

/// In place from the rows above, which the loops have already updated:
/// the original loops' result depends on that order.
__attribute__((noinline)) void rows_above_in_place(int m, int n,
                                                   const float *A, float *B) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < i; ++k)
        B[i * n + j] += A[i * m + k] * B[k * n + j];
}

static void test(int size) {
  int m = size, n = size + 3;
  int lda = m + 2, ldb = n + 1;
  double *Ad = random_doubles((size_t)m * lda, 301);
  double *Bd = random_doubles((size_t)m * ldb, 302);
  trmm_linear(m, n, 0.75, Ad, lda, Bd, ldb);
  print_doubles("trmm_linear", Bd, (size_t)m * ldb);

  float *A = random_floats((size_t)m * m, 303);
  float *B = random_floats((size_t)m * n, 304);
  trmm_ikj_vla(m, n, 1.25f, (float(*)[m])A, (float(*)[n])B);
  print_floats("trmm_ikj_vla", B, (size_t)m * n);

  trmm_local_sum(m, n, 0.5f, (float(*)[m])A, (float(*)[n])B);
  print_floats("trmm_local_sum", B, (size_t)m * n);

  float *C = random_floats((size_t)m * n, 305);
  lower_factor(m, n, A, B, C);
  print_floats("lower_factor", C, (size_t)m * n);

  rows_above_in_place(m, n, A, C);
  print_floats("rows_above_in_place", C, (size_t)m * n);
  rows_above_local_sum(m, n, A, C);
  print_floats("rows_above_local_sum", C, (size_t)m * n);

  upper_local_sum(m, n, A, B, C);
  print_floats("upper_local_sum", C, (size_t)m * n);

  float *Un = random_floats((size_t)n * n, 308);
  right_upper(m, n, B, Un, C);
  print_floats("right_upper", C, (size_t)m * n);

  double *Ln = random_doubles((size_t)n * n, 309);
  double *Cn = random_doubles((size_t)m * n, 310);
  right_lower(m, n, Bd, Ln, Cn);
  print_doubles("right_lower", Cn, (size_t)m * n);

  float *Lf = random_floats((size_t)m * lda, 311);
  float *Bf = random_floats((size_t)m * ldb, 312);
  lower_rows_down(m, n, Lf, lda, Bf, ldb);
  print_floats("lower_rows_down", Bf, (size_t)m * ldb);

  double *Ld = random_doubles((size_t)m * m, 306);
  double *Cd = random_doubles((size_t)m * n, 307);
  strict_lower_scaled(m, n, -0.5, Ld, Bd, Cd);
  print_doubles("strict_lower_scaled", Cd, (size_t)m * n);
}
