// Matrix product accumulated through a local scalar, double: per (i, j),
// sum += A[i][k] * B[k][j] over k, then C[i][j] = sum (C is only written).
// Fixed-size 2-D arrays with run-time bounds.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in matmul {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in matmul spliced as

#include "Inputs/harness.h"

#define NI 220
#define NJ 224
#define NK 228

__attribute__((noinline)) void matmul(int ni, int nj, int nk, double C[NI][NJ],
                                      double A[NI][NK], double B[NK][NJ]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      double sum = 0.0;
      for (int k = 0; k < nk; k++)
        sum += A[i][k] * B[k][j];
      C[i][j] = sum;
    }
}

static void test(int n) {
  int ni = n + 2, nj = n, nk = n + 15;
  require_size(ni, NI), require_size(nj, NJ), require_size(nk, NK);
  double(*C)[NJ] = (double(*)[NJ])random_doubles(NI * NJ, 271);
  double(*A)[NK] = (double(*)[NK])random_doubles(NI * NK, 272);
  double(*B)[NJ] = (double(*)[NJ])random_doubles(NK * NJ, 273);
  matmul(ni, nj, nk, C, A, B);
  print_doubles("C", &C[0][0], NI * NJ);
}
