//===- Plugin.cpp - Entry point of the raise pass plugin ------------------===//
//
// Registers the `raise` function pass for `opt -passes=raise` and inserts it
// at the vectorizer-start extension point of clang's -O2/-O3 pipeline: there
// loops are rotated and simplified, so Polly sees whole nests, yet not
// vectorized yet, which would hide them from Polly.
//
//===----------------------------------------------------------------------===//

#include "LoadTactics.h"
#include "RaisePass.h"

#include "polly/ScopDetection.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace llvm;

static void registerCallbacks(PassBuilder &PB) {
  // Print the pass as `raise` in -print-pipeline-passes, so that the printed
  // pipeline parses again.
  if (PassInstrumentationCallbacks *PIC =
          PB.getPassInstrumentationCallbacks()) {
    PIC->addClassToPassName(raising::RaisePass::name(), "raise");
    PIC->addClassToPassName(raising::CheckTacticsPass::name(),
                            "raise-check-tactics");
  }
  PB.registerAnalysisRegistrationCallback([](FunctionAnalysisManager &FAM) {
    // Registering twice (Polly itself may have) keeps the first registration.
    FAM.registerPass([] { return polly::ScopAnalysis(); });
  });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "raise-check-tactics")
          return false;
        MPM.addPass(raising::CheckTacticsPass());
        return true;
      });
  // The builder outlives the pipelines it builds, in clang and in opt.
  PB.registerPipelineParsingCallback(
      [&PB](StringRef Name, FunctionPassManager &FPM,
            ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "raise")
          return false;
        FPM.addPass(raising::RaisePass(PB, OptimizationLevel::O3));
        return true;
      });
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(raising::CheckTacticsPass());
      });
  PB.registerVectorizerStartEPCallback(
      [&PB](FunctionPassManager &FPM, OptimizationLevel Level) {
        if (Level.getSpeedupLevel() >= 2)
          FPM.addPass(raising::RaisePass(PB, Level));
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "raise", "0.1", registerCallbacks};
}
