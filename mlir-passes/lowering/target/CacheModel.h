//===- CacheModel.h - GEMM cache blocks from the caches ---------*- C++ -*-===//
//
// The analytical model of Low, Igual, Smith and Quintana-Orti, "Analytical
// modeling is enough for high-performance BLIS" (ACM TOMS 43(2), 2016):
// the cache blocks kc, mc and nc of a Goto/BLIS GEMM follow from the
// register tile mr x nr, the element size and the size and associativity
// of the L1, L2 and L3 caches, without searching.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_CACHEMODEL_H
#define RAISE_MLIR_PASSES_CACHEMODEL_H

#include <cstdint>

namespace mlir {
namespace raise {

/// `i64 raise.cache.v2(i32 I)`: what the running core's caches are, I = 0..5
/// for the L1 data cache's size in bytes and its ways, then L2's, then
/// L3's; 0 where unknown; I = 6 (CacheQueryVendor) its vendor, one of
/// CpuVendor. The plugin defines it (plugin/CacheQuery.h) in modules whose
/// generated code sizes its cache blocks or picks a vendor's variant at run
/// time. (v1 reported the six cache numbers only.)
constexpr const char *CacheQueryFunction = "raise.cache.v2";

/// The index of raise.cache.v2's vendor number.
constexpr int32_t CacheQueryVendor = 6;

/// The vendors raise.cache.v2 tells apart.
enum class CpuVendor : int64_t { Other = 0, Intel = 1, Amd = 2 };

/// One set-associative cache level. The model needs the size of one way
/// (sets x line size = Size / Associativity) and the number of ways.
struct CacheLevel {
  int64_t SizeBytes = 0;
  int64_t Associativity = 0;
  bool valid() const { return SizeBytes > 0 && Associativity > 0; }
};

/// The data caches the GEMM's blocks are sized for.
struct CacheHierarchy {
  CacheLevel L1, L2, L3;
  /// What is assumed where the target does not say: the L1 and L2 that
  /// LLVM's x86 cost model reports for every Intel core since Penryn (32 KiB
  /// and 256 KiB, 8-way), and an 8 MiB 16-way L3.
  static CacheHierarchy defaults();
};

/// The cache blocks of the GEMM: rows of the packed A block (mc, a multiple
/// of mr), depth of a k block (kc), columns of the packed B block (nc, a
/// multiple of nr).
struct BlockSizes {
  int64_t Mc = 0, Kc = 0, Nc = 0;
};

/// The model. With W ways of B bytes each per level and S-byte elements:
///  - kc: the mr x kc micro-panel of A and the kc x nr micro-panel of B
///    share L1 with one way left for C. The ways they take are in the ratio
///    mr : nr, so A gets C_Ar = floor((W1 - 1) / (1 + nr / mr)) ways and
///    kc = C_Ar * B1 / (mr * S): B's micro-panel stays in L1 across the ir
///    loop while A's stream through.
///  - mc: the packed mc x kc block of A stays in L2 beside one kc x nr
///    micro-panel of B (C_Br = ceil(kc * nr * S / B2) ways) and a way for
///    C: C_Ac = W2 - 1 - C_Br ways, mc = C_Ac * B2 / (kc * S), rounded down
///    to a multiple of mr.
///  - nc: likewise the packed kc x nc block of B in L3 beside the A block:
///    C_Bc = W3 - 1 - ceil(mc * kc * S / B3), nc = C_Bc * B3 / (kc * S),
///    rounded down to a multiple of nr.
/// Each block is at least one register tile (mr, 1, nr) when a cache is too
/// small or has too few ways for the model; a level that is not valid() is
/// taken from CacheHierarchy::defaults().
BlockSizes computeBlockSizes(const CacheHierarchy &Caches, int64_t Mr,
                             int64_t Nr, int64_t ElementBytes);

/// The model's mc and nc (L2 and L3 as above) for a k block of depth @p Kc
/// chosen otherwise (at least 1).
BlockSizes computeBlockSizesForKc(const CacheHierarchy &Caches, int64_t Mr,
                                  int64_t Nr, int64_t ElementBytes, int64_t Kc);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_CACHEMODEL_H
