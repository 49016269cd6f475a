//===- InterchangeSupport.h - Moving sums' loops outward -------*- C++ -*-===//
//
// What the two forms of raise-interchange-reductions share (a sum's loop
// inside a box, and a forward substitution's triangle): which loops stream
// through memory, which sums LLVM vectorizes as they are.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_RAISING_INTERCHANGESUPPORT_H
#define RAISE_MLIR_PASSES_RAISING_INTERCHANGESUPPORT_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"

namespace mlir::raise {

/// True if every access under @p Loop moves by one element of its last
/// dimension or not at all along @p IV, and one moves: LLVM vectorizes a
/// loop over @p IV around them without gathers.
bool streamsAlong(affine::AffineForOp Loop, Value IV);

/// True if LLVM may vectorize @p Reduction as it is: its arithmetic may be
/// reassociated (-ffast-math) and its accesses stream along it.
bool vectorizesAlready(affine::AffineForOp Reduction);

/// True if @p Outer is a forward substitution worth reordering,
///   for p in [lb, ub): pre(p); for q in [lb, p): red(p, q); post(p)
/// where iteration p writes only its own element X[e(p)], red(p, q) updates
/// it from the finished X[e(q)] and from data nothing in @p Outer writes,
/// and the loop over p then streams through memory (a row of lu's L: X[e(p)]
/// is A[i][p], red reads A[q][p]).
bool isTriangularSumToMoveOut(affine::AffineForOp Outer);

/// Reorders @p Outer, which isTriangularSumToMoveOut accepts, into
///   for p: pre(p);  for q in [lb, ub): post(q); for p in (q, ub): red(p, q)
/// Each element receives the same operations in the same order: red(p, q)
/// for q = lb .. p - 1, then post(p), after which red reads it.
void moveTriangularSumOut(affine::AffineForOp Outer);

/// True if @p Outer is a forward substitution (as above) whose sums stream
/// along their own loop (trisolv: element i sums L[i][j] * x[j] over j < i)
/// and run as chains of dependent adds.
bool isTriangularSumToInterleave(affine::AffineForOp Outer);

/// Reorders @p Outer, which isTriangularSumToInterleave accepts, into blocks
/// of rows: each row of a block starts (pre), the rows' sums over the
/// elements before the block run side by side in one loop, then row by row
/// the sums over the block's own earlier elements and post; the rows after
/// the last whole block run as before. Each element receives the same
/// operations in the same order.
void interleaveTriangularSum(affine::AffineForOp Outer);

} // namespace mlir::raise

#endif // RAISE_MLIR_PASSES_RAISING_INTERCHANGESUPPORT_H
