//===- LinalgBuilder.h - linalg operations for matched units ----*- C++ -*-===//
//
// Emits the linalg form of a unit that a tactic matched: subviews that make
// each operand's shape the loops' trip counts (this is also how constant and
// symbolic subscript offsets are handled), then the tactic's named operation
// where its arithmetic is exactly the unit's, or a linalg.generic carrying
// the unit's own scalar body.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LINALGBUILDER_H
#define RAISE_MLIR_PASSES_LINALGBUILDER_H

#include "Matcher.h"
#include "Passes.h"

namespace mlir {
namespace raise {

/// Emits the raised form of `U` at the insertion point of `B` (TTGT under
/// `Ttgt` where the tactic's builder asks for it). On failure
/// (`Why` says why), operations already emitted are left to the caller to
/// erase.
FailureOr<RaisedOp> buildRaised(OpBuilder &B, const Unit &U,
                                const MatchResult &M, bool NamedOps,
                                const TtgtOptions &Ttgt, std::string &Why);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LINALGBUILDER_H
