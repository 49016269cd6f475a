// Products subtracted from their output, as blocked factorizations and
// residuals write them: `C -= A * B` (clang contracts it to fmuladd(-a, b,
// c)), the same without contraction (`c - a * b`), a negative scale (`C +=
// -0.75f * A * B`, which LLVM turns into a subtraction where it does not
// contract), and a residual r = b - A x summed in a local scalar. Each is
// the accumulation of the negated term, bit for bit; the raised operations
// keep the source's subtraction or negation, so every element is what the
// loops compute. `A * B - C` (the output subtracted) is no accumulation and
// is not raised as a product.
//
// RUN: %e2e-build
// RUN: %e2e-compare 17
// RUN: %e2e-compare 70
// RUN: %e2e-compare 131
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_minus_equals {{(\(where .*\) )?}}raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_minus_equals spliced
// CHECK-DAG: remark: {{.*}}loop nest in gemm_minus_uncontracted {{(\(where .*\) )?}}raised to linalg.generic (GEMM_TB; exact body kept: body is not out + a * b)
// CHECK-DAG: remark: {{.*}}SCoP in gemm_minus_uncontracted spliced
// CHECK-DAG: remark: {{.*}}loop nest in gemm_negative_alpha {{(\(where .*\) )?}}raised to linalg.generic (GEMM
// CHECK-DAG: remark: {{.*}}SCoP in gemm_negative_alpha spliced
// CHECK-DAG: remark: {{.*}}loop nest in residual {{(\(where .*\) )?}}raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in residual spliced
// CHECK-DAG: remark: {{.*}}loop nest in output_subtracted not raised: closest tactic GEMM: the stored value is not an accumulation 'out + x'
// Without contraction and at -O2, with the raised code running.
// RUN: %clang -O2 -ffp-contract=off %run-march %s -o %t.o2plain
// RUN: %clang -O2 -ffp-contract=off %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.o2raise
// RUN: %t.o2plain 131 > %t.o2plain.out && %t.o2raise 131 > %t.o2raise.out 2> %t.o2versions
// RUN: cmp %t.o2plain.out %t.o2raise.out
// RUN: FileCheck %s --check-prefix=RAN < %t.o2versions
// RAN-DAG: raise: gemm_minus_equals: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: gemm_negative_alpha: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_minus_equals(int M, int N, int K,
                                                 const float *A,
                                                 const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i * N + j] -= A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void gemm_minus_uncontracted(int M, int N, int K,
                                                       const float *A,
                                                       const float *B,
                                                       float *C) {
#pragma STDC FP_CONTRACT OFF
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i * N + j] = C[i * N + j] - A[i * K + k] * B[j * K + k];
}

__attribute__((noinline)) void gemm_negative_alpha(int M, int N, int K,
                                                   const float *A,
                                                   const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) {
      float a = -0.75f * A[i * K + k];
      for (int j = 0; j < N; j++)
        C[i * N + j] += a * B[k * N + j];
    }
}

__attribute__((noinline)) void residual(int M, int N, const float *A,
                                        const float *x, const float *b,
                                        float *r) {
  for (int i = 0; i < M; i++) {
    float s = b[i];
    for (int j = 0; j < N; j++)
      s -= A[i * N + j] * x[j];
    r[i] = s;
  }
}

__attribute__((noinline)) void output_subtracted(int M, int N, int K,
                                                 const float *A,
                                                 const float *B, float *C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i * N + j] = A[i * K + k] * B[k * N + j] - C[i * N + j];
}

static void test(int n) {
  int M = n, N = n + 5, K = n + 2;
  float *A = random_floats((size_t)M * K, 81);
  float *B = random_floats((size_t)K * N, 82);
  float *C = random_floats((size_t)M * N, 83);
  float *x = random_floats((size_t)N, 84);
  float *b = random_floats((size_t)M, 85);
  float *r = random_floats((size_t)M, 86);
  gemm_minus_equals(M, N, K, A, B, C);
  print_floats("minus equals", C, (size_t)M * N);
  gemm_minus_uncontracted(M, N, K, A, B, C);
  print_floats("uncontracted", C, (size_t)M * N);
  gemm_negative_alpha(M, N, K, A, B, C);
  print_floats("negative alpha", C, (size_t)M * N);
  residual(M, K, A, B, b, r);
  print_floats("residual", r, (size_t)M);
  output_subtracted(M, N, K, A, B, C);
  print_floats("output subtracted", C, (size_t)M * N);
}
