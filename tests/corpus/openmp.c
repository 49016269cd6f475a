// OpenMP: loop nests in the bodies clang outlines for `#pragma omp parallel
// for` (the parallel loop's bounds come from the runtime's static schedule),
// with collapse(2), and a `parallel for` around a matrix-vector product.
// Each thread writes its own rows, so the output does not depend on the
// schedule.
//
// REDEFINE: %{flags} = -fopenmp
// RUN: %corpus-build
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 16
// RUN: env OMP_NUM_THREADS=2 %corpus-compare 64
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: Polly detected a SCoP in gemm_parallel.omp_outlined but could not model it
// CHECK-DAG: remark: {{.*}}loop nest in gemm_collapsed.omp_outlined is not a static control part
// CHECK-DAG: remark: {{.*}}loop nest in matvec_parallel.omp_outlined raised to linalg.generic (MATVEC;
// CHECK-DAG: remark: {{.*}}SCoP in matvec_parallel.omp_outlined spliced

#include "harness.h"

__attribute__((noinline)) void gemm_parallel(int m, int n, int p,
                                             const float *A, const float *B,
                                             float *C) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void gemm_collapsed(int m, int n, int p,
                                              const float *A, const float *B,
                                              float *C) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

__attribute__((noinline)) void matvec_parallel(int m, int n, const double *A,
                                               const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i] += A[i * n + j] * x[j];
}

static void test(int n) {
  int m = n + 6, p = n - 3;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  gemm_parallel(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  gemm_collapsed(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  double *D = random_doubles((size_t)m * n, 4);
  double *x = random_doubles(n, 5);
  double *y = random_doubles(m, 6);
  matvec_parallel(m, n, D, x, y);
  print_doubles("y", y, m);
}
