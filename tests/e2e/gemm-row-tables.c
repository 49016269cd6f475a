// Matrices as tables of row pointers (`float **`), as Numerical Recipes'
// matrix() and many C programs allocate them: one block, each row pointer
// at a fixed distance into it (here with padding, so the distance is not the
// row length), or rows allocated one by one. The nest is versioned: a copy
// reads evenly spaced rows in place, and rows at no fixed distance gathered
// into one block (copied back where written), and is raised, behind
// run-time checks that the tables hold evenly spaced rows or that no row the
// nest writes overlaps anything else it touches. Output rows that are rows of
// an input (evenly spaced or not), two output rows that are one, an output
// array holding a row of an input, and a product over zero columns (B no
// table at all) run the original loops; all must print what the build
// without the plugin prints.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 17
// RUN: %e2e-compare 67
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_rows raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_rows: 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not, behind a run-time check
// CHECK-DAG: remark: {{.*}}loop nest in gemm_flat_c raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_flat_c: 2 tables of row pointers read as evenly spaced rows, or gathered
// CHECK-DAG: remark: {{.*}}loop nest in gemm_from_one {{.*}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_from_one: 3 tables of row pointers read as evenly spaced rows, or gathered
// CHECK-DAG: remark: {{.*}}loop nest in dot_rows (where arg2 >= 1) raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}loop nest in dot_rows: 3 tables of row pointers

#include "Inputs/harness.h"

// i-k-j, C += A * B.
__attribute__((noinline)) void gemm_rows(int M, int N, int K, float **A,
                                         float **B, float **C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

// C one array, A and B tables.
__attribute__((noinline)) void gemm_flat_c(int M, int N, int K, float **A,
                                           float **B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[(long)i * N + j] += A[i][k] * B[k][j];
}

// Numerical Recipes' matrix(1, m, 1, n): rows and columns counted from 1,
// each row pointer one element before its row, C accumulated in place.
__attribute__((noinline)) void gemm_from_one(int M, int N, int K, float **A,
                                             float **B, float **C) {
  for (int i = 1; i <= M; ++i)
    for (int j = 1; j <= N; ++j)
      for (int k = 1; k <= K; ++k)
        C[i][j] = C[i][j] + A[i][k] * B[k][j];
}

// i-j-k with a local sum, C = A * B^T, doubles.
__attribute__((noinline)) void dot_rows(int M, int N, int K, double **A,
                                        double **B, double **C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k)
        s += A[i][k] * B[j][k];
      C[i][j] = s;
    }
}

// A table whose rows are one block, `ld` elements apart.
HARNESS float **even_rows(int rows, int cols, int ld, uint64_t seed) {
  float *block = random_floats((size_t)rows * ld + cols, seed);
  float **t = (float **)allocate(rows ? rows : 1, sizeof *t);
  for (int r = 0; r < rows; ++r)
    t[r] = block + (size_t)r * ld;
  return t;
}

// A table whose rows are allocated one by one (and in reverse order).
HARNESS float **scattered_rows(int rows, int cols, uint64_t seed) {
  float **t = (float **)allocate(rows ? rows : 1, sizeof *t);
  for (int r = rows - 1; r >= 0; --r)
    t[r] = random_floats(cols, seed + r);
  return t;
}

// scattered_rows, indexed from 1 in both dimensions.
HARNESS float **rows_from_one(int rows, int cols, uint64_t seed) {
  float **t = scattered_rows(rows, cols, seed);
  for (int r = 0; r < rows; ++r)
    t[r] -= 1;
  return t - 1;
}

HARNESS double **even_rows_d(int rows, int cols, int ld, uint64_t seed) {
  double *block = random_doubles((size_t)rows * ld + cols, seed);
  double **t = (double **)allocate(rows ? rows : 1, sizeof *t);
  for (int r = 0; r < rows; ++r)
    t[r] = block + (size_t)r * ld;
  return t;
}

HARNESS void print_rows(const char *name, float **t, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    print_floats(name, t[r], cols);
}

HARNESS void print_rows_d(const char *name, double **t, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    print_doubles(name, t[r], cols);
}

static void test(int n) {
  int M = n + 1, N = n + 3, K = n + 2;
  // Evenly spaced rows: the raised copy.
  float **A = even_rows(M, K, K + 5, 1), **B = even_rows(K, N, N + 1, 2),
        **C = even_rows(M, N, N + 9, 3);
  gemm_rows(M, N, K, A, B, C);
  print_rows("C", C, M, N);
  // Scattered rows: gathered.
  float **S = scattered_rows(K, N, 4);
  gemm_rows(M, N, K, A, S, C);
  print_rows("C scattered", C, M, N);
  // C's rows are A's: the output overlaps an input (the alias check fails).
  gemm_rows(M, K < N ? K : N, K, A, B, A);
  print_rows("A overlapped", A, M, K);
  // The same with scattered rows (the gathering plan finds the overlap).
  float **SA = scattered_rows(M, K, 8);
  gemm_rows(M, K < N ? K : N, K, SA, S, SA);
  print_rows("SA overlapped", SA, M, K);
  // Two rows of C are one.
  float **SC = scattered_rows(M, N, 9);
  SC[M - 1] = SC[M / 2];
  gemm_rows(M, N, K, SA, S, SC);
  print_rows("SC twice", SC, M, N);
  // C one array: gathered A and B; then a row of A inside C.
  float *F = random_floats((size_t)M * N, 10);
  gemm_flat_c(M, N, K, SA, S, F);
  print_floats("F", F, (size_t)M * N);
  SA[M / 2] = F + 1;
  gemm_flat_c(M, N, K, SA, S, F);
  print_floats("F overlapped", F, (size_t)M * N);
  // No columns: B is never read, and may be no table at all.
  gemm_rows(M, 0, K, A, NULL, C);
  print_rows("C empty", C, M, N);

  // Counted from 1, scattered: gathered from column 1.
  float **P = rows_from_one(M, K, 12), **Q = rows_from_one(K, N, 13),
        **R = rows_from_one(M, N, 14);
  gemm_from_one(M, N, K, P, Q, R);
  for (int r = 1; r <= M; ++r)
    print_floats("R", R[r] + 1, N);

  double **X = even_rows_d(M, K, K, 5), **Y = even_rows_d(N, K, K + 2, 6),
         **Z = even_rows_d(M, N, N, 7);
  dot_rows(M, N, K, X, Y, Z);
  print_rows_d("Z", Z, M, N);
  dot_rows(M, N, 0, X, Y, Z);
  print_rows_d("Z empty", Z, M, N);
}
