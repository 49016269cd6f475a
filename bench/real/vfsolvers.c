// Niceno/Visual-Fortran-Solvers' Matrix_Vector_Multiply
// (Matrix_Vector_Multiply.f90, from a collection of Fortran linear solvers):
// an external subroutine on assumed-shape dummies y(:), a(:, :), x(:)
// (descriptors), y = A x with y(i) zeroed and summed into along A's row i
// (real, column-major: the inner loop walks A by its leading dimension).
// Timed for bench/real.sh: the fetched Matrix_Vector_Multiply.f90 is built
// with flang-22 without and with the plugin; bench/real/vfsolvers.f90 (ours,
// without the plugin) calls it on our arrays through the repository's
// interface block and gives a C entry; this file is the driver (compiled
// without the plugin). Sizes: A is M x M (its size(a, 1)), N and K are not
// read.
#include "../styles/styles.h"

void real_matrix_vector_multiply(int n, float *y, const float *a,
                                 const float *x);

struct matvec {
  int n;
  float *y, *a, *x;
};

static void *matvec_setup(int M, int N, int K) {
  (void)N, (void)K;
  size_t n = (size_t)M;
  struct matvec *v =
      (struct matvec *)malloc(sizeof *v + (n + n * n + n) * sizeof(float));
  v->n = M;
  v->y = (float *)(v + 1);
  v->a = v->y + n;
  v->x = v->a + n * n;
  style_fill(v->y, n + n * n + n);
  return v;
}

static const void *matvec_output(void *s, size_t *bytes) {
  struct matvec *v = (struct matvec *)s;
  *bytes = (size_t)v->n * sizeof(float);
  return v->y;
}

static double matvec_flops(int M, int N, int K) {
  (void)N, (void)K;
  return 2.0 * M * M;
}

static void run_matvec(void *s) {
  struct matvec *v = (struct matvec *)s;
  real_matrix_vector_multiply(v->n, v->y, v->a, v->x);
}

static const struct style styles[] = {
    {"Matrix_Vector_Multiply", matvec_setup, run_matvec, matvec_output,
     matvec_flops},
};

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
