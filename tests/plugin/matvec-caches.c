// The row-wise matvec's kernel is chosen at run time by the matrix's size.
// On AVX-512 the size it compares with is half the last-level cache of the
// core that runs the code (raise.cache.v2's fourth number, which the plugin
// defines in the module, read once per process): matrices within it take
// panels through y on 512-bit vectors, larger ones the prefetching kernel
// on 256-bit vectors. The AVX2 kernel chooses no kernel by size (only
// whether to prefetch, on the description's size) and AArch64 has no
// query: neither reads the caches. On x86 both read the vendor, whose
// prefetches' hint differs on Intel cores (tests/mlir-passes/
// raise-tile-matvec.mlir); on AVX-512 it also picks, for the matrices in a
// cache, register panels of three blocks of 8 rows on Intel cores (their
// three accumulators, block arguments of the lowered kernel's loop) and
// panels through y elsewhere; AVX2 has registers for two blocks only. Results are the
// same whichever runs (tests/e2e/avx512-kernels.c).
//
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v4 -O3 -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=AVX512
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v3 -O3 -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=AVX2
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v4 -O3 -fpass-plugin=%plugin -mllvm -raise-dump=llvm -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PANELS
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v3 -O3 -fpass-plugin=%plugin -mllvm -raise-dump=llvm -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPANELS
// RUN: %clang --target=aarch64-linux-gnu -O3 -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NONE
//
// AVX512-LABEL: define internal void @matvec.raise.0(
// AVX512: call i64 @raise.cache.v2(i32 6)
// AVX512: %[[L3:.*]] = {{.*}}call i64 @raise.cache.v2(i32 4)
// AVX512: %[[HALF:.*]] = lshr i64 %[[L3]], 1
// AVX512: load <8 x float>
// AVX512: load <16 x float>
// AVX512: define linkonce_odr hidden i64 @raise.cache.v2(i32
// AVX512: asm sideeffect "cpuid"
// AVX2-LABEL: define internal void @matvec.raise.0(
// AVX2-NOT: call i64 @raise.cache.v2(i32 4)
// AVX2: call i64 @raise.cache.v2(i32 6)
// AVX2-NOT: call i64 @raise.cache.v2(i32 4)
// PANELS: ^bb{{[0-9]+}}(%{{[0-9]+}}: i64, %{{[0-9]+}}: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>):
// NOPANELS-NOT: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>
// NOPANELS: llvm.func
// NOPANELS-NOT: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>, %{{[0-9]+}}: vector<8xf32>
// NONE-NOT: raise.cache.v2
// NONE: define internal void @matvec.raise.0(
// NONE-NOT: raise.cache.v2

void matvec(float *y, const float *x, const float *W, int n, int d) {
  for (int i = 0; i < d; i++) {
    float val = 0.0f;
    for (int j = 0; j < n; j++)
      val += W[i * n + j] * x[j];
    y[i] = val;
  }
}
