// A matrix product whose dot products are split by hand into four partial
// sums with pointers walked along A's row and B's column, then a loop for
// the last K % 4 elements continuing from their combination (the style of
// retrolm's _matmul, with 64-bit strides). raise-split-sums moves the
// remainder loop to a nest of its own (C starts as the combination and the
// loop adds the rest), splits the four sums into four products over
// stride-4 views and raises the remainder as a product too: each element
// sees the same operations in the same order. K a multiple of 4, not one,
// and below 4 (no partial sums: the remainder does everything). matmul4_u32
// is retrolm's own, with unsigned int sizes: its strides (4 * c2, 2 * c2,
// 3 * c2) are computed in 32 bits before the nest, so raise widens them
// in a copy of the nest behind a check that they do not wrap.
//
// RUN: %e2e-build
// RUN: %e2e-compare 16
// RUN: %e2e-compare 61
// RUN: %e2e-compare 130
// RUN: %e2e-remarks | FileCheck %s
// CHECK-DAG: remark: {{.*}}loop nest in matmul4 (where {{.*}}) raised to linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), i x j x k = {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept), {{.*}}; linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept)
// CHECK-DAG: remark: {{.*}}loop nest in matmul4 (where {{.*}}) raised to linalg.generic (GEMM;{{.*}}accumulated through a local scalar), i x j x k =
// CHECK-DAG: remark: {{.*}}SCoP in matmul4 spliced as
// CHECK-DAG: remark: {{.*}}loop nest in matmul4_u32 raised to linalg.generic (GEMM;{{.*}}; one of 4 partial sums kept)
// CHECK-DAG: remark: {{.*}}loop nest in matmul4_u32: {{[0-9]+}} subscripts widened to 64 bits

#include "Inputs/harness.h"

__attribute__((noinline)) void matmul4(const float *m1, const float *m2,
                                       float *res, size_t r1, size_t c1,
                                       size_t c2) {
  for (size_t i = 0; i < r1; ++i) {
    const float *m1_row = m1 + i * c1;
    float *res_row = res + i * c2;
    for (size_t j = 0; j < c2; ++j) {
      const float *a = m1_row;
      const float *b = m2 + j;
      float sum0 = 0.f, sum1 = 0.f, sum2 = 0.f, sum3 = 0.f;
      size_t k;
      for (k = 0; k + 3 < c1; k += 4) {
        sum0 += a[0] * b[0];
        sum1 += a[1] * b[c2];
        sum2 += a[2] * b[2 * c2];
        sum3 += a[3] * b[3 * c2];
        a += 4;
        b += 4 * c2;
      }
      float sum = sum0 + sum1 + sum2 + sum3;
      for (; k < c1; ++k) {
        sum += (*a) * (*b);
        ++a;
        b += c2;
      }
      res_row[j] = sum;
    }
  }
}

__attribute__((noinline)) void matmul4_u32(const float *m1, const float *m2,
                                           float *res, unsigned int r1,
                                           unsigned int c1, unsigned int c2) {
  unsigned int i, j, k;
  for (i = 0; i < r1; ++i) {
    const float *m1_row = m1 + i * c1;
    float *res_row = res + i * c2;
    for (j = 0; j < c2; ++j) {
      const float *a = m1_row;
      const float *b = m2 + j;
      float sum0 = 0.f;
      float sum1 = 0.f;
      float sum2 = 0.f;
      float sum3 = 0.f;
      for (k = 0; k + 3 < c1; k += 4) {
        sum0 += a[0] * b[0];
        sum1 += a[1] * b[c2];
        sum2 += a[2] * b[2 * c2];
        sum3 += a[3] * b[3 * c2];
        a += 4;
        b += 4 * c2;
      }
      float sum = sum0 + sum1 + sum2 + sum3;
      for (; k < c1; ++k) {
        sum += (*a) * (*b);
        ++a;
        b += c2;
      }
      res_row[j] = sum;
    }
  }
}

static void test(int n) {
  size_t M = n + 3, N = n + 1;
  float *A = random_floats(M * (n + 7), 91);
  float *B = random_floats((n + 7) * N, 92);
  float *C = random_floats(M * N, 93);
  for (size_t K = n + 4; K <= (size_t)n + 7; ++K) {
    matmul4(A, B, C, M, K, N);
    print_floats("C", C, M * N);
  }
  matmul4(A, B, C, M, 3, N);
  print_floats("C small K", C, M * N);
  matmul4_u32(A, B, C, M, n + 5, N);
  print_floats("C unsigned", C, M * N);
}
