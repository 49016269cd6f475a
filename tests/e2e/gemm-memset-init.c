// C initialized before it is accumulated into, float, linearized: zeroed by
// memset (int and size_t sizes), copied whole from an initial matrix with
// memcpy (i-k-j with int sizes, i-j-k with a local sum and size_t sizes), set
// to a bias row by row with memcpy, and zeroed row by row by a loop that LLVM
// turns into a memset inside the nest (gemm-size-t-styles.c has it with
// size_t sizes).
// The nests are raised; the memsets and memcpys keep their values (the
// row-by-row memcpy loop is no SCoP and runs as it is).
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_memset raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_memset spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_memset_size_t raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_memset_size_t spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_copy raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_copy spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_copy_sum raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_copy_sum spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_bias is not a static control part: {{.*}}This function call cannot be handled
// CHECK-DAG: remark: {{.*}}loop nest in gemm_bias {{.*}}raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_bias spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_zero_rows {{(\(where .*\) )?}}raised to linalg.fill (FILL2), i x j = arg0 x arg1; linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_zero_rows spliced as
// CHECK-NOT: remark: {{.*}}not translated
// CHECK-NOT: remark: {{.*}}could not model

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_memset(int m, int n, int k,
                                           float *restrict C, const float *A,
                                           const float *B) {
  memset(C, 0, sizeof(float) * m * n);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * k + p] * B[p * n + j];
}

__attribute__((noinline)) void gemm_memset_size_t(size_t m, size_t n,
                                                  size_t k, float *restrict C,
                                                  const float *A,
                                                  const float *B) {
  memset(C, 0, sizeof(float) * m * n);
  for (size_t i = 0; i < m; ++i)
    for (size_t p = 0; p < k; ++p)
      for (size_t j = 0; j < n; ++j)
        C[i * n + j] += A[i * k + p] * B[p * n + j];
}

__attribute__((noinline)) void gemm_copy(int m, int n, int k, float *restrict C,
                                         const float *C0, const float *A,
                                         const float *B) {
  memcpy(C, C0, sizeof(float) * m * n);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * k + p] * B[p * n + j];
}

__attribute__((noinline)) void gemm_copy_sum(size_t m, size_t n, size_t k,
                                             float *restrict C,
                                             const float *C0, const float *A,
                                             const float *B) {
  memcpy(C, C0, sizeof(float) * m * n);
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float sum = C[i * n + j];
      for (size_t p = 0; p < k; ++p)
        sum += A[i * k + p] * B[p * n + j];
      C[i * n + j] = sum;
    }
}

__attribute__((noinline)) void gemm_bias(int m, int n, int k,
                                         float *restrict C, const float *A,
                                         const float *B, const float *bias) {
  for (int i = 0; i < m; ++i)
    memcpy(&C[i * n], bias, sizeof(float) * n);
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * k + p] * B[p * n + j];
}

__attribute__((noinline)) void gemm_zero_rows(int m, int n, int k,
                                              float *restrict C,
                                              const float *A,
                                              const float *B) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j)
      C[i * n + j] = 0;
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * k + p] * B[p * n + j];
  }
}

static void run(int M, int N, int K) {
  printf("M=%d N=%d K=%d\n", M, N, K);
  size_t MN = (size_t)M * N + 1;
  float *A = random_floats((size_t)M * K + 1, 321);
  float *B = random_floats((size_t)K * N + 1, 322);
  float *bias = random_floats((size_t)N + 1, 323);
  float *C0 = random_floats(MN, 320);
  float *C[6];
  for (int c = 0; c < 6; ++c)
    C[c] = random_floats(MN, 324 + c);
  gemm_memset(M, N, K, C[0], A, B);
  gemm_memset_size_t(M, N, K, C[1], A, B);
  gemm_bias(M, N, K, C[2], A, B, bias);
  gemm_zero_rows(M, N, K, C[3], A, B);
  gemm_copy(M, N, K, C[4], C0, A, B);
  gemm_copy_sum(M, N, K, C[5], C0, A, B);
  // The element past the matrices shows any store out of place.
  print_floats("C memset", C[0], MN);
  print_floats("C memset size_t", C[1], MN);
  print_floats("C bias", C[2], MN);
  print_floats("C zero rows", C[3], MN);
  print_floats("C copy", C[4], MN);
  print_floats("C copy sum", C[5], MN);
  free(A), free(B), free(bias), free(C0);
  for (int c = 0; c < 6; ++c)
    free(C[c]);
}

// Sizes that are no multiple of a tile, and each size zero in turn.
static void test(int n) {
  run(n, n + 3, n - 1);
  run(n, n + 3, 0);
  run(n, 0, n - 1);
  run(0, n + 3, n - 1);
}
