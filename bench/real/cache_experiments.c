// Smintheus98/cache-experiments' matmatmul (matrix-matrix-multiplication/
// algorithms/naive-loopswp.h): size_t sizes and counters, C zeroed with
// memset, then i-k-j accumulation, timed for bench/real.sh. The repository's
// own driver (matmatmul.c) defines data_t and RCTOIDX before including the
// algorithm; this one does the same with data_t float. The kernel reads B
// with A's row length, so the driver runs it on square matrices (N = K).
// Built with -DREAL_KERNELS this file is that algorithm; built without, it
// is the driver (compiled without the plugin).
#include <stddef.h>

typedef float data_t;

#ifdef REAL_KERNELS
#define RCTOIDX(row, col, n_cols) ((row) * (n_cols) + (col))
#include "matrix-matrix-multiplication/algorithms/naive-loopswp.h"
#else
#include "../styles/styles.h"

void matmatmul(data_t *C, data_t *A, data_t *B, size_t C_nrows,
               size_t C_ncols, size_t A_ncols, size_t unused);

struct mm {
  int M, N;
  float *C, *A, *B;
};

static void *mm_setup(int M, int N, int K) {
  (void)K;
  size_t floats = (size_t)M * N + (size_t)M * N + (size_t)N * N;
  struct mm *g = (struct mm *)malloc(sizeof *g + floats * sizeof(float));
  g->M = M, g->N = N;
  g->C = (float *)(g + 1);
  g->A = g->C + (size_t)M * N;
  g->B = g->A + (size_t)M * N;
  style_fill(g->C, floats);
  return g;
}

static const void *mm_output(void *s, size_t *bytes) {
  struct mm *g = (struct mm *)s;
  *bytes = (size_t)g->M * g->N * sizeof(float);
  return g->C;
}

static double mm_flops(int M, int N, int K) {
  (void)K;
  return 2.0 * M * N * N;
}

static void run_mm(void *s) {
  struct mm *g = (struct mm *)s;
  matmatmul(g->C, g->A, g->B, g->M, g->N, g->N, g->N);
}

static const struct style styles[] = {
    {"matmatmul", mm_setup, run_mm, mm_output, mm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
