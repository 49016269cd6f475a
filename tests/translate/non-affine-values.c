// Values Polly recomputes in a statement but that are no affine expression
// (PolyBench's initializations: i * j, and a remainder by a constant, which
// SCEV spells as an unsigned division) are computed with integer operations
// of their own width, so the region translates and gives the same bits.
// Before, the SCoP was not translated ("integer expression ... is not
// affine"), and with it every product in the same function.
//
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-dump=affine -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.plain
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.raise
// RUN: %t.plain > %t.plain.out
// RUN: %t.raise > %t.raise.out
// RUN: cmp %t.plain.out %t.raise.out

// CHECK-NOT: not translated
// CHECK-LABEL: func.func @init_const.raise.0(
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[J:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: %[[IJ:.*]] = arith.muli %[[I]], %[[J]] : i32
// CHECK: %[[SUM:.*]] = arith.addi %{{.*}}, %[[IJ]] : i32
// CHECK: arith.divui %[[SUM]], %{{.*}} : i32
// CHECK-LABEL: func.func @init_param.raise.0(
// CHECK: arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: arith.divui %{{.*}}, %{{.*}} : i32

#include <stdio.h>

#define N 37

static double A[N][N + 3], B[50][60];

__attribute__((noinline)) void init_const(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N + 3; j++)
      A[i][j] = (double)((i * j + 1) % N) / N;
}

// With a run-time size too: SCEV spells the remainder x - (x /u m) * m.
__attribute__((noinline)) void init_param(int n, int m) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = (double)((i * j + 2) % m) / m;
}

int main(void) {
  init_const();
  init_param(50, 60);
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N + 3; j++)
      s = s * 0.75 + A[i][j];
  for (int i = 0; i < 50; i++)
    for (int j = 0; j < 60; j++)
      s = s * 0.75 + B[i][j];
  printf("%a\n", s);
  return 0;
}
