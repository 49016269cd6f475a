// A loop whose bound is loaded from memory (CSR sparse matrix-vector
// product) is not a SCoP: the missed remark says why, at the loop.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -g -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ANALYSIS --allow-empty

// CHECK: missed-data-dependent-bound.c:[[#@LINE+4]]:3: remark: loop nest in spmv is not a static control part: Failed to derive an affine function from the loop bounds. (line [[#@LINE+6]]) [-Rpass-missed=raise]
// ANALYSIS-NOT: remark
void spmv(int n, const int *rowptr, const int *col, const double *val,
          const double *x, double *y) {
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int p = rowptr[i]; p < rowptr[i + 1]; ++p)
      sum += val[p] * x[col[p]];
    y[i] = sum;
  }
}
