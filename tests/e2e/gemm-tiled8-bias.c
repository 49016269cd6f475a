// A matrix product tiled by hand: j steps by 8 around a local array of
// accumulators initialized from a bias, updated over k and written back.
// The last N % 8 columns are not computed (C keeps them). Linearized float
// arrays: the store's 32-bit subscript, scaled to bytes, arrives masked
// (`(32*jj + 4*i*N) & 0x3fffffffc`) and is widened behind a check;
// raise-reroll-lanes makes the tiled loop the j loop it stands for; the
// product is then raised from the bias, each sum in k order.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in tiled8 (where arg2 >= 1) raised to linalg.generic (GEMM;{{.*}}accumulated through a local scalar), i x j x k
// CHECK: remark: {{.*}}SCoP in tiled8 spliced as
// CHECK: remark: {{.*}}loop nest in tiled8: 1 subscript widened to 64 bits
// At -Os LLVM keeps acc in memory, copied in from the bias and out to C by
// memcpys of the whole array, and leaves the loops over it: the memcpys
// are modelled as loops of element copies, the array is the raised
// function's own (its lifetime ends in every iteration), and its elements
// become scalars as at -O3. The same bytes as that build without the
// plugin, and the raised code runs.
// RUN: %clang -Os %run-march %s -o %t.osplain
// RUN: %clang -Os %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.osraise
// RUN: %t.osplain 61 > %t.osplain.61 && %t.osraise 61 > %t.osraise.61 2> %t.osversions
// RUN: cmp %t.osplain.61 %t.osraise.61
// RUN: FileCheck %s --check-prefix=OSRAN < %t.osversions
// OSRAN: raise: tiled8: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void tiled8(int M, int N, int K, const float *A,
                                      const float *B, const float *bias,
                                      float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j + 8 <= N; j += 8) {
      float acc[8];
      for (int t = 0; t < 8; ++t)
        acc[t] = bias[j + t];
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i * K + k] * B[k * N + j + t];
      for (int t = 0; t < 8; ++t)
        C[i * N + j + t] = acc[t];
    }
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 7;
  float *A = random_floats(M * K, 51);
  float *B = random_floats(K * N, 52);
  float *bias = random_floats(N, 53);
  float *C = random_floats(M * N, 54);
  tiled8(M, N, K, A, B, bias, C);
  print_floats("C", C, M * N);
}
