//===- FastMath.h - What the source's fast-math flags allow -----*- C++ -*-===//
//
// Raised code keeps the source's order of floating-point operations unless
// the source's own flags allow another: the rewrites that reassociate (merged
// partial sums, reassociating kernels) ask here.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_RAISING_FASTMATH_H
#define RAISE_MLIR_PASSES_RAISING_FASTMATH_H

#include "mlir/IR/Operation.h"

namespace mlir::raise {

/// Whether @p Op may be reassociated, its signed zeros ignored: the
/// fast-math flags `reassoc` and `nsz`. Ops without fast-math flags (loads,
/// index arithmetic) do not count.
bool isReassociable(Operation *Op);

} // namespace mlir::raise

#endif // RAISE_MLIR_PASSES_RAISING_FASTMATH_H
