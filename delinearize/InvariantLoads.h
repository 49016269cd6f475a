//===- InvariantLoads.h - Loads no store of a nest can change ---*- C++ -*-===//
//
// C++ code reads a matrix's sizes and data pointer through its object
// (`this->rows_`, a `std::vector`'s begin, a struct passed by reference).
// Where LLVM cannot tell that the nest's stores leave those fields alone (a
// float stored through a pointer loaded from the object may, as far as it
// knows, land on the object), the loads stay inside the nest, are reloaded
// on every iteration of its outer loop, and a subscript `i * cols` made of
// such a load is no affine function Polly can model: only the inner loops
// become a SCoP. This versions such a nest: a copy reads those fields once,
// before the nest, and runs where a run-time check finds that no store of
// the nest writes the bytes they are read from; the original loops run
// otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_INVARIANTLOADS_H
#define RAISE_DELINEARIZE_INVARIANTLOADS_H

#include "NestVersioning.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace raising {

/// Versions every outermost loop nest of @p F, other than those whose header
/// is in @p Skip, that loads a pointer or an integer from an address defined
/// outside it on every iteration of its outer loop: in the copy the loads are
/// read once before the nest. Keeps @p LI and @p DT up to date; the caller
/// invalidates the rest.
std::vector<VersionedNest> versionInvariantLoads(
    llvm::Function &F, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
    llvm::ScalarEvolution &SE,
    const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Skip);

} // namespace raising

#endif // RAISE_DELINEARIZE_INVARIANTLOADS_H
