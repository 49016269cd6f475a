//===- BuildScopInfo.cpp - Polly's SCoP model of one function -------------===//

#include "BuildScopInfo.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"

using namespace llvm;

std::unique_ptr<polly::ScopInfo>
raising::buildScopInfo(Function &F, FunctionAnalysisManager &FAM) {
  return std::make_unique<polly::ScopInfo>(
      F.getDataLayout(), FAM.getResult<polly::ScopAnalysis>(F),
      FAM.getResult<ScalarEvolutionAnalysis>(F), FAM.getResult<LoopAnalysis>(F),
      FAM.getResult<AAManager>(F), FAM.getResult<DominatorTreeAnalysis>(F),
      FAM.getResult<AssumptionAnalysis>(F),
      FAM.getResult<OptimizationRemarkEmitterAnalysis>(F));
}
