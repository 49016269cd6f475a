//===- ElementStrides.cpp - Descriptor byte strides as elements -----------===//

#include "ElementStrides.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
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
/// `(X * Stride) >> Shift` in a nest, Stride invariant in it.
struct ScaledStride {
  Instruction *Shift;
  Value *X;
  Value *Stride;
  unsigned Bits;
};
} // namespace

/// The byte strides @p Nest scales down to elements in its addresses.
static SmallVector<ScaledStride, 8> findScaledStrides(const Loop &Nest) {
  SmallVector<ScaledStride, 8> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      Value *A, *B;
      const APInt *Shift;
      if (!match(&I, m_AShr(m_OneUse(m_Mul(m_Value(A), m_Value(B))),
                            m_APInt(Shift))) ||
          Shift->isZero() || Shift->uge(5) || !I.getType()->isIntegerTy(64))
        continue;
      // Only addresses: the product is then a distance within one array.
      if (I.use_empty() ||
          !all_of(I.users(), [](User *U) { return isa<GetElementPtrInst>(U); }))
        continue;
      if (isDefinedOutside(B, Nest) && !isa<Constant>(B))
        std::swap(A, B);
      if (!isDefinedOutside(A, Nest) || isa<Constant>(A))
        continue;
      Found.push_back({&I, B, A, unsigned(Shift->getZExtValue())});
    }
  return Found;
}

/// Versions @p Nest if it scales byte strides down to elements.
static std::optional<VersionedNest> versionNestStrides(Loop &Nest, LoopInfo &LI,
                                                       DominatorTree &DT) {
  SmallVector<ScaledStride, 8> Scaled = findScaledStrides(Nest);
  if (Scaled.empty() || !canVersion(Nest))
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  // The check: each stride a multiple of its element size.
  MapVector<std::pair<Value *, unsigned>, Value *> Strides;
  for (const ScaledStride &S : Scaled)
    Strides.insert({{S.Stride, S.Bits}, nullptr});
  IRBuilder<> Builder(Nest.getLoopPreheader()->getTerminator());
  Value *Check = nullptr;
  for (auto &[Key, Unused] : Strides) {
    auto [Stride, Bits] = Key;
    Value *Low = Builder.CreateAnd(
        Stride, ConstantInt::get(Stride->getType(), (1u << Bits) - 1));
    Value *Whole = Builder.CreateICmpEQ(
        Low, ConstantInt::get(Stride->getType(), 0), "raise.whole.stride");
    Check = Check ? Builder.CreateAnd(Check, Whole) : Whole;
  }
  // The check reads the strides before the nest does: a poison one must not
  // make the branch undefined.
  Check = Builder.CreateFreeze(Check, "raise.strides.check");
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  // The strides in elements, once, before the copy.
  IRBuilder<> InCopy(Copy->getLoopPreheader()->getTerminator());
  for (auto &[Key, Elements] : Strides) {
    auto [Stride, Bits] = Key;
    Elements = InCopy.CreateAShr(
        Stride, Bits,
        (Stride->hasName() ? Stride->getName() : "stride") + ".elts",
        /*isExact=*/true);
  }
  for (const ScaledStride &S : Scaled) {
    auto *Shift = cast<Instruction>(VMap[S.Shift]);
    Value *X = VMap.lookup(S.X);
    IRBuilder<> At(Shift);
    Value *Product =
        At.CreateMul(X ? X : S.X, Strides.lookup({S.Stride, S.Bits}));
    Shift->replaceAllUsesWith(Product);
    Instruction *Mul = cast<Instruction>(Shift->getOperand(0));
    Shift->eraseFromParent();
    Mul->eraseFromParent();
  }
  return VersionedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                       unsigned(Scaled.size()),
                       VersionedNest::Change::ElementStrides};
}

std::vector<VersionedNest> raising::versionElementStrides(
    Function &F, LoopInfo &LI, DominatorTree &DT,
    const SmallPtrSetImpl<const BasicBlock *> *Only) {
  return versionEachNest(
      LI, [&](Loop &Nest) { return versionNestStrides(Nest, LI, DT); }, Only);
}
