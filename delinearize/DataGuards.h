//===- DataGuards.h - Nests versioned on a test of their data ---*- C++ -*-===//
//
// The reference BLAS skips work on zeros: SSYRK's `IF (A(J,L).NE.ZERO)`
// around its I loop, SSYR2K's `IF ((A(J,L).NE.ZERO) .OR. (B(J,L).NE.ZERO))`.
// Polly cannot model a branch on loaded data inside a product, so such a
// nest is no SCoP. Where the test holds for every element it reads, the nest
// without the test computes the same values; where no write of the nest can
// change what the test reads, that is known before the nest runs. So the
// nest is versioned: loops that only evaluate the test (the nest's skeleton:
// its loops around the test, nothing written) run first and leave at the
// first element that fails it; where none fails, a copy without the test
// runs, which Polly can model; the original loops run otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_DATAGUARDS_H
#define RAISE_DELINEARIZE_DATAGUARDS_H

#include "NestVersioning.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <string>
#include <vector>

namespace llvm {
class AAResults;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F, other than those whose header
/// is in @p Skip, with one branch on data it loads and no write of the nest
/// that @p AA cannot keep apart from those loads: the copy takes the branch's
/// guarded side always, behind loops that test every element first. Keeps
/// @p LI and @p DT up to date; the caller invalidates the rest.
std::vector<VersionedNest>
versionDataGuards(llvm::Function &F, llvm::LoopInfo &LI,
                  llvm::DominatorTree &DT, llvm::ScalarEvolution &SE,
                  llvm::AAResults &AA,
                  const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Skip);

/// Why versionDataGuards() leaves @p Nest, which branches on data it loads,
/// as it is; empty if the nest has no such branch, or had it dropped.
std::string whyDataGuardStays(const llvm::Loop &Nest, llvm::LoopInfo &LI,
                              llvm::AAResults &AA);

} // namespace raising

#endif // RAISE_DELINEARIZE_DATAGUARDS_H
