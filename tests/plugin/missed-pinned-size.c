// A nest whose accesses stay in their arrays only where a size has one value
// (diag1 reads A[0][i + j], inside its row of m only if n = 1) would run the
// raised code hardly ever: Polly's run-time check pins n, also in its
// precise in-bounds model, and the region is left alone with a remark that
// names the size. A nest whose check bounds a size without fixing it
// (in_rows: A[i][j + 1] for j < m - 1) is raised.
//
// RUN: %clang -O3 -g -march=x86-64-v4 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: missed-pinned-size.c:[[#@LINE+3]]:3: remark: SCoP in diag1 not translated: its run-time check holds only where n = 1, so the raised code would hardly ever run [-Rpass-missed=raise]
// CHECK-NOT: spliced as diag1
void diag1(int n, int m, float A[n][m], float *y, const float *x) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      y[i] += A[i][j] * x[j] + A[0][i + j];
}

// CHECK: missed-pinned-size.c:[[#@LINE+3]]:3: remark: loop nest in in_rows raised to
// CHECK: remark: SCoP in in_rows spliced as in_rows.raise.0
void in_rows(int n, int m, float A[n][m], float *y, const float *x) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j + 1 < m; ++j)
      y[i] += A[i][j + 1] * x[j];
}
