//===- Options.h - Command-line options of the raise plugin -----*- C++ -*-===//
//
// Every option of the plugin lives in one cl::OptionCategory so that
// `clang -mllvm -help` and `opt -help` list them together.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_OPTIONS_H
#define RAISE_PLUGIN_OPTIONS_H

#include "llvm/Support/CommandLine.h"

namespace raising {

/// The category every `-raise-*` option belongs to.
llvm::cl::OptionCategory &getRaiseCategory();

/// `-raise-enable`: when false the plugin leaves every function untouched and
/// emits no remark, as if it were not loaded.
extern llvm::cl::opt<bool> Enable;

/// `-raise-roundtrip`: splice every translated region even though nothing in
/// it was raised. Exercises the path LLVM IR -> affine MLIR -> LLVM IR alone.
extern llvm::cl::opt<bool> Roundtrip;

/// `-raise-tactics=FILE` (repeatable): user tactics, tried before the
/// built-in ones.
extern llvm::cl::list<std::string> TacticFiles;

/// How raised code is lowered.
enum class Lowering {
  /// Packed, cache-blocked, register-tiled vector code for GEMMs (the
  /// default); everything else as loops.
  Tuned,
  /// Plain loops in source order (for debugging).
  Loops,
};

/// `-raise-lowering=tuned|loops`.
extern llvm::cl::opt<Lowering> LoweringKind;

/// `-raise-allow-reassoc`: allow rewrites that reorder floating-point
/// arithmetic (matrix-chain reordering) even where the source's fast-math
/// flags do not.
extern llvm::cl::opt<bool> AllowReassoc;

/// The stages `-raise-dump=` can print.
enum class DumpStage { Affine, Linalg };

/// `-raise-dump=<stage>,...`: print each region's MLIR at these stages.
extern llvm::cl::bits<DumpStage> Dump;

/// `-raise-dump-dir=DIR`: write the dumps to `DIR/<function>.<region>.<stage>.mlir`
/// instead of standard error.
extern llvm::cl::opt<std::string> DumpDir;

} // namespace raising

#endif // RAISE_PLUGIN_OPTIONS_H
