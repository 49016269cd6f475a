// -raise-row-tables (on by default): a nest that reads its matrices through
// tables of row pointers is versioned; the copy computes evenly spaced rows
// and is raised; a run-time check reads each table and takes the original
// loops where its rows are not evenly spaced. The version report counts
// both checks: evenly spaced rows run the raised code, scattered rows and
// rows of C overlapping rows of A run the original loops, and a line of its
// own says how often the rows were the reason.
//
// RUN: %clang -O3 %run-march -g -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise -mllvm -raise-report-versions %s -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNS
//
// The arrays are the rows of each table, the distance between them a size.
// REMARKS-DAG: remark: {{.*}}SCoP in gemm: loop depth 3, 1 statement, arrays rows of A: float[?][row distance of A], rows of B: float[?][row distance of B], rows of C: float[?][row distance of C]
// REMARKS-DAG: remark: {{.*}}loop nest in gemm raised to linalg.generic (GEMM;
// REMARKS-DAG: remark: {{.*}}loop nest in gemm: 3 tables of row pointers read as evenly spaced rows, behind a run-time check that they hold them
//
// A nest that stores into a table, or reads a row only on some iterations,
// is not versioned.
// REMARKS-DAG: remark: {{.*}}loop nest in gemm_writes_table is not a static control part
// REMARKS-DAG: remark: {{.*}}loop nest in gemm_some_rows is not a static control part
// REMARKS-NOT: gemm_writes_table: {{.*}}tables of row pointers
// REMARKS-NOT: gemm_some_rows: {{.*}}tables of row pointers
//
// RUNS: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): raised code ran 1 times, original loops 2 times
// RUNS-NEXT: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): 1 of those runs of the original loops because the rows of a table are not evenly spaced
// RUNS-NOT: raise:
//
// With the option off, nothing is versioned or raised.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -mllvm -raise-row-tables=false -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// OFF-NOT: remark

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void gemm(int M, int N, int K, float **A, float **B,
                                    float **C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

__attribute__((noinline)) void gemm_writes_table(int M, int N, int K,
                                                 float **A, float **B,
                                                 float **C, float *spare) {
  for (int i = 0; i < M; ++i) {
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i][j] += A[i][k] * B[k][j];
    C[i] = spare;
  }
}

__attribute__((noinline)) void gemm_some_rows(int M, int N, int K, float **A,
                                              float **B, float **C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      if (k % 2)
        for (int j = 0; j < N; ++j)
          C[i][j] += A[i][k] * B[k][j];
}

// Rows in one block, ld apart; or, without a block, allocated one by one in
// reverse order (consecutive allocations may well be evenly spaced).
static float **rows(int n, int ld, float *block) {
  float **t = malloc(n * sizeof *t);
  for (int r = n - 1; r >= 0; --r)
    t[r] = block ? block + r * ld : calloc(ld, sizeof(float));
  return t;
}

int main(void) {
  enum { n = 24 };
  float *a = calloc(n * (n + 1), sizeof(float));
  float *b = calloc(n * n, sizeof(float));
  float *c = calloc(n * n, sizeof(float));
  float **A = rows(n, n + 1, a), **B = rows(n, n, b), **C = rows(n, n, c);
  gemm(n, n, n, A, B, C);                  // evenly spaced: raised
  gemm(n, n, n, A, rows(n, n, NULL), C);   // scattered: original loops
  gemm(n, n, n, A, B, rows(n, n + 1, a));  // C's rows are A's: original
  gemm_writes_table(n, n, n, A, B, C, c);
  gemm_some_rows(n, n, n, A, B, C);
  printf("%g\n", C[0][0]);
  return 0;
}
