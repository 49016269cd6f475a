// Every access style delinearizes to a multi-dimensional memref with one
// affine subscript per dimension, and no linearized index is left.
//
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-dump=affine -c %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %clang -O3 -fpass-plugin=%plugin -mllvm -raise-dump=affine -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINEAR

// No subscript multiplies a loop variable by a size.
// LINEAR-NOT: affine.load %{{.*}}[%{{.*}} * %
// LINEAR-NOT: affine.store %{{.*}}[%{{.*}} * %

// Offsets on both sides: A[(i+1)*lda + k-1] (LLVM starts the k loop at 0).
// CHECK-LABEL: func.func @offsets.raise.0(
// CHECK: affine.load %{{.*}}[%[[I:[a-z0-9]+]] + 1, %[[K:[a-z0-9]+]]] : memref<?x?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[K]] + 1] : memref<?x?xf32>
void offsets(int n, int m, float *A, int lda, float *B, int ldb) {
  for (int i = 0; i < n; ++i)
    for (int k = 1; k < m; ++k)
      B[i * ldb + k] = 2.0f * A[(i + 1) * lda + k - 1];
}

// A row pointer advanced in the outer loop.
// CHECK-LABEL: func.func @row_pointer.raise.0(
// CHECK: affine.for %[[I:[a-z0-9]+]] =
// CHECK: affine.for %[[J:[a-z0-9]+]] =
// CHECK: affine.load %{{.*}}[%[[I]], %[[J]]] : memref<?x?xf64>
void row_pointer(int n, int m, const double *A, long lda, double *y) {
  for (int i = 0; i < n; ++i) {
    const double *a = A + i * lda;
    for (int j = 0; j < m; ++j)
      y[j] += a[j];
  }
}

// long and size_t indices.
// CHECK-LABEL: func.func @long_index.raise.0(
// CHECK: affine.load %{{.*}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}] : memref<?x?xf64>
void long_index(long n, long m, const double *A, long lda, double *B) {
  for (long i = 0; i < n; ++i)
    for (long j = 0; j < m; ++j)
      B[j * n + i] = A[i * lda + j];
}

// CHECK-LABEL: func.func @size_t_index.raise.0(
// CHECK: affine.load %{{.*}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}] : memref<?x?xf32>
void size_t_index(unsigned long n, unsigned long m, const float *A,
                  unsigned long lda, float *B) {
  for (unsigned long i = 0; i < n; ++i)
    for (unsigned long j = 0; j < m; ++j)
      B[i * m + j] = A[i * lda + j] + 1.0f;
}

// A batch dimension in long arithmetic: C[b*M*N + i*N + j].
// CHECK-LABEL: func.func @batched.raise.0(
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}] : memref<?x?x?xf32>
void batched(long Bn, long M, long N, const float *A, float *C) {
  for (long b = 0; b < Bn; ++b)
    for (long i = 0; i < M; ++i)
      for (long j = 0; j < N; ++j)
        C[b * M * N + i * N + j] = A[b * M * N + i * N + j] * 0.5f;
}

// NCHW convolution indexing in[((n*C + c)*H + h)*W + w].
// CHECK-LABEL: func.func @nchw.raise.0(
// CHECK: memref<?x?x?x?xf32>
void nchw(long N, long C, long H, long W, const float *in, float *out) {
  for (long n = 0; n < N; ++n)
    for (long c = 0; c < C; ++c)
      for (long h = 0; h < H; ++h)
        for (long w = 0; w < W; ++w)
          out[((n * C + c) * H + h) * W + w] =
              in[((n * C + c) * H + h) * W + w] * 2.0f;
}

// Fixed-size 2-D arrays with run-time bounds.
// CHECK-LABEL: func.func @fixed2d.raise.0(
// CHECK-SAME: memref<?x1100xf64>
// CHECK: affine.load %{{.*}}[%{{[a-z0-9]+}}, %{{[a-z0-9]+}}] : memref<?x1100xf64>
void fixed2d(int n, int m, double A[][1100], double B[][1100]) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      B[i][j] = A[i][j] * 3.0;
}

// Fixed-size 3-D global arrays.
float G[40][50][60];
float H[40][50][60];
// CHECK-LABEL: func.func @fixed3d.raise.0(
// CHECK: memref<?x50x60xf32>
void fixed3d(int a, int b, int c) {
  for (int i = 0; i < a; ++i)
    for (int j = 0; j < b; ++j)
      for (int k = 0; k < c; ++k)
        H[i][j][k] = G[i][j][k] + 1.0f;
}
