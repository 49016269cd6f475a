// Polybench's 3mm: G = (A * B) * (C * D) as three matrix products, each
// zero-initializing its output; float, fixed-size 2-D arrays with run-time
// bounds. The third product reads what the first two wrote.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 180
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in kernel_3mm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}loop nest in kernel_3mm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}loop nest in kernel_3mm {{(\(where .*\) )?}}raised to {{.*}}linalg.generic (GEMM;

#include "Inputs/harness.h"

#define NI 190
#define NJ 192
#define NK 194
#define NL 196
#define NM 198

__attribute__((noinline)) void
kernel_3mm(int ni, int nj, int nk, int nl, int nm, float E[NI][NJ],
           float A[NI][NK], float B[NK][NJ], float F[NJ][NL], float C[NJ][NM],
           float D[NM][NL], float G[NI][NL]) {
  int i, j, k;
  for (i = 0; i < ni; i++)
    for (j = 0; j < nj; j++) {
      E[i][j] = 0.0f;
      for (k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
  for (i = 0; i < nj; i++)
    for (j = 0; j < nl; j++) {
      F[i][j] = 0.0f;
      for (k = 0; k < nm; ++k)
        F[i][j] += C[i][k] * D[k][j];
    }
  for (i = 0; i < ni; i++)
    for (j = 0; j < nl; j++) {
      G[i][j] = 0.0f;
      for (k = 0; k < nj; ++k)
        G[i][j] += E[i][k] * F[k][j];
    }
}

static void test(int n) {
  int ni = n, nj = n + 2, nk = n + 5, nl = n - 1, nm = n + 11;
  require_size(nj, NJ), require_size(nk, NK), require_size(nm, NM);
  float(*E)[NJ] = (float(*)[NJ])random_floats(NI * NJ, 71);
  float(*A)[NK] = (float(*)[NK])random_floats(NI * NK, 72);
  float(*B)[NJ] = (float(*)[NJ])random_floats(NK * NJ, 73);
  float(*F)[NL] = (float(*)[NL])random_floats(NJ * NL, 74);
  float(*C)[NM] = (float(*)[NM])random_floats(NJ * NM, 75);
  float(*D)[NL] = (float(*)[NL])random_floats(NM * NL, 76);
  float(*G)[NL] = (float(*)[NL])random_floats(NI * NL, 77);
  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  print_floats("E", &E[0][0], NI * NJ);
  print_floats("F", &F[0][0], NJ * NL);
  print_floats("G", &G[0][0], NI * NL);
}
