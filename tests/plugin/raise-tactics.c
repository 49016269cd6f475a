// -raise-tactics: the mode-2 product of a tensor with a matrix, which the
// built-in tactics do not raise, is raised by a user tactic from a file; a
// malformed tactics file and a missing one are errors that name the file
// (and the line and column) and fail the compile, and a malformed file
// raises nothing, not even its good tactics.
//
// RUN: %clang -O3 -fpass-plugin=%plugin -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUILTIN
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/mode2-product.tactics -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER
// RUN: not %clang -O3 -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/malformed.tactics -Rpass=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not %clang -O3 -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/no-such-file.tactics -Rpass=raise -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// A bad file is an error even where there is nothing to raise, and one
// error however many regions there are.
// RUN: not %clang -O3 -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/no-such-file.tactics -c -x c /dev/null -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %clang -O3 -fpass-plugin=%plugin -mllvm -raise-tactics=%S/Inputs/malformed.tactics -c %S/../../examples/gemm.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED

// BUILTIN: remark: {{.*}}loop nest in mode2_product not raised: closest tactic {{.*}} [-Rpass-missed=raise]
// BUILTIN-NOT: raised to

// USER: raise-tactics.c:[[#@LINE+5]]:3: remark: loop nest in mode2_product raised to linalg.generic (MODE2_PRODUCT), a x b x c x d = {{.*}} [-Rpass=raise]
// USER: remark: {{.*}}SCoP in mode2_product spliced as mode2_product.raise.0 behind a run-time check

void mode2_product(int na, int nb, int nc, int nd, float C[60][64][62],
                   float A[60][112][62], float U[64][112]) {
  for (int a = 0; a < na; a++)
    for (int b = 0; b < nb; b++)
      for (int d = 0; d < nd; d++)
        for (int c = 0; c < nc; c++)
          C[a][b][c] += A[a][d][c] * U[b][d];
}

// MALFORMED: error: raise: {{.*}}Inputs/malformed.tactics:9:29: expected an expression
// MALFORMED-NOT: error:
// MALFORMED-NOT: raised to

// MISSING: error: raise: {{.*}}Inputs/no-such-file.tactics: cannot read tactics file
// MISSING-NOT: error:
