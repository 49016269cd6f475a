// clangi/SEED's matrix_prod (test/matrix_example.c): Numerical Recipes style
// float ** matrices indexed from 1, C = A * B accumulated into a matrix the
// function allocates with its own zero_matrix(), timed for bench/real.sh.
// Built with -DREAL_KERNELS this file is SEED's own source; built without,
// it is the driver (compiled without the plugin), which allocates A and B
// with SEED's matrix() too, as SEED's users do.
#ifdef REAL_KERNELS
#include "test/matrix_example.c"
#else
#include "../styles/styles.h"

float **matrix(int nrl, int nrh, int ncl, int nch);
void free_matrix(float **m, int nrl, int nrh, int ncl, int nch);
float **matrix_prod(int m1, int n1, int m2, int n2, float **A, float **B);

struct prod {
  int M, N, K;
  float **A, **B, **C;
  float *out;
};

static void *prod_setup(int M, int N, int K) {
  struct prod *p = (struct prod *)malloc(sizeof *p);
  p->M = M, p->N = N, p->K = K;
  p->A = matrix(1, M, 1, K);
  p->B = matrix(1, K, 1, N);
  p->C = NULL;
  p->out = (float *)malloc((size_t)M * N * sizeof(float));
  uint64_t seed = 42;
  for (int i = 1; i <= M; ++i)
    for (int k = 1; k <= K; ++k)
      p->A[i][k] = style_value(&seed);
  for (int k = 1; k <= K; ++k)
    for (int j = 1; j <= N; ++j)
      p->B[k][j] = style_value(&seed);
  return p;
}

static const void *prod_output(void *s, size_t *bytes) {
  struct prod *p = (struct prod *)s;
  for (int i = 1; i <= p->M; ++i)
    for (int j = 1; j <= p->N; ++j)
      p->out[(size_t)(i - 1) * p->N + (j - 1)] = p->C[i][j];
  *bytes = (size_t)p->M * p->N * sizeof(float);
  return p->out;
}

static void prod_release(void *s) {
  struct prod *p = (struct prod *)s;
  free_matrix(p->A, 1, p->M, 1, p->K);
  free_matrix(p->B, 1, p->K, 1, p->N);
  if (p->C)
    free_matrix(p->C, 1, p->M, 1, p->N);
  free(p->out);
  free(p);
}

static double prod_flops(int M, int N, int K) { return 2.0 * M * N * K; }

static void run_prod(void *s) {
  struct prod *p = (struct prod *)s;
  p->C = matrix_prod(p->M, p->K, p->K, p->N, p->A, p->B);
}

static const struct style styles[] = {
    {"matrix_prod", prod_setup, run_prod, prod_output, prod_flops,
     prod_release},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
