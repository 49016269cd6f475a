// Sums over an innermost loop whose chains of dependent adds no tactic
// raises, moved outward (raise-interchange-reductions) so that LLVM
// vectorizes the loop of independent iterations around them, each
// element's sum in its order: bit-identical. LU's trailing update of row i
// (for each j >= i a sum over k < i): in place over a VLA (PolyBench's lu)
// and in single precision with the update written `A[i][j] = A[i][j] -
// ...`; through a local sum over linearized rows (PolyBench's ludcmp, `w
// -= A[i * n + k] * A[k * n + j]`) it is a transposed matvec that reads
// rows k < i and writes row i, no element it reads, raised as such in place
// (no copy of A). A
// forward substitution with the transposed factor (x[i] from b[i], minus
// U[j][i] * x[j] for j < i, divided by U[i][i]): the loop over j moves out,
// finishing x[j] and then updating every later x[i] with it. A forward
// substitution over the rows of L (PolyBench's trisolv, and in single
// precision; rows of a fixed length), whose rows run in
// blocks of 8 with their sums side by side; 17, 45 and 130 rows leave 1, 5
// and 2 rows after the last block. The same in place with a local sum
// over rows `ld` elements apart, `int` sizes (BLAS's trsv: the diagonal
// L[i * ld + i], which LLVM computes as i * (ld + 1) in 32 bits, is
// widened to 64 with the other subscripts), and over a VLA of run-time
// rows (whose row start LLVM merges from 0 for row 0 and i * n after the
// row's loop). Where the j
// iterations depend on each other (each reads the element before it) the
// loops stay as they are.
//
// RUN: %e2e-build
// RUN: %e2e-compare 17
// RUN: %e2e-compare 45
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}SCoP in lu_inplace: 1 sum's loop moved outside a loop of independent iterations
// CHECK-DAG: remark: {{.*}}SCoP in lu_inplace spliced as lu_inplace.raise.{{[0-9]+}} behind a run-time check [-Rpass=raise]
// CHECK-DAG: remark: {{.*}}loop nest in ludcmp_sum raised to linalg.generic (MATVEC_T; exact body kept: body is llvm.intr.fmuladd; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}SCoP in lu_float: 1 sum's loop moved outside
// CHECK-DAG: remark: {{.*}}SCoP in solve_transposed: 1 sum's loop moved outside
// CHECK-DAG: remark: {{.*}}SCoP in trisolv: 1 substitution's rows summed in blocks of 8 side by side
// CHECK-DAG: remark: {{.*}}SCoP in trisolv_float: 1 substitution's rows summed in blocks of 8
// CHECK-DAG: remark: {{.*}}SCoP in trsv_strided: 1 substitution's rows summed in blocks of 8
// CHECK-DAG: remark: {{.*}}loop nest in trsv_strided: 1 subscript widened to 64 bits
// CHECK-DAG: remark: {{.*}}SCoP in trisolv_vla: 1 substitution's rows summed in blocks of 8
// CHECK-NOT: SCoP in running_rows: {{.*}}moved outside
// CHECK-NOT: SCoP in running_rows spliced
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin \
// RUN:   -mllvm -raise-interchange-reductions=false -Rpass=raise \
// RUN:   -Rpass-missed=raise -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF: remark: {{.*}}loop nest in lu_inplace not raised
// OFF-NOT: moved outside
// OFF-NOT: SCoP in lu_inplace spliced

#include "Inputs/harness.h"

__attribute__((noinline)) void lu_inplace(int n, double A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

__attribute__((noinline)) void ludcmp_sum(int n, double *A) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      double w = A[i * n + j];
      for (int k = 0; k < j; k++)
        w -= A[i * n + k] * A[k * n + j];
      A[i * n + j] = w / A[j * n + j];
    }
    for (int j = i; j < n; j++) {
      double w = A[i * n + j];
      for (int k = 0; k < i; k++)
        w -= A[i * n + k] * A[k * n + j];
      A[i * n + j] = w;
    }
  }
}

__attribute__((noinline)) void lu_float(int n, float A[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
      A[i][j] = A[i][j] / A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

__attribute__((noinline)) void solve_transposed(int n, double U[n][n],
                                               const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= U[j][i] * x[j];
    x[i] = x[i] / U[i][i];
  }
}

enum { Rows = 160 };

__attribute__((noinline)) void trisolv(int n, double L[][Rows],
                                      const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

__attribute__((noinline)) void trisolv_float(int n, const float L[][Rows],
                                            const float *b, float *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] = x[i] - L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

__attribute__((noinline)) void trisolv_vla(int n, double L[n][n],
                                          const double *b, double *x) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

__attribute__((noinline)) void trsv_strided(int n, int ld, const double *L,
                                           double *x) {
  for (int i = 0; i < n; i++) {
    double s = x[i];
    for (int j = 0; j < i; j++)
      s -= L[i * ld + j] * x[j];
    x[i] = s / L[i * ld + i];
  }
}

/// Not an LU: each element of row i adds the one before it.
__attribute__((noinline)) void running_rows(int n, double A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 1; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] += A[i][j - 1] * A[k][j];
}

/// A matrix whose pivots stay away from zero.
static double *dominant(int n, uint64_t seed) {
  double *A = random_doubles((size_t)n * n, seed);
  for (int i = 0; i < n; i++)
    A[i * n + i] += 2 * n;
  return A;
}

static void test(int n) {
  double *A = dominant(n, 1);
  lu_inplace(n, (double(*)[n])A);
  print_doubles("lu", A, (size_t)n * n);
  double *B = dominant(n, 2);
  ludcmp_sum(n, B);
  print_doubles("ludcmp", B, (size_t)n * n);
  double *D = dominant(n, 3);
  float *F = random_floats((size_t)n * n, 4);
  for (size_t i = 0; i < (size_t)n * n; i++)
    F[i] = (float)D[i];
  lu_float(n, (float(*)[n])F);
  print_floats("lu float", F, (size_t)n * n);
  double *U = dominant(n, 6), *b = random_doubles(n, 7);
  double *x = random_doubles(n, 8);
  solve_transposed(n, (double(*)[n])U, b, x);
  print_doubles("solve transposed", x, n);
  require_size(n, Rows);
  double *L = random_doubles((size_t)n * Rows, 9), *y = random_doubles(n, 10);
  for (int i = 0; i < n; i++)
    L[i * Rows + i] += 2 * n;
  trisolv(n, (double(*)[Rows])L, b, y);
  print_doubles("trisolv", y, n);
  float *LF = random_floats((size_t)n * Rows, 11), *bf = random_floats(n, 12);
  float *yf = random_floats(n, 13);
  for (int i = 0; i < n; i++)
    LF[i * Rows + i] += 2 * n;
  trisolv_float(n, (const float(*)[Rows])LF, bf, yf);
  print_floats("trisolv float", yf, n);
  double *LV = dominant(n, 16), *xv = random_doubles(n, 17);
  trisolv_vla(n, (double(*)[n])LV, b, xv);
  print_doubles("trisolv vla", xv, n);
  int ld = n + 3;
  double *LS = random_doubles((size_t)n * ld, 14), *xs = random_doubles(n, 15);
  for (int i = 0; i < n; i++)
    LS[i * ld + i] += 2 * n;
  trsv_strided(n, ld, LS, xs);
  print_doubles("trsv strided", xs, n);
  double *R = random_doubles((size_t)n * n, 5);
  for (size_t i = 0; i < (size_t)n * n; i++)
    R[i] *= 0x1p-4;
  running_rows(n, (double(*)[n])R);
  print_doubles("running rows", R, (size_t)n * n);
}
