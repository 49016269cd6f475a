// Covariance, correlation and Gram matrices: the product over the upper
// triangle, then a symmetric copy into the lower one. PolyBench's covariance
// and correlation (fixed-size
// arrays, run-time bounds; LLVM counts cov[i][j] for j from i as
// cov[1201*i + j'], which the second guess of the delinearizer shapes back
// into [?][M]), and a linearized float Gram matrix. The copy meets the
// product's elements only on the diagonal, so the product is raised; over a
// whole square it would not be, and stays loops.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 41
// RUN: %e2e-compare 100
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in kernel_covariance {{.*}}raised to linalg.generic (GEMM_TA; over the triangle j >= i)
// CHECK-DAG: remark: {{.*}}loop nest in kernel_correlation {{.*}}raised to linalg.generic (GEMM_TA; over the triangle j >= i)
// CHECK-DAG: remark: {{.*}}loop nest in gram_upper {{.*}}raised to linalg.generic (GEMM_TA; over the triangle j >= i)
// CHECK-DAG: remark: {{.*}}loop nest in gram_square {{.*}}not raised: the statements of the nest cannot be separated
// CHECK-NOT: remark: {{.*}}in gram_square {{.*}}raised to

#include "Inputs/harness.h"

/// A square root (Newton's iteration) as a call the optimizer keeps, as it
/// keeps libm's `sqrt` where that may set errno; no libm to link.
HARNESS double root(double x) {
  double r = x > 1.0 ? x : 1.0;
  for (int i = 0; i < 64 && x > 0.0; ++i)
    r = 0.5 * (r + x / r);
  return x > 0.0 ? r : 0.0;
}

#define M 100
#define N 110

__attribute__((noinline)) void kernel_covariance(int m, int n, double float_n,
                                                 double data[N][M],
                                                 double cov[M][M],
                                                 double mean[M]) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float_n - 1.0);
      cov[j][i] = cov[i][j];
    }
}

/// PolyBench's correlation: the strict upper triangle and its copy below
/// (which never meet); the standard deviations' square root is a call that
/// keeps its nest out of the SCoP of the product, as libm's `sqrt` does.
__attribute__((noinline)) void kernel_correlation(int m, int n, double float_n,
                                                  double data[N][M],
                                                  double corr[M][M],
                                                  double mean[M],
                                                  double stddev[M]) {
  double eps = 0.1;
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = root(stddev[j]);
    stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
  }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= root(float_n) * stddev[j];
    }
  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}

/// G = X^T X, upper triangle then mirrored, float, linearized.
__attribute__((noinline)) void gram_upper(int n, int k, const float *X,
                                          float *G) {
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) {
      G[i * n + j] = 0.0f;
      for (int p = 0; p < k; p++)
        G[i * n + j] += X[p * n + i] * X[p * n + j];
      G[j * n + i] = G[i * n + j];
    }
}

/// The same over the whole square: each copy overwrites an element a later
/// iteration accumulates into.
__attribute__((noinline)) void gram_square(int n, int k, const float *X,
                                           float *G) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      for (int p = 0; p < k; p++)
        G[i * n + j] += X[p * n + i] * X[p * n + j];
      G[j * n + i] = G[i * n + j];
    }
}

static void test(int size) {
  int m = size < M ? size : M, n = size + 10 < N ? size + 10 : N;
  double(*data)[M] = (double(*)[M])random_doubles((size_t)N * M, 41);
  double(*cov)[M] = (double(*)[M])random_doubles((size_t)M * M, 42);
  double *mean = random_doubles(M, 43);
  kernel_covariance(m, n, (double)n, data, cov, mean);
  print_doubles("cov", &cov[0][0], (size_t)M * M);
  print_doubles("data", &data[0][0], (size_t)N * M);

  double *stddev = random_doubles(M, 46);
  kernel_correlation(m, n, (double)n, data, cov, mean, stddev);
  print_doubles("corr", &cov[0][0], (size_t)M * M);

  int k = size + 3;
  float *X = random_floats((size_t)k * size, 44);
  float *G = random_floats((size_t)size * size, 45);
  gram_upper(size, k, X, G);
  print_floats("gram_upper", G, (size_t)size * size);
  gram_square(size, k, X, G);
  print_floats("gram_square", G, (size_t)size * size);
}
