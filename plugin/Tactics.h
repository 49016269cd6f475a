//===- Tactics.h - The tactics the plugin raises with -----------*- C++ -*-===//

#ifndef RAISE_PLUGIN_TACTICS_H
#define RAISE_PLUGIN_TACTICS_H

#include "mlir-passes/Tactics.h"

#include "llvm/Support/Error.h"

#include <vector>

namespace raising {

/// The built-in tactics and those of `-raise-tactics` files, parsed once per
/// process. A malformed or missing file is an error naming it, line and
/// column; nothing is then raised.
llvm::Expected<const std::vector<mlir::raise::Tactic> &> getTactics();

} // namespace raising

#endif // RAISE_PLUGIN_TACTICS_H
