// Products on sections that take every n-th row or column of whole arrays:
// every other row of A and C (`A[2*i*lda + k]`), every third column of B
// and every other column of C from the second on (`C[i*ldc + 2*j + 1]`), and
// the same with the row step a multiple of a size. The subscripts step by a
// constant on the whole array; raise-strided-views makes each a view with
// that stride, and each nest is raised as a GEMM (a strided C is computed
// in a contiguous copy, copied back). A nest that reads both the even and
// the odd columns of B (different remainders) is left as it is. All stay
// bit-identical.
//
// RUN: %e2e-build
// RUN: %e2e-compare 17
// RUN: %e2e-compare 61
// RUN: %e2e-compare 150
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in even_rows {{(\(where .*\) )?}}raised to linalg.{{[a-z]*}} (GEMM
// CHECK-DAG: remark: {{.*}}SCoP in even_rows spliced
// CHECK-DAG: remark: {{.*}}loop nest in strided_columns {{(\(where .*\) )?}}raised to linalg.{{[a-z]*}} (GEMM
// CHECK-DAG: remark: {{.*}}SCoP in strided_columns spliced
// CHECK-NOT: SCoP in both_halves spliced
// At -O2 and -Os too, with the raised code running at the largest size.
// RUN: %clang -O2 %run-march %s -o %t.o2plain
// RUN: %clang -O2 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.o2raise
// RUN: %t.o2plain 150 > %t.o2plain.out && %t.o2raise 150 > %t.o2raise.out 2> %t.o2versions
// RUN: cmp %t.o2plain.out %t.o2raise.out
// RUN: FileCheck %s --check-prefix=RAN < %t.o2versions
// RUN: %clang -Os %run-march %s -o %t.osplain
// RUN: %clang -Os %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.osraise
// RUN: %t.osplain 150 > %t.osplain.out && %t.osraise 150 > %t.osraise.out 2> %t.osversions
// RUN: cmp %t.osplain.out %t.osraise.out
// RUN: FileCheck %s --check-prefix=RAN < %t.osversions
// RAN-DAG: raise: even_rows: raised code ran 1 times, original loops 0 times
// RAN-DAG: raise: strided_columns: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

/// C's even rows += A's even rows times B (row-major, leading dimensions
/// given).
__attribute__((noinline)) void even_rows(int M, int N, int K, const float *A,
                                         int lda, const float *B, int ldb,
                                         float *C, int ldc) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[2 * i * ldc + j] += A[2 * i * lda + k] * B[k * ldb + j];
}

/// C's odd columns = A times every third column of B, summed in a local.
__attribute__((noinline)) void strided_columns(int M, int N, int K,
                                               const float *A, int lda,
                                               const float *B, int ldb,
                                               float *C, int ldc) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0.0f;
      for (int k = 0; k < K; k++)
        sum += A[i * lda + k] * B[k * ldb + 3 * j];
      C[i * ldc + 2 * j + 1] = sum;
    }
}

/// B's even and odd columns both: no one stride, not raised.
__attribute__((noinline)) void both_halves(int M, int N, int K,
                                           const float *A, int lda,
                                           const float *B, int ldb, float *C,
                                           int ldc) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0.0f;
      for (int k = 0; k < K; k++)
        sum += A[i * lda + k] * (B[k * ldb + 2 * j] - B[k * ldb + 2 * j + 1]);
      C[i * ldc + j] = sum;
    }
}

static void test(int n) {
  int M = n, N = n + 3, K = n + 1;
  int lda = K + 2, ldb = 3 * N + 1, ldc = 2 * N + 3;
  float *A = random_floats((size_t)2 * M * lda, 71);
  float *B = random_floats((size_t)K * ldb, 72);
  float *C = random_floats((size_t)2 * M * ldc, 73);
  even_rows(M, N, K, A, lda, B, ldb, C, ldc);
  print_floats("even rows", C, (size_t)2 * M * ldc);
  strided_columns(M, N, K, A, lda, B, ldb, C, ldc);
  print_floats("strided columns", C, (size_t)2 * M * ldc);
  both_halves(M, N, K, A, lda, B, ldb, C, ldc);
  print_floats("both halves", C, (size_t)2 * M * ldc);
}
