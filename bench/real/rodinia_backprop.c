// Rodinia 3.1's bpnn_hidden_error (openmp/backprop/backprop.c, the
// back-propagation benchmark of the Rodinia suite): the hidden layer's error
// terms, a product of the hidden-to-output weights (float ** rows, one
// malloc each, indices from 1) with the output deltas, summed in a local
// scalar per row, and errsum, the sum of their absolute values, computed in
// the same nest and stored through *err after it. Timed for bench/real.sh.
// Built with -DREAL_KERNELS this file is that backprop.c (K&R C: built with
// -std=gnu89, and -fopenmp as its Makefile builds it); built without, it is
// the driver (compiled without the plugin), which allocates the weights with
// the benchmark's own alloc_2d_dbl. Sizes: M hidden units, K output units.
#ifdef REAL_KERNELS
#include "backprop.c"
#else
#include "../styles/styles.h"

float **alloc_2d_dbl(int m, int n);
void bpnn_hidden_error(float *delta_h, int nh, float *delta_o, int no,
                       float **who, float *hidden, float *err);

struct hidden_error {
  int nh, no;
  float **who;
  float *delta_h, *delta_o, *hidden;
  float err;
};

static void *hidden_error_setup(int M, int N, int K) {
  (void)N;
  struct hidden_error *h = (struct hidden_error *)malloc(sizeof *h);
  h->nh = M, h->no = K;
  h->who = alloc_2d_dbl(M + 1, K + 1);
  h->delta_h = (float *)calloc(M + 1, sizeof(float));
  h->delta_o = (float *)malloc((K + 1) * sizeof(float));
  h->hidden = (float *)malloc((M + 1) * sizeof(float));
  uint64_t seed = 42;
  for (int j = 0; j <= M; ++j) {
    for (int k = 0; k <= K; ++k)
      h->who[j][k] = style_value(&seed);
    h->hidden[j] = style_value(&seed);
  }
  for (int k = 0; k <= K; ++k)
    h->delta_o[k] = style_value(&seed);
  h->err = 0;
  return h;
}

/// delta_h[1..nh] and err: the kernel never writes delta_h[0], which carries
/// err into the checksum.
static const void *hidden_error_output(void *s, size_t *bytes) {
  struct hidden_error *h = (struct hidden_error *)s;
  h->delta_h[0] = h->err;
  *bytes = (size_t)(h->nh + 1) * sizeof(float);
  return h->delta_h;
}

static void hidden_error_release(void *s) {
  struct hidden_error *h = (struct hidden_error *)s;
  for (int j = 0; j <= h->nh; ++j)
    free(h->who[j]);
  free(h->who);
  free(h->delta_h);
  free(h->delta_o);
  free(h->hidden);
  free(h);
}

static double hidden_error_flops(int M, int N, int K) {
  (void)N;
  return 2.0 * M * K;
}

static void run_hidden_error(void *s) {
  struct hidden_error *h = (struct hidden_error *)s;
  bpnn_hidden_error(h->delta_h, h->nh, h->delta_o, h->no, h->who, h->hidden,
                    &h->err);
}

static const struct style styles[] = {
    {"bpnn_hidden_error", hidden_error_setup, run_hidden_error,
     hidden_error_output, hidden_error_flops, hidden_error_release},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
