// OpenMP: loop nests in the bodies clang outlines for `#pragma omp parallel
// for`. The parallel loop runs over the thread's chunk, whose bounds the
// runtime's static schedule writes; the shared variables (sizes, array
// pointers) arrive by pointer and are made `noalias` parameters of the
// outlined function where the caller proves it, so that the nest over the
// chunk is raised and each thread runs raised code on its rows. Raised code
// inside an OpenMP region starts no threads of its own. Each thread writes
// its own rows, so the output does not depend on the schedule.
//
// REDEFINE: %{flags} = -fopenmp
// RUN: %corpus-build
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 16
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 64
// RUN: env OMP_NUM_THREADS=3 %corpus-compare 37
// RUN: env OMP_NUM_THREADS=1 %corpus-compare 37
// Each thread's rows are a product of their own, run as the source's loops
// below min-tuned-work (2^15 multiply-adds): at 108 every kernel's share,
// gemm_chunk_size's chunks of 3 rows included, runs the raised code.
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 108
// RUN: %corpus-remarks | FileCheck %s
// The raised code of the hand-tiled product runs, on each thread.
// RUN: %clang -O3 %run-march -fopenmp -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: env OMP_NUM_THREADS=2 %t.versions 72 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: matmul_tiled8.omp_outlined: raised code ran 2 times, original loops 0 times
// RAN-NEXT: raise: matmul_tiled8.omp_outlined: raised code ran 2 times, original loops 0 times
// RAN-NEXT: raise: matmul_forward.omp_outlined: raised code ran 2 times, original loops 0 times
//
// Sizes are named as the function with the pragma has them (n, p: its
// arguments 1 and 2), not as the outlined function receives them.
// CHECK-DAG: remark: {{.*}}loop nest in gemm_parallel.omp_outlined raised to linalg.generic (GEMM; {{.*}}), i x j x k = ? x arg1 x arg2
// CHECK-DAG: remark: {{.*}}SCoP in gemm_parallel.omp_outlined spliced
// CHECK-DAG: remark: {{.*}}loop nest in matvec_parallel.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_parallel.omp_outlined spliced
// CHECK-DAG: remark: {{.*}}loop nest in matvec_nowait.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_nowait.omp_outlined spliced
//
// schedule(static, n) runs the loop over one chunk's rows inside a loop over
// the thread's chunks, which steps by a run-time stride: the rows of each
// chunk are raised, whether n is a constant or not.
// CHECK-DAG: remark: {{.*}}loop nest in matvec_chunked.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_chunked.omp_outlined spliced
// CHECK-DAG: remark: {{.*}}loop nest in gemm_chunk_size.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_chunk_size.omp_outlined spliced
//
// collapse(2) runs one loop over the thread's chunk of the collapsed space
// and divides its index by n. Where the source only puts the row and the
// column back together (llm.c's `bt = b * T + t`), the loop is one over the
// flat index and the whole chunk is raised; else the chunk is walked row by
// row and each row's part is raised.
// CHECK-DAG: remark: {{.*}}loop nest in gemm_collapsed.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (MATVEC_T;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_collapsed.omp_outlined spliced
// CHECK-DAG: remark: {{.*}}loop nest in matmul_flat_collapsed.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}SCoP in matmul_flat_collapsed.omp_outlined spliced
// llm.c's matmul_forward, tiled by hand with a parallel loop stepping by 8:
// one nest per way the bias is read (null or not).
// CHECK-DAG: remark: {{.*}}loop nest in matmul_tiled8.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}SCoP in matmul_tiled8.omp_outlined spliced
// CHECK-DAG: remark: {{.*}}loop nest in matmul_forward.omp_outlined {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}SCoP in matmul_forward.omp_outlined spliced
// llama2.c's matmul: a local sum per row over a private i. Where n <= 0
// LLVM zeroes the thread's rows with one memset of 4 * (ub - lb) + 4 bytes,
// which the SCoP holds too; expanded into a loop of zero stores, it is a
// fill, and the rows' products a MATVEC.
// CHECK-DAG: remark: {{.*}}loop nest in matvec_local_sum.omp_outlined (where arg{{[0-9]+}} >= 1) raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_local_sum.omp_outlined spliced
//
// Rows allocated one by one (float **): each thread gathers the rows of its
// chunk (and all of B) into a block of its own and writes its rows back.
// CHECK-DAG: remark: {{.*}}loop nest in gemm_row_tables.omp_outlined raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_row_tables.omp_outlined: 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not
//
// Not raised: collapse(3) divides the row's remainder once more (the chunk
// is not split into rows, and Polly's reason is the division); a dynamic
// schedule hands out chunks at run time.
// CHECK-DAG: remark: {{.*}}loop nest in add_collapsed3.omp_outlined is not a static control part: The array subscript of "UNKNOWN" is not affine
// CHECK-DAG: remark: {{.*}}loop nest in matvec_dynamic.omp_outlined not raised: the OpenMP runtime hands out its iterations a chunk at a time (schedule dynamic, guided or runtime)
// CHECK-NOT: SCoP in matvec_dynamic
// CHECK-NOT: SCoP in add_collapsed3.omp_outlined spliced

