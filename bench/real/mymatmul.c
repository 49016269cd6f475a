// soonsimple/mymatmul's mymatmuls2 and mymatmulf (src/mymatmul.f90, an fpm
// exercise): Fortran module procedures on assumed-shape dummies a(:, :),
// whose extents and strides come from descriptors. C = A * B with C M x M,
// A M x K, B K x M (real(dp), column-major): mymatmuls2 a subroutine that
// zeroes C(i, j) and sums into it, mymatmulf a pure function returning C.
// Timed for bench/real.sh: the fetched mymatmul.f90 is built with flang-22
// without and with the plugin; bench/real/mymatmul.f90 (ours, without the
// plugin) calls them on our arrays through their explicit interfaces and
// gives C entries; this file is the driver (compiled without the plugin).
// N is not read (C is M x M).
#include "../styles/styles.h"

void real_mymatmuls2(int m, int n, const double *a, const double *b,
                     double *c);
void real_mymatmulf(int m, int n, const double *a, const double *b,
                    double *c);

struct product {
  int M, K;
  double *a, *b, *c;
};

static void *product_setup(int M, int N, int K) {
  (void)N;
  size_t sa = (size_t)M * K, sc = (size_t)M * M;
  struct product *p =
      (struct product *)malloc(sizeof *p + (sa + sa + sc) * sizeof(double));
  p->M = M, p->K = K;
  p->a = (double *)(p + 1);
  p->b = p->a + sa;
  p->c = p->b + sa;
  uint64_t seed = 42;
  for (size_t i = 0; i < sa + sa + sc; ++i)
    p->a[i] = style_value(&seed);
  return p;
}

static const void *product_output(void *s, size_t *bytes) {
  struct product *p = (struct product *)s;
  *bytes = (size_t)p->M * p->M * sizeof(double);
  return p->c;
}

static double product_flops(int M, int N, int K) {
  (void)N;
  return 2.0 * M * M * K;
}

static void run_mymatmuls2(void *s) {
  struct product *p = (struct product *)s;
  real_mymatmuls2(p->M, p->K, p->a, p->b, p->c);
}

static void run_mymatmulf(void *s) {
  struct product *p = (struct product *)s;
  real_mymatmulf(p->M, p->K, p->a, p->b, p->c);
}

static const struct style styles[] = {
    {"mymatmuls2", product_setup, run_mymatmuls2, product_output,
     product_flops},
    {"mymatmulf", product_setup, run_mymatmulf, product_output, product_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
