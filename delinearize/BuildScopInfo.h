//===- BuildScopInfo.h - Polly's SCoP model of one function -----*- C++ -*-===//
//
// Polly 22 has no ScopInfo analysis for the new pass manager any more; the
// plugin and the tests build it from the function's analyses themselves.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_BUILDSCOPINFO_H
#define RAISE_DELINEARIZE_BUILDSCOPINFO_H

#include "llvm/IR/PassManager.h"
#include <memory>

namespace polly {
class ScopInfo;
} // namespace polly

namespace raising {

/// Builds Polly's model of every SCoP that ScopDetection (which must be
/// registered in @p FAM as polly::ScopAnalysis) finds in @p F.
std::unique_ptr<polly::ScopInfo>
buildScopInfo(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

} // namespace raising

#endif // RAISE_DELINEARIZE_BUILDSCOPINFO_H
