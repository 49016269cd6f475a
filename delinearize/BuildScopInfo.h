//===- BuildScopInfo.h - Polly's SCoP models of one function ----*- C++ -*-===//
//
// Polly 22 has no ScopInfo analysis for the new pass manager any more; the
// plugin and the tests build Polly's models from the function's analyses
// themselves, one region at a time and only where asked: raise detects
// regions without Polly's profitability heuristic, and most of those it
// finds (single loops) it never looks into.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_BUILDSCOPINFO_H
#define RAISE_DELINEARIZE_BUILDSCOPINFO_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/PassManager.h"
#include <memory>

namespace llvm {
class Region;
} // namespace llvm

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// Polly's models of the SCoPs that ScopDetection (registered in the
/// analysis manager as polly::ScopAnalysis) finds in a function, each built
/// on its first request.
class ScopModels {
public:
  ScopModels(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  ~ScopModels();
  ScopModels(const ScopModels &) = delete;
  ScopModels &operator=(const ScopModels &) = delete;

  /// The model of the detected region @p R, or null where Polly cannot
  /// model it (its assumptions are infeasible).
  polly::Scop *getScop(const llvm::Region *R);

  /// Builds the model of @p R again with Polly's precise in-bounds
  /// assumptions (`-polly-precise-inbounds`) and keeps it in place of the
  /// one getScop() built if @p Accept says so; returns the model kept.
  /// Polly simplifies each in-bounds assumption under the conditions of its
  /// statement's parameters and then takes it everywhere: a loop LLVM
  /// unswitched for `K == 1`, which reads row i of a matrix of K columns as
  /// element i, pins the number of rows to 1 on every path (`M = 1`) where
  /// `K != 1 or M <= 1` would do. Precise assumptions cost more isl work,
  /// so only such models are built again.
  polly::Scop *
  tryPreciseInbounds(const llvm::Region *R,
                     llvm::function_ref<bool(polly::Scop &)> Accept);

private:
  /// Polly's model of @p R, or null where its assumptions cannot hold.
  std::unique_ptr<polly::Scop> build(const llvm::Region *R);

  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  llvm::DenseMap<const llvm::Region *, std::unique_ptr<polly::Scop>> Models;
};

} // namespace raising

#endif // RAISE_DELINEARIZE_BUILDSCOPINFO_H
