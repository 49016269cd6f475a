// Symmetric products C = alpha A B + beta C, A symmetric with one triangle
// stored, in coding styles other than PolyBench's (tests/e2e/polybench-symm.c):
// its lower triangle in double on C99 VLA parameters, and its upper triangle
// (k > i) in float. Each nest splits into its two products over triangles,
// in the order its dependences ask for: the lower form computes C[i][j] from
// its own sum before the updates of the rows above reach them, the upper
// form runs the updates of the rows below first. Updating every row of C,
// its own included, from each i leaves a cycle: the nest stays loops. Over
// linearized arrays with `int` sizes, the diagonal A[i * lda + i], which
// LLVM computes as i * (lda + 1) in 32 bits, is widened to 64 bits with
// lda + 1 rebuilt there, so that Polly finds its rows lda apart.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 19
// RUN: %e2e-compare 70
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in symm_lower_vla {{.*}}raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar), {{.*}}; linalg.generic (GEMM_TA; over the triangle i <= k - 1; scaled by a loop invariant)
// CHECK-DAG: remark: {{.*}}loop nest in symm_upper_vla {{.*}}raised to linalg.generic (GEMM_TA; over the triangle i >= k; scaled by a loop invariant), {{.*}}; linalg.generic (GEMM; over the triangle k >= i; accumulated through a local scalar)
// CHECK-DAG: remark: {{.*}}loop nest in whole_rows not raised: the statements of the nest cannot be separated
// CHECK-DAG: remark: {{.*}}loop nest in symm_lower_linear {{.*}}raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar), {{.*}}; linalg.generic (GEMM_TA; over the triangle i <= k - 1; scaled by a loop invariant)
// CHECK-DAG: remark: {{.*}}loop nest in symm_lower_linear: 1 subscript widened to 64 bits
// CHECK-NOT: remark: {{.*}}in whole_rows {{.*}}spliced
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 70 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN-DAG: raise: symm_lower_linear: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: symm_lower_vla: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: symm_upper_vla: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

/// BLAS's dsymm, side left, lower triangle, row-major with leading
/// dimensions.
__attribute__((noinline)) void
symm_lower_linear(int m, int n, double alpha, const double *A, int lda,
                  const double *B, int ldb, double beta, double *C, int ldc) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k * ldc + j] += alpha * B[i * ldb + j] * A[i * lda + k];
        temp2 += B[k * ldb + j] * A[i * lda + k];
      }
      C[i * ldc + j] = beta * C[i * ldc + j] +
                       alpha * B[i * ldb + j] * A[i * lda + i] + alpha * temp2;
    }
}

/// The lower triangle on VLA parameters.
__attribute__((noinline)) void symm_lower_vla(int m, int n, double alpha,
                                              double A[m][m], double B[m][n],
                                              double beta, double C[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double temp2 = 0;
      for (int k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

/// The upper triangle: row i updates the rows below it, which it reaches
/// before their own iterations of i.
__attribute__((noinline)) void symm_upper_vla(int m, int n, float alpha,
                                              float A[m][m], float B[m][n],
                                              float beta, float C[m][n]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float temp2 = 0;
      for (int k = i + 1; k < m; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

/// Every row updated from each i, its own included: the updates of a row
/// come both before and after the statement that rescales it.
__attribute__((noinline)) void whole_rows(int m, int n, const float *A,
                                          const float *B, float *C) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float temp2 = 0;
      for (int k = 0; k < m; k++) {
        C[k * n + j] += B[i * n + j] * A[i * m + k];
        temp2 += B[k * n + j] * A[i * m + k];
      }
      C[i * n + j] = 0.5f * C[i * n + j] + temp2;
    }
}

static void test(int size) {
  int m = size, n = size + 5;
  int lda = m + 3, ldb = n + 2, ldc = n + 1;
  double *Ad = random_doubles((size_t)m * lda, 401);
  double *Bd = random_doubles((size_t)m * ldb, 402);
  double *Cd = random_doubles((size_t)m * ldc, 403);
  symm_lower_linear(m, n, 1.5, Ad, lda, Bd, ldb, -0.75, Cd, ldc);
  print_doubles("symm_lower_linear", Cd, (size_t)m * ldc);

  double *Ad2 = random_doubles((size_t)m * m, 407);
  double *Cd2 = random_doubles((size_t)m * n, 408);
  symm_lower_vla(m, n, 1.25, (double(*)[m])Ad2, (double(*)[n])Bd, 0.5,
                 (double(*)[n])Cd2);
  print_doubles("symm_lower_vla", Cd2, (size_t)m * n);

  float *A = random_floats((size_t)m * m, 404);
  float *B = random_floats((size_t)m * n, 405);
  float *C = random_floats((size_t)m * n, 406);
  symm_upper_vla(m, n, 0.5f, (float(*)[m])A, (float(*)[n])B, 2.0f,
                 (float(*)[n])C);
  print_floats("symm_upper_vla", C, (size_t)m * n);

  whole_rows(m, n, A, B, C);
  print_floats("whole_rows", C, (size_t)m * n);
}
