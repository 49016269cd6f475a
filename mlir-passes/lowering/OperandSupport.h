//===- OperandSupport.h - Where operands come from --------------*- C++ -*-===//
//
// The tuned lowerings emit two neighbouring operations together (a matvec
// and its transpose over one matrix, a product and the element-wise
// epilogue after it). That keeps each element's operations only if nothing
// between them touches memory and what one writes is no view of what the
// other reads; these answer both.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_OPERANDSUPPORT_H
#define RAISE_MLIR_PASSES_LOWERING_OPERANDSUPPORT_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

namespace mlir {
namespace raise {

/// The memref @p V is a view of: followed through subviews, other views and
/// casts to a block argument or an allocation. Distinct function arguments
/// of a raised region are distinct arrays (its run-time check proved it).
Value viewedMemref(Value V);

/// True if only operations without memory effects (views, sizes) come
/// strictly between @p First and @p Second, which follows it in its block.
bool onlyPureBetween(Operation *First, Operation *Second);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LOWERING_OPERANDSUPPORT_H
