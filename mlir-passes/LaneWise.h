//===- LaneWise.h - Scalar bodies run on vectors ----------------*- C++ -*-===//
//
// The tuned kernels run a raised operation's scalar body on vectors, one
// element of the loop nest per lane. That is exact only for operations whose
// vector form computes each lane as the scalar form would.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LANEWISE_H
#define RAISE_MLIR_PASSES_LANEWISE_H

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Operation.h"

namespace mlir {
class OpBuilder;

namespace raise {

/// True if @p Op may run element-wise on vectors with the same per-lane
/// result as on scalars: the float operations a raised body holds.
bool isLaneWise(Operation *Op);

/// Clones the lane-wise @p Op with @p Map and gives every result the vector
/// type of @p Lanes elements of its scalar type.
Operation *cloneOnLanes(OpBuilder &B, Operation &Op, IRMapping &Map,
                        int64_t Lanes);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LANEWISE_H