#include "harness.h"

__attribute__((noinline)) void gemm_parallel(int m, int n, int p,
                                             const float *A, const float *B,
                                             float *C) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void gemm_collapsed(int m, int n, int p,
                                              const float *A, const float *B,
                                              float *C) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

// llm.c's matmul_forward_naive: the collapsed index is only put back
// together as the flat row index.
__attribute__((noinline)) void matmul_flat_collapsed(float *out,
                                                     const float *inp,
                                                     const float *weight,
                                                     int B, int T, int C,
                                                     int OC) {
#pragma omp parallel for collapse(2)
  for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++) {
      int bt = b * T + t;
      for (int o = 0; o < OC; o++) {
        float val = 0.0f;
        for (int i = 0; i < C; i++)
          val += inp[bt * C + i] * weight[o * C + i];
        out[bt * OC + o] = val;
      }
    }
}

// A product tiled by hand as llm.c's matmul_forward: the parallel loop steps
// by 8 over rows, each row block's 8 sums kept in a local array that starts
// from the bias (or zero) and is written back. clang's chunk loop counts
// row blocks unsigned, and the row `8 * iv` is computed in 32 bits, so the
// nest is versioned with it computed in 64 bits.
__attribute__((noinline)) void matmul_tiled8(float *out, const float *inp,
                                             const float *weight,
                                             const float *bias, int B, int T,
                                             int C, int OC) {
#pragma omp parallel for
  for (int obt = 0; obt < B * T; obt += 8)
    for (int o = 0; o < OC; o++) {
      float result[8];
      for (int ibt = 0; ibt < 8; ibt++)
        result[ibt] = (bias != NULL) ? bias[o] : 0.0f;
      for (int i = 0; i < C; i++) {
        float w = weight[i + o * C];
        for (int ibt = 0; ibt < 8; ibt++)
          result[ibt] += inp[(obt + ibt) * C + i] * w;
      }
      for (int ibt = 0; ibt < 8; ibt++)
        out[(obt + ibt) * OC + o] = result[ibt];
    }
}

// The same as llm.c writes it: the tile is a `const int`, which makes
// `result` a variable-length array (the stack is saved and restored around
// it) and clang's chunk loop signed; LLVM reloads the chunk's upper bound
// after the nest (the runtime's locals escape to it) and tests it with `<`.
#include "llmc-matmul-forward.h"

__attribute__((noinline)) void matvec_parallel(int m, int n, const double *A,
                                               const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * n + j] * x[j];
}

__attribute__((noinline)) void matvec_chunked(int m, int n, const float *A,
                                              const float *x, float *y) {
#pragma omp parallel for schedule(static, 4)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * n + j] * x[j];
}

