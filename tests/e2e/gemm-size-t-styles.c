// size_t sizes and counters, float, linearized, no restrict: GEMM in i-j-k
// order with a local sum, matvec with a local sum, and a GEMM whose rows of C
// are zeroed by a loop first. Polly reads the unsigned sizes as signed and
// LLVM zeroes C with a memset where the reduction is empty (K == 0, N == 0):
// the memsets are modelled as loops of zero stores and the raised code runs
// behind a check that the sizes are in range; the original loops (and
// memsets) run otherwise, e.g. for a size above 2^63.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_sum (where arg2 >= 1) raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_sum (where arg2 <= 0) raised to linalg.fill (FILL2)
// CHECK-DAG: remark: {{.*}}SCoP in gemm_sum spliced as
// CHECK-DAG: remark: {{.*}}loop nest in matvec_sum (where arg1 >= 1) raised to {{.*}}linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_sum spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_zeroed ({{.*}}) raised to linalg.fill (FILL2), i x j = arg0 x arg1; linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_zeroed spliced as
// CHECK-NOT: remark: {{.*}}not translated
// CHECK-NOT: remark: {{.*}}could not model

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_sum(size_t M, size_t N, size_t K,
                                        const float *A, const float *B,
                                        float *C) {
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      float sum = 0.0f;
      for (size_t k = 0; k < K; ++k)
        sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] = sum;
    }
}

__attribute__((noinline)) void matvec_sum(size_t M, size_t N, const float *A,
                                          const float *x, float *y) {
  for (size_t i = 0; i < M; ++i) {
    float s = 0.0f;
    for (size_t j = 0; j < N; ++j)
      s += A[i * N + j] * x[j];
    y[i] = s;
  }
}

__attribute__((noinline)) void gemm_zeroed(size_t M, size_t N, size_t K,
                                           float *restrict C, const float *A,
                                           const float *B) {
  for (size_t i = 0; i < M; ++i) {
    for (size_t j = 0; j < N; ++j)
      C[i * N + j] = 0;
    for (size_t p = 0; p < K; ++p)
      for (size_t j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + p] * B[p * N + j];
  }
}

static void run(size_t M, size_t N, size_t K) {
  printf("M=%zu N=%zu K=%zu\n", M, N, K);
  float *A = random_floats(M * K + 1, 301);
  float *B = random_floats(K * N + 1, 302);
  float *C = random_floats(M * N + 1, 303);
  float *D = random_floats(M * N + 1, 304);
  float *E = random_floats(M * N + 1, 305);
  float *x = random_floats(N + 1, 306);
  float *y = random_floats(M + 1, 307);
  gemm_sum(M, N, K, A, B, C);
  gemm_zeroed(M, N, K, D, A, B);
  matvec_sum(M, N, E, x, y);
  // Sizes Polly reads as negative: the check fails, the original loops run
  // (and do nothing, one of the sizes being zero).
  gemm_sum((size_t)-3, 0, K, A, B, C);
  gemm_sum(0, (size_t)-3, K, A, B, C);
  matvec_sum(0, (size_t)-3, E, x, y);
  // The element past each matrix shows any store out of place.
  print_floats("C gemm_sum", C, M * N + 1);
  print_floats("D gemm_zeroed", D, M * N + 1);
  print_floats("y matvec_sum", y, M + 1);
  free(A), free(B), free(C), free(D), free(E), free(x), free(y);
}

// Sizes that are no multiple of a tile, and each size zero in turn (an
// empty reduction is where LLVM zeroes C with a memset).
static void test(int n) {
  run(n, n + 1, n - 1);
  run(n, n + 1, 0);
  run(n, 0, n - 1);
  run(0, n + 1, n - 1);
}
