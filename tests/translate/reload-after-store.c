// Regression test (found by tests/fuzz, seed 1009): B[i][j] is stored, then
// B[k][j] is loaded again in the same iteration; when k == i that load must
// see the store. A load-to-load forwarding that misses this (upstream's
// affine-scalrep did) changes the results.
//
// RUN: %clang -O3 %s -o %t.plain
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-roundtrip %s -o %t.raise
// RUN: %t.plain > %t.plain.out
// RUN: %t.raise > %t.raise.out
// RUN: cmp %t.plain.out %t.raise.out

#include <stdio.h>

#define N 40

__attribute__((noinline)) void kernel(int n, int m, long ld, double alpha,
                                      double *A, double *B) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < m; ++k) {
        B[(i + 4) * ld + (j + 4)] +=
            alpha * A[(i + 4) * ld + (k + 4)] * B[(k + 4) * ld + (j + 4)];
        B[(i + 4) * ld + (j + 4)] +=
            A[(i + 4) * ld + (k + 4)] * B[(k + 4) * ld + (j + 4)];
      }
}

int main(void) {
  static double A[N * N], B[N * N];
  for (int e = 0; e < N * N; ++e) {
    A[e] = (e % 7 - 3) / 4.0;
    B[e] = (e % 5 - 2) / 8.0;
  }
  kernel(9, 11, N, 1.5, A, B);
  for (int e = 0; e < N * N; ++e)
    printf("%a\n", B[e]);
  return 0;
}
