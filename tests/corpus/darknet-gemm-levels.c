// Darknet's four GEMMs (examples/gemm.c, its src/gemm.c unchanged) at the
// optimization levels users build Darknet with. Below -O3 LLVM leaves a
// guard on K inside gemm_nt's and gemm_tt's nests (the accumulator starts
// only where the k loop runs); only that loop reads the accumulator, so
// the start runs unguarded (raise-forward-scalars) and the nest is raised
// whole. At -O3 the nest is versioned on K. All four are raised at every
// level, and the results stay those of the build without the plugin,
// K = 0 included. At -O3 the calls through the
// table below are inlined into main with ld = M + K + 5 = 2n + 15, whose
// rows Polly takes as 2n + 14 long (C[i][i + j]); raise lengthens them back
// (RowLengths.h) and the inlined products are raised too. (-O3 -ffast-math:
// tests/lowering/darknet-fast-math.test, where clang reorders gemm_nt's
// sums itself.)
//
// REDEFINE: %{flags} = -O2
// RUN: %corpus-build
// RUN: %corpus-compare 37
// RUN: %corpus-remarks | FileCheck %s
// REDEFINE: %{flags} = -Os
// RUN: %corpus-build
// RUN: %corpus-compare 37
// RUN: %corpus-remarks | FileCheck %s
// REDEFINE: %{flags} = -O3
// RUN: %corpus-build
// RUN: %corpus-compare 37
// RUN: %corpus-remarks | FileCheck %s
// RUN: %corpus-remarks | FileCheck %s --check-prefix=INLINED
// INLINED-COUNT-4: remark: {{.*}}loop nest in main raised to linalg.generic
// CHECK-DAG: remark: {{.*}}loop nest in gemm_nn raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_nt {{(\(where arg2 >= 1\) )?}}raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_tn raised to linalg.generic (GEMM_TA;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_tt {{(\(where arg2 >= 1\) )?}}raised to linalg.generic (GEMM_TATB;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_nt spliced
// CHECK-DAG: remark: {{.*}}SCoP in gemm_tt spliced

#include "harness.h"

#include "../../examples/gemm.c"

typedef void Gemm(int, int, int, float, float *, int, float *, int, float *,
                  int);

static void run(const char *name, Gemm *gemm, int n, int K, int seed) {
  int M = n + 3, N = n + 1;
  // Leading dimensions that fit every transposition, with padding.
  int ld = (M > N ? M : N) + (K > 0 ? K : 1) + 5;
  float *A = random_floats((size_t)ld * ld, seed);
  float *B = random_floats((size_t)ld * ld, seed + 1);
  float *C = random_floats((size_t)ld * ld, seed + 2);
  gemm(M, N, K, 1.25f, A, ld, B, ld, C, ld);
  print_floats(name, C, (size_t)ld * ld);
  free(A);
  free(B);
  free(C);
}

static void test(int n) {
  Gemm *gemms[] = {gemm_nn, gemm_nt, gemm_tn, gemm_tt};
  const char *names[] = {"gemm_nn", "gemm_nt", "gemm_tn", "gemm_tt"};
  for (int g = 0; g < 4; ++g) {
    run(names[g], gemms[g], n, n + 7, 10 * g);
    run(names[g], gemms[g], n, 0, 10 * g + 5);
  }
}
