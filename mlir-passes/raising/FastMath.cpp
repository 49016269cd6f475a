//===- FastMath.cpp - What the source's fast-math flags allow -------------===//

#include "FastMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;

bool raise::isReassociable(Operation *Op) {
  // An op may carry the interface without the attribute (arith.truncf,
  // whose flags are optional): no flags.
  if (auto FM = dyn_cast<arith::ArithFastMathInterface>(Op)) {
    arith::FastMathFlagsAttr Flags = FM.getFastMathFlagsAttr();
    return Flags && arith::bitEnumContainsAll(Flags.getValue(),
                                              arith::FastMathFlags::reassoc |
                                                  arith::FastMathFlags::nsz);
  }
  if (auto FM = dyn_cast<LLVM::FastmathFlagsInterface>(Op)) {
    LLVM::FastmathFlagsAttr Flags = FM.getFastmathAttr();
    return Flags && LLVM::bitEnumContainsAll(Flags.getValue(),
                                             LLVM::FastmathFlags::reassoc |
                                                 LLVM::FastmathFlags::nsz);
  }
  return true;
}
