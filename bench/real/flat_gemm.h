// The state a driver of bench/real.sh keeps for a product of flat row-major
// float matrices, C (M x N) from A (M x K) and B (K x N), all three filled
// with the seeded values (kernels that accumulate start from that C). One
// header so that the drivers time every such kernel alike.
#ifndef RAISE_BENCH_REAL_FLAT_GEMM_H
#define RAISE_BENCH_REAL_FLAT_GEMM_H

#include "../styles/styles.h"

struct gemm {
  int M, N, K;
  float *C, *A, *B;
};

static void *gemm_setup(int M, int N, int K) {
  size_t floats = (size_t)M * N + (size_t)M * K + (size_t)K * N;
  struct gemm *g = (struct gemm *)malloc(sizeof *g + floats * sizeof(float));
  g->M = M, g->N = N, g->K = K;
  g->C = (float *)(g + 1);
  g->A = g->C + (size_t)M * N;
  g->B = g->A + (size_t)M * K;
  style_fill(g->C, floats);
  return g;
}

static const void *gemm_output(void *s, size_t *bytes) {
  struct gemm *g = (struct gemm *)s;
  *bytes = (size_t)g->M * g->N * sizeof(float);
  return g->C;
}

static double gemm_flops(int M, int N, int K) { return 2.0 * M * N * K; }

#endif // RAISE_BENCH_REAL_FLAT_GEMM_H
