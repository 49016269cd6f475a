//===- CacheModel.cpp - Cache blocks of the tuned GEMM from the caches ----===//

#include "CacheModel.h"

#include <algorithm>

using namespace mlir::raise;

CacheHierarchy CacheHierarchy::defaults() {
  CacheHierarchy H;
  H.L1 = {32 * 1024, 8};
  H.L2 = {256 * 1024, 8};
  H.L3 = {8 * 1024 * 1024, 16};
  return H;
}

/// Ceiling of @p A / @p B for positive numbers.
static int64_t ceilDiv(int64_t A, int64_t B) { return (A + B - 1) / B; }

/// @p X rounded down to a multiple of @p Step, at least @p Step.
static int64_t roundDown(int64_t X, int64_t Step) {
  return std::max(Step, X / Step * Step);
}

BlockSizes mlir::raise::computeBlockSizes(const CacheHierarchy &Caches,
                                          int64_t Mr, int64_t Nr,
                                          int64_t ElementBytes) {
  CacheHierarchy Defaults = CacheHierarchy::defaults();
  auto Pick = [](const CacheLevel &L, const CacheLevel &D) {
    return L.valid() ? L : D;
  };
  CacheLevel L1 = Pick(Caches.L1, Defaults.L1);
  CacheLevel L2 = Pick(Caches.L2, Defaults.L2);
  CacheLevel L3 = Pick(Caches.L3, Defaults.L3);
  Mr = std::max<int64_t>(Mr, 1);
  Nr = std::max<int64_t>(Nr, 1);
  int64_t S = std::max<int64_t>(ElementBytes, 1);
  int64_t Way1 = L1.SizeBytes / L1.Associativity;
  int64_t Way2 = L2.SizeBytes / L2.Associativity;
  int64_t Way3 = L3.SizeBytes / L3.Associativity;

  BlockSizes B;
  // floor((W1 - 1) / (1 + nr / mr)) = floor((W1 - 1) * mr / (mr + nr)).
  int64_t CAr = std::max<int64_t>(1, (L1.Associativity - 1) * Mr / (Mr + Nr));
  B.Kc = std::max<int64_t>(1, CAr * Way1 / (Mr * S));

  int64_t CBr = ceilDiv(B.Kc * Nr * S, Way2);
  int64_t CAc = std::max<int64_t>(1, L2.Associativity - 1 - CBr);
  B.Mc = roundDown(CAc * Way2 / (B.Kc * S), Mr);

  int64_t CAc3 = ceilDiv(B.Mc * B.Kc * S, Way3);
  int64_t CBc = std::max<int64_t>(1, L3.Associativity - 1 - CAc3);
  B.Nc = roundDown(CBc * Way3 / (B.Kc * S), Nr);
  return B;
}
