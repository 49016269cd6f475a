//===- VersionReport.h - Which version of a spliced region ran --*- C++ -*-===//
//
// `-raise-report-versions` makes a program say, when it exits, how often each
// spliced region ran its raised code and how often its original loops (the
// run-time check failed: the arrays alias, a size broke an assumption). A
// user who sees no speed-up learns from it whether the raised code ran at all
// without a profiler, and the benchmarks report it beside their timings.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_VERSIONREPORT_H
#define RAISE_PLUGIN_VERSIONREPORT_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class BasicBlock;
class BranchInst;
class GlobalVariable;
} // namespace llvm

namespace raising {

/// Counts the runs of @p Raised, the block that calls the raised code, and
/// of @p Original, the one every path to the original loops goes through
/// (the run-time check failed: the arrays alias, a size broke an assumption;
/// or the problem was too small), and prints both counts under @p Label to
/// standard error when the program exits, in the order the regions were
/// spliced. Counting is atomic, so regions run by several threads count
/// every run. Returns the two counters.
llvm::GlobalVariable &countVersions(llvm::BasicBlock &Raised,
                                    llvm::BasicBlock &Original,
                                    llvm::StringRef Label);

/// Counts the runs of the false successor of @p Guard as runs of the
/// original loops in @p Counters (from countVersions()): for an IR
/// preparation's check (RowTables.h), whose failure also runs the nest as
/// the source wrote it. Where it failed, the report says so in a line of its
/// own after the region's, with @p Reason (`raise: f (f.c:3): 2 of those runs
/// of the original loops because rows of a table are not evenly spaced`):
/// the user learns why the raised code did not run.
void countFallbacks(llvm::BranchInst &Guard, llvm::GlobalVariable &Counters,
                    llvm::StringRef Reason);

/// Counts the runs of @p Original, a block on a path to the original loops
/// that countVersions() counts already, as runs for @p Reason, reported as
/// countFallbacks() does.
void countReason(llvm::BasicBlock &Original, llvm::GlobalVariable &Counters,
                 llvm::StringRef Reason);

} // namespace raising

#endif // RAISE_PLUGIN_VERSIONREPORT_H
