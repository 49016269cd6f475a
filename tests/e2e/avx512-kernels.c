// The kernels of the AVX-512 target description, built for x86-64-v4 and
// run: the row-wise matvec (in a cache: panels of up to four blocks of 16
// rows through y, or on Intel cores up to three blocks of 8 rows in
// registers; its rows short or long, so that the panel holds all its
// blocks or one), with rows and columns left over; the same in f64 (blocks
// of 8 rows); a row-wise and a transposed product of one matrix run
// together (atax, and with the first scaled by a scalar); the transposed matvec; GEMMs with edges in every
// dimension, one (gemm_nt) reading both operands along k, whose packs
// take the k after the last whole block of 16 (A: 8) by masked loads; at
// 1000 K = 1117 runs as two k blocks of 559 (k blocks of at least 768 on
// AVX-512, one up to 1024). At 1000 the f32 matrix spans 24 MiB: beyond half the running
// core's last-level cache (the description's 8 MiB where it reports none),
// it takes the row-wise kernel on 256-bit vectors, with prefetches. The
// other e2e tests build for
// x86-64-v3, which every host runs; these need a host with AVX-512.
//
// REQUIRES: host-x86-64-v4
// RUN: %e2e-build-v4
// RUN: %e2e-compare 37
// RUN: %e2e-compare 150
// RUN: %e2e-compare 1000
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in matvec_local (where arg3 >= 1) raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}loop nest in matvec_update raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}loop nest in matvec_transposed raised to
// CHECK-DAG: remark: {{.*}}loop nest in gemm_nn raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_nt (where arg2 >= 1) raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}loop nest in atax_f32 raised to linalg.fill (FILL1), i = arg0; linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}loop nest in matvec_f64 (where arg3 >= 1) raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in atax_scaled spliced as atax_scaled.raise.0

#include "Inputs/harness.h"

/// llama2.c's form: each row summed in j order in a local scalar.
__attribute__((noinline)) void matvec_local(float *y, const float *x,
                                            const float *W, int n, int d) {
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += W[i * n + j] * x[j];
    y[i] = val;
  }
}

/// y += A x with a leading dimension, y updated in the j loop.
__attribute__((noinline)) void matvec_update(int m, int n, const float *A,
                                             int lda, const float *x,
                                             float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * lda + j] * x[j];
}

/// y += A^T x, A read along its rows.
__attribute__((noinline)) void matvec_transposed(int m, int n, const float *A,
                                                 const float *x, float *y) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      y[i] += A[j * m + i] * x[j];
}

/// PolyBench's atax in f32: tmp = A x, then y = A^T tmp, fused.
__attribute__((noinline)) void atax_f32(int m, int n, const float *A,
                                        const float *x, float *y,
                                        float *tmp) {
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] = tmp[i] + A[i * n + j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + A[i * n + j] * tmp[i];
  }
}

/// The same with the first product scaled by a scalar: the fused kernel's
/// plans differ in lanes (256-bit from memory, 512-bit or on Intel cores
/// 256-bit in a cache), and each broadcasts alpha to its own.
__attribute__((noinline)) void atax_scaled(int m, int n, float alpha,
                                           const float *A, const float *x,
                                           float *y, float *tmp) {
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < m; i++) {
    tmp[i] = 0.0f;
    for (int j = 0; j < n; j++)
      tmp[i] += alpha * A[i * n + j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] += A[i * n + j] * tmp[i];
  }
}

/// The row-wise matvec in f64.
__attribute__((noinline)) void matvec_f64(double *y, const double *x,
                                          const double *W, int n, int d) {
  for (int i = 0; i < d; i++) {
    double val = 0.0;
    for (int j = 0; j < n; j++)
      val += W[i * n + j] * x[j];
    y[i] = val;
  }
}

/// Darknet's gemm_nn.
__attribute__((noinline)) void gemm_nn(int M, int N, int K, float ALPHA,
                                       const float *A, int lda, const float *B,
                                       int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[i * lda + k];
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += A_PART * B[k * ldb + j];
    }
}

/// Darknet's gemm_nt: B transposed, each sum in a local scalar.
__attribute__((noinline)) void gemm_nt(int M, int N, int K, float ALPHA,
                                       const float *A, int lda, const float *B,
                                       int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float sum = 0;
      for (int k = 0; k < K; ++k)
        sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
      C[i * ldc + j] += sum;
    }
}

static void test(int n) {
  // Rows: whole panels of two blocks, a block and some rows left over.
  int rows = 2 * n + 53;
  // Short rows (two blocks of 16 fit the 48 KiB panel) and long ones (from
  // n = 150 on, only one does), neither a multiple of 16.
  int narrow = n / 2 + 7, wide = 3 * n + 1;
  float *x = random_floats(wide, 1);
  float *W = random_floats((size_t)rows * wide, 2);
  float *y = random_floats(rows, 3);
  matvec_local(y, x, W, narrow, rows);
  print_floats("narrow", y, rows);
  matvec_local(y, x, W, wide, rows);
  print_floats("wide", y, rows);
  matvec_update(rows, wide - 5, W, wide, x, y);
  print_floats("update", y, rows);
  float *t = random_floats(wide, 4);
  matvec_transposed(wide, rows, W, y, t);
  print_floats("transposed", t, wide);

  float *tmp = random_floats(rows, 8);
  atax_f32(rows, wide, W, x, t, tmp);
  print_floats("atax y", t, wide);
  print_floats("atax tmp", tmp, rows);
  atax_scaled(rows, wide, 0.75f, W, x, t, tmp);
  print_floats("scaled atax y", t, wide);
  print_floats("scaled atax tmp", tmp, rows);

  double *xd = random_doubles(wide, 9);
  double *Wd = random_doubles((size_t)rows * wide, 10);
  double *yd = random_doubles(rows, 11);
  matvec_f64(yd, xd, Wd, narrow, rows);
  print_doubles("f64 narrow", yd, rows);
  matvec_f64(yd, xd, Wd, wide, rows);
  print_doubles("f64 wide", yd, rows);

  int M = n + 3, N = 2 * n + 1, K = n + 117;
  float *A = random_floats((size_t)M * K, 5);
  float *B = random_floats((size_t)K * N, 6);
  float *C = random_floats((size_t)M * N, 7);
  gemm_nn(M, N, K, 0.5f, A, K, B, N, C, N);
  print_floats("C", C, (size_t)M * N);
  // B as N x K.
  gemm_nt(M, N, K, 0.5f, A, K, B, K, C, N);
  print_floats("C nt", C, (size_t)M * N);
  free(A);
  free(B);
  free(C);
  free(tmp);
  free(xd);
  free(Wd);
  free(yd);
  free(t);
  free(x);
  free(W);
  free(y);
}
