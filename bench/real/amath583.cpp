// wrenparismoe/uw-hpc-cpp's mm_jki and mm_ikj (HW3/hw3_parismoe/q1-2, a
// UW AMATH 583 homework): free function templates over std::vector<T>
// indexed with operator[] in column-major order, C = a * A * B + b * C with
// int sizes, explicitly instantiated for int, float and double in their own
// .cpp files, timed for bench/real.sh. mm_jki scales C by b, then adds
// A(:, j) * (a * B(j, k)) column by column; mm_ikj sums each dot product in
// a local scalar. Built with -DREAL_KERNELS this file is those two .cpp
// files; built without, it is the driver (compiled without the plugin),
// which calls the float instantiations. Sizes: C is M x N, A is M x K.
#ifdef REAL_KERNELS
#include "mm_ikj.cpp"
#include "mm_jki.cpp"
#else
#include "../styles/styles.h"
#include "mm_ikj.hpp"
#include "mm_jki.hpp"

namespace {
struct product {
  int M, N, K;
  std::vector<float> A, B, C;
  product(int M, int N, int K)
      : M(M), N(N), K(K), A((size_t)M * K), B((size_t)K * N),
        C((size_t)M * N) {}
};

void *productSetup(int M, int N, int K) {
  auto *p = new product(M, N, K);
  uint64_t seed = 42;
  for (float &x : p->A)
    x = style_value(&seed);
  for (float &x : p->B)
    x = style_value(&seed);
  for (float &x : p->C)
    x = style_value(&seed);
  return p;
}

const void *productOutput(void *s, size_t *bytes) {
  auto *p = static_cast<product *>(s);
  *bytes = p->C.size() * sizeof(float);
  return p->C.data();
}

void productRelease(void *s) { delete static_cast<product *>(s); }

double productFlops(int M, int N, int K) { return 2.0 * M * N * K; }

// The homework's own test scalars (q1-test.cpp): a = 1.5, b = 2.
void runJki(void *s) {
  auto *p = static_cast<product *>(s);
  mm_jki(1.5f, p->A, p->B, 2.0f, p->C, p->M, p->K, p->N);
}

void runIkj(void *s) {
  auto *p = static_cast<product *>(s);
  mm_ikj(1.5f, p->A, p->B, 2.0f, p->C, p->M, p->K, p->N);
}

const style styles[] = {
    {"mm_jki", productSetup, runJki, productOutput, productFlops,
     productRelease},
    {"mm_ikj", productSetup, runIkj, productOutput, productFlops,
     productRelease},
};
} // namespace

int main(int argc, char **argv) {
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
