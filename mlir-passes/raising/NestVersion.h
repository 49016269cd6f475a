//===- NestVersion.h - Which version of a loop nest an op is in -*- C++ -*-===//
//
// Polly's AST generation versions a loop nest on its parameters (a GEMM with
// K <= 0 becomes a nest that only rescales or copies C, the other version
// the product). Remarks about such nests say which version they are about,
// or the user sees two remarks for one source loop that seem to disagree.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_NESTVERSION_H
#define RAISE_MLIR_PASSES_NESTVERSION_H

#include "mlir/IR/Operation.h"

#include <string>

namespace mlir {
namespace raise {

/// The conditions on function arguments under which @p Op runs, from the
/// affine.if ops around it, in words: "arg3 <= 0", "arg3 >= 1 and arg4 >= 1",
/// "not (arg3 >= 1 and arg4 >= 1)"; function arguments are named argN.
/// Empty if no affine.if encloses it or a condition involves anything else
/// (loop indices, computed values).
std::string describeVersion(Operation *Op);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_NESTVERSION_H
