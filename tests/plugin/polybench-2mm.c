// Polybench's 2mm: D := alpha*A*B*C + beta*D through a temporary, two
// imperfect nests in one SCoP.
//
// LLVM 22 lowers fixed-size arrays to byte-offset GEPs, which Polly leaves
// one-dimensional (and the memset that zero-initializes a row makes i8);
// delinearize/ gives them back their C shapes and element types.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s

#define NI 800
#define NJ 900
#define NK 1100
#define NL 1200

// CHECK: polybench-2mm.c:[[#@LINE+7]]:3: remark: SCoP in kernel_2mm: loop depth 3, 7 statements, arrays tmp: double[?][900], A: double[?][1100], B: double[?][900], D: double[?][1200], C: double[?][1200]
// CHECK: polybench-2mm.c:[[#@LINE+6]]:3: remark: SCoP in kernel_2mm translated to affine MLIR
// CHECK-NOT: remark
void kernel_2mm(int ni, int nj, int nk, int nl, double alpha, double beta,
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
