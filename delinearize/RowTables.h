//===- RowTables.h - Matrices as tables of evenly spaced rows ---*- C++ -*-===//
//
// C code often holds a matrix as a table of row pointers (`float **A`, read
// as `A[i][k]`; C++ as a std::vector of std::vector rows, whose entries
// start with the row's address): each row's address is loaded from the table
// inside the nest, so Polly finds no array of a fixed shape ("may access the
// same memory"). Most programs allocate such a matrix as one block and point
// the rows into it at a fixed distance. This versions a nest that reads its
// rows through tables: a copy computes the address of row r as row0 + r *
// distance and runs where a run-time check has read the table and found exactly
// those addresses in it, for every row the nest uses. Whether the rows of
// different tables overlap is then the ordinary alias check of the SCoP.
// Where they are not evenly spaced (rows allocated one by one, or in no
// order), the copy reads them gathered into one block (RowGather.h) where
// that is exact and worth it, and the original loops run otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ROWTABLES_H
#define RAISE_DELINEARIZE_ROWTABLES_H

#include "NestVersioning.h"
#include "RowGather.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

namespace llvm {
class AAResults;
} // namespace llvm

namespace raising {

/// The function the run-time checks call (`i64 (ptr table, i64 first, i64
/// count, i64 element size, i64 entry size)`): the distance between evenly
/// spaced rows, in elements, or -1.
constexpr const char *RowDistanceFunction = "raise.row.distance";

/// Versions every outermost loop nest of @p F, other than those whose header
/// is in @p Skip, that reads rows through tables of row pointers no store of
/// the nest can change. If @p GatherRows, the copy also runs where the rows
/// are not evenly spaced, on the rows gathered into one block (RowGather.h)
/// where the nest reads each row again and the rows it writes overlap
/// nothing else it touches, in a block from @p Heap. The checks call
/// functions added to the module once, with attribute @p CheckAttr (so that
/// raise leaves them alone).
/// Keeps @p LI and @p DT up to date; the caller invalidates the rest.
std::vector<VersionedNest>
versionRowTables(llvm::Function &F, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
                 llvm::ScalarEvolution &SE, llvm::AAResults &AA,
                 const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> &Skip,
                 bool GatherRows, llvm::StringRef CheckAttr,
                 const BlockHeap &Heap);

} // namespace raising

#endif // RAISE_DELINEARIZE_ROWTABLES_H
