// The tuned GEMM's cache blocks follow the target description: the k block
// is at least 768 deep on AVX-512 and 256 elsewhere, and the model then
// sizes mc and nc for that depth (target/CacheModel.h on the default
// caches: f32 8 x 32 tiles take mc 40 and nc 2368 beside kc 768, AVX2's
// 6 x 16 tiles mc 192 and nc 7168 beside kc 256). -raise-kc overrides the
// description's depth, and mc and nc follow from it (f32 8 x 32 tiles: mc
// 192 and nc 7168 beside kc 256).
//
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v4 -O3 -fpass-plugin=%plugin \
// RUN:   -mllvm -raise-dump=llvm -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AVX512
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v3 -O3 -fpass-plugin=%plugin \
// RUN:   -mllvm -raise-dump=llvm -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AVX2 --implicit-check-not='constant(768 : index)'
// RUN: %clang --target=x86_64-linux-gnu -march=x86-64-v4 -O3 -fpass-plugin=%plugin \
// RUN:   -mllvm -raise-kc=256 -mllvm -raise-dump=llvm -c %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GIVEN --implicit-check-not='constant(768 : index)'
//
// AVX512-LABEL: llvm.func @gemm_nn.raise.0(
// AVX512-DAG: llvm.mlir.constant(768 : index)
// AVX512-DAG: llvm.mlir.constant(40 : index)
// AVX512-DAG: llvm.mlir.constant(2368 : index)
// AVX512: llvm.return
// AVX2-LABEL: llvm.func @gemm_nn.raise.0(
// AVX2-DAG: llvm.mlir.constant(256 : index)
// AVX2-DAG: llvm.mlir.constant(192 : index)
// AVX2-DAG: llvm.mlir.constant(7168 : index)
// AVX2: llvm.return
// GIVEN-LABEL: llvm.func @gemm_nn.raise.0(
// GIVEN-DAG: llvm.mlir.constant(256 : index)
// GIVEN-DAG: llvm.mlir.constant(192 : index)
// GIVEN-DAG: llvm.mlir.constant(7168 : index)
// GIVEN: llvm.return

void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B,
             int ldb, float *C, int ldc) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      float A_PART = ALPHA * A[i * lda + k];
      for (int j = 0; j < N; ++j)
        C[i * ldc + j] += A_PART * B[k * ldb + j];
    }
}
