// Double-precision GEMM as the reference BLAS writes it, translated to C:
// column-major C := alpha * A * B + beta * C with index macros
// (A(i, l) = A[i + l*lda]), j outermost, C's column scaled by beta first and
// the i loop innermost. int sizes, no restrict.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// C *= beta is raised as its own operation, then the product (with
// temp = alpha * B(l, j) forwarded into its body).
// CHECK: remark: {{.*}}loop nest in dgemm_nn {{(\(where .*\) )?}}raised to linalg.generic (SCALE2)
// CHECK: remark: {{.*}}loop nest in dgemm_nn {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in dgemm_nn spliced as

#include "Inputs/harness.h"

#define A(i, j) A[(i) + (j) * lda]
#define B(i, j) B[(i) + (j) * ldb]
#define C(i, j) C[(i) + (j) * ldc]

__attribute__((noinline)) void dgemm_nn(int m, int n, int k, double alpha,
                                        const double *A, int lda,
                                        const double *B, int ldb, double beta,
                                        double *C, int ldc) {
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < m; ++i)
      C(i, j) = beta * C(i, j);
    for (int l = 0; l < k; ++l) {
      double temp = alpha * B(l, j);
      for (int i = 0; i < m; ++i)
        C(i, j) += temp * A(i, l);
    }
  }
}

static void test(int size) {
  int m = size + 3, n = size, k = size - 6;
  int lda = m + 2, ldb = k, ldc = m + 5;
  double *A = random_doubles((size_t)lda * k, 231);
  double *B = random_doubles((size_t)ldb * n, 232);
  double *C = random_doubles((size_t)ldc * n, 233);
  dgemm_nn(m, n, k, 1.5, A, lda, B, ldb, -0.5, C, ldc);
  print_doubles("C", C, (size_t)ldc * n);
}
