//===- OldValues.h - Loads of what an array held before a nest --*- C++ -*-===//
//
// A load in a nest of an array the nest writes, at other elements than the
// nest's stores write, that never reads a value any store of the nest wrote
// (trmm reads the rows it has not updated yet) reads the array as it was
// before the nest. Made to read a copy taken before the nest, it no longer
// orders anything against the stores: the nest's loops may run the other
// way (raise-reverse-loops), its statements one after the other
// (raise-affine-to-linalg).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_RAISING_OLDVALUES_H
#define RAISE_MLIR_PASSES_RAISING_OLDVALUES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/Dominance.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

namespace mlir {
namespace raise {

/// Where MLIR's dependence test can judge the accesses of a nest: the nest
/// itself, or, for a nest in the else region of an affine.if (a version
/// raise-hoist-guards made), a clone of it outside every affine.if, whose
/// accesses are tested for all values of the conditions' symbols.
class DependenceView {
public:
  explicit DependenceView(affine::AffineForOp Root);
  ~DependenceView();
  DependenceView(const DependenceView &) = delete;
  DependenceView &operator=(const DependenceView &) = delete;
  /// The op whose accesses stand for those of @p Op.
  Operation *operator()(Operation *Op) const {
    return Clone ? ToClone.lookup(Op) : Op;
  }

private:
  Operation *Clone = nullptr;
  llvm::DenseMap<Operation *, Operation *> ToClone;
};

/// True if @p Op reads and writes memory only by affine loads and stores.
bool onlyAffineAccesses(Operation *Op);

/// True if the affine accesses @p A and @p B touch the same element in the
/// same iteration.
bool sameElement(Operation *A, Operation *B);

/// The loads in @p Scope (@p Root or an op in it) that read only values
/// from before @p Root, per array: of arrays @p Scope writes, at other
/// elements than its stores, where no store of @p Root may precede them.
using OldValueLoads =
    llvm::MapVector<Value, SmallVector<affine::AffineLoadOp, 2>>;
OldValueLoads findOldValueLoads(Operation *Scope, affine::AffineForOp Root,
                                const DependenceView &Test);

/// The box of elements of an array that some loads read, with bounds in
/// values defined before the nest.
struct CopyBox {
  Value Memref;
  SmallVector<affine::AffineLoadOp, 2> Loads;
  SmallVector<AffineMap> Lbs, Ubs;
  SmallVector<Value> Operands;
};

/// The box @p Loads read of @p M, if its bounds are known before @p Root.
std::optional<CopyBox> getCopyBox(Value M, ArrayRef<affine::AffineLoadOp> Loads,
                                  affine::AffineForOp Root, DominanceInfo &Dom);

/// Makes the loads of @p In read a copy of its box taken before @p Root
/// (freed after it). Returns the ops it made, for undoLoadsFromCopy().
SmallVector<Operation *> loadFromCopy(const CopyBox &In,
                                      affine::AffineForOp Root);

/// Makes the loads of @p In read their array again and erases @p Made.
void undoLoadsFromCopy(const CopyBox &In, ArrayRef<Operation *> Made);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_RAISING_OLDVALUES_H
