// Products accumulated through a temporary that each iteration of the outer
// loops fills, updates and reads back: PolyBench's doitgen (3-D arrays, the
// row copied back into its own input), a linearized product whose rows go
// through a temporary row and are scaled on the way out, and a temporary
// that carries values from one iteration to the next (a running sum), which
// must stay as it is. The temporary is expanded to one copy per iteration
// (raise-expand-temporaries) and keeps the last iteration's values.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 37
// RUN: %e2e-compare 70
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in doitgen (where {{.*}} expanded, one copy per iteration) raised to linalg.fill (FILL3), {{.*}}; linalg.generic (GEMM_3D), {{.*}}; linalg.copy (COPY3)
// CHECK-DAG: remark: {{.*}}loop nest in rows_through_temporary (where {{.*}} expanded, one copy per iteration) raised to linalg.fill (FILL2), {{.*}}; linalg.generic (GEMM
// CHECK-DAG: remark: {{.*}}loop nest in running_sum {{.*}}not raised
// CHECK-NOT: remark: {{.*}}loop nest in running_sum {{.*}}expanded

#include "Inputs/harness.h"

#define NP 70

/// PolyBench's doitgen on arrays of fixed extents with run-time bounds.
__attribute__((noinline)) void doitgen(int nr, int nq, int np,
                                       double A[][NP][NP], double C4[][NP],
                                       double sum[NP]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}

/// C = alpha * (A B), each row through a temporary row, linearized.
__attribute__((noinline)) void rows_through_temporary(int m, int n, int k,
                                                      float alpha,
                                                      const float *A,
                                                      const float *B, float *C,
                                                      float *row) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j)
      row[j] = 0.0f;
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        row[j] += A[i * k + p] * B[p * n + j];
    for (int j = 0; j < n; ++j)
      C[i * n + j] = alpha * row[j];
  }
}

/// The temporary is never reset: each row adds to the previous rows' sums.
__attribute__((noinline)) void running_sum(int m, int n, int k,
                                           const float *A, const float *B,
                                           float *C, float *row) {
  for (int i = 0; i < m; ++i) {
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        row[j] += A[i * k + p] * B[p * n + j];
    for (int j = 0; j < n; ++j)
      C[i * n + j] = row[j];
  }
}

static void test(int size) {
  int nr = size / 2 + 3, nq = size / 3 + 1, np = size < NP ? size : NP;
  double(*A)[NP][NP] = (double(*)[NP][NP])random_doubles(
      (size_t)nr * NP * NP, 31);
  double(*C4)[NP] = (double(*)[NP])random_doubles((size_t)NP * NP, 32);
  double *sum = random_doubles(NP, 33);
  doitgen(nr, nq, np, A, C4, sum);
  print_doubles("A", &A[0][0][0], (size_t)nr * NP * NP);
  print_doubles("sum", sum, NP);

  int m = size + 1, n = size + 7, k = size + 2;
  float *Af = random_floats((size_t)m * k, 34);
  float *Bf = random_floats((size_t)k * n, 35);
  float *Cf = random_floats((size_t)m * n, 36);
  float *row = random_floats((size_t)n, 37);
  rows_through_temporary(m, n, k, 0.5f, Af, Bf, Cf, row);
  print_floats("rows_through_temporary", Cf, (size_t)m * n);
  print_floats("row", row, (size_t)n);
  running_sum(m, n, k, Af, Bf, Cf, row);
  print_floats("running_sum", Cf, (size_t)m * n);
  print_floats("row", row, (size_t)n);
}
