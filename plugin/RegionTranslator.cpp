//===- RegionTranslator.cpp - One SCoP through MLIR and back --------------===//

#include "RegionTranslator.h"

#include "Dump.h"
#include "Options.h"
#include "Remarks.h"
#include "Splice.h"

#include "translate/ExportToLLVM.h"
#include "translate/ScopToAffine.h"

#include "polly/CodeGen/IslAst.h"
#include "polly/DependenceInfo.h"
#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"

using namespace llvm;
using namespace raising;

RegionTranslator::RegionTranslator(Function &F, FunctionAnalysisManager &FAM,
                                   OptimizationRemarkEmitter &ORE)
    : F(F), FAM(FAM), ORE(ORE) {}

RegionTranslator::~RegionTranslator() = default;

mlir::MLIRContext &RegionTranslator::getContext() {
  if (!Ctx) {
    // No threads inside the compiler process: clang may run many of them.
    Ctx = std::make_unique<mlir::MLIRContext>(
        mlir::MLIRContext::Threading::DISABLED);
    loadImportDialects(*Ctx);
  }
  return *Ctx;
}

void RegionTranslator::run(polly::Scop &S, unsigned Index, const DebugLoc &Loc,
                           BasicBlock *Anchor) {
  auto Missed = [&](const Twine &Why) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "NotTranslated", Loc, Anchor)
             << "SCoP in " << F.getName() << " not translated: " << Why.str();
    });
  };

  if (!S.hasFeasibleRuntimeContext())
    return Missed("its run-time check can never hold");
  // Polly builds no AST for a SCoP it would leave as it is (not optimized,
  // nothing to check for aliasing); raise replaces it, so say so.
  S.markAsOptimized();
  polly::DependenceAnalysis::Result Deps = polly::runDependenceAnalysis(S);
  std::unique_ptr<polly::IslAstInfo> AI = polly::runIslAstGen(S, Deps);
  if (!AI)
    return Missed("Polly built no AST for it");

  std::string Name = (F.getName() + ".raise." + Twine(Index)).str();
  Expected<ImportedRegion> Imported = importScop(S, *AI, getContext(), Name);
  if (!Imported)
    return Missed(toString(Imported.takeError()));
  if (Error E = dump(DumpStage::Affine, F, Index, *Imported->Module->getOperation()))
    return F.getContext().emitError(toString(std::move(E)));

  ORE.emit([&] {
    return OptimizationRemarkAnalysis(PassName, "Translated", Loc, Anchor)
           << "SCoP in " << F.getName() << " translated to affine MLIR: "
           << ore::NV("Loops", Imported->NumLoops) << " loops, "
           << ore::NV("Arguments", unsigned(Imported->Arguments.size()))
           << " arguments";
  });
  if (!Roundtrip)
    return;

  Expected<SplicePlan> Plan = planSplice(S, Imported->Arguments);
  if (!Plan)
    return Missed(toString(Plan.takeError()));
  Expected<Function *> Callee =
      exportToLLVM(*Imported->Module, Imported->FunctionName, F);
  if (!Callee)
    return Missed(toString(Callee.takeError()));
  polly::ScopDetection &SD = FAM.getResult<polly::ScopAnalysis>(F);
  spliceRegion(S, *AI, **Callee, *Plan,
               FAM.getResult<DominatorTreeAnalysis>(F),
               FAM.getResult<LoopAnalysis>(F), *SD.getRI(),
               FAM.getResult<ScalarEvolutionAnalysis>(F));
  Changed = true;
  ORE.emit([&] {
    return OptimizationRemark(PassName, "Spliced", Loc, Anchor)
           << "SCoP in " << F.getName() << " spliced as "
           << (*Callee)->getName()
           << " behind a run-time check (roundtrip through affine MLIR)";
  });
}
