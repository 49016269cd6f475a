// Tensor contraction C[a][b][c] += A[a][c][d] * B[d][b] (a 3-D tensor times a
// matrix over its last mode), double, fixed-size 3-D arrays with run-time
// bounds; the reduction index d is innermost.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: %e2e-remarks | FileCheck %s
// Raised by TTGT: transposes and a reshape around one GEMM.
// CHECK: remark: {{.*}}loop nest in contract_abc_acd_db {{(\(where .*\) )?}}raised to {{.*}}(TTGT_ABC_ACD_DB; TTGT: GEMM
// CHECK: remark: {{.*}}SCoP in contract_abc_acd_db spliced as

#include "Inputs/harness.h"

#define NA 60
#define NB 64
#define NC 62
#define ND 112

__attribute__((noinline)) void contract_abc_acd_db(int na, int nb, int nc,
                                                   int nd, double C[NA][NB][NC],
                                                   double A[NA][NC][ND],
                                                   double B[ND][NB]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
          C[a][b][c] += A[a][c][d] * B[d][b];
}

static void test(int n) {
  int na = n / 4, nb = n / 4 + 3, nc = n / 4 + 1, nd = n / 2;
  require_size(na, NA), require_size(nb, NB), require_size(nc, NC);
  require_size(nd, ND);
  double(*C)[NB][NC] = (double(*)[NB][NC])random_doubles(NA * NB * NC, 181);
  double(*A)[NC][ND] = (double(*)[NC][ND])random_doubles(NA * NC * ND, 182);
  double(*B)[NB] = (double(*)[NB])random_doubles(ND * NB, 183);
  contract_abc_acd_db(na, nb, nc, nd, C, A, B);
  print_doubles("C", &C[0][0][0], NA * NB * NC);
}
