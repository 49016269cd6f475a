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

private:
  llvm::Function &F;
  llvm::FunctionAnalysisManager &FAM;
  llvm::DenseMap<const llvm::Region *, std::unique_ptr<polly::Scop>> Models;
};

} // namespace raising

#endif // RAISE_DELINEARIZE_BUILDSCOPINFO_H
