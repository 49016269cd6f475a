// The packs' prefetches ahead along the rows they read take the hint the
// running core's vendor wants: on x86 the tuned GEMM reads the vendor from
// raise.cache.v2(6) (CPUID's vendor string, read once per process; the
// plugin defines the query in the module) and prefetches into L1 on Intel
// cores (locality 3), non-temporally elsewhere (0), with AVX-512 and AVX2
// kernels alike. The AVX-512 kernels' k blocks are at least 512 deep on
// Intel cores, 768 elsewhere (mc, 80 or 40, follows from the model), and
// B is packed at most 512 columns at a time on Intel cores (the model's
// nc, 2368, elsewhere); the AVX2 kernels' blocks are the same on both. AArch64 has no query: neither the call
// nor the choice.
// The hint changes no result: the program prints what the build without the
// plugin prints, whichever branch the machine running the test takes.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v4 -O3 -I %S/../e2e/Inputs -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v3 -O3 -I %S/../e2e/Inputs -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,AVX2
// RUN: %clang --target=aarch64-linux-gnu -O3 -DKERNEL_ONLY -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs %s -o %t/plain
// RUN: %clang -O3 %run-march -I %S/../e2e/Inputs -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t/raised
// RUN: %t/plain 300 > %t/plain.out
// RUN: %t/raised 300 > %t/raised.out 2> %t/versions
// RUN: cmp %t/plain.out %t/raised.out
// RUN: FileCheck %s --check-prefix=RAN < %t/versions
//
// CHECK-LABEL: define internal void @gemm_nn.raise.0(
// CHECK: %[[VENDOR:.*]] = {{.*}}call i64 @raise.cache.v2(i32 6)
// CHECK: %[[INTEL:.*]] = icmp eq i64 %[[VENDOR]], 1
// AVX512-NEXT: select i1 %[[INTEL]], i64 512, i64 768
// AVX512-NEXT: select i1 %[[INTEL]], i64 80, i64 40
// AVX512: select i1 %[[INTEL]], i64 512, i64 2368
// AVX2-NOT: select i1 %[[INTEL]], i64
// CHECK-DAG: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
// CHECK-DAG: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 0, i32 1)
// CHECK: define linkonce_odr hidden i64 @raise.cache.v2(i32
// CHECK: %isintel = icmp eq i32 %vendor, 1970169159
// NONE-NOT: raise.cache.v2
// NONE: define internal void @gemm_nn.raise.0(
// NONE-NOT: raise.cache.v2
// NONE-NOT: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 3, i32 1)
// RAN: raise: gemm_nn: raised code ran 2 times, original loops 0 times

/// Darknet's gemm_nn: B is read along n, 8 rows of k at a time, each row
/// prefetched ahead.
__attribute__((noinline)) void gemm_nn(int M, int N, int K, float ALPHA,
                                       const float *A, int lda, const float *B,
                                       int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[i * lda + k];
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += A_PART * B[k * ldb + j];
    }
}

#ifndef KERNEL_ONLY // The cross target has no C library headers here.
#include "harness.h"

/// A thin layer (16 x 3n+7 x 27, yolov3-tiny's first shape) and a squarer
/// one, each with a partial panel of B.
static void test(int n) {
  int Shapes[2][3] = {{16, 3 * n + 7, 27}, {n - 3, n + 5, n}};
  for (int S = 0; S < 2; ++S) {
    int m = Shapes[S][0], c = Shapes[S][1], k = Shapes[S][2];
    float *A = random_floats((size_t)m * k, 1);
    float *B = random_floats((size_t)k * c, 2);
    float *C = random_floats((size_t)m * c, 3);
    gemm_nn(m, c, k, 0.5f, A, k, B, c, C, c);
    print_floats("C", C, (size_t)m * c);
  }
}
#endif
