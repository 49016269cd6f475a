// GEMM on sub-matrices addressed with constant and run-time offsets, float:
// C[(i+1)*ldc + j+2] += A[(i+1)*lda + k-1] * B[offb + (k-1)*ldb + j] with k
// running from 1, called with shifted base pointers (A + 3, C + 5) and a
// positive and a negative offset of B. int sizes, no restrict.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 250
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in gemm_offsets raised to {{.*}}linalg.generic (GEMM;
// CHECK: remark: {{.*}}SCoP in gemm_offsets spliced as
// CHECK: remark: {{.*}}loop nest in gemm_offsets: 1 run-time offset split into rows and columns, behind a run-time check that its row length is positive
//
// offb spans rows (2 * ldb + 1, or 1 - 2 * ldb): as a column it would fail
// the check that columns stay below ldb. Split into rows and columns
// (-raise-row-offsets), it passes, and the raised code runs both times.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 67 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: gemm_offsets: raised code ran 2 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_offsets(int M, int N, int K, float *A,
                                            int lda, float *B, int ldb,
                                            int offb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 1; k <= K; ++k)
      for (int j = 0; j < N; ++j)
        C[(i + 1) * ldc + j + 2] +=
            A[(i + 1) * lda + k - 1] * B[offb + (k - 1) * ldb + j];
}

static void test(int n) {
  int M = n - 1, N = n + 4, K = n + 2;
  int lda = K + 1, ldb = N + 2, ldc = N + 3, offb = 2 * ldb + 1;
  float *A = random_floats((size_t)(M + 2) * lda + 3, 241);
  float *B = random_floats((size_t)offb + K * ldb, 242);
  float *C = random_floats((size_t)(M + 2) * ldc + 5, 243);
  gemm_offsets(M, N, K, A + 3, lda, B, ldb, offb, C + 5, ldc);
  print_floats("C", C, (size_t)(M + 2) * ldc + 5);
  // A negative offset, to rows before the pointer.
  gemm_offsets(M, N, K, A + 3, lda, B + 3 * ldb, ldb, 1 - 2 * ldb, C + 5, ldc);
  print_floats("C", C, (size_t)(M + 2) * ldc + 5);
}
