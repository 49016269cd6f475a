//===- FrozenExtents.cpp - Array extents as parameters for Polly ----------===//

#include "FrozenExtents.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
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

/// Whether @p U scales its operand by a constant or adds one to it: the
/// extent in bytes, `shl %extent, 2`, as a memset of whole columns has it,
/// or the distance between neighbours on a diagonal, `%extent + 1`, which
/// `A(I,I)` steps by.
static bool isScalingOrOffset(User *U) {
  return match(U, m_Shl(m_Value(), m_ConstantInt())) ||
         match(U, m_Mul(m_Value(), m_ConstantInt())) ||
         match(U, m_Add(m_Value(), m_ConstantInt()));
}

/// Whether @p U is a product inside a loop, or scales or offsets what
/// becomes one: the distance between neighbours on a diagonal in bytes,
/// `(%extent << 2) + 4`, as a memset of a lower triangle's columns has it.
static bool reachesProduct(User *U, LoopInfo &LI, unsigned Depth = 0) {
  return isProductInLoop(U, LI) ||
         (Depth < 2 && isScalingOrOffset(U) && any_of(U->users(), [&](User *V) {
            return reachesProduct(V, LI, Depth + 1);
          }));
}

/// The uses of @p I by products inside loops, directly or through
/// scalings and offsets.
static SmallVector<Use *, 4> getProductUses(Instruction &I, LoopInfo &LI) {
  SmallVector<Use *, 4> Products;
  for (Use &U : I.uses())
    if (reachesProduct(U.getUser(), LI))
      Products.push_back(&U);
  return Products;
}

/// Whether @p V, through integer arithmetic and address computations,
/// becomes the address of a load or store of one byte.
static bool addressesByte(Value *V) {
  SmallVector<Value *, 8> Work{V};
  SmallPtrSet<Value *, 16> Seen{V};
  // Subscripts are a few operations deep; a bound keeps the walk cheap.
  while (!Work.empty() && Seen.size() < 64) {
    Value *Cur = Work.pop_back_val();
    for (User *U : Cur->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      const DataLayout &DL = I->getDataLayout();
      if (auto *Load = dyn_cast<LoadInst>(I)) {
        if (Load->getPointerOperand() == Cur &&
            DL.getTypeStoreSize(Load->getType()) == 1)
          return true;
        continue;
      }
      if (auto *Store = dyn_cast<StoreInst>(I)) {
        if (Store->getPointerOperand() == Cur &&
            DL.getTypeStoreSize(Store->getValueOperand()->getType()) == 1)
          return true;
        continue;
      }
      bool Follows =
          isa<GetElementPtrInst, CastInst>(I) ||
          (isa<BinaryOperator>(I) &&
           is_contained({Instruction::Add, Instruction::Sub, Instruction::Mul,
                         Instruction::Shl, Instruction::Or},
                        I->getOpcode()));
      if (Follows && Seen.insert(I).second)
        Work.push_back(I);
    }
  }
  return false;
}

/// Freezes @p I for @p Products, its uses by products inside loops.
static FreezeInst *freezeFor(Instruction &I, ArrayRef<Use *> Products) {
  auto *Freeze = new FreezeInst(&I, I.hasName() ? I.getName() + ".extent" : "",
                                std::next(I.getIterator()));
  for (Use *U : Products)
    U->set(Freeze);
  return Freeze;
}

/// Freezes each integer instruction of @p F outside loops that @p IsExtent
/// accepts, given its uses by products inside loops, for those uses.
template <typename Pred>
static std::vector<FreezeInst *> freezeExtents(Function &F, LoopInfo &LI,
                                               Pred IsExtent) {
  std::vector<FreezeInst *> Freezes;
  for (BasicBlock &BB : F) {
    if (LI.getLoopFor(&BB))
      continue;
    // Collected first: a freeze goes right after its extent.
    SmallVector<std::pair<Instruction *, SmallVector<Use *, 4>>, 4> Extents;
    for (Instruction &I : BB) {
      if (!I.getType()->isIntegerTy())
        continue;
      SmallVector<Use *, 4> Products = getProductUses(I, LI);
      if (!Products.empty() && IsExtent(I, ArrayRef<Use *>(Products)))
        Extents.emplace_back(&I, std::move(Products));
    }
    for (auto &[I, Products] : Extents)
      Freezes.push_back(freezeFor(*I, Products));
  }
  return Freezes;
}

std::vector<FreezeInst *> raising::freezeClampedSizes(Function &F,
                                                      LoopInfo &LI) {
  return freezeExtents(
      F, LI, [](Instruction &I, ArrayRef<Use *>) { return isClampedSize(&I); });
}

std::vector<FreezeInst *> raising::freezeByteStrides(Function &F,
                                                     LoopInfo &LI) {
  return freezeExtents(F, LI, [](Instruction &I, ArrayRef<Use *> Products) {
    return isa<ZExtInst, SExtInst>(I) &&
           any_of(Products, [](Use *U) { return addressesByte(U->getUser()); });
  });
}

void raising::thawExtents(const std::vector<FreezeInst *> &Freezes) {
  for (FreezeInst *Freeze : Freezes) {
    Freeze->replaceAllUsesWith(Freeze->getOperand(0));
    Freeze->eraseFromParent();
  }
}
