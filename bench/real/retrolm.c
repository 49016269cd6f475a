// agaz1985/retrolm's _matmul (src/matrix_ops.c, the matrix product of a
// small transformer written for a Pentium II): C = A * B with each dot
// product split by hand into four partial sums (sum0..sum3 over k, 4k+1,
// 4k+2, 4k+3), added as sum0 + sum1 + sum2 + sum3 before a loop for the
// rest, over unsigned int sizes and pointers walked along A's row and B's
// column, timed for bench/real.sh. Built with -DREAL_KERNELS this file is
// that matrix_ops.c; built without, it is the driver (compiled without the
// plugin).
#ifdef REAL_KERNELS
#include "src/matrix_ops.c"
#else
#include "flat_gemm.h"

void _matmul(const float *m1, const float *m2, float *res, unsigned int r1,
             unsigned int c1, unsigned int c2);

static void run_matmul(void *s) {
  struct gemm *g = (struct gemm *)s;
  _matmul(g->A, g->B, g->C, g->M, g->K, g->N);
}

static const struct style styles[] = {
    {"_matmul", gemm_setup, run_matmul, gemm_output, gemm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
