// A program as PolyBench builds it without its timer: the initialization
// and the kernel inlined into one function, one region for Polly. The
// initialization computes (i * j + 1) % n, no affine expression, and has no
// loads; Polly's profitability heuristic rejects such regions, and before
// raise ran its own detection without it and computed such values with
// integer operations, neither product here was raised.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 67 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNS
// CHECK-DAG: remark: {{.*}}loop nest in {{(main|test)}} raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in {{(main|test)}} raised to {{.*}}linalg.generic (GEMM_TB; over the triangle j <= i
// CHECK-DAG: remark: {{.*}}SCoP in {{(main|test)}} spliced as
// RUNS: raise: {{(main|test)}}{{.*}}: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

#define N 140

static float A[N][N], B[N][N], C[N][N], S[N][N];

static inline void init(int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      A[i][j] = (float)((i * j + 1) % n) / n;
      B[i][j] = (float)((i * j + 2) % n) / n;
      C[i][j] = (float)((i + j) % n) / n;
      S[i][j] = (float)((i * j + 3) % n) / n;
    }
}

static inline void kernels(int n, float alpha, float beta) {
  // PolyBench's gemm.
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < n; j++)
      C[i][j] *= beta;
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += alpha * A[i][k] * B[k][j];
  }
  // PolyBench's syrk.
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      S[i][j] *= beta;
    for (int k = 0; k < n; k++)
      for (int j = 0; j <= i; j++)
        S[i][j] += alpha * A[i][k] * A[j][k];
  }
}

static void test(int n) {
  require_size(n, N);
  init(n);
  kernels(n, 1.5f, 1.25f);
  print_floats("C", &C[0][0], N * N);
  print_floats("S", &S[0][0], N * N);
}
