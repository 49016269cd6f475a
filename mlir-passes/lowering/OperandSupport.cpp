//===- OperandSupport.cpp - Where operands come from ----------------------===//

#include "OperandSupport.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value raise::viewedMemref(Value V) {
  while (Operation *Def = V.getDefiningOp()) {
    if (auto View = dyn_cast<ViewLikeOpInterface>(Def))
      V = View.getViewSource();
    else if (auto Cast = dyn_cast<memref::CastOp>(Def))
      V = Cast.getSource();
    else
      break;
  }
  return V;
}

bool raise::onlyPureBetween(Operation *First, Operation *Second) {
  for (Operation *Op = First->getNextNode(); Op != Second;
       Op = Op->getNextNode())
    if (!Op || !isMemoryEffectFree(Op))
      return false;
  return true;
}
