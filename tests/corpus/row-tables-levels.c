// The matrices as tables of row pointers of tests/e2e/gemm-row-tables.c at
// -O2 and -Os. There LLVM leaves the test of `N > 0` inside the nest, before
// the loop that needs it, and the loads of the rows under it, in the k loop:
// raise's copy of the nest takes such tests on sizes as decided (they join
// its run-time check, and where one fails the check reads no table), so the
// rows are read on every iteration of the copy, evenly spaced or gathered,
// as at -O3. Results stay those of the build without the plugin, including
// the product over zero columns whose B is no table at all.
//
// REDEFINE: %{flags} = -O2
// RUN: %corpus-build
// RUN: %corpus-compare 17
// RUN: %corpus-compare 67
// RUN: %corpus-remarks | FileCheck %s
// REDEFINE: %{flags} = -Os
// RUN: %corpus-build
// RUN: %corpus-compare 17
// RUN: %corpus-compare 67
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_rows raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_rows: 3 tables of row pointers read as evenly spaced rows, or gathered into one block where they are not
// CHECK-DAG: remark: {{.*}}loop nest in gemm_flat_c raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_flat_c: 2 tables of row pointers
// CHECK-DAG: remark: {{.*}}loop nest in gemm_from_one raised to linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_from_one: 3 tables of row pointers
// CHECK-DAG: remark: {{.*}}loop nest in dot_rows raised to linalg.generic (GEMM_TB;
// CHECK-DAG: remark: {{.*}}loop nest in dot_rows: 3 tables of row pointers

#include "../e2e/gemm-row-tables.c"
