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
  /// CBLAS calls (cblas_?gemm, cblas_?gemv) for what they can compute,
  /// where reassociation is allowed; the tuned lowering for the rest.
  Blas,
  /// Plain loops in source order (for debugging).
  Loops,
};

/// `-raise-lowering=tuned|blas|loops`.
extern llvm::cl::opt<Lowering> LoweringKind;

/// `-raise-mc`, `-raise-kc`, `-raise-nc`: the tuned GEMM's cache blocks
/// (rows of the packed A block, depth of a k block, columns of the packed B
/// block); 0, the default, takes each from the analytical cache model.
extern llvm::cl::opt<unsigned> BlockMc, BlockKc, BlockNc;

/// `-raise-runtime-caches`: size the blocks the options above leave to the
/// model from the caches of the core that runs the code (CPUID, read once
/// per process), not from the target's description. Off by default: on the
/// Zen 5 measured, the model's blocks for its own caches (mc 896 for a 1 MiB
/// L2) ran 1-5% slower than the defaults' (mc 192).
extern llvm::cl::opt<bool> RuntimeCaches;

/// `-raise-interchange-reductions`: in what no tactic raised, move a sum's
/// loop outside a loop of independent iterations where that loop then
/// streams, so that LLVM vectorizes it (raise-interchange-reductions; on by
/// default, exact).
extern llvm::cl::opt<bool> InterchangeReductions;

/// Parses `-raise-threads`: a number of threads, or `auto` (-1).
struct ThreadsParser : public llvm::cl::parser<int> {
  using llvm::cl::parser<int>::parser;
  bool parse(llvm::cl::Option &O, llvm::StringRef ArgName, llvm::StringRef Arg,
             int &Value);
};

/// `-raise-threads=N|auto`: run the tuned GEMM kernels on N OpenMP threads
/// (0, the default: sequential; `auto`, -1: as many as the OpenMP runtime
/// chooses, all cores unless OMP_NUM_THREADS says otherwise).
extern llvm::cl::opt<int, false, ThreadsParser> Threads;

/// `-raise-allow-reassoc`: allow rewrites that reorder floating-point
/// arithmetic (matrix-chain reordering, BLAS calls) even where the source's
/// fast-math flags do not.
extern llvm::cl::opt<bool> AllowReassoc;

/// The stages `-raise-dump=` can print.
enum class DumpStage { Affine, Linalg, LLVM };

/// `-raise-dump=<stage>,...`: print each region's MLIR at these stages.
extern llvm::cl::bits<DumpStage> Dump;

/// `-raise-dump-dir=DIR`: write the dumps to
/// `DIR/<function>.<region>.<stage>.mlir` instead of standard error.
extern llvm::cl::opt<std::string> DumpDir;

/// `-raise-report-versions`: the compiled program prints, when it exits, how
/// often each spliced region ran its raised code and its original loops.
extern llvm::cl::opt<bool> ReportVersions;

/// `-raise-widen-subscripts`: version loop nests whose 32-bit subscripts
/// hide their structure, with a copy computing them in 64 bits behind a
/// run-time check (see WidenSubscripts.h).
extern llvm::cl::opt<bool> WidenSubscripts;

/// `-raise-row-offsets`: version nests that add a run-time offset to
/// subscripts stepping by a run-time leading dimension, with a copy that
/// adds it as rows and columns behind a check that the dimension is
/// positive (see RowOffsets.h).
extern llvm::cl::opt<bool> RowOffsets;

/// `-raise-row-tables`: version loop nests that read matrices through tables
/// of row pointers, with a copy that computes evenly spaced rows behind a
/// run-time check that the tables hold them (see RowTables.h).
extern llvm::cl::opt<bool> RowTables;
/// Where a table's rows are not evenly spaced, gather them into one block
/// (see RowGather.h).
extern llvm::cl::opt<bool> GatherRows;

/// `-raise-data-guards`: version loop nests with one branch on data they load
/// (the reference BLAS skipping zeros), with a copy that runs the guarded code
/// always, where loops run first find that the test holds for every element
/// (see DataGuards.h).
extern llvm::cl::opt<bool> DataGuards;

/// `-raise-invariant-loads`: version loop nests that reload pointers and
/// sizes from invariant addresses on every iteration (a C++ object's fields
/// the nest's stores might, as far as LLVM knows, overwrite), with a copy that
/// reads them once, behind a run-time check that no store of the nest writes
/// them (see InvariantLoads.h).
extern llvm::cl::opt<bool> InvariantLoads;

/// `-raise-hoist-invariant-loads`: let Polly hoist loads that no statement of
/// a nest can change (a C++ object's data pointer and sizes, a `std::vector`'s
/// begin) out of it, so that the whole nest is one SCoP whose arrays start at
/// the loaded pointers. Polly's own passes keep their setting.
extern llvm::cl::opt<bool> HoistInvariantLoads;

/// `-raise-expand-memsets`: model zeroing memsets as loops of stores for
/// Polly, and put them back after raising (see ExpandMemsets.h).
extern llvm::cl::opt<bool> ExpandMemsets;

/// `-raise-max-statements=N`: SCoPs of more statements are left alone.
extern llvm::cl::opt<unsigned> MaxStatements;

/// `-raise-max-depth=N`: SCoPs with loops nested deeper are left alone.
extern llvm::cl::opt<unsigned> MaxDepth;

/// `-raise-isl-max-operations=N`: the isl operations raise may spend on one
/// SCoP (0: no bound).
extern llvm::cl::opt<unsigned long> IslMaxOperations;

} // namespace raising

#endif // RAISE_PLUGIN_OPTIONS_H
