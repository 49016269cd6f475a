// -raise-report-versions: the program prints at exit, per spliced region,
// how often the raised code and how often the original loops ran. Here gemm
// runs twice on separate arrays (raised) and once with B and C the same
// array (the run-time check fails: original loops); matvec never runs and
// still gets its line, with zero counts.
//
// RUN: %clang -O3 %run-march -g -fpass-plugin=%plugin -mllvm -raise-report-versions %s -o %t
// RUN: %t 40 2>&1 >/dev/null | FileCheck %s
// CHECK: raise: gemm ({{.*}}report-versions.c:[[#GEMM:]]): raised code ran 2 times, original loops 1 times
// CHECK-NEXT: raise: matvec ({{.*}}report-versions.c:[[#GEMM+8]]): raised code ran 0 times, original loops 0 times
// CHECK-NOT: raise:
//
// Without the option the module has no counters and no report.
// RUN: %clang -O3 %run-march -fpass-plugin=%plugin -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// OFF-NOT: raise.versions
// OFF-NOT: raise.report.versions
//
// Without debug information the report names the function alone; regions
// run by several threads count every run. In the parallel-for body the
// shared variables are loaded before the check (hoisted loads), which puts
// the check's branch in a block of its own: that branch is counted.
// RUN: %clang -O3 %run-march -fopenmp -fpass-plugin=%plugin -mllvm -raise-report-versions -DTHREADS %s -o %t.omp
// RUN: env OMP_NUM_THREADS=2 %t.omp 40 2>&1 >/dev/null | FileCheck %s --check-prefix=THREADS
// THREADS-DAG: raise: gemm: raised code ran 10 times, original loops 1 times
// THREADS-DAG: raise: matvec_parallel.omp_outlined: raised code ran 2 times, original loops 0 times

#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void gemm(int M, int N, int K, const float *A,
                                    const float *B, float *C) {
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < N; ++j)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

__attribute__((noinline)) void matvec(int M, int N, const float *A,
                                      const float *x, float *y) {
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      y[i] += A[i * N + j] * x[j];
}

#ifdef THREADS
__attribute__((noinline)) void matvec_parallel(int M, int N, const double *A,
                                               const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      y[i] += A[i * N + j] * x[j];
}
#endif

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 40;
  float *A = calloc(n * n, sizeof(float));
  float *B = calloc(n * n, sizeof(float));
  float *C = calloc(n * n, sizeof(float));
#ifdef THREADS
#pragma omp parallel for
  for (int r = 0; r < 10; ++r) {
    float *Cr = calloc(n * n, sizeof(float));
    gemm(n, n, n, A, B, Cr);
    free(Cr);
  }
  double *D = calloc(n * n, sizeof(double));
  double *v = calloc(2 * n, sizeof(double));
  matvec_parallel(n, n, D, v, v + n);
  free(D);
  free(v);
#else
  gemm(n, n, n, A, B, C);
  gemm(n, n, n, A, B, C);
#endif
  gemm(n, n, n, A, C, C);
  if (argc > 2)
    matvec(n, n, A, B, C);
  printf("%g\n", C[0]);
  return 0;
}
