// A matrix product tiled by hand over variable-length 2-D arrays: j steps by
// 8 around a local array of accumulators that start from zero (no bias),
// updated over k and written back. The last N % 8 columns are not computed
// (C keeps them). raise-reroll-lanes makes the tiled loop the j loop it
// stands for; each sum keeps its k order.
//
// RUN: %e2e-build
// RUN: %e2e-compare 61
// RUN: %e2e-compare 203
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in tiled8_vla {{(\(where .*\) )?}}raised to {{.*}}(GEMM;{{.*}}accumulated through a local scalar), i x j x k
// CHECK: remark: {{.*}}SCoP in tiled8_vla spliced as
// At -Os the accumulators stay in memory, zeroed by a memset and copied out
// by a memcpy of the whole array: raised as well (gemm-tiled8-bias.c says
// how), with the same bytes as that build without the plugin.
// RUN: %clang -Os %run-march %s -o %t.osplain
// RUN: %clang -Os %run-march -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t.osraise
// RUN: %t.osplain 61 > %t.osplain.61 && %t.osraise 61 > %t.osraise.61 2> %t.osversions
// RUN: cmp %t.osplain.61 %t.osraise.61
// RUN: FileCheck %s --check-prefix=OSRAN < %t.osversions
// OSRAN: raise: tiled8_vla: raised code ran 1 times, original loops 0 times

#include "Inputs/harness.h"

__attribute__((noinline)) void tiled8_vla(int M, int N, int K, float A[M][K],
                                          float B[K][N], float C[M][N]) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j + 8 <= N; j += 8) {
      float acc[8] = {0};
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i][k] * B[k][j + t];
      for (int t = 0; t < 8; ++t)
        C[i][j + t] = acc[t];
    }
}

static void test(int n) {
  int M = n + 3, N = n, K = n + 7;
  float *A = random_floats(M * K, 61);
  float *B = random_floats(K * N, 62);
  float *C = random_floats(M * N, 64);
  tiled8_vla(M, N, K, (float(*)[K])A, (float(*)[N])B, (float(*)[N])C);
  print_floats("C", C, M * N);
}
