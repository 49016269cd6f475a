// mhoemmen/gpu-programming-models' gemv (gemv/main.cpp, a course example of
// C++ parallel algorithms): the matvec is a lambda passed to
// std::for_each(par_unseq, ...) over std::views::iota(0, n) rows, capturing
// A and x (std::vector<double>, row-major) by copy and y by reference. The
// whole program is main(): n = 1000, A the identity, x[i] = i, and an
// assert that y[i] == i. Timed for bench/real.sh: built with -DREAL_KERNELS
// this file is that main.cpp (its main() renamed; -std=c++20 for ranges);
// built without, it is the driver (compiled without the plugin), which times
// the renamed main() as a whole (the allocations, the initialization and the
// copies the lambda captures included). As the program keeps its vectors to
// itself, the driver replaces the global operator new and delete, and
// hashes the bytes of the small buffers the program frees (x, y and the
// lambda's copy of x). The program fixes its sizes and inputs (M = K =
// 1000, the arguments are not read).
#ifdef REAL_KERNELS
#define main gpm_gemv_main
#include "main.cpp"
#else
#include "../styles/styles.h"
#include <cstring>
#include <malloc.h>
#include <new>

int gpm_gemv_main(int argc, char *argv[]);

namespace {
// Each allocation carries its size in front of it. While `keeping`, the
// bytes of each freed buffer of up to `small` bytes (x and y, not A) are
// appended to `kept`.
constexpr size_t header = 16, small = 1 << 16;
bool keeping = false;
char kept[4 * small];
size_t nkept = 0;

void *allocate(size_t bytes) {
  auto *block = static_cast<char *>(malloc(bytes + header));
  if (!block)
    throw std::bad_alloc();
  memcpy(block, &bytes, sizeof bytes);
  return block + header;
}

void release(void *p) {
  if (!p)
    return;
  char *block = static_cast<char *>(p) - header;
  size_t bytes;
  memcpy(&bytes, block, sizeof bytes);
  if (keeping && bytes <= small && nkept + bytes <= sizeof kept) {
    memcpy(kept + nkept, p, bytes);
    nkept += bytes;
  }
  free(block);
}

void *gemvSetup(int, int, int) { return malloc(1); }

void runGemv(void *) {
  char name[] = "gemv";
  char *argv[] = {name, nullptr};
  nkept = 0;
  keeping = true;
  gpm_gemv_main(1, argv);
  keeping = false;
}

const void *gemvOutput(void *, size_t *bytes) {
  *bytes = nkept;
  return kept;
}

double gemvFlops(int, int, int) { return 2.0 * 1000 * 1000; }

const style styles[] = {
    {"main", gemvSetup, runGemv, gemvOutput, gemvFlops, nullptr},
};
} // namespace

void *operator new(size_t bytes) { return allocate(bytes); }
void *operator new[](size_t bytes) { return allocate(bytes); }
void operator delete(void *p) noexcept { release(p); }
void operator delete[](void *p) noexcept { release(p); }
void operator delete(void *p, size_t) noexcept { release(p); }
void operator delete[](void *p, size_t) noexcept { release(p); }

int main(int argc, char **argv) {
  // The program's 8 MB buffers from the heap and kept there: each run
  // reuses the pages of the one before.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  return style_main(argc, argv, styles, sizeof styles / sizeof *styles);
}
#endif
