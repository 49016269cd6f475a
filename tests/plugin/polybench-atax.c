// Polybench's atax: y = A^T (A x), a matrix-vector product and a transposed
// one; 1-D and 2-D arrays in one SCoP.
//
// LLVM 22 lowers fixed-size arrays to byte-offset GEPs, which Polly leaves
// one-dimensional (and the memset that zero-initializes a row makes i8);
// delinearize/ gives them back their C shapes and element types.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s

#define M 1900
#define N 2100

// CHECK: polybench-atax.c:[[#@LINE+9]]:3: remark: SCoP in kernel_atax: loop depth 2
// CHECK-SAME: 5 statements, arrays y: double[?], tmp: double[?], A: double[?][2100], x: double[?]
// CHECK: polybench-atax.c:[[#@LINE+7]]:3: remark: SCoP in kernel_atax translated to affine MLIR
// CHECK-NOT: remark
void kernel_atax(int m, int n, double A[M][N], double x[N], double y[N],
                 double tmp[M]) {
  int i, j;
  for (i = 0; i < n; i++)
    y[i] = 0;
  for (i = 0; i < m; i++) {
    tmp[i] = 0.0;
    for (j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i][j] * x[j];
    for (j = 0; j < n; j++)
      y[j] = y[j] + A[i][j] * tmp[i];
  }
}
