// bhatiaabhinav/Awesim's mat_mul_bias and mat_mul (src/rl/core/tensor.c, the
// tensor code of its lightweight reinforcement-learning library; nn.c's
// linear layer calls mat_mul_bias): C's rows initialized by memcpy from the
// bias (mat_mul_bias) or the whole of C by memset (mat_mul), then
// C[i][j] += A[i][p] * B[p][j] in i-p-j order, timed for bench/real.sh.
// Built with -DREAL_KERNELS this file is that tensor.c; built without, it is
// the driver (compiled without the plugin).
#ifdef REAL_KERNELS
#include "src/rl/core/tensor.c"
#else
#include "flat_gemm.h"

void mat_mul(float *C, const float *A, const float *B, int m, int k, int n);
void mat_mul_bias(float *C, const float *A, const float *B, const float *bias,
                  int m, int k, int n);

/// A product of flat matrices and the bias that mat_mul_bias copies into
/// each row of C.
struct dense {
  struct gemm *g;
  float bias[];
};

static void *dense_setup(int M, int N, int K) {
  struct dense *d = (struct dense *)malloc(sizeof *d + N * sizeof(float));
  d->g = (struct gemm *)gemm_setup(M, N, K);
  uint64_t seed = 7;
  for (int j = 0; j < N; ++j)
    d->bias[j] = style_value(&seed);
  return d;
}

static const void *dense_output(void *s, size_t *bytes) {
  return gemm_output(((struct dense *)s)->g, bytes);
}

static void dense_release(void *s) {
  struct dense *d = (struct dense *)s;
  free(d->g);
  free(d);
}

static void run_mat_mul_bias(void *s) {
  struct dense *d = (struct dense *)s;
  struct gemm *g = d->g;
  mat_mul_bias(g->C, g->A, g->B, d->bias, g->M, g->K, g->N);
}

static void run_mat_mul(void *s) {
  struct gemm *g = (struct gemm *)s;
  mat_mul(g->C, g->A, g->B, g->M, g->K, g->N);
}

static const struct style styles[] = {
    {"mat_mul_bias", dense_setup, run_mat_mul_bias, dense_output, gemm_flops,
     dense_release},
    {"mat_mul", gemm_setup, run_mat_mul, gemm_output, gemm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
