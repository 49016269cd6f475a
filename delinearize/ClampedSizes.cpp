//===- ClampedSizes.cpp - Array extents max(n, 0) as parameters -----------===//

#include "ClampedSizes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

/// Whether @p V is smax(x, 0), possibly extended: an extent as flang
/// computes it.
static bool isClampedSize(Value *V) {
  Value *Inner = V;
  match(V, m_ZExtOrSExt(m_Value(Inner)));
  return match(Inner, m_Intrinsic<Intrinsic::smax>(m_Value(), m_Zero()));
}

/// Whether @p U is a multiplication inside a loop.
static bool isProductInLoop(User *U, LoopInfo &LI) {
  auto *Mul = dyn_cast<BinaryOperator>(U);
  return Mul && Mul->getOpcode() == Instruction::Mul &&
         LI.getLoopFor(Mul->getParent());
}

/// Whether @p U scales its operand by a constant: the extent in bytes,
/// `shl %extent, 2`, as a memset of whole columns has it.
static bool isScaling(User *U) {
  return match(U, m_Shl(m_Value(), m_ConstantInt())) ||
         match(U, m_Mul(m_Value(), m_ConstantInt()));
}

std::vector<FreezeInst *> raising::freezeClampedSizes(Function &F,
                                                      LoopInfo &LI) {
  std::vector<FreezeInst *> Freezes;
  for (BasicBlock &BB : F) {
    if (LI.getLoopFor(&BB))
      continue;
    for (Instruction &I : BB) {
      if (!I.getType()->isIntegerTy() || !isClampedSize(&I))
        continue;
      // Only the products inside loops: bounds and guards keep what SCEV
      // knows of the extent.
      SmallVector<Use *, 4> Products;
      for (Use &U : I.uses())
        if (isProductInLoop(U.getUser(), LI) ||
            (isScaling(U.getUser()) &&
             any_of(U.getUser()->users(),
                    [&](User *V) { return isProductInLoop(V, LI); })))
          Products.push_back(&U);
      if (Products.empty())
        continue;
      auto *Freeze =
          new FreezeInst(&I, I.hasName() ? I.getName() + ".extent" : "",
                         std::next(I.getIterator()));
      for (Use *U : Products)
        U->set(Freeze);
      Freezes.push_back(Freeze);
    }
  }
  return Freezes;
}

void raising::thawClampedSizes(const std::vector<FreezeInst *> &Freezes) {
  for (FreezeInst *Freeze : Freezes) {
    Freeze->replaceAllUsesWith(Freeze->getOperand(0));
    Freeze->eraseFromParent();
  }
}
