// Polybench's gemm: C = alpha * A * B + beta * C, float, fixed-size 2-D
// arrays with run-time bounds; C *= beta is a prologue inside the i loop,
// before the k-j product.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// C *= beta is raised as its own operation, then the product.
// CHECK: remark: {{.*}}loop nest in kernel_gemm {{(\(where .*\) )?}}raised to linalg.generic (SCALE2)
// CHECK: remark: {{.*}}loop nest in kernel_gemm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in kernel_gemm spliced as

#include "Inputs/harness.h"

#define NI 220
#define NJ 230
#define NK 240

__attribute__((noinline)) void kernel_gemm(int ni, int nj, int nk,
                                           float alpha, float beta,
                                           float C[NI][NJ], float A[NI][NK],
                                           float B[NK][NJ]) {
  int i, j, k;
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}

static void test(int n) {
  int ni = n, nj = n + 7, nk = n + 13;
  require_size(ni, NI), require_size(nj, NJ), require_size(nk, NK);
  float(*C)[NJ] = (float(*)[NJ])random_floats(NI * NJ, 51);
  float(*A)[NK] = (float(*)[NK])random_floats(NI * NK, 52);
  float(*B)[NJ] = (float(*)[NJ])random_floats(NK * NJ, 53);
  kernel_gemm(ni, nj, nk, 1.5f, -0.25f, C, A, B);
  print_floats("C", &C[0][0], NI * NJ);
}
