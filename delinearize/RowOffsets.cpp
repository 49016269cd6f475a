//===- RowOffsets.cpp - Run-time offsets split into rows and columns ------===//
//
// Why the copy reads and writes what the original does: it adds
// E * (q * s + r - o) bytes to the address of each access whose subscript
// holds the offset o (in elements, E bytes each) and steps by the leading
// dimension s, with q = floor((o + c) / s) and r = o - q * s, where c is
// the constant the subscript adds at the nest's first iteration, so that
// the first column r + c is in [0, s). For s > 0, which the check proves,
// q * s + r is o, so the term added is zero; q and r are frozen so that
// SCEV, and Polly after it, sees them as parameters: the address becomes
// base + E * ((q + row) * s + r + column).
//
//===----------------------------------------------------------------------===//

#include "RowOffsets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionDivision.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;
using namespace raising;

namespace {
/// An offset and the leading dimension it is split by, both in elements,
/// with the constant the subscripts add to the offset at the nest's first
/// iteration (the least over the accesses that share the offset).
struct Split {
  const SCEV *Offset;
  const SCEV *Stride;
  uint64_t ElementBytes;
  int64_t Shift;

  bool sameOffset(const Split &O) const {
    return Offset == O.Offset && Stride == O.Stride &&
           ElementBytes == O.ElementBytes;
  }
};
} // namespace

/// @p S divided by @p D, or null if the division leaves a remainder.
static const SCEV *divideExactly(const SCEV *S, const SCEV *D,
                                 ScalarEvolution &SE) {
  const SCEV *Quotient, *Remainder;
  SCEVDivision::divide(SE, S, D, &Quotient, &Remainder);
  return Remainder->isZero() ? Quotient : nullptr;
}

/// The run-time offset in the subscript of @p I, a load or store in @p Nest,
/// with the one leading dimension its subscript steps by: the terms of the
/// subscript that neither vary in the nest nor are constants or multiples
/// of that dimension.
static std::optional<Split> findSplit(Instruction &I, const Loop &Nest,
                                      ScalarEvolution &SE,
                                      const DataLayout &DL) {
  Type *Elem = getLoadStoreType(&I);
  TypeSize Bytes = DL.getTypeStoreSize(Elem);
  if (Bytes.isScalable() || Bytes.getFixedValue() == 0 ||
      Bytes != DL.getTypeAllocSize(Elem))
    return std::nullopt;
  const SCEV *Ptr = SE.getSCEV(getLoadStorePointerOperand(&I));
  const SCEV *Base = SE.getPointerBase(Ptr);
  if (!isa<SCEVUnknown>(Base) || !SE.isLoopInvariant(Base, &Nest))
    return std::nullopt;
  const SCEV *Offset = SE.getMinusSCEV(Ptr, Base);
  if (isa<SCEVCouldNotCompute>(Offset) || !Offset->getType()->isIntegerTy(64))
    return std::nullopt;
  SmallVector<const SCEV *, 4> Steps;
  const SCEV *Start = getStartInNest(Offset, Nest, SE, Steps);
  if (!Start)
    return std::nullopt;
  const SCEV *Row = nullptr;
  for (const SCEV *Step : Steps) {
    if (isa<SCEVConstant>(Step))
      continue;
    if (Row && Row != Step)
      return std::nullopt;
    Row = Step;
  }
  if (!Row)
    return std::nullopt;
  // The leading dimension without the element size and the loop's step
  // (`(obt + t) * C` over `obt += 8` steps by 32 * C bytes: rows of C).
  const SCEV *Stride = Row;
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(Row);
      Mul && isa<SCEVConstant>(Mul->getOperand(0))) {
    SmallVector<const SCEV *, 2> Factors(drop_begin(Mul->operands()));
    Stride = SE.getMulExpr(Factors);
  }
  // Terms Polly places itself: constants and multiples of the dimension.
  ArrayRef<const SCEV *> Terms(Start);
  if (const auto *Add = dyn_cast<SCEVAddExpr>(Start))
    Terms = Add->operands();
  SmallVector<const SCEV *, 2> Offsets;
  int64_t ShiftBytes = 0;
  for (const SCEV *Term : Terms)
    if (const auto *C = dyn_cast<SCEVConstant>(Term))
      ShiftBytes = C->getAPInt().getSExtValue();
    else if (!divideExactly(Term, Stride, SE))
      Offsets.push_back(Term);
  if (Offsets.empty())
    return std::nullopt;
  const SCEV *ElementSize =
      SE.getConstant(Offset->getType(), Bytes.getFixedValue());
  const SCEV *InElements =
      divideExactly(SE.getAddExpr(Offsets), ElementSize, SE);
  if (!InElements)
    return std::nullopt;
  int64_t ElementBytes = Bytes.getFixedValue();
  return Split{InElements, Stride, uint64_t(ElementBytes),
               ShiftBytes % ElementBytes ? 0 : ShiftBytes / ElementBytes};
}

