// Rank-2k updates: two products of one shape summed before they are added
// to C (C += alpha A B^T + alpha B A^T, each element's two terms added as
// the source adds them). PolyBench's syr2k (lower triangle, fixed-size
// arrays, run-time bounds, scaled products), the upper triangle of a
// linearized float C, and the whole square; each is one linalg.generic
// with four inputs, lowered with a panel per input. A sum whose terms take
// their operands from different loops (not two products of one shape)
// stays loops.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 45
// RUN: %e2e-compare 120
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in kernel_syr2k {{.*}}raised to linalg.generic (SYR2K; over the triangle j <= i; scaled by a loop invariant)
// CHECK-DAG: remark: {{.*}}loop nest in syr2k_upper {{.*}}raised to linalg.generic (SYR2K; over the triangle j >= i)
// CHECK-DAG: remark: {{.*}}loop nest in syr2k_square {{.*}}raised to linalg.generic (SYR2K)
// CHECK-DAG: remark: {{.*}}loop nest in mixed_terms {{.*}}not raised
// CHECK-NOT: remark: {{.*}}in mixed_terms {{.*}}raised to

#include "Inputs/harness.h"

#define N 120
#define M 130

__attribute__((noinline)) void kernel_syr2k(int n, int m, double alpha,
                                            double beta, double C[N][N],
                                            double A[N][M], double B[N][M]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}

__attribute__((noinline)) void syr2k_upper(int n, int k, const float *A,
                                           const float *B, float *C) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      for (int p = 0; p < k; p++)
        C[i * n + j] += A[i * k + p] * B[j * k + p] + B[i * k + p] * A[j * k + p];
}

__attribute__((noinline)) void syr2k_square(int n, int k, const float *A,
                                            const float *B, float *C) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < k; p++)
      for (int j = 0; j < n; j++)
        C[i * n + j] += A[j * k + p] * B[i * k + p] + B[j * k + p] * A[i * k + p];
}

/// The second term reads A at (i, j): no product of the same shape.
__attribute__((noinline)) void mixed_terms(int n, int k, const float *A,
                                           const float *B, float *C) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int p = 0; p < k; p++)
        C[i * n + j] += A[j * k + p] * B[i * k + p] + B[j * k + p] * A[i * k + j];
}

static void test(int size) {
  int n = size, m = size + 10 < M ? size + 10 : M;
  double(*C)[N] = (double(*)[N])random_doubles((size_t)N * N, 51);
  double(*A)[M] = (double(*)[M])random_doubles((size_t)N * M, 52);
  double(*B)[M] = (double(*)[M])random_doubles((size_t)N * M, 53);
  kernel_syr2k(n, m, 1.5, 1.2, C, A, B);
  print_doubles("kernel_syr2k", &C[0][0], (size_t)N * N);

  int k = size + 7;
  float *Af = random_floats((size_t)n * k, 54);
  float *Bf = random_floats((size_t)n * k, 55);
  float *Cf = random_floats((size_t)n * n, 56);
  syr2k_upper(n, k, Af, Bf, Cf);
  print_floats("syr2k_upper", Cf, (size_t)n * n);
  syr2k_square(n, k, Af, Bf, Cf);
  print_floats("syr2k_square", Cf, (size_t)n * n);
  mixed_terms(n, k, Af, Bf, Cf);
  print_floats("mixed_terms", Cf, (size_t)n * n);
}
