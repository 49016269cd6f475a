// -raise-row-tables (on by default): a nest that reads its matrices through
// tables of row pointers is versioned; the copy computes evenly spaced rows
// and is raised; a run-time check reads each table. Where the rows are not
// evenly spaced, the copy gathers them into one block (-raise-gather-rows, on
// by default) behind a second check that no row the nest writes overlaps
// anything else it touches, and copies the rows it writes back. The version
// report counts both checks: evenly spaced and scattered rows run the raised
// code (rows only read may be shared: A's rows B's); rows of C that are rows
// of A run the original loops, evenly spaced (the alias check of the SCoP)
// or not (the plan of the gathering), and a line of its own says how often
// the rows were the reason.
//
// RUN: %clang -O3 %run-march -g -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -Rpass-analysis=raise -mllvm -raise-report-versions %s -o %t 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARKS < %t.remarks
// RUN: %t 2>&1 >/dev/null | FileCheck %s --check-prefix=RUNS
//
// The arrays are the rows of each table, the distance between them a size.
// REMARKS-DAG: remark: {{.*}}SCoP in gemm: loop depth 3, 1 statement, arrays rows of A: float[?][row distance of A], rows of B: float[?][row distance of B], rows of C: float[?][row distance of C]
// REMARKS-DAG: remark: {{.*}}loop nest in gemm raised to linalg.generic (GEMM;
// REMARKS-DAG: remark: {{.*}}loop nest in gemm: 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not, behind a run-time check that they hold them, or that no row the nest writes overlaps another it touches
//
// A matrix-vector product streams its matrix once: its rows are read in
// place where evenly spaced, never copied.
// REMARKS-DAG: remark: {{.*}}loop nest in matvec raised to
// REMARKS-DAG: remark: {{.*}}loop nest in matvec: 1 table of row pointers read as evenly spaced rows, behind a run-time check that it holds them
//
// A nest that stores into a table, or reads a row only on some iterations,
// is not versioned.
// REMARKS-DAG: remark: {{.*}}loop nest in gemm_writes_table {{.*}}is not a static control part
// REMARKS-DAG: remark: {{.*}}loop nest in gemm_some_rows {{.*}}is not a static control part
// REMARKS-NOT: gemm_writes_table: {{.*}}tables of row pointers
// REMARKS-NOT: gemm_some_rows: {{.*}}tables of row pointers
//
// RUNS: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): raised code ran 3 times, original loops 2 times
// RUNS-NEXT: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): 1 of those runs of the original loops because the rows of a table are not evenly spaced and a row the nest writes overlaps another it touches
// RUNS-NEXT: raise: matvec ({{.*}}row-tables.c:{{[0-9]+}}): raised code ran 1 times, original loops 1 times
// RUNS-NEXT: raise: matvec ({{.*}}row-tables.c:{{[0-9]+}}): 1 of those runs of the original loops because the rows of a table are not evenly spaced
// RUNS-NOT: raise:
//
// The block comes from the buffer cache generated code allocates from (it
// keeps the block for the next call), the rows written go back at the exit.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}}void @gemm(
// IR: call ptr @raise.rows.plan(
// IR: call void @raise.rows.gather(
// IR: call void @raise.rows.scatter(
// IR-LABEL: define internal ptr @raise.rows.plan(
// IR: call ptr @raise.alloc.v2(i64 64,
// IR: call void @qsort(
// IR-LABEL: define linkonce_odr hidden ptr @raise.alloc.v2(
//
// Without gathering, scattered rows run the original loops.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -Rpass=raise -mllvm -raise-gather-rows=false -mllvm -raise-report-versions %s -o %t.nogather 2>&1 | FileCheck %s --check-prefix=NOGATHER
// RUN: %t.nogather 2>&1 >/dev/null | FileCheck %s --check-prefix=NOGATHER-RUNS
// NOGATHER: remark: {{.*}}loop nest in gemm: 3 tables of row pointers read as evenly spaced rows, behind a run-time check that they hold them
// NOGATHER-RUNS: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): raised code ran 1 times, original loops 4 times
// NOGATHER-RUNS-NEXT: raise: gemm ({{.*}}row-tables.c:{{[0-9]+}}): 3 of those runs of the original loops because the rows of a table are not evenly spaced (or a store
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

__attribute__((noinline)) void matvec(int M, int N, float **A, float *x,
                                      float *y) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      y[i] += A[i][j] * x[j];
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
  enum { n = 40 };
  float *a = calloc(n * (n + 1), sizeof(float));
  float *b = calloc(n * n, sizeof(float));
  float *c = calloc(n * n, sizeof(float));
  float **A = rows(n, n + 1, a), **B = rows(n, n, b), **C = rows(n, n, c);
  gemm(n, n, n, A, B, C);                  // evenly spaced: raised
  float **S = rows(n, n + 1, NULL);
  gemm(n, n, n, A, rows(n, n, NULL), C);   // scattered: gathered, raised
  gemm(n, n, n, A, B, rows(n, n + 1, a));  // C's rows are A's: original
  gemm(n, n, n, S, B, S);                  // the same, scattered: original
  gemm(n, n, n, S, S, rows(n, n, NULL));   // A's rows are B's: both only
                                           // read, gathered, raised
  matvec(n, n, A, a, c);                   // evenly spaced: raised
  matvec(n, n, S, a, c);                   // scattered: original loops
  gemm_writes_table(n, n, n, A, B, C, c);
  gemm_some_rows(n, n, n, A, B, C);
  printf("%g\n", C[0][0]);
  return 0;
}
