//===- Microtask.cpp - OpenMP microtasks prepared for Polly ---------------===//

#include "Microtask.h"

#include "delinearize/ChunkLoops.h"
#include "delinearize/CodePreparation.h"
#include "delinearize/CollapsedRows.h"
#include "delinearize/OpenMPShared.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"

using namespace llvm;
using namespace raising;

PreparedMicrotask::~PreparedMicrotask() {
  if (Saved)
    Saved->eraseFromParent();
}

bool PreparedMicrotask::prepare(Function &Fn, FunctionAnalysisManager &FAM) {
  if (!isMicrotask(Fn))
    return false;
  AttributeList Before = Fn.getAttributes();
  // The copy is taken before marking: it keeps the parameters as they were.
  ValueToValueMapTy VMap;
  Function *Copy = CloneFunction(&Fn, VMap);
  unsigned Marked = markSharedVariablesNoAlias(Fn);
  Marked += markChunkBoundsUncaptured(Fn);
  if (!Marked) {
    Copy->eraseFromParent();
    return false;
  }
  F = &Fn;
  Saved = Copy;
  Attributes = Before;
  FAM.invalidate(Fn, PreservedAnalyses::none());
  // Hoists the loads of the shared variables nothing in a loop stores to,
  // and keeps in registers those the loops write on every iteration (a
  // loop counter declared outside the parallel loop), storing their final
  // value where the code stored it.
  FunctionPassManager FPM;
  FPM.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                              /*UseMemorySSA=*/true));
  // One value per shared variable: LICM hoists each load of it on its own.
  FPM.addPass(EarlyCSEPass());
  FPM.run(Fn, FAM);
  // What LLVM reloaded in a loop and merged in PHIs (a chunk's upper bound)
  // is now one value from before the loop, and what is computed from it
  // (its extension to 64 bits) can be hoisted too.
  if (foldInvariantPhiCycles(Fn, FAM.getResult<DominatorTreeAnalysis>(Fn))) {
    FAM.invalidate(Fn, PreservedAnalyses::none());
    FPM.run(Fn, FAM);
  }
  // EarlyCSE folds the single-entry PHIs of the loops' exits: the steps
  // below, and Polly, want them back.
  FunctionPassManager Closed;
  Closed.addPass(LCSSAPass());
  Closed.run(Fn, FAM);
  // The assumption cache survives invalidation: it is told of the
  // assumptions the steps below state by a new scan.
  auto Invalidate = [&] {
    FAM.invalidate(Fn, PreservedAnalyses::none());
    if (auto *AC = FAM.getCachedResult<AssumptionAnalysis>(Fn))
      AC->clear();
  };
  if (prepareChunkLoops(Fn, FAM.getResult<LoopAnalysis>(Fn),
                        FAM.getResult<DominatorTreeAnalysis>(Fn),
                        FAM.getResult<ScalarEvolutionAnalysis>(Fn)))
    Invalidate();
  if (splitCollapsedRows(Fn, FAM.getResult<LoopAnalysis>(Fn),
                         FAM.getResult<DominatorTreeAnalysis>(Fn),
                         FAM.getResult<ScalarEvolutionAnalysis>(Fn)))
    Invalidate();
  return true;
}

void PreparedMicrotask::restore(FunctionAnalysisManager &FAM) {
  if (!Saved)
    return;
  FAM.invalidate(*F, PreservedAnalyses::none());
  for (BasicBlock &BB : *F)
    BB.dropAllReferences();
  while (!F->empty())
    F->begin()->eraseFromParent();
  F->splice(F->end(), Saved);
  for (auto [From, To] : zip(Saved->args(), F->args()))
    From.replaceAllUsesWith(&To);
  F->setAttributes(Attributes);
  // The copy's debug locations are in the copy's subprogram: it goes with
  // them.
  F->setSubprogram(Saved->getSubprogram());
  Saved->setSubprogram(nullptr);
  Saved->eraseFromParent();
  Saved = nullptr;
}
