// Tensor contraction C[a][b] += A[c][d][a] * B[c][b][d], raised by a user's
// tactic (Inputs/ab-cda-cbd.tactics): with c fixed, A is a (d, a) and B a
// (b, d) matrix, so the contraction runs as a loop over c around a GEMM
// over d that reads both operands transposed, copying nothing. Built with
// the tactic in the same three ways as the other e2e tests.
//
// RUN: %clang -O3 %run-march %s -o %t.plain
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/ab-cda-cbd.tactics -Rpass=raise %s -o %t.raise 2> %t.remarks
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/ab-cda-cbd.tactics -mllvm -raise-roundtrip %s -o %t.roundtrip
// RUN: %e2e-compare 40
// RUN: %e2e-compare 67
// RUN: %e2e-compare 211
// RUN: FileCheck %s < %t.remarks
// CHECK: remark: {{.*}}loop nest in contract_ab_cda_cbd {{(\(where .*\) )?}}raised to linalg.generic (TTGT_AB_CDA_CBD; TTGT: where d >= 16, loops over c around a GEMM (a) x (b) x (d), no copies; else GEMM (a) x (b) x (c*d), 2 copies)
// CHECK: remark: {{.*}}SCoP in contract_ab_cda_cbd spliced as

#include "Inputs/harness.h"

#define NA 110
#define NB 112
#define NC 30
#define ND 56

__attribute__((noinline)) void contract_ab_cda_cbd(int na, int nb, int nc,
                                                   int nd, float C[NA][NB],
                                                   float A[NC][ND][NA],
                                                   float B[NC][NB][ND]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int c = 0; c < nc; c++)
        for (int d = 0; d < nd; d++)
          C[a][b] += A[c][d][a] * B[c][b][d];
}

static void test(int n) {
  int na = n / 2, nb = n / 2 + 2, nc = n / 8 + 1, nd = n / 4;
  require_size(na, NA), require_size(nb, NB), require_size(nc, NC);
  require_size(nd, ND);
  float(*C)[NB] = (float(*)[NB])random_floats(NA * NB, 191);
  float(*A)[ND][NA] = (float(*)[ND][NA])random_floats(NC * ND * NA, 192);
  float(*B)[NB][ND] = (float(*)[NB][ND])random_floats(NC * NB * ND, 193);
  contract_ab_cda_cbd(na, nb, nc, nd, C, A, B);
  print_floats("C", &C[0][0], NA * NB);
}
