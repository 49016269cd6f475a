// A matrix product and a matrix-vector product accumulated in two
// interleaved partial sums (s0 over even k, s1 over odd k, the last k of an
// odd K added to s0) and added at the end. raise-split-sums makes each
// partial sum its own accumulation over stride-2 views of A and B into a
// temporary, then adds the temporaries as written: each sum keeps its
// operations and their order, so the results are bit-identical. Odd and
// even K.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 62
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in split2 raised to linalg.generic (GEMM;{{.*}}; one of 2 partial sums kept), i x j x k = {{.*}}; linalg.generic (GEMM;{{.*}}; one of 2 partial sums kept)
// CHECK-DAG: remark: {{.*}}SCoP in split2 spliced as
// matvec_split2's region holds the loop LLVM unswitched for K == 1, which
// reads row i of A as element i: Polly's in-bounds assumption for it pins
// M to 1 on every path; its precise assumptions (K != 1 or M <= 1) do not,
// and the region is raised on those.
// CHECK-DAG: remark: {{.*}}loop nest in matvec_split2 raised to linalg.fill (FILL1)
// CHECK-DAG: remark: {{.*}}loop nest in matvec_split2 raised to linalg.generic (MATVEC;{{.*}}; one of 2 partial sums kept)
// CHECK-DAG: remark: {{.*}}SCoP in matvec_split2 spliced as
// The original nest kept beside the split, for where the partial sums' loop
// runs no iteration, is a version of the nest raised: an analysis remark.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -Rpass-analysis=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=KEPT
// KEPT: remark: {{.*}}loop nest in split2 (where the partial sums' loop runs no iteration) not raised{{.*}} [-Rpass-analysis=raise]
// The raised code runs. (Where LICM computes the row of B the remainder
// reads before the nest, in 32 bits, raise-widen-subscripts computes it
// again in 64: tests/plugin/widen-subscripts.ll.)
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.versions
// RUN: %t.versions 61 2>&1 >/dev/null | FileCheck %s --check-prefix=RAN
// RAN: raise: split2: raised code ran 1 times, original loops 0 times
// RAN: raise: matvec_split2: raised code ran 1 times, original loops 0 times
// At -O2 the remainder reads k as a PHI of 0 and the loop's last value,
// and A's row starts as a 32-bit product masked in 64 bits
// (tests/plugin/branch-phis.ll): both nests are raised there too (the
// matvec's offset is split into rows and columns), with the same bytes as
// that build without the plugin, odd and even K.
// RUN: %clang -O2 %run-march %s -o %t.o2plain
// RUN: %clang -O2 %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.o2raise
// RUN: %t.o2plain 61 > %t.o2plain.61 && %t.o2raise 61 > %t.o2raise.61 2> %t.o2versions
// RUN: cmp %t.o2plain.61 %t.o2raise.61
// RUN: %t.o2plain 62 > %t.o2plain.62 && %t.o2raise 62 > %t.o2raise.62
// RUN: cmp %t.o2plain.62 %t.o2raise.62
// RUN: FileCheck %s --check-prefix=O2RAN < %t.o2versions
// O2RAN: raise: split2: raised code ran 1 times, original loops 0 times
// O2RAN: raise: matvec_split2: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void split2(int M, int N, int K, const float *A,
                                      const float *B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s0 = 0, s1 = 0;
      int k = 0;
      for (; k + 1 < K; k += 2) {
        s0 += A[i * K + k] * B[k * N + j];
        s1 += A[i * K + k + 1] * B[(k + 1) * N + j];
      }
      if (k < K)
        s0 += A[i * K + k] * B[k * N + j];
      C[i * N + j] = s0 + s1;
    }
}

__attribute__((noinline)) void matvec_split2(int M, int K, float A[M][K],
                                             const float *x, float *y) {
  for (int i = 0; i < M; ++i) {
    float s0 = 0, s1 = 0;
    int k = 0;
    for (; k + 1 < K; k += 2) {
      s0 += A[i][k] * x[k];
      s1 += A[i][k + 1] * x[k + 1];
    }
    if (k < K)
      s0 += A[i][k] * x[k];
    y[i] = s0 + s1;
  }
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 6;
  float *A = random_floats(M * K, 61);
  float *B = random_floats(K * N, 62);
  float *C = random_floats(M * N, 63);
  float *x = random_floats(K, 64);
  float *y = random_floats(M, 65);
  split2(M, N, K, A, B, C);
  print_floats("C", C, M * N);
  matvec_split2(M, K, (float(*)[K])A, x, y);
  print_floats("y", y, M);
}
