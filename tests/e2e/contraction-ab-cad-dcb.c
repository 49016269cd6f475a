// Tensor contraction C[a][b] += A[c][a][d] * B[d][c][b] over two indices (c
// and d) of two 3-D tensors, float, fixed-size arrays with run-time bounds;
// neither operand is laid out as a matrix of the product.
//
// RUN: %e2e-build
// RUN: %e2e-compare 40
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// C[a][b] is kept in a register across c and d (two scalars, the outer
// one refreshed from C after each d loop): raise-forward-scalars reads the
// element instead; with c fixed, A and B are matrices (a, d) and (d, b), so
// the contraction runs as a loop over c around a GEMM over d, copying
// nothing, where d is deep enough (d = 16 at size 67, 52 at 211); otherwise
// (d = 10 at size 40) TTGT copies A and B into matrices for one GEMM.
// RUN: %e2e-remarks | FileCheck %s
// CHECK: remark: {{.*}}loop nest in contract_ab_cad_dcb {{(\(where .*\) )?}}raised to linalg.generic (TTGT_AB_CAD_DCB; TTGT: where d >= 16, loops over c around a GEMM (a) x (b) x (d), no copies; else GEMM (a) x (b) x (c*d), 2 copies)
// CHECK: remark: {{.*}}SCoP in contract_ab_cad_dcb spliced as

#include "Inputs/harness.h"

#define NA 110
#define NB 112
#define NC 30
#define ND 56

__attribute__((noinline)) void contract_ab_cad_dcb(int na, int nb, int nc,
                                                   int nd, float C[NA][NB],
                                                   float A[NC][NA][ND],
                                                   float B[ND][NC][NB]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
          C[a][b] += A[c][a][d] * B[d][c][b];
}

static void test(int n) {
  int na = n / 2, nb = n / 2 + 2, nc = n / 8 + 1, nd = n / 4;
  require_size(na, NA), require_size(nb, NB), require_size(nc, NC);
  require_size(nd, ND);
  float(*C)[NB] = (float(*)[NB])random_floats(NA * NB, 191);
  float(*A)[NA][ND] = (float(*)[NA][ND])random_floats(NC * NA * ND, 192);
  float(*B)[NC][NB] = (float(*)[NC][NB])random_floats(ND * NC * NB, 193);
  contract_ab_cad_dcb(na, nb, nc, nd, C, A, B);
  print_floats("C", &C[0][0], NA * NB);
}