__attribute__((noinline)) void gemm_chunk_size(int m, int n, int p, int chunk,
                                               const float *A, const float *B,
                                               float *C) {
#pragma omp parallel for schedule(static, chunk)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void add_collapsed3(int m, int n, int p,
                                              const float *A, float *B) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        B[(i * n + j) * p + k] += A[(i * n + j) * p + k];
}

__attribute__((noinline)) void matvec_dynamic(int m, int n, const float *A,
                                              const float *x, float *y) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * n + j] * x[j];
}

// Two work-sharing loops in one parallel region, neither waiting for the
// other (they write different arrays).
__attribute__((noinline)) void matvec_nowait(int m, int n, const float *A,
                                             const float *x, float *y,
                                             float *z) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j)
        y[i] += A[i * n + j] * x[j];
#pragma omp for nowait
    for (int i = 0; i < n; ++i)
      z[i] = x[i] * 0.5f;
  }
}

__attribute__((noinline)) void matvec_local_sum(float *xout, float *x,
                                                float *w, int n, int d) {
  int i;
#pragma omp parallel for private(i)
  for (i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += w[i * n + j] * x[j];
    xout[i] = val;
  }
}

__attribute__((noinline)) void gemm_row_tables(int m, int n, int p, float **A,
                                               float **B, float **C) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int k = 0; k < p; ++k)
      for (int j = 0; j < n; ++j)
        C[i][j] += A[i][k] * B[k][j];
}

// A table of rows allocated one by one, in reverse order.
HARNESS float **scattered_rows(int rows, int cols, uint64_t seed) {
  float **t = (float **)allocate(rows, sizeof *t);
  for (int r = rows - 1; r >= 0; --r)
    t[r] = random_floats(cols, seed + r);
  return t;
}

static void test(int n) {
  int m = n + 6, p = n - 3;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  gemm_parallel(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  gemm_collapsed(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  gemm_chunk_size(m, n, p, 3, A, B, C);
  print_floats("C", C, (size_t)m * n);
  add_collapsed3(3, 2, n, A, C);
  print_floats("C", C, (size_t)m * n);
  // out (3 x 5 rows of n) = inp (15 rows of p) weight^T (n rows of p).
  matmul_flat_collapsed(C, A, B, 3, 5, p, n);
  print_floats("C", C, (size_t)m * n);
  // The first 16 rows of C (2 x 8) = those of A times B's rows (n of p).
  matmul_tiled8(C, A, B, C + (size_t)(m - 1) * n, 2, 8, p, n);
  print_floats("C", C, (size_t)m * n);
  matmul_tiled8(C, A, B, NULL, 2, 8, p, n);
  print_floats("C", C, (size_t)m * n);
  matmul_forward(C, A, B, C + (size_t)(m - 2) * n, 2, 8, p, n);
  print_floats("C", C, (size_t)m * n);
  double *D = random_doubles((size_t)m * n, 4);
  double *x = random_doubles(n, 5);
  double *y = random_doubles(m, 6);
  matvec_parallel(m, n, D, x, y);
  print_doubles("y", y, m);
  float *E = random_floats((size_t)m * n, 7);
  float *u = random_floats(n, 8);
  float *v = random_floats(m, 9);
  float *w = random_floats(n, 10);
  matvec_chunked(m, n, E, u, v);
  print_floats("v", v, m);
  matvec_dynamic(m, n, E, u, v);
  print_floats("v", v, m);
  matvec_nowait(m, n, E, u, v, w);
  print_floats("v", v, m);
  print_floats("w", w, n);
  matvec_local_sum(v, u, E, n, m);
  print_floats("v", v, m);
  matvec_local_sum(v, u, E, 0, m);
  print_floats("v", v, m);
  float **RA = scattered_rows(m, p, 11), **RB = scattered_rows(p, n, 12),
        **RC = scattered_rows(m, n, 13);
  gemm_row_tables(m, n, p, RA, RB, RC);
  for (int r = 0; r < m; ++r)
    print_floats("RC", RC[r], n);
}
