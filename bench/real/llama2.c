// karpathy/llama2.c's matmul (a matvec with a local sum; OpenMP parallel for
// under -fopenmp) and rmsnorm (a sum of squares, a scalar used after its
// loop), timed for bench/real.sh. The kernels are llama2.c's own run.c:
// built with -DREAL_KERNELS this file is that source (its main() renamed
// away), compiled without and with the plugin; built without, it is the
// driver that times them (compiled without the plugin).
//   matmul: xout(d) = w(d, n) * x(n), d = M, n = K
//   rmsnorm: o(size) = weight * x / rms(x), size = M * K
#ifdef REAL_KERNELS
#define main llama2_run_main
#include "run.c"
#else
#include "../styles/styles.h"

void matmul(float *xout, float *x, float *w, int n, int d);
void rmsnorm(float *o, float *x, float *weight, int size);

struct state {
  int M, K;
  float *out, *w, *x, *weight;
};

static void *state_setup(int M, int N, int K) {
  (void)N;
  size_t n = (size_t)M * K;
  size_t floats = n + n + n + n;
  struct state *s = (struct state *)malloc(sizeof *s + floats * sizeof(float));
  s->M = M, s->K = K;
  s->out = (float *)(s + 1);
  s->w = s->out + n;
  s->x = s->w + n;
  s->weight = s->x + n;
  style_fill(s->out, floats);
  return s;
}

static const void *matvec_output(void *p, size_t *bytes) {
  struct state *s = (struct state *)p;
  *bytes = (size_t)s->M * sizeof(float);
  return s->out;
}

static const void *norm_output(void *p, size_t *bytes) {
  struct state *s = (struct state *)p;
  *bytes = (size_t)s->M * s->K * sizeof(float);
  return s->out;
}

static double matvec_flops(int M, int N, int K) {
  (void)N;
  return 2.0 * M * K;
}

// Two multiplies and an add per element, and the sum of squares.
static double norm_flops(int M, int N, int K) {
  (void)N;
  return 4.0 * M * K;
}

static void run_matmul(void *p) {
  struct state *s = (struct state *)p;
  matmul(s->out, s->x, s->w, s->K, s->M);
}

static void run_rmsnorm(void *p) {
  struct state *s = (struct state *)p;
  rmsnorm(s->out, s->x, s->weight, s->M * s->K);
}

static const struct style styles[] = {
    {"matmul", state_setup, run_matmul, matvec_output, matvec_flops},
    {"rmsnorm", state_setup, run_rmsnorm, norm_output, norm_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
