//===- ClampedSizes.h - Array extents max(n, 0) as parameters ---*- C++ -*-===//
//
// Fortran's explicit-shape dummies `a(m, k)` have extent max(m, 0): flang
// computes a column's stride as zext(smax(m, 0)) and the subscript of
// a(i, l) as (l - 1) * that + (i - 1). SCEV sees through the smax, Polly
// cannot delinearize a product of a loop index and an smax, and rejects
// the nest ("the array subscript is not affine"), where it delinearizes the
// same product of a plain parameter. Freezing the extent where products of
// loop indices use it makes it one: `freeze` of a value that is not poison
// is that value, so every address stays the same, and Polly checks at run
// time that each subscript lies within its extent, as for any parameter.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_CLAMPEDSIZES_H
#define RAISE_DELINEARIZE_CLAMPEDSIZES_H

#include <vector>

namespace llvm {
class FreezeInst;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// Freezes, for their multiplications inside loops, the loop-invariant
/// extents of @p F of the form smax(x, 0), possibly zero- or sign-extended.
/// Returns the freezes made; the caller invalidates analyses when there are
/// any.
std::vector<llvm::FreezeInst *> freezeClampedSizes(llvm::Function &F,
                                                   llvm::LoopInfo &LI);

/// Takes back @p Freezes: each use reads the frozen value again, so that
/// the function's own code ends as it began (the spliced calls then pass
/// the extent itself).
void thawClampedSizes(const std::vector<llvm::FreezeInst *> &Freezes);

} // namespace raising

#endif // RAISE_DELINEARIZE_CLAMPEDSIZES_H
