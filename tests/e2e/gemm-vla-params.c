// C99 variable-length array parameters, float: `float (*restrict C)[n]` and
// `const float A[m][k]`, GEMM in i-k-j order, in i-j-k order with C zeroed
// in the nest (for k == 0 LLVM zeroes C with one memset on a path of its
// own), the same with size_t sizes and a local sum, and a matvec.
//
// RUN: %e2e-build
// RUN: %e2e-compare 67
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_vla_ikj raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_vla_ikj spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_vla_ijk (where arg2 {{.*}}) raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}loop nest in gemm_vla_ijk (where arg2 {{.*}}) raised to linalg.fill (FILL2)
// CHECK-DAG: remark: {{.*}}SCoP in gemm_vla_ijk spliced as
// CHECK-DAG: remark: {{.*}}loop nest in gemm_vla_size_t (where arg2 >= 1) raised to {{.*}}linalg.generic (GEMM;
// CHECK-DAG: remark: {{.*}}SCoP in gemm_vla_size_t spliced as
// CHECK-DAG: remark: {{.*}}loop nest in matvec_vla {{.*}}raised to {{.*}}linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_vla spliced as
// CHECK-NOT: remark: {{.*}}not translated
// CHECK-NOT: remark: {{.*}}could not model

#include "Inputs/harness.h"

__attribute__((noinline)) void gemm_vla_ikj(int m, int n, int k,
                                            float (*restrict C)[n],
                                            const float A[m][k],
                                            const float B[k][n]) {
  for (int i = 0; i < m; ++i)
    for (int p = 0; p < k; ++p)
      for (int j = 0; j < n; ++j)
        C[i][j] += A[i][p] * B[p][j];
}

__attribute__((noinline)) void gemm_vla_ijk(int m, int n, int k,
                                            float (*restrict C)[n],
                                            const float A[m][k],
                                            const float B[k][n]) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      C[i][j] = 0;
      for (int p = 0; p < k; ++p)
        C[i][j] += A[i][p] * B[p][j];
    }
}

__attribute__((noinline)) void gemm_vla_size_t(size_t m, size_t n, size_t k,
                                               float (*restrict C)[n],
                                               const float (*A)[k],
                                               const float (*B)[n]) {
  for (size_t i = 0; i < m; ++i)
    for (size_t j = 0; j < n; ++j) {
      float sum = 0;
      for (size_t p = 0; p < k; ++p)
        sum += A[i][p] * B[p][j];
      C[i][j] = sum;
    }
}

__attribute__((noinline)) void matvec_vla(int m, int n, float *restrict y,
                                          const float A[m][n],
                                          const float x[n]) {
  for (int i = 0; i < m; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void run(int M, int N, int K) {
  printf("M=%d N=%d K=%d\n", M, N, K);
  size_t MN = (size_t)M * N + 1;
  float *A = random_floats((size_t)M * K + 1, 311);
  float *B = random_floats((size_t)K * N + 1, 312);
  float *C1 = random_floats(MN, 313);
  float *C2 = random_floats(MN, 314);
  float *C3 = random_floats(MN, 315);
  float *E = random_floats(MN, 316);
  float *x = random_floats((size_t)N + 1, 317);
  float *y = random_floats((size_t)M + 1, 318);
  gemm_vla_ikj(M, N, K, (float (*)[N])C1, (const float (*)[K])A,
               (const float (*)[N])B);
  gemm_vla_ijk(M, N, K, (float (*)[N])C2, (const float (*)[K])A,
               (const float (*)[N])B);
  gemm_vla_size_t(M, N, K, (float (*)[N])C3, (const float (*)[K])A,
                  (const float (*)[N])B);
  matvec_vla(M, N, y, (const float (*)[N])E, x);
  // The element past each matrix shows any store out of place.
  print_floats("C vla ikj", C1, MN);
  print_floats("C vla ijk", C2, MN);
  print_floats("C vla size_t", C3, MN);
  print_floats("y matvec vla", y, (size_t)M + 1);
  free(A), free(B), free(C1), free(C2), free(C3), free(E), free(x), free(y);
}

// Sizes that are no multiple of a tile, and each size zero in turn (an
// empty reduction is where LLVM zeroes C with a memset).
static void test(int n) {
  run(n, n + 2, n - 1);
  run(n, n + 2, 0);
  run(n, 0, n - 1);
  run(0, n + 2, n - 1);
}
