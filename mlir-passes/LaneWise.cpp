//===- LaneWise.cpp - Scalar bodies run on vectors ------------------------===//

#include "LaneWise.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

using namespace mlir;

bool raise::isLaneWise(Operation *Op) {
  if (isa<LLVM::FMulAddOp, LLVM::FMAOp>(Op))
    return true;
  return Op->hasTrait<OpTrait::Elementwise>() &&
         Op->hasTrait<OpTrait::Vectorizable>();
}

Operation *raise::cloneOnLanes(OpBuilder &B, Operation &Op, IRMapping &Map,
                               int64_t Lanes) {
  Operation *New = B.clone(Op, Map);
  for (Value Result : New->getResults())
    Result.setType(VectorType::get({Lanes}, Result.getType()));
  return New;
}
