//===- BuildScopInfo.cpp - Polly's SCoP models of one function ------------===//

#include "BuildScopInfo.h"

#include "polly/ScopBuilder.h"
#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace raising;

ScopModels::ScopModels(Function &F, FunctionAnalysisManager &FAM)
    : F(F), FAM(FAM) {}

ScopModels::~ScopModels() = default;

polly::Scop *ScopModels::getScop(const Region *R) {
  auto [It, Inserted] = Models.try_emplace(R);
  if (Inserted)
    It->second = build(R);
  return It->second.get();
}

polly::Scop *
ScopModels::tryPreciseInbounds(const Region *R,
                               function_ref<bool(polly::Scop &)> Accept) {
  polly::Scop *Current = getScop(R);
  // Polly registers the option without exporting it.
  auto &Options = cl::getRegisteredOptions();
  auto Found = Options.find("polly-precise-inbounds");
  if (!Current || Found == Options.end())
    return Current;
  auto *Precise = static_cast<cl::opt<bool> *>(Found->second);
  bool Old = *Precise;
  *Precise = true;
  std::unique_ptr<polly::Scop> S = build(R);
  *Precise = Old;
  if (!S || !Accept(*S))
    return Current;
  Models[R] = std::move(S);
  return Models[R].get();
}

std::unique_ptr<polly::Scop> ScopModels::build(const Region *R) {
  polly::ScopDetection &SD = FAM.getResult<polly::ScopAnalysis>(F);
  if (!SD.isMaxRegionInScop(*R))
    return nullptr;
  polly::ScopBuilder Builder(
      const_cast<Region *>(R), FAM.getResult<AssumptionAnalysis>(F),
      FAM.getResult<AAManager>(F), F.getDataLayout(),
      FAM.getResult<DominatorTreeAnalysis>(F), FAM.getResult<LoopAnalysis>(F),
      SD, FAM.getResult<ScalarEvolutionAnalysis>(F),
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F));
  std::unique_ptr<polly::Scop> S = Builder.getScop();
  // As Polly's own ScopInfo: a model whose assumptions cannot hold is none.
  if (S && !S->hasFeasibleRuntimeContext())
    S.reset();
  return S;
}
