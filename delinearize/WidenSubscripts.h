//===- WidenSubscripts.h - 64-bit subscripts behind a check -----*- C++ -*-===//
//
// C code with `int` or `unsigned` sizes computes a subscript such as
// b*M*N + i*N + j in 32 bits and extends it to 64. Once LLVM has
// reassociated the products, their no-wrap flags are gone, the extension
// hides the subscript's structure from SCEV, and Polly rejects the nest ("the
// array subscript is not affine"). This versions such a nest: a copy whose
// subscripts are computed in 64 bits runs where a run-time check proves that
// none of them would have wrapped in 32, so that both copies compute the same
// addresses; the original loops run otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_WIDENSUBSCRIPTS_H
#define RAISE_DELINEARIZE_WIDENSUBSCRIPTS_H

#include "llvm/IR/ValueHandle.h"

#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// One loop nest versioned by widenSubscripts().
struct WidenedNest {
  /// The branch that takes the widened copy when its check holds, the
  /// original loops otherwise.
  llvm::WeakVH Guard;
  /// Headers of the outermost loop of the widened copy and of the original.
  llvm::BasicBlock *WidenedHeader;
  llvm::BasicBlock *OriginalHeader;
  /// How many subscript extensions the widened copy computes in 64 bits.
  unsigned NumSubscripts;
};

/// Versions every outermost loop nest of @p F that has subscripts to widen
/// and a run-time check that proves them exact. Keeps @p LI and @p DT up to
/// date; the caller invalidates the rest (SCEV included) when the result is
/// not empty.
std::vector<WidenedNest> widenSubscripts(llvm::Function &F, llvm::LoopInfo &LI,
                                         llvm::DominatorTree &DT,
                                         llvm::ScalarEvolution &SE);

/// Takes the original loops of @p N for good and deletes the widened copy:
/// for nests in which nothing was raised, which must end as they began.
void discardWidening(llvm::Function &F, const WidenedNest &N);

} // namespace raising

#endif // RAISE_DELINEARIZE_WIDENSUBSCRIPTS_H
