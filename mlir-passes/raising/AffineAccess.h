//===- AffineAccess.h - One view of affine.load and affine.store -*- C++
//-*-===//
//
// The prepare passes that rearrange statements (raise-reroll-lanes,
// raise-split-sums) treat loads and stores alike: a memref, a map and its
// operands. Local scalars are the 0-d allocas the importer puts a C scalar
// in.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_AFFINEACCESS_H
#define RAISE_MLIR_PASSES_AFFINEACCESS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace raise {

inline bool isAccess(Operation *Op) {
  return isa<affine::AffineLoadOp, affine::AffineStoreOp>(Op);
}

/// The memref an affine access reads or writes.
inline Value memrefOf(Operation *Op) {
  if (auto Load = dyn_cast<affine::AffineLoadOp>(Op))
    return Load.getMemRef();
  return cast<affine::AffineStoreOp>(Op).getMemRef();
}

inline AffineMap mapOf(Operation *Op) {
  if (auto Load = dyn_cast<affine::AffineLoadOp>(Op))
    return Load.getAffineMap();
  return cast<affine::AffineStoreOp>(Op).getAffineMap();
}

inline ValueRange mapOperandsOf(Operation *Op) {
  if (auto Load = dyn_cast<affine::AffineLoadOp>(Op))
    return Load.getMapOperands();
  return cast<affine::AffineStoreOp>(Op).getMapOperands();
}

/// A 0-d scalar the function allocates: private to the function, so what
/// is stored in it is seen only through it.
inline bool isLocalScalar(Value V) {
  auto Alloca = V.getDefiningOp<memref::AllocaOp>();
  return Alloca && Alloca.getType().getRank() == 0;
}

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_AFFINEACCESS_H
