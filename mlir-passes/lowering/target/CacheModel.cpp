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

/// The cache levels the model works with: @p Caches' where valid, the
/// defaults elsewhere.
static CacheHierarchy withDefaults(const CacheHierarchy &Caches) {
  CacheHierarchy H = CacheHierarchy::defaults();
  if (Caches.L1.valid())
    H.L1 = Caches.L1;
  if (Caches.L2.valid())
    H.L2 = Caches.L2;
  if (Caches.L3.valid())
    H.L3 = Caches.L3;
  return H;
}

BlockSizes mlir::raise::computeBlockSizes(const CacheHierarchy &Caches,
                                          int64_t Mr, int64_t Nr,
                                          int64_t ElementBytes) {
  CacheLevel L1 = withDefaults(Caches).L1;
  Mr = std::max<int64_t>(Mr, 1);
  Nr = std::max<int64_t>(Nr, 1);
  int64_t S = std::max<int64_t>(ElementBytes, 1);
  int64_t Way1 = L1.SizeBytes / L1.Associativity;
  // floor((W1 - 1) / (1 + nr / mr)) = floor((W1 - 1) * mr / (mr + nr)).
  int64_t CAr = std::max<int64_t>(1, (L1.Associativity - 1) * Mr / (Mr + Nr));
  int64_t Kc = std::max<int64_t>(1, CAr * Way1 / (Mr * S));
  return computeBlockSizesForKc(Caches, Mr, Nr, ElementBytes, Kc);
}

BlockSizes mlir::raise::computeBlockSizesForKc(const CacheHierarchy &Caches,
                                               int64_t Mr, int64_t Nr,
                                               int64_t ElementBytes,
                                               int64_t Kc) {
  CacheHierarchy H = withDefaults(Caches);
  CacheLevel L2 = H.L2, L3 = H.L3;
  Mr = std::max<int64_t>(Mr, 1);
  Nr = std::max<int64_t>(Nr, 1);
  int64_t S = std::max<int64_t>(ElementBytes, 1);
  int64_t Way2 = L2.SizeBytes / L2.Associativity;
  int64_t Way3 = L3.SizeBytes / L3.Associativity;

  BlockSizes B;
  B.Kc = std::max<int64_t>(1, Kc);
  int64_t CBr = ceilDiv(B.Kc * Nr * S, Way2);
  int64_t CAc = std::max<int64_t>(1, L2.Associativity - 1 - CBr);
  B.Mc = roundDown(CAc * Way2 / (B.Kc * S), Mr);

  int64_t CAc3 = ceilDiv(B.Mc * B.Kc * S, Way3);
  int64_t CBc = std::max<int64_t>(1, L3.Associativity - 1 - CAc3);
  B.Nc = roundDown(CBc * Way3 / (B.Kc * S), Nr);
  return B;
}
