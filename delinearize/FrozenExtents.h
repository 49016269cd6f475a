//===- FrozenExtents.h - Array extents as parameters for Polly --*- C++ -*-===//
//
// Polly delinearizes `i * n + j` on a parameter n, but not every way
// optimized IR writes n:
//
// - Fortran's explicit-shape dummies `a(m, k)` have extent max(m, 0):
//   flang computes a column's stride as zext(smax(m, 0)). SCEV sees through
//   the smax, and Polly cannot delinearize a product of a loop index and an
//   smax ("the array subscript is not affine").
// - An array of bytes (int8 inputs of a quantized product) indexed with
//   `int` sizes steps by zext(n) per row, a stride with no factor of the
//   element size around it. LLVM's delinearization takes only products,
//   unknowns and sign extensions for sizes: it finds the 32-bit n inside
//   the extension, whose rows do not divide the 64-bit subscript, and Polly
//   rejects the nest. Arrays of wider elements step by size * zext(n), a
//   product, and are delinearized.
//
// Freezing such an extent where products of loop indices use it makes it a
// parameter: `freeze` of a value that is not poison is that value, so every
// address stays the same, and Polly checks at run time that each subscript
// lies within its extent, as for any parameter. Bounds and guards keep the
// extent itself, and what SCEV knows of it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_FROZENEXTENTS_H
#define RAISE_DELINEARIZE_FROZENEXTENTS_H

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

/// Freezes, for their multiplications inside loops, the loop-invariant
/// extensions of narrower integers that some product of them addresses a
/// one-byte element with. Returns the freezes made; the caller invalidates
/// analyses when there are any.
std::vector<llvm::FreezeInst *> freezeByteStrides(llvm::Function &F,
                                                  llvm::LoopInfo &LI);

/// Takes back @p Freezes: each use reads the frozen value again, so that
/// the function's own code ends as it began (the spliced calls then pass
/// the extent itself).
void thawExtents(const std::vector<llvm::FreezeInst *> &Freezes);

} // namespace raising

#endif // RAISE_DELINEARIZE_FROZENEXTENTS_H
