//===- InvariantConditions.cpp - Loop-invariant flags as parameters -------===//

#include "InvariantConditions.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

/// True if @p Flag is computed outside @p L: an argument, a constant
/// expression or an instruction in no block of L.
static bool isInvariantIn(const Value *Flag, const Loop &L) {
  if (isa<Constant>(Flag))
    return false;
  const auto *I = dyn_cast<Instruction>(Flag);
  return !I || !L.contains(I);
}

std::vector<raising::FlagCondition> raising::parameterizeFlags(Function &F,
                                                               LoopInfo &LI) {
  std::vector<FlagCondition> Flags;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!L || !Br || !Br->isConditional())
      continue;
    Value *Flag = Br->getCondition();
    if (isa<CmpInst>(Flag) && !isa<FCmpInst>(Flag))
      continue;
    // Invariant in the outermost loop: a parameter of any SCoP around it.
    while (L->getParentLoop())
      L = L->getParentLoop();
    if (!isInvariantIn(Flag, *L))
      continue;
    // The flag as a 32-bit 0 or 1, once, where it is defined, and the branch
    // on `that > 0`: one affine constraint on an ordinary parameter. Polly's
    // own model of an i1 parameter is signed (set is -1) and it gets
    // comparisons of i1 values wrong (`icmp ne i1 %flag, false` comes out
    // as flag == 0), so the flag never reaches it as an i1.
    SelectInst *Number = nullptr;
    for (User *U : Flag->users())
      if (auto *Sel = dyn_cast<SelectInst>(U);
          Sel && Sel->getName().ends_with(".number"))
        Number = Sel;
    if (!Number) {
      Instruction *At;
      if (auto *I = dyn_cast<Instruction>(Flag))
        At = isa<PHINode>(I) ? &*I->getParent()->getFirstInsertionPt()
                             : I->getNextNode();
      else
        At = &*F.getEntryBlock().getFirstInsertionPt();
      Type *I32 = Type::getInt32Ty(F.getContext());
      Number = SelectInst::Create(
          Flag, ConstantInt::get(I32, 1), ConstantInt::get(I32, 0),
          (Flag->hasName() ? Flag->getName() : "flag") + ".number",
          At->getIterator());
    }
    auto *Test =
        new ICmpInst(Br->getIterator(), ICmpInst::ICMP_SGT, Number,
                     ConstantInt::get(Number->getType(), 0),
                     (Flag->hasName() ? Flag->getName() : "flag") + ".set");
    Br->setCondition(Test);
    Flags.push_back({Flag, Test});
  }
  return Flags;
}

void raising::restoreFlags(const std::vector<FlagCondition> &Flags) {
  for (const FlagCondition &C : Flags) {
    auto *Test = dyn_cast_or_null<ICmpInst>(C.Test);
    if (!Test || !C.Flag)
      continue;
    auto *Number = cast<Instruction>(Test->getOperand(0));
    Test->replaceAllUsesWith(C.Flag);
    Test->eraseFromParent();
    // Spliced calls may pass it.
    if (Number->use_empty())
      Number->eraseFromParent();
  }
}

std::vector<raising::SplitSelect>
raising::splitAddressSelects(Function &F, LoopInfo &LI, DominatorTree &DT) {
  SmallVector<LoadInst *, 4> Loads;
  for (BasicBlock &BB : F) {
    Loop *L = LI.getLoopFor(&BB);
    if (!L)
      continue;
    while (L->getParentLoop())
      L = L->getParentLoop();
    for (Instruction &I : BB) {
      auto *Load = dyn_cast<LoadInst>(&I);
      auto *Select =
          Load ? dyn_cast<SelectInst>(Load->getPointerOperand()) : nullptr;
      if (Load && Load->isSimple() && Select && Select->hasOneUse() &&
          Select->getCondition()->getType()->isIntegerTy(1) &&
          isInvariantIn(Select->getCondition(), *L))
        Loads.push_back(Load);
    }
  }
  std::vector<SplitSelect> Splits;
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  for (LoadInst *Load : Loads) {
    auto *Select = cast<SelectInst>(Load->getPointerOperand());
    Instruction *Then, *Else;
    SplitBlockAndInsertIfThenElse(Select->getCondition(), Load->getIterator(),
                                  &Then, &Else, /*BranchWeights=*/nullptr, &DTU,
                                  &LI);
    PHINode *Phi = PHINode::Create(Load->getType(), 2, Load->getName(),
                                   Load->getIterator());
    for (auto [Term, Address] : {std::pair(Then, Select->getTrueValue()),
                                 std::pair(Else, Select->getFalseValue())}) {
      Instruction *Side = Load->clone();
      Side->setOperand(0, Address);
      Side->insertBefore(Term->getIterator());
      Phi->addIncoming(Side, Term->getParent());
    }
    Load->replaceAllUsesWith(Phi);
    Load->eraseFromParent();
    Splits.push_back({Select, Phi});
  }
  return Splits;
}

void raising::restoreAddressSelects(const std::vector<SplitSelect> &Splits) {
  for (const SplitSelect &S : Splits) {
    auto *Phi = dyn_cast_or_null<PHINode>(S.Phi);
    auto *Select = dyn_cast_or_null<SelectInst>(S.Select);
    if (!Phi || !Select || Phi->getNumIncomingValues() != 2)
      continue;
    BasicBlock *Join = Phi->getParent();
    BasicBlock *Then = Phi->getIncomingBlock(0),
               *Else = Phi->getIncomingBlock(1);
    BasicBlock *Head = Then->getSinglePredecessor();
    auto *Side = dyn_cast<LoadInst>(Phi->getIncomingValue(0));
    auto *Other = dyn_cast<LoadInst>(Phi->getIncomingValue(1));
    // The diamond as split: each side one load and a branch to the join.
    if (!Head || Else->getSinglePredecessor() != Head || !Side || !Other ||
        Side->getParent() != Then || Other->getParent() != Else ||
        Then->size() != 2 || Else->size() != 2 ||
        Join->getSinglePredecessor() || pred_size(Join) != 2 ||
        &Join->front() != Phi || isa<PHINode>(Phi->getNextNode()) ||
        !Side->hasOneUse() || !Other->hasOneUse())
      continue;
    auto *Load = cast<LoadInst>(Side->clone());
    Load->setOperand(0, Select);
    Load->insertBefore(Phi->getIterator());
    Load->takeName(Phi);
    Phi->replaceAllUsesWith(Load);
    Phi->eraseFromParent();
    Side->eraseFromParent();
    Other->eraseFromParent();
    // Head branches straight to the join again, which it absorbs.
    Head->getTerminator()->eraseFromParent();
    BranchInst::Create(Join, Head);
    Then->eraseFromParent();
    Else->eraseFromParent();
    MergeBlockIntoPredecessor(Join);
  }
}
