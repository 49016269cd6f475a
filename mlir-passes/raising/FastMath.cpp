//===- FastMath.cpp - What the source's fast-math flags allow -------------===//

#include "FastMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

bool raise::isReassociable(Operation *Op) {
  if (auto FM = dyn_cast<arith::ArithFastMathInterface>(Op))
    return arith::bitEnumContainsAll(FM.getFastMathFlagsAttr().getValue(),
                                     arith::FastMathFlags::reassoc |
                                         arith::FastMathFlags::nsz);
  if (auto FM = dyn_cast<LLVM::FastmathFlagsInterface>(Op))
    return LLVM::bitEnumContainsAll(FM.getFastmathAttr().getValue(),
                                    LLVM::FastmathFlags::reassoc |
                                        LLVM::FastmathFlags::nsz);
  return true;
}
