//===- GenericLoops.cpp - Where a generic's operands use its loops ---------===//

#include "GenericLoops.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

std::optional<SmallVector<int>>
mlir::raise::getPlainPositions(linalg::GenericOp Op, unsigned Loop) {
  // A body that reads its loop indices (a triangle's cut) would read other
  // loops once one is dropped or merged.
  if (!Op.getBody()->getOps<linalg::IndexOp>().empty())
    return std::nullopt;
  SmallVector<int> Positions;
  for (AffineMap Map : Op.getIndexingMapsArray()) {
    int Found = -1;
    for (auto [Pos, Result] : llvm::enumerate(Map.getResults())) {
      auto D = dyn_cast<AffineDimExpr>(Result);
      if (D && D.getPosition() == Loop && Found < 0) {
        Found = Pos;
        continue;
      }
      if (Result.isFunctionOfDim(Loop))
        return std::nullopt;
    }
    Positions.push_back(Found);
  }
  return Positions;
}

linalg::GenericOp
mlir::raise::cloneWithoutLoops(OpBuilder &B, linalg::GenericOp Op,
                               ValueRange Operands, ArrayRef<AffineMap> Maps,
                               const llvm::SmallBitVector &Dropped) {
  SmallVector<utils::IteratorType> Iterators;
  for (auto [L, It] : llvm::enumerate(Op.getIteratorTypesArray()))
    if (!Dropped.test(L))
      Iterators.push_back(It);
  unsigned NumInputs = Op.getNumDpsInputs();
  auto New = linalg::GenericOp::create(B, Op.getLoc(),
                                       Operands.take_front(NumInputs),
                                       Operands.drop_front(NumInputs), Maps,
                                       Iterators);
  IRMapping Mapping;
  Op.getRegion().cloneInto(&New.getRegion(), Mapping);
  New->setDiscardableAttrs(Op->getDiscardableAttrDictionary());
  return New;
}
