// PolyBench/C 4.2.1's gemm (C := alpha*A*B + beta*C) with C99 variable-
// length array parameters (-DPOLYBENCH_USE_C99_PROTO: `C[ni][nj]`) and its
// default run-time loop bounds (ni, nj, nk), in float, timed for
// bench/real.sh. Built with -DREAL_KERNELS this file is PolyBench's own
// linear-algebra/blas/gemm/gemm.c (its main() renamed away) and an entry
// point that passes flat arrays as the VLA parameters kernel_gemm declares;
// built without, it is the driver (compiled without the plugin).
#ifdef REAL_KERNELS
#define main polybench_gemm_main
#include "linear-algebra/blas/gemm/gemm.c"
#include "utilities/polybench.c"

void polybench_gemm(int ni, int nj, int nk, float alpha, float beta, float *C,
                    float *A, float *B) {
  kernel_gemm(ni, nj, nk, alpha, beta, (float(*)[nj])C, (float(*)[nk])A,
              (float(*)[nj])B);
}
#else
#include "flat_gemm.h"

void polybench_gemm(int ni, int nj, int nk, float alpha, float beta, float *C,
                    float *A, float *B);

static void run_gemm(void *s) {
  struct gemm *g = (struct gemm *)s;
  polybench_gemm(g->M, g->N, g->K, 1.5f, 1.2f, g->C, g->A, g->B);
}

static const struct style styles[] = {
    {"gemm", gemm_setup, run_gemm, gemm_output, gemm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
