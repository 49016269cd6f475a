//===- RowUpdates.h - Element-wise row updates before a product -*- C++ -*-===//
//
// gemver updates its matrix element by element (A = A + u1 v1^T + u2 v2^T)
// and then reads it row by row in a transposed product (x += beta A^T y).
// Streamed one after the other, A crosses the memory bus three times (read
// and written by the update, read by the product); with the row's update
// emitted in the product's pass just before the row is read, twice. Each
// element still sees the update's operations, and each output the
// product's, in the source's order: the product reads only rows already
// updated, and the update of a row reads nothing the product writes.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_ROWUPDATES_H
#define RAISE_MLIR_PASSES_LOWERING_ROWUPDATES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace raise {

/// The nest right before @p Product (only pure operations between them)
/// that updates every element of the matrix @p Matrix views, A(r, c) =
/// f(A(r, c), ...), over @p Rows rows and @p Columns columns from the
/// first, reading A at no other element and no array the product writes
/// (its output @p Out) or reads besides A (its vector @p Vector); null if
/// there is none. @p Matrix must view A from its first element on.
affine::AffineForOp findRowUpdate(Operation *Product, Value Matrix,
                                  Value Vector, Value Out, Value Rows,
                                  Value Columns);

/// Emits what @p Update does to row @p Row, as a loop over the columns that
/// LLVM may vectorize.
void emitRowUpdate(OpBuilder &B, Location Loc, affine::AffineForOp Update,
                   Value Row);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LOWERING_ROWUPDATES_H
