// dylanjbarth/csi's dotproduct (computer-systems/optimization/vec/
// dotproduct.c, the CS:APP vector exercise): a dot product split into three
// accumulators (3x1 unrolling) with a loop for the rest, over the exercise's
// vec_ptr type (data_t long), timed for bench/real.sh. Built with
// -DREAL_KERNELS this file is the exercise's dotproduct.c; built without, it
// is the driver (compiled without the plugin) with the exercise's vec.c,
// which allocates the vectors (vec.h has no include guard: one include per
// part). Sizes: the vectors hold M * K elements.
#ifdef REAL_KERNELS
#include "dotproduct.c"
#else
#include "../styles/styles.h"
#include "vec.c"

data_t dotproduct(vec_ptr u, vec_ptr v);

struct dot {
  vec_ptr u, v;
  data_t result;
};

static void *dot_setup(int M, int N, int K) {
  (void)N;
  long len = (long)M * K;
  struct dot *d = (struct dot *)malloc(sizeof *d);
  d->u = new_vec(len);
  d->v = new_vec(len);
  d->result = 0;
  uint64_t seed = 42;
  for (long i = 0; i < len; ++i) {
    set_vec_element(d->u, i, (data_t)(style_value(&seed) * 1000));
    set_vec_element(d->v, i, (data_t)(style_value(&seed) * 1000));
  }
  return d;
}

static const void *dot_output(void *s, size_t *bytes) {
  struct dot *d = (struct dot *)s;
  *bytes = sizeof d->result;
  return &d->result;
}

static void dot_release(void *s) {
  struct dot *d = (struct dot *)s;
  free_vec(d->u);
  free_vec(d->v);
  free(d);
}

static double dot_flops(int M, int N, int K) {
  (void)N;
  return 2.0 * M * K;
}

static void run_dot(void *s) {
  struct dot *d = (struct dot *)s;
  d->result = dotproduct(d->u, d->v);
}

static const struct style styles[] = {
    {"dotproduct", dot_setup, run_dot, dot_output, dot_flops, dot_release},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
