// A local array no value enters or leaves the region through (its lifetime
// markers begin and end it in every iteration, as for the accumulators of a
// GEMM tiled by hand at -Os) is the translated function's own: a
// memref.alloca of its static size, no argument. An array read after the
// nest (read_after's acc[3]) stays an argument, and its nest is not raised.
//
// RUN: %clang -Os -march=x86-64-v4 -fpass-plugin=%plugin -mllvm -raise-dump=affine -Rpass=raise -Rpass-missed=raise -c %s -o /dev/null 2>&1 | FileCheck %s

// CHECK-LABEL: func.func @tiled8.raise.0(
// CHECK-NOT: memref<?xf32>
// CHECK-SAME: {
// CHECK-NEXT: %[[ACC:.*]] = memref.alloca() : memref<8xf32>
// CHECK: affine.store %{{.*}}, %[[ACC]][%{{.*}}] : memref<8xf32>
// CHECK: private-arrays.c:[[#@LINE+10]]:3: remark: loop nest in tiled8 raised to linalg.generic (GEMM;
// CHECK: remark: SCoP in tiled8 spliced as tiled8.raise.0

// CHECK-LABEL: func.func @read_after.raise.0(
// CHECK-SAME: %arg0: memref<?xf32>
// CHECK-NOT: memref<8xf32>
// CHECK: remark: loop nest in read_after {{.*}}not raised
// CHECK-NOT: spliced as read_after
void tiled8(int M, int N, int K, const float *A, const float *B,
            const float *bias, float *C) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j + 8 <= N; j += 8) {
      float acc[8];
      for (int t = 0; t < 8; ++t)
        acc[t] = bias[j + t];
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i * K + k] * B[k * N + j + t];
      for (int t = 0; t < 8; ++t)
        C[i * N + j + t] = acc[t];
    }
}

float read_after(int M, int N, int K, const float *A, const float *B,
                 const float *bias, float *C) {
  float acc[8] = {0};
  for (int i = 0; i < M; ++i)
    for (int j = 0; j + 8 <= N; j += 8) {
      for (int t = 0; t < 8; ++t)
        acc[t] = bias[j + t];
      for (int k = 0; k < K; ++k)
        for (int t = 0; t < 8; ++t)
          acc[t] += A[i * K + k] * B[k * N + j + t];
      for (int t = 0; t < 8; ++t)
        C[i * N + j + t] = acc[t];
    }
  return acc[3];
}
