//===- RowOffsets.h - Run-time offsets split into rows and columns -*- C++
//-*-===//
//
// A sub-matrix at a run-time offset, `B[offb + (k - 1) * ldb + j]`, adds a
// parameter to the subscript that is no multiple of the leading dimension.
// Polly delinearizes the access as row k - 1, column offb + j, and assumes
// (checks at run time) that the column stays below ldb: where offb spans
// rows, as an offset of a sub-matrix does (offb = 2 * ldb + 1), the check
// fails and the raised code never runs. This versions such a nest: a copy
// adds offb to the address as q * ldb + r, with q and r offb's quotient and
// remainder by ldb computed before the nest, which Polly sees as row
// q + k - 1, column r + j. The remainder is taken of the first column the
// nest reaches, so that a negative offset whose loops start above zero
// (Fortran's `a(i, k)` at `(k - lbound) * ldb + i - lbound`, i from 1)
// keeps its columns in [0, ldb). The copy runs where the check proves every
// such leading dimension positive (so q * ldb + r is offb, and the division
// is defined), the original loops otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ROWOFFSETS_H
#define RAISE_DELINEARIZE_ROWOFFSETS_H

#include "NestVersioning.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F whose accesses add a run-time
/// offset to a subscript that steps by a run-time leading dimension, except
/// those whose header is in @p Skip (versioned already). Keeps @p LI and
/// @p DT up to date; the caller invalidates the rest (SCEV included) when
/// the result is not empty.
std::vector<VersionedNest>
versionRowOffsets(llvm::Function &F, llvm::LoopInfo &LI,
                  llvm::DominatorTree &DT, llvm::ScalarEvolution &SE,
                  const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Skip);

} // namespace raising

#endif // RAISE_DELINEARIZE_ROWOFFSETS_H