/// Versions @p Nest on its leading dimensions being positive, with its
/// offsets split into rows and columns in the copy.
static std::optional<VersionedNest> splitNestOffsets(Loop &Nest, LoopInfo &LI,
                                                     DominatorTree &DT,
                                                     ScalarEvolution &SE) {
  const DataLayout &DL = Nest.getHeader()->getDataLayout();
  SmallVector<std::pair<Instruction *, unsigned>, 8> Accesses;
  SmallVector<Split, 2> Splits;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (!isa<LoadInst, StoreInst>(I))
        continue;
      std::optional<Split> S = findSplit(I, Nest, SE, DL);
      if (!S)
        continue;
      auto *It =
          find_if(Splits, [&](const Split &O) { return O.sameOffset(*S); });
      Accesses.push_back({&I, unsigned(It - Splits.begin())});
      if (It == Splits.end())
        Splits.push_back(*S);
      else
        It->Shift = std::min(It->Shift, S->Shift);
    }
  if (Splits.empty() || !canVersion(Nest))
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  Instruction *Entry = Nest.getLoopPreheader()->getTerminator();
  Type *I128 = Type::getInt128Ty(Entry->getContext());
  SCEVExpander Expander(SE, "raise.offsets");
  SmallVector<Condition, 4> Conditions;
  for (const Split &S : Splits) {
    if (!Expander.isSafeToExpandAt(S.Offset, Entry) ||
        !Expander.isSafeToExpandAt(S.Stride, Entry))
      return std::nullopt;
    Conditions.push_back({ICmpInst::ICMP_SGT,
                          SE.getSignExtendExpr(S.Stride, I128),
                          SE.getZero(I128)});
  }
  if (!simplifyConditions(Conditions, Entry, SE))
    return std::nullopt;
  // The offsets and strides, before the check, for the copy's preheader.
  SmallVector<std::pair<Value *, Value *>, 2> Values;
  for (const Split &S : Splits)
    Values.push_back(
        {Expander.expandCodeFor(S.Offset, S.Offset->getType(), Entry),
         Expander.expandCodeFor(S.Stride, S.Stride->getType(), Entry)});
  Value *Check = expandCheck(Conditions, Entry, SE, "raise.offsets");
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  // Where s > 0: the division is defined and q * s + r - o is zero.
  IRBuilder<> Builder(Copy->getLoopPreheader()->getTerminator());
  SmallVector<Value *, 2> Zeros;
  for (auto [S, V] : zip(Splits, Values)) {
    auto [Offset, Stride] = V;
    // The first column the subscripts reach, o + c, split rounding down, so
    // that it lands in [0, s) even where o is negative (Fortran's `-lbound`,
    // with c the loop's first index 1).
    Value *First =
        S.Shift ? Builder.CreateAdd(
                      Offset, ConstantInt::get(Offset->getType(), S.Shift))
                : Offset;
    Value *Rem = Builder.CreateSRem(First, Stride);
    Value *Below =
        Builder.CreateICmpSLT(Rem, ConstantInt::get(Rem->getType(), 0));
    Value *Quotient = Builder.CreateFreeze(
        Builder.CreateSub(Builder.CreateSDiv(First, Stride),
                          Builder.CreateZExt(Below, Rem->getType())),
        "raise.offset.rows");
    Value *Remainder = Builder.CreateFreeze(
        Builder.CreateSub(Offset, Builder.CreateMul(Quotient, Stride)),
        "raise.offset.column");
    Value *Zero = Builder.CreateSub(
        Builder.CreateAdd(Builder.CreateMul(Quotient, Stride), Remainder),
        Offset);
    Zeros.push_back(Builder.CreateMul(
        Zero, ConstantInt::get(Zero->getType(), S.ElementBytes),
        "raise.offset.zero"));
  }
  for (auto [I, Index] : Accesses) {
    auto *Access = cast<Instruction>(VMap[I]);
    Use &Ptr = isa<LoadInst>(Access) ? Access->getOperandUse(0)
                                     : Access->getOperandUse(1);
    Builder.SetInsertPoint(Access);
    Ptr.set(Builder.CreateGEP(Builder.getInt8Ty(), Ptr.get(), Zeros[Index]));
  }
  return VersionedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                       unsigned(Splits.size()),
                       VersionedNest::Change::RowOffsets};
}

std::vector<VersionedNest>
raising::versionRowOffsets(Function &F, LoopInfo &LI, DominatorTree &DT,
                           ScalarEvolution &SE,
                           const SmallPtrSetImpl<const BasicBlock *> &Skip) {
  return versionEachNest(LI, [&](Loop &Nest) -> std::optional<VersionedNest> {
    if (Skip.count(Nest.getHeader()))
      return std::nullopt;
    std::optional<VersionedNest> N = splitNestOffsets(Nest, LI, DT, SE);
    if (N)
      SE.forgetLoop(&Nest);
    return N;
  });
}
