//===- BuilderSupport.h - Pieces the linalg builders share ------*- C++ -*-===//
//
// The operand views, loop ranges and exact-body generic that both the
// single-operation builders (LinalgBuilder.cpp) and the TTGT builder
// (Ttgt.cpp) emit, so that both read a unit's operands the same way.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_BUILDERSUPPORT_H
#define RAISE_MLIR_PASSES_BUILDERSUPPORT_H

#include "NestAnalysis.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <string>

namespace mlir {
namespace raise {

/// Lower bound and trip count of one loop, computed before the nest.
struct LoopRange {
  OpFoldResult Lb;
  OpFoldResult Tc;
};

/// An operand of a linalg operation: a view whose shape is the iteration
/// space's, and its indexing map over the loops.
struct View {
  Value Memref;
  AffineMap Map;
};

/// The range of each loop of `U`, emitted at the insertion point of `B`.
SmallVector<LoopRange> computeRanges(OpBuilder &B, const Unit &U);

/// A subview of `A` that starts at the first element the loops touch and
/// spans what they touch; constant subscripts are dropped (rank-reducing).
/// Its dimensions are `A.loopDims()` in order.
FailureOr<View> makeView(OpBuilder &B, Location Loc, const Access &A,
                         ArrayRef<LoopRange> Ranges, unsigned NumDims,
                         std::string &Why);

/// The access of `U` performed by `Op`, or null.
const Access *accessOf(const Unit &U, Operation *Op);

/// Builds a linalg.generic over `NumDims` loops whose body is the unit's own
/// arithmetic for `Result`: loads become block arguments (through the views
/// `InputView` gives), the output element read before the update (`IsAcc`)
/// becomes the output argument, and every other op is cloned as it is.
FailureOr<linalg::GenericOp>
buildGeneric(OpBuilder &B, Location Loc, const Unit &U, Value Result,
             unsigned NumDims, const View &Out, function_ref<bool(Value)> IsAcc,
             function_ref<FailureOr<View>(Operation *)> InputView,
             std::string &Why);

/// Why `Result` is not `out + a * b` as linalg's named contractions compute
/// it (plain arith.mulf then arith.addf of one type), or "" if it is. `A` and
/// `Bv` are the loads of the two operands.
std::string inexactMulAcc(Value Result, Operation *A, Operation *Bv,
                          function_ref<bool(Value)> IsAcc);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_BUILDERSUPPORT_H
