//===- UnitStrides.cpp - Vector increments versioned on one ---------------===//

#include "UnitStrides.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace raising;

namespace {
/// `Phi + Step` on the back edge of a loop of the nest.
struct Increment {
  BinaryOperator *Add;
  Value *Step;
};
} // namespace

/// True if @p Phi, or its extension, is an array index.
static bool feedsAddress(PHINode *Phi) {
  return any_of(Phi->users(), [](User *U) {
    if (isa<GetElementPtrInst>(U))
      return true;
    return isa<SExtInst, ZExtInst>(U) && any_of(U->users(), [](User *V) {
             return isa<GetElementPtrInst>(V);
           });
  });
}

/// The increments of @p Nest's induction variables by a parameter.
static SmallVector<Increment, 4> findIncrements(const Loop &Nest) {
  SmallVector<Increment, 4> Found;
  for (const Loop *L : Nest.getLoopsInPreorder()) {
    BasicBlock *Latch = L->getLoopLatch();
    if (!Latch)
      continue;
    for (PHINode &Phi : L->getHeader()->phis()) {
      if (!Phi.getType()->isIntegerTy() || !feedsAddress(&Phi))
        continue;
      auto *Add = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(Latch));
      Value *Step;
      if (!Add || !match(Add, m_c_Add(m_Specific(&Phi), m_Value(Step))) ||
          isa<Constant>(Step) || !isDefinedOutside(Step, Nest))
        continue;
      Found.push_back({Add, Step});
    }
  }
  return Found;
}

/// Versions @p Nest on its parametric increments being one.
static std::optional<VersionedNest> versionNestSteps(Loop &Nest, LoopInfo &LI,
                                                     DominatorTree &DT) {
  SmallVector<Increment, 4> Increments = findIncrements(Nest);
  if (Increments.empty() || !canVersion(Nest))
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  SetVector<Value *> Steps;
  for (const Increment &I : Increments)
    Steps.insert(I.Step);
  IRBuilder<> Builder(Nest.getLoopPreheader()->getTerminator());
  Value *Check = nullptr;
  for (Value *Step : Steps) {
    Value *One = Builder.CreateICmpEQ(
        Step, ConstantInt::get(Step->getType(), 1), "raise.unit.step");
    Check = Check ? Builder.CreateAnd(Check, One) : One;
  }
  // The check reads the increments before the nest does: a poison one must
  // not make the branch undefined.
  Check = Builder.CreateFreeze(Check, "raise.steps.check");
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  for (const Increment &I : Increments) {
    auto *Add = cast<BinaryOperator>(VMap[I.Add]);
    Add->replaceUsesOfWith(I.Step, ConstantInt::get(I.Step->getType(), 1));
  }
  return VersionedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                       unsigned(Steps.size()),
                       VersionedNest::Change::UnitStrides};
}

std::vector<VersionedNest>
raising::versionUnitStrides(Function &F, LoopInfo &LI, DominatorTree &DT,
                            const SmallPtrSetImpl<const BasicBlock *> *Only) {
  return versionEachNest(
      LI, [&](Loop &Nest) { return versionNestSteps(Nest, LI, DT); }, Only);
}
