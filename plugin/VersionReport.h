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
class BranchInst;
} // namespace llvm

namespace raising {

/// Counts the runs of each successor of @p Check, the branch that picks the
/// raised code (its true successor) or the original loops (false), and prints
/// both counts under @p Label to standard error when the program exits, in
/// the order the regions were spliced. Counting is atomic, so regions run by
/// several threads count every run.
void countVersions(llvm::BranchInst &Check, llvm::StringRef Label);

} // namespace raising

#endif // RAISE_PLUGIN_VERSIONREPORT_H
