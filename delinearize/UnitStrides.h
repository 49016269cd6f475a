//===- UnitStrides.h - Vector increments versioned on one -------*- C++ -*-===//
//
// The reference BLAS steps through a vector argument with an increment
// passed by reference: `JX = JX + INCX` after each column of SGEMV. The
// subscript is then a loop index times a parameter on a one-dimensional
// array, which Polly cannot model ("the array subscript is not affine").
// Nearly every call passes INCX = 1, and the library tests it itself for
// Y's increment: this versions such a nest on every such increment being
// one, and in the copy the induction variables step by one, so that the
// vector is an ordinary array. The original loops run otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_UNITSTRIDES_H
#define RAISE_DELINEARIZE_UNITSTRIDES_H

#include "NestVersioning.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F with an induction variable
/// that feeds an address and steps by a loop-invariant value other than a
/// constant. Keeps @p LI and @p DT up to date; the caller invalidates the
/// rest when the result is not empty. Only the nests whose header is in
/// @p Only, where given.
std::vector<VersionedNest> versionUnitStrides(
    llvm::Function &F, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
    const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> *Only = nullptr);

} // namespace raising

#endif // RAISE_DELINEARIZE_UNITSTRIDES_H
