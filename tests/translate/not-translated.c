// A SCoP whose value is used after the region cannot be spliced yet: the
// missed remark says which value, and the code stays as it is.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -mllvm -raise-roundtrip -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: not-translated.c:[[#@LINE+4]]:3: remark: SCoP in scale_last not translated: a value computed in the region is used after it
// CHECK-NOT: spliced
double scale_last(int n, int m, double A[][64], double B[][64]) {
  double x = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      x = 2 * A[i][j];
      B[i][j] = x;
    }
  return x;
}
