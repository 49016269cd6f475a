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

#include "NestVersioning.h"

#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F that has subscripts to widen
/// and a run-time check that proves them exact. Keeps @p LI and @p DT up to
/// date; the caller invalidates the rest (SCEV included) when the result is
/// not empty.
std::vector<VersionedNest> widenSubscripts(llvm::Function &F,
                                           llvm::LoopInfo &LI,
                                           llvm::DominatorTree &DT,
                                           llvm::ScalarEvolution &SE);

} // namespace raising

#endif // RAISE_DELINEARIZE_WIDENSUBSCRIPTS_H
