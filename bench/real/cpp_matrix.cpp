// sarthakag/cpp-matrix-library's operator* (matrix.hpp): a class template
// over std::vector<std::vector<T>> with size_t sizes and counters and an
// operator(), C = A * B summed in place into the result's rows, timed for
// bench/real.sh. Built with -DREAL_KERNELS this file instantiates the
// library's own template for float behind one entry point; built without,
// it is the driver (compiled without the plugin).
#include "matrix.hpp"

matrix<float> cpp_matrix_product(const matrix<float> &A,
                                 const matrix<float> &B);

#ifdef REAL_KERNELS
matrix<float> cpp_matrix_product(const matrix<float> &A,
                                 const matrix<float> &B) {
  return A * B;
}
#else
#include "../styles/styles.h"

namespace {
struct product {
  matrix<float> A, B, C;
  std::vector<float> out;
  product(int M, int N, int K) : A(M, K), B(K, N) {}
};

void *productSetup(int M, int N, int K) {
  auto *p = new product(M, N, K);
  uint64_t seed = 42;
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      p->A(i, k) = style_value(&seed);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      p->B(k, j) = style_value(&seed);
  return p;
}

const void *productOutput(void *s, size_t *bytes) {
  auto *p = static_cast<product *>(s);
  p->out.clear();
  for (auto &row : p->C.mat)
    p->out.insert(p->out.end(), row.begin(), row.end());
  *bytes = p->out.size() * sizeof(float);
  return p->out.data();
}

void productRelease(void *s) { delete static_cast<product *>(s); }

double productFlops(int M, int N, int K) { return 2.0 * M * N * K; }

void runProduct(void *s) {
  auto *p = static_cast<product *>(s);
  p->C = cpp_matrix_product(p->A, p->B);
}

const style styles[] = {
    {"matrix_product", productSetup, runProduct, productOutput, productFlops,
     productRelease},
};
} // namespace

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
