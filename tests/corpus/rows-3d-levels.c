// llm.c's matmul_forward_naive and the other products over (B, T, C) rows
// of tests/e2e/gemm-rows-3d.c at the levels users build with. At -O2 and
// -Os LLVM leaves the tests of `bias != NULL` and `C > 0` inside the nest;
// the second only guards the start of each sum, for its loop, and goes
// (raise-forward-scalars); raise-hoist-guards versions the nest on the
// first (on both with -ffast-math), each version with its own scalars,
// and every version that computes a product is raised.
// Results stay those of the build without the plugin, C = 0 included.
//
// REDEFINE: %{flags} = -O2
// RUN: %corpus-build
// RUN: %corpus-compare 29
// RUN: %corpus-remarks | FileCheck %s
// REDEFINE: %{flags} = -Os
// RUN: %corpus-build
// RUN: %corpus-compare 29
// RUN: %corpus-remarks | FileCheck %s
// With -ffast-math the build without the plugin vectorizes the sums of
// matmul_forward_naive along i, reassociating them; the raised code keeps
// the source's order, so the two builds are not compared there.
// REDEFINE: %{flags} = -O3 -ffast-math
// RUN: %corpus-build
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in matmul_forward_naive (where arg3 >= 1{{( and arg6 >= 1)?}}) raised to linalg.generic (GEMM_3D_TB;
// CHECK-DAG: remark: {{.*}}loop nest in matmul_forward_naive (where {{.*}}arg3 <= -1{{.*}}) raised to linalg.generic (GEMM_3D_TB;
// CHECK-DAG: remark: {{.*}}loop nest in matmul_forward_naive (where {{.*}}) raised to linalg.generic (GEMM_3D_TB;
// CHECK-DAG: remark: {{.*}}loop nest in project raised to linalg.generic (GEMM_3D)
// CHECK-DAG: remark: {{.*}}loop nest in window raised to linalg.generic (GEMM_3D)
// CHECK-DAG: remark: {{.*}}SCoP in matmul_forward_naive spliced

#include "../e2e/gemm-rows-3d.c"
