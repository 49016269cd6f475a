// karpathy/llm.c's matmul_forward (tiled by hand: eight accumulators from
// the bias, `obt += LOOP_UNROLL`) and matmul_forward_naive (a local sum from
// the bias), timed for bench/real.sh. The kernels are llm.c's own
// train_gpt2.c: built with -DREAL_KERNELS this file is that source (its
// main() renamed away), compiled without and with the plugin; built without,
// it is the driver that times them (compiled without the plugin).
//   out(B*T, OC) = inp(B*T, C) * weight(OC, C)^T + bias(OC)
// Sizes: M = B*T (a multiple of 8, so matmul_forward tiles), N = OC, K = C.
#ifdef REAL_KERNELS
#define main llmc_train_gpt2_main
#include "train_gpt2.c"
#else
#include "../styles/styles.h"

void matmul_forward(float *out, const float *inp, const float *weight,
                    const float *bias, int B, int T, int C, int OC);
void matmul_forward_naive(float *out, const float *inp, const float *weight,
                          const float *bias, int B, int T, int C, int OC);

struct layer {
  int M, N, K;
  float *out, *inp, *weight, *bias;
};

static void *layer_setup(int M, int N, int K) {
  size_t floats = (size_t)M * N + (size_t)M * K + (size_t)N * K + N;
  struct layer *l = (struct layer *)malloc(sizeof *l + floats * sizeof(float));
  l->M = M, l->N = N, l->K = K;
  l->out = (float *)(l + 1);
  l->inp = l->out + (size_t)M * N;
  l->weight = l->inp + (size_t)M * K;
  l->bias = l->weight + (size_t)N * K;
  style_fill(l->out, floats);
  return l;
}

static const void *layer_output(void *s, size_t *bytes) {
  struct layer *l = (struct layer *)s;
  *bytes = (size_t)l->M * l->N * sizeof(float);
  return l->out;
}

static double layer_flops(int M, int N, int K) { return 2.0 * M * N * K; }

// B = 1, T = M: llm.c only uses the product B*T.
static void run_forward(void *s) {
  struct layer *l = (struct layer *)s;
  matmul_forward(l->out, l->inp, l->weight, l->bias, 1, l->M, l->K, l->N);
}

static void run_forward_naive(void *s) {
  struct layer *l = (struct layer *)s;
  matmul_forward_naive(l->out, l->inp, l->weight, l->bias, 1, l->M, l->K,
                       l->N);
}

static const struct style styles[] = {
    {"matmul_forward", layer_setup, run_forward, layer_output, layer_flops},
    {"matmul_forward_naive", layer_setup, run_forward_naive, layer_output,
     layer_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
