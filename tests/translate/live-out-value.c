// A value computed in a SCoP and used after it (the last x) is an argument of
// the translated function, a 0-d memref the statements write; the splice
// reads it back after the call. Raising the nest keeps the stores to it.
//
// RUN: %clang -O3 -g -fpass-plugin=%plugin -mllvm -raise-roundtrip -Rpass=raise -Rpass-missed=raise -mllvm -raise-dump=affine -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: func.func @scale_last.raise.0(
// CHECK-SAME: %[[X:arg[0-9]+]]: memref<f64>
// CHECK: affine.store %[[V:[0-9]+]], %arg{{[0-9]+}}[%{{.*}}, %{{.*}}] : memref<?x64xf64>
// CHECK-NEXT: affine.store %[[V]], %[[X]][] : memref<f64>
// CHECK: live-out-value.c:[[#@LINE+5]]:3: remark: loop nest in scale_last raised to
// CHECK: live-out-value.c:[[#@LINE+4]]:3: remark: SCoP in scale_last spliced
// CHECK-NOT: not translated
double scale_last(int n, int m, double A[][64], double B[][64]) {
  double x = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      x = 2 * A[i][j];
      B[i][j] = x;
    }
  return x;
}
