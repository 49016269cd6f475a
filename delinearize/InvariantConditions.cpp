//===- InvariantConditions.cpp - Loop-invariant flags as parameters -------===//

#include "InvariantConditions.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

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
