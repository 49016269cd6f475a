// Loops written with goto: a GEMM whose three loops are all gotos (an
// ordinary nest once -O3 is done with it), a search that leaves a nest with a
// goto, and a loop entered in the middle (irreducible control flow).
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 75
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_goto raised to
// CHECK-DAG: remark: {{.*}}loop nest in find_below is not a static control part: Loop cannot be handled because it has multiple exits
// An irreducible loop is no loop to LoopInfo: nothing to report.
// CHECK-NOT: irreducible

#include "harness.h"

__attribute__((noinline)) void gemm_goto(int m, int n, int p, const float *A,
                                         const float *B, float *C) {
  int i = 0, j, k;
row:
  if (i >= m)
    return;
  j = 0;
column:
  if (j >= n) {
    ++i;
    goto row;
  }
  k = 0;
dot:
  if (k >= p) {
    ++j;
    goto column;
  }
  C[i * n + j] += A[i * p + k] * B[k * n + j];
  ++k;
  goto dot;
}

__attribute__((noinline)) int find_below(int m, int n, const float *A,
                                         float limit, int *at) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      if (A[i * n + j] < limit) {
        *at = i * n + j;
        goto found;
      }
  return 0;
found:
  return 1;
}

__attribute__((noinline)) void irreducible(int n, int start_inside, float *x) {
  int i = 0;
  if (start_inside)
    goto inside;
  while (i < n) {
    x[i] *= 2.0f;
  inside:
    x[i] += 1.0f;
    ++i;
  }
}

static void test(int n) {
  int m = n - 3, p = n + 5;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  gemm_goto(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);

  int at = -1;
  int found = find_below(m, p, A, -1.99f, &at);
  printf("found %d at %d\n", found, at);

  irreducible(n, n % 2, C);
  print_floats("C", C, (size_t)m * n);
}
