// Inside an OpenMP parallel region every thread of the team runs the raised
// code on its own chunk: that code starts no threads of its own, whatever
// -raise-threads says (the pipeline gets threads=0), where a GEMM outside
// any region is split over the threads asked for.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %clang -O3 -march=x86-64-v3 -fopenmp -fpass-plugin=%plugin -mllvm -raise-threads=2 -mllvm -raise-dump=affine -mllvm -raise-dump-dir=%t -S -emit-llvm %s -o %t/out.ll
// RUN: FileCheck %s < %t/out.ll
// RUN: FileCheck %s --check-prefix=REGION < %t/gemm_parallel.omp_outlined.0.affine.mlir
// RUN: FileCheck %s --check-prefix=ALONE < %t/gemm.0.affine.mlir
//
// REGION: raise-pipeline={{.*}} threads=0
// ALONE: raise-pipeline={{.*}} threads=2
//
// CHECK: define internal void @gemm_parallel.omp_outlined.raise.0(
// CHECK-NOT: @gemm_parallel.omp_outlined.raise.0..omp_par
// CHECK: define internal void @gemm.raise.0(
// CHECK: call {{.*}}@__kmpc_fork_call({{.*}}@gemm.raise.0..omp_par
// CHECK-NOT: @gemm_parallel.omp_outlined.raise.0..omp_par

void gemm_parallel(int m, int n, int p, const float *A, const float *B,
                   float *C) {
#pragma omp parallel for
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}

void gemm(int m, int n, int p, const float *A, const float *B, float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
}
