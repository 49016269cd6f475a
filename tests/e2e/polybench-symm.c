// Polybench's symm: C = alpha * A * B + beta * C with A symmetric, only its
// lower triangle read, double, fixed-size arrays with run-time bounds.
// LLVM peels the first row (its k loop is empty), where A[i][i] is the
// same element for the whole row: Polly hoists that load out of the region,
// and the translation must leave it to the value the splice loads once (the
// roundtrip build checks it); A still takes its two-dimensional shape.
// The nest splits into its two products, in the order the dependences ask
// for: C[i][j] from its own sum `temp2` (k < i) first, then the updates
// `C[k][j] += alpha * B[i][j] * A[i][k]`, which only touch rows the first
// wrote in earlier iterations of i; each sums over a triangle (k < i, and
// i > k for the second, whose sum runs over the outer loop).
//
// RUN: %e2e-build
// RUN: %e2e-compare 41
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-NOT: not translated
// CHECK: remark: {{.*}}loop nest in kernel_symm {{(\(where .*\) )?}}raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar), i x j x k = arg0 - 1 x arg1 x arg0 - 1; linalg.generic (GEMM_TA; over the triangle i <= k - 1; scaled by a loop invariant)
// CHECK: remark: {{.*}}SCoP in kernel_symm spliced as
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 41 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: kernel_symm: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

#define M 140
#define N 150

__attribute__((noinline)) void kernel_symm(int m, int n, double alpha,
                                           double beta, double C[M][N],
                                           double A[M][M], double B[M][N]) {
  int i, j, k;
  double temp2;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      temp2 = 0;
      for (k = 0; k < i; k++) {
        C[k][j] += alpha * B[i][j] * A[i][k];
        temp2 += B[k][j] * A[i][k];
      }
      C[i][j] = beta * C[i][j] + alpha * B[i][j] * A[i][i] + alpha * temp2;
    }
}

static void test(int n) {
  int m = n, nn = n + 9;
  require_size(m, M), require_size(nn, N);
  double(*C)[N] = (double(*)[N])random_doubles(M * N, 61);
  double(*A)[M] = (double(*)[M])random_doubles(M * M, 62);
  double(*B)[N] = (double(*)[N])random_doubles(M * N, 63);
  kernel_symm(m, nn, 1.5, 1.2, C, A, B);
  print_doubles("C", &C[0][0], M * N);
}
