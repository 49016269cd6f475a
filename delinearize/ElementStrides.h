//===- ElementStrides.h - Descriptor byte strides as elements ---*- C++ -*-===//
//
// A Fortran assumed-shape dummy `a(:, :)` comes with a descriptor: base
// address, extents and byte strides, loaded once before the nest. flang
// versions the nest on a unit first stride (the stride equal to the element
// size) and, in that copy, addresses a(i, j) as
// `gep float, base, (j - 1) * stride2 >> 2` plus i - 1: the second stride in
// bytes, divided by the element size. Polly cannot split a shift of a
// product into dimensions ("the array subscript is not affine"). Where the
// stride is a whole number of elements, `(x * s) >> k` is `x * (s >> k)`,
// a product of a loop index and a parameter, which Polly delinearizes as it
// does a leading dimension. This versions such a nest once more: a copy
// computing `x * (s >> k)` runs where a run-time check proves every such
// stride a multiple of the element size, the original loops otherwise (a
// section of a derived type's component may have any byte stride).
//
// The two forms agree where `x * s` does not wrap: it is the distance in
// bytes between two elements of one array, which fits an address.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ELEMENTSTRIDES_H
#define RAISE_DELINEARIZE_ELEMENTSTRIDES_H

#include "NestVersioning.h"

#include <vector>

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
} // namespace llvm

namespace raising {

/// Versions every outermost loop nest of @p F that scales a loop-invariant
/// byte stride down to elements in its addresses. Keeps @p LI and @p DT up
/// to date; the caller invalidates the rest when the result is not empty.
/// Only the nests whose header is in @p Only, where given.
std::vector<VersionedNest> versionElementStrides(
    llvm::Function &F, llvm::LoopInfo &LI, llvm::DominatorTree &DT,
    const llvm::SmallPtrSetImpl<const llvm::BasicBlock *> *Only = nullptr);

} // namespace raising

#endif // RAISE_DELINEARIZE_ELEMENTSTRIDES_H
