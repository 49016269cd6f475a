//===- ExpandMemsets.h - Memsets and local copies as loops ------*- C++ -*-===//
//
// LLVM turns the loops that zero an array (`C[i][j] = 0`, or the
// accumulator of a GEMM whose reduction is empty) into one
// `memset(C, 0, 4*M*N)`, often on a path of its own that loop unswitching
// made for `K == 0`. Polly models a memset as a byte range, which it cannot
// fit to the rows of the array the nest next to it writes: the SCoP's
// assumptions come out infeasible, or the memset stays outside and splits
// the nest. This puts the loops back for Polly: each such memset becomes a
// nest of typed zero stores of the array's element type, rows and columns as
// the array's other accesses stride it, which writes the same bytes. After
// raising, the original memset takes the place of the loops again, so the
// code outside the raised regions (their fallback included) is the
// original.
//
// The same holds for a small local array that code tiled by hand keeps its
// accumulators in (`float acc[8]`) where LLVM keeps it in memory (-Os): its
// initialization and write-back become memcpys of the whole array, which
// Polly cannot model ("This function call cannot be handled"). Each becomes
// a loop of element loads and stores of the array's element type, and the
// memcpy returns after raising.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_EXPANDMEMSETS_H
#define RAISE_DELINEARIZE_EXPANDMEMSETS_H

#include "llvm/IR/ValueHandle.h"

#include <vector>

namespace llvm {
class BasicBlock;
class Function;
class LoopInfo;
class MemIntrinsic;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// One memset or memcpy replaced by expandZeroingMemsets().
struct ExpandedMemset {
  /// The memset or memcpy, taken out of the function until restoreMemset(),
  /// and its destination, source (a memcpy's only) and length: the detached
  /// intrinsic holds poison in their place, so that no value of a region
  /// seems used after it.
  llvm::MemIntrinsic *Memset;
  llvm::WeakTrackingVH Dest;
  llvm::WeakTrackingVH Source;
  llvm::WeakTrackingVH Length;
  /// The block that tests for an empty range and enters the loops, in the
  /// memset's place; the loops' preheader and the block they leave to.
  llvm::WeakVH Guard;
  llvm::WeakVH Preheader;
  llvm::WeakVH Exit;
  /// The loops' own blocks (headers, latches), none of them Preheader or
  /// Exit.
  std::vector<llvm::WeakVH> LoopBlocks;
  /// Rows and columns of the zeroed range (Rows null for one row) and the
  /// size in bytes of one element.
  llvm::Value *Rows;
  llvm::Value *Columns;
  unsigned ElementSize;
  /// False where the memset's length, rows * columns * element size, might
  /// wrap in 64 bits, where the loops would write more than the memset: the
  /// raised code then runs only behind a check that it does not
  /// (assumeNoWrap()).
  bool Exact;
};

/// Replaces every zeroing memset of @p F whose length is the element size of
/// an array some loop of @p F stores to, times one or two sizes, by loops of
/// zero stores, and every memcpy in a loop that copies a whole local array
/// (an alloca of a constant number of integers or floating-point values) to
/// or from memory by a loop of element copies. The caller invalidates every
/// analysis when the result is not empty.
std::vector<ExpandedMemset> expandZeroingMemsets(llvm::Function &F,
                                                 llvm::LoopInfo &LI,
                                                 llvm::ScalarEvolution &SE);

/// Adds to @p S's run-time check that the loops of each expansion in @p S
/// that is not exact write no more than its memset, or makes the check fail
/// where the sizes are not parameters of @p S.
void assumeNoWrap(polly::Scop &S, const std::vector<ExpandedMemset> &Expanded,
                  llvm::ScalarEvolution &SE);

/// True if every statement of @p S is in the loops of an expansion: a memset
/// alone, which raise leaves to the memset.
bool isOnlyExpansions(const polly::Scop &S,
                      const std::vector<ExpandedMemset> &Expanded);

/// True if @p BB is one of the blocks the expansions added.
bool isExpansionBlock(const llvm::BasicBlock *BB,
                      const std::vector<ExpandedMemset> &Expanded);

/// Puts the memset of @p E back in place of its loops (in @p F) and deletes
/// what that leaves unreachable. After splicing, this leaves the original
/// code as the raised region's fallback.
void restoreMemset(llvm::Function &F, ExpandedMemset &E);

} // namespace raising

#endif // RAISE_DELINEARIZE_EXPANDMEMSETS_H
