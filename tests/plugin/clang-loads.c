// The plugin loads into clang-22 at every optimization level and the program
// it builds runs; at -O0 and -O1 the pass is not in the pipeline.
//
// RUN: %clang -O0 -fpass-plugin=%plugin -Rpass-analysis=raise %s -o %t.O0 2>&1 | count 0
// RUN: %clang -O1 -fpass-plugin=%plugin -Rpass-analysis=raise %s -o %t.O1 2>&1 | count 0
// RUN: %clang -O2 -fpass-plugin=%plugin -Rpass-analysis=raise %s -o %t.O2 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%plugin -Rpass-analysis=raise %s -o %t.O3 2>&1 | FileCheck %s
// RUN: %t.O0 && %t.O1 && %t.O2 && %t.O3

// CHECK: remark: SCoP in scale_rows: loop depth 2
// CHECK: remark: SCoP in scale_rows translated to affine MLIR
// CHECK-NOT: remark: SCoP in scale_rows

#include <stdlib.h>

__attribute__((noinline)) void scale_rows(int n, int m, const float *s,
                                          float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      a[i * m + j] *= s[i];
}

int main(void) {
  float s[8], a[8 * 8];
  for (int i = 0; i < 8; ++i)
    s[i] = i;
  for (int i = 0; i < 8 * 8; ++i)
    a[i] = 1;
  scale_rows(8, 8, s, a);
  return a[3 * 8 + 5] == 3 ? EXIT_SUCCESS : EXIT_FAILURE;
}
