// Polybench's gemm: fixed-size 2-D arrays, run-time bounds and a C *= beta
// prologue inside the i loop.
//
// LLVM 22 lowers fixed-size arrays to byte-offset GEPs, which Polly leaves
// one-dimensional (and the memset that zero-initializes a row makes i8);
// delinearize/ gives them back their C shapes and element types.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s

#define NI 1000
#define NJ 1100
#define NK 1200

// CHECK: polybench-gemm.c:[[#@LINE+6]]:3: remark: SCoP in kernel_gemm: loop depth 3, 3 statements, arrays C: float[?][1100], A: float[?][1200], B: float[?][1100]
// CHECK: polybench-gemm.c:[[#@LINE+5]]:3: remark: SCoP in kernel_gemm translated to affine MLIR
// CHECK-NOT: remark
void kernel_gemm(int ni, int nj, int nk, float alpha, float beta,
                 float C[NI][NJ], float A[NI][NK], float B[NK][NJ]) {
  int i, j, k;
  for (i = 0; i < ni; i++) {
    for (j = 0; j < nj; j++)
      C[i][j] *= beta;
    for (k = 0; k < nk; k++)
      for (j = 0; j < nj; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
}
