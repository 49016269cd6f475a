// The index of a loop around the region, as a bound of a loop in it: the
// modified Gram-Schmidt of PolyBench, whose k loop is no SCoP (its sqrt is
// a library call that may set errno), so that the SCoP inside runs its
// j loop from k + 1 with k a parameter. SCEV gives that start as the
// induction {1,+,1} of the loop outside; Polly's parameter is k itself,
// {0,+,1}, and the importer splits the start the same way (1 + k), where it
// failed with "induction expression not expressible here".
//
// RUN: %clang -O3 -march=x86-64-v4 -fpass-plugin=%plugin -mllvm -raise-dump=affine -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-NOT: not expressible
// CHECK-LABEL: func.func @gram_schmidt.raise.{{[0-9]+}}(
// CHECK: affine.for %{{.*}} = 0 to #{{.*}}()[%{{.*}}, %{{.*}}] {
// CHECK: remark: SCoP in gram_schmidt translated to affine MLIR
// CHECK: remark: loop nest in gram_schmidt raised to linalg.fill (FILL1), i = ?; linalg.generic (MATVEC_T;
// CHECK: remark: SCoP in gram_schmidt spliced

#include <math.h>

void gram_schmidt(int m, int n, double A[m][n], double R[n][n],
                  double Q[m][n]) {
  for (int k = 0; k < n; k++) {
    double nrm = 0.0;
    for (int i = 0; i < m; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrt(nrm);
    for (int i = 0; i < m; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < n; j++) {
      R[k][j] = 0.0;
      for (int i = 0; i < m; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < m; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}
