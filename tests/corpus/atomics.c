// Atomics in and around loop nests: relaxed atomic loads of a GEMM's
// operands, an atomic accumulation of a whole matrix into one counter, a
// fence in a nest's body, and a GEMM between two sequentially consistent
// accesses of a flag.
//
// RUN: %corpus-build
// RUN: %corpus-compare 16
// RUN: %corpus-compare 50
// RUN: %corpus-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in gemm_atomic_loads is not a static control part: Volatile memory accesses or memory accesses for atomic types
// CHECK-DAG: remark: {{.*}}loop nest in count_positive is not a static control part
// CHECK-DAG: remark: {{.*}}loop nest in scale_fenced is not a static control part
// CHECK-DAG: remark: {{.*}}loop nest in gemm_flagged raised to

#include "harness.h"

#include <stdatomic.h>

__attribute__((noinline)) void gemm_atomic_loads(int m, int n, int p,
                                                 const float *A, const float *B,
                                                 float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k) {
        float a;
        __atomic_load(&A[i * p + k], &a, __ATOMIC_RELAXED);
        C[i * n + j] += a * B[k * n + j];
      }
}

__attribute__((noinline)) void count_positive(int m, int n, const float *A,
                                              atomic_int *count) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      atomic_fetch_add_explicit(count, A[i * n + j] > 0.0f,
                                memory_order_relaxed);
}

__attribute__((noinline)) void scale_fenced(int m, int n, float *A, float s) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      A[i * n + j] *= s;
      atomic_thread_fence(memory_order_release);
    }
}

__attribute__((noinline)) void gemm_flagged(int m, int n, int p,
                                            const float *A, const float *B,
                                            float *C, atomic_int *busy) {
  atomic_store(busy, 1);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      for (int k = 0; k < p; ++k)
        C[i * n + j] += A[i * p + k] * B[k * n + j];
  atomic_store(busy, 0);
}

static void test(int n) {
  int m = n - 1, p = n + 3;
  float *A = random_floats((size_t)m * p, 1);
  float *B = random_floats((size_t)p * n, 2);
  float *C = random_floats((size_t)m * n, 3);
  atomic_int count = 0, busy = 0;
  gemm_atomic_loads(m, n, p, A, B, C);
  print_floats("C", C, (size_t)m * n);
  count_positive(m, n, C, &count);
  printf("positive: %d\n", atomic_load(&count));
  scale_fenced(m, n, C, 0.5f);
  print_floats("C", C, (size_t)m * n);
  gemm_flagged(m, n, p, A, B, C, &busy);
  print_floats("C", C, (size_t)m * n);
  printf("busy: %d\n", atomic_load(&busy));
}
