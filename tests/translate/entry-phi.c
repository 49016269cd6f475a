// Regression test (found by tests/fuzz, seed 8): a value carried around the
// region's loops starts with what it held before the region. The translated
// function must store that initial value first, as Polly's own code
// generator does, or the roundtrip computes from garbage.
//
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-roundtrip -mllvm -raise-dump=affine -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 %s -o %t.plain
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.raise
// RUN: %t.plain > %t.plain.out
// RUN: %t.raise > %t.raise.out
// RUN: cmp %t.plain.out %t.raise.out

// CHECK-LABEL: func.func @fill.raise.0(
// CHECK-SAME: %[[SEED:[a-z0-9]+]]: i64)
// CHECK: %[[STATE:.*]] = memref.alloca() : memref<i64>
// CHECK: affine.store %[[SEED]], %[[STATE]][] : memref<i64>
// CHECK: affine.for

#include <stdint.h>
#include <stdio.h>

static double store[3][1640];

__attribute__((noinline)) void fill(uint64_t s) {
  for (int a = 0; a < 3; ++a)
    for (int e = 0; e < 1640; ++e) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      store[a][e] = (double)((int64_t)(s >> 40) % 17 - 8) / 4.0;
    }
}

int main(void) {
  fill(8);
  double sum = 0;
  for (int a = 0; a < 3; ++a)
    for (int e = 0; e < 1640; ++e)
      sum = sum * 0.5 + store[a][e];
  printf("%a\n", sum);
  return 0;
}
