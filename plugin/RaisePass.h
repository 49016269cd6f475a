//===- RaisePass.h - The raise function pass --------------------*- C++ -*-===//
//
// The function pass that drives raise over every SCoP of a function.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_RAISEPASS_H
#define RAISE_PLUGIN_RAISEPASS_H

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace raising {

/// Finds the SCoPs of a function with Polly, reports per loop nest what
/// Polly modelled or why it rejected the nest, and takes each SCoP through
/// MLIR (see RegionTranslator). Functions without loops cost one look at
/// LoopInfo.
class RaisePass : public llvm::PassInfoMixin<RaisePass> {
public:
  /// @p PB builds the simplification pipeline that the functions raise
  /// generates go through at @p Level, as the rest of the code did before
  /// this point of the pipeline.
  RaisePass(llvm::PassBuilder &PB, llvm::OptimizationLevel Level)
      : PB(&PB), Level(Level) {}

  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);

  /// Run even on functions marked optnone? No: respect the user's wish.
  static bool isRequired() { return false; }

private:
  llvm::PassBuilder *PB;
  llvm::OptimizationLevel Level;
};

} // namespace raising

#endif // RAISE_PLUGIN_RAISEPASS_H
