//===- SectionStrides.h - Fortran sections as strided views -----*- C++ -*-===//
//
// A section with a non-unit first stride, `a(1:n:2, :)`, passed to an
// assumed-shape dummy takes the path flang keeps for any strides: every
// subscript scaled by its dimension's byte stride from the descriptor,
// `gep i8, base, (i - 1) * sm1` then `(j - 1) * sm2`. Polly cannot model a
// product of a loop index and a parameter on a one-dimensional array ("the
// array subscript is not affine"), and a sum of two such products has no
// shape it can recover: the strides share no factor it can see.
//
// Where the first stride is a positive whole number e of elements and each
// stride divides the next (sm2 = q * sm1), the address is that of element
// [j - 1][i - 1][0] of an array of shape [?][q][e]: a strided view of a
// three-dimensional array, which Polly delinearizes like a VLA (checking in
// its run-time check that i - 1 < q) and the raising turns into a subview
// with strides [?, ?]. This versions such a nest: a copy that scales each
// subscript by the product e * q2 * ... (in bytes) runs where a run-time
// check proves the strides divide so, the original loops otherwise.
// Dimensions are ordered by the descriptor's layout (ISO_Fortran_binding's
// CFI_cdesc_t: dimension k's byte stride at offset 40 + 24k).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_SECTIONSTRIDES_H
#define RAISE_DELINEARIZE_SECTIONSTRIDES_H

#include "NestVersioning.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F whose addresses scale
/// subscripts by descriptor byte strides. Keeps @p LI and @p DT up to date;
/// the caller invalidates the rest when the result is not empty. Only the
/// nests whose header is in @p Only, where given.
std::vector<VersionedNest> versionSectionStrides(
    llvm::Function &F, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
    const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> *Only = nullptr);

} // namespace raising

#endif // RAISE_DELINEARIZE_SECTIONSTRIDES_H
