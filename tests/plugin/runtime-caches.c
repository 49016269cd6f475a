// -raise-runtime-caches: the tuned GEMM sizes its cache blocks where it
// runs, from the caches CPUID describes (raise.cache.v2, read once per
// process), with the target's blocks where it describes none. The module
// defines the query once, for every region; the blocks change nothing in
// the results (every k block still runs in order): the program prints what
// the build without the plugin prints, at sizes around and across the
// blocks. Off by default: the pipeline says runtime-caches=false.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-runtime-caches -S -emit-llvm %s -o %t/on.ll
// RUN: FileCheck %s < %t/on.ll
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs %s -o %t/plain
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-runtime-caches -mllvm -raise-report-versions %s -o %t/raised
// RUN: %t/plain 300 > %t/plain.out
// RUN: %t/raised 300 > %t/raised.out 2> %t/versions
// RUN: cmp %t/plain.out %t/raised.out
// RUN: FileCheck %s --check-prefix=RAN < %t/versions
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-dump=affine -mllvm -raise-dump-dir=%t -c %s -o /dev/null
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/gemm.0.affine.mlir
//
// CHECK-LABEL: define internal void @gemm.raise.0(
// CHECK-COUNT-6: call i64 @raise.cache.v2(i32
// CHECK: define linkonce_odr hidden i64 @raise.cache.v2(i32
// CHECK: asm sideeffect "cpuid"
// CHECK-LABEL: define internal void @gemm_nt.raise.0(
// CHECK-COUNT-6: call i64 @raise.cache.v2(i32
// CHECK-NOT: define {{.*}}@raise.cache.v2(
// RAN: raise: gemm: raised code ran 1 times, original loops 0 times
// RAN: raise: gemm_nt: raised code ran 1 times, original loops 0 times
// DEFAULT: runtime-caches=false

#include "harness.h"

__attribute__((noinline)) void gemm(int m, int n, int p, const float *A,
                                    const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int k = 0; k < p; ++k)
      for (int j = 0; j < n; ++j)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void gemm_nt(int m, int n, int p, const float *A,
                                       const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[j * p + k];
}

static void test(int n) {
  int m = n + 7, p = 2 * n + 13;
  float *A = random_floats((size_t)m * p, 1), *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  gemm(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  gemm_nt(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
}
