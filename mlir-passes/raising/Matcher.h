//===- Matcher.h - Matching tactics against loop-nest units -----*- C++ -*-===//
//
// A tactic's pattern matches a unit when some assignment of the unit's loops
// to the pattern's indices, and of its loads to the pattern's tensors, makes
// the stored value compute the pattern: multiplication and addition are
// taken as commutative, extra loop-invariant factors of a product are
// accepted as scaling, and an accumulation must add to the output directly
// (anything else would need reassociation). The matcher only decides; the
// builders re-read the exact arithmetic from the unit.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_MATCHER_H
#define RAISE_MLIR_PASSES_MATCHER_H

#include "NestAnalysis.h"
#include "mlir-passes/tactics/Tactics.h"

#include "llvm/ADT/StringMap.h"

namespace mlir {
namespace raise {

/// How a tactic's names were bound to a unit.
struct MatchResult {
  const Tactic *T = nullptr;
  llvm::StringMap<unsigned> IndexLoop;     ///< Index -> loop position.
  llvm::StringMap<Operation *> TensorLoad; ///< Input tensor -> its load.
  llvm::StringMap<Value> Scalars;          ///< Pattern scalar -> value.
  SmallVector<Value, 2> Scale;             ///< Extra invariant factors.
};

/// Why the best attempt failed; `Progress` counts the pattern elements it
/// matched, so the highest is the closest tactic.
class DependenceView;

struct MatchFailure {
  unsigned Progress = 0;
  std::string Reason;
};

/// Checks what no tactic can fix (output also read as an input, output
/// subscripts that are not distinct loops); returns the reason or "".
/// Accesses in an else region are tested on @p Test's clone of the nest.
std::string checkUnit(const Unit &U, const DependenceView &Test);

/// Whether `V` is the unit's output element as read before the update.
bool isAccumulator(const Unit &U, Value V);

/// Tries `T` on `U`.
bool matchTactic(const Unit &U, const Tactic &T, MatchResult &Result,
                 MatchFailure &Failure);

/// The indices of a statement: output subscripts first, then the others in
/// the order they appear.
SmallVector<std::string, 4> statementIndices(const Statement &S);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_MATCHER_H
