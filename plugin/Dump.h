//===- Dump.h - -raise-dump output ------------------------------*- C++ -*-===//

#ifndef RAISE_PLUGIN_DUMP_H
#define RAISE_PLUGIN_DUMP_H

#include "Options.h"

#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace raising {

/// Prints @p Op, the MLIR of region @p Region of @p F at @p Stage, if
/// `-raise-dump` asks for that stage: to standard error, or to
/// `<dir>/<function>.<region>.<stage>.mlir` under `-raise-dump-dir`. Fails
/// only if the file cannot be written. @p Header (comment lines) goes
/// first.
llvm::Error dump(DumpStage Stage, const llvm::Function &F, unsigned Region,
                 mlir::Operation &Op, llvm::StringRef Header = "");

} // namespace raising

#endif // RAISE_PLUGIN_DUMP_H
