//===- RaisePass.h - The raise function pass --------------------*- C++ -*-===//
//
// The function pass that drives raise over every SCoP of a function.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_RAISEPASS_H
#define RAISE_PLUGIN_RAISEPASS_H

#include "llvm/IR/PassManager.h"

namespace raising {

/// Finds the SCoPs of a function with Polly and reports, per loop nest, what
/// Polly modelled (an analysis remark) or why it rejected the nest (a missed
/// remark). Functions without loops cost one look at LoopInfo.
class RaisePass : public llvm::PassInfoMixin<RaisePass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

  /// Run even on functions marked optnone? No: respect the user's wish.
  static bool isRequired() { return false; }
};

} // namespace raising

#endif // RAISE_PLUGIN_RAISEPASS_H
