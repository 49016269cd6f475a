// Polybench's 2mm: D = alpha * A * B * C + beta * D through a temporary, two
// imperfectly nested matrix products in sequence; double, fixed-size 2-D
// arrays with run-time bounds.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 200
// The zero-initialization version LLVM makes for nk <= 0 stays a loop (its
// iteration space is not a box).
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_2mm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}loop nest in kernel_2mm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in kernel_2mm spliced as

#include "Inputs/harness.h"

#define NI 210
#define NJ 215
#define NK 220
#define NL 225

__attribute__((noinline)) void
kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
           double tmp[NI][NJ], double A[NI][NK], double B[NK][NJ],
           double C[NJ][NL], double D[NI][NL]) {
  int i, j, k;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      tmp[i][j] = 0.0;
      for (k = 0; k < nk; ++k)
        tmp[i][j] += alpha * A[i][k] * B[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      D[i][j] *= beta;
      for (k = 0; k < nj; ++k)
        D[i][j] += tmp[i][k] * C[k][j];
    }
}

static void test(int n) {
  int ni = n, nj = n + 3, nk = n + 9, nl = n + 1;
  require_size(nj, NJ), require_size(nk, NK), require_size(nl, NL);
  double(*tmp)[NJ] = (double(*)[NJ])random_doubles(NI * NJ, 61);
  double(*A)[NK] = (double(*)[NK])random_doubles(NI * NK, 62);
  double(*B)[NJ] = (double(*)[NJ])random_doubles(NK * NJ, 63);
  double(*C)[NL] = (double(*)[NL])random_doubles(NJ * NL, 64);
  double(*D)[NL] = (double(*)[NL])random_doubles(NI * NL, 65);
  kernel_2mm(ni, nj, nk, nl, 1.5, 1.2, tmp, A, B, C, D);
  print_doubles("tmp", &tmp[0][0], NI * NJ);
  print_doubles("D", &D[0][0], NI * NL);
}
