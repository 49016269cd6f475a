//===- InvariantConditions.h - Loop-invariant flags as parameters -*- C++
//-*-===//
//
// The reference BLAS tests a floating-point scalar inside its loops:
// `IF (BETA.EQ.ZERO)` in the J loop of SGEMM. LLVM leaves the `fcmp` before
// the nest (it is invariant) and the branch inside it. Polly models only
// branches on integer comparisons, so it rejects the nest, or keeps the
// branch as a non-affine subregion that raising cannot import. Seen as an
// integer, the flag is a parameter like any size: this rewrites such a
// branch to test `select(flag, 1, 0) > 0`, which Polly models as an affine
// condition on a parameter, and raising versions the nest on it
// (raise-hoist-guards). Every branch goes the way it went.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_INVARIANTCONDITIONS_H
#define RAISE_DELINEARIZE_INVARIANTCONDITIONS_H

#include "llvm/IR/ValueHandle.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// One branch condition seen as an integer.
struct FlagCondition {
  /// The branch's condition as it was (an `i1` that is no `icmp`).
  llvm::WeakVH Flag;
  /// `icmp sgt (select Flag, 1, 0), 0`, the branch's condition now.
  llvm::WeakVH Test;
};

/// Rewrites the conditional branches inside loops of @p F whose condition
/// is an `i1` other than an integer comparison, computed outside every loop
/// the branch is in, to compare it as a 32-bit 0 or 1 with zero. Returns the
/// rewritten conditions; the caller invalidates analyses when there are any.
std::vector<FlagCondition> parameterizeFlags(llvm::Function &F,
                                             llvm::LoopInfo &LI);

/// Takes back @p Flags: each branch tests its flag again; the numbers stay
/// where spliced calls pass them.
void restoreFlags(const std::vector<FlagCondition> &Flags);

/// A load from one of two addresses chosen by a loop-invariant condition,
/// made a branch: SSYMM's `IF (UPPER) THEN TEMP1 = ALPHA*A(K,J) ELSE TEMP1 =
/// ALPHA*A(J,K)` inside its K loop, which LLVM turns into a load from a
/// `select` of the two addresses. Polly cannot model an access whose base
/// is a select ("the base address of this array is not invariant"); as a
/// branch, each side is an affine access under an affine condition on a
/// parameter, and raising versions the nest on it. Each path loads only
/// what it loaded before.
struct SplitSelect {
  /// The select of addresses, kept (unused) for the way back.
  llvm::WeakVH Select;
  /// The PHI of the two loads, which took the load's place.
  llvm::WeakVH Phi;
};

/// Splits every load inside a loop of @p F whose address is a `select` on
/// a condition computed outside the outermost loop around it (the select's
/// only use) into a branch on the condition with one load on each side.
/// Keeps @p LI and @p DT up to date; the caller invalidates the rest when
/// the result is not empty.
std::vector<SplitSelect> splitAddressSelects(llvm::Function &F,
                                             llvm::LoopInfo &LI,
                                             llvm::DominatorTree &DT);

/// Takes back @p Splits where their branches are still there: one load
/// from the select again, in a block without the branch.
void restoreAddressSelects(const std::vector<SplitSelect> &Splits);

} // namespace raising

#endif // RAISE_DELINEARIZE_INVARIANTCONDITIONS_H
