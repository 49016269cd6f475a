//===- WidenSubscripts.cpp - 64-bit subscripts behind a run-time check ----===//
//
// Why the widened copy computes the same addresses: a subscript is
// ext(R), R an N-bit expression of additions, subtractions, multiplications,
// shifts and truncations. The widened copy computes the same expression in
// 64 bits, W, with wrapping operations and every truncation dropped, so W and
// R agree modulo 2^N whatever wraps. The check proves that W lies in the
// range of ext (for sext [-2^(N-1), 2^(N-1)), for zext [0, 2^N)) on every
// iteration; there ext(R) is the one value of that range congruent to W,
// which is W itself. The bounds of W over the nest are taken from SCEV in
// 128 bits, where nothing can wrap once every loop runs fewer than 2^32
// times, which the check also proves.
//
//===----------------------------------------------------------------------===//

#include "WidenSubscripts.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;
using namespace raising;
using namespace llvm::PatternMatch;

/// Nests are copied whole: larger ones are left alone.
static constexpr unsigned MaxNestInstructions = 4000;
/// How deep a subscript expression is rebuilt in 64 bits.
static constexpr unsigned MaxDepth = 16;
/// Loops that may run this many times or more fail the check (see the file
/// comment).
static constexpr unsigned TripCountBits = 32;

/// True if @p S extends or truncates something that varies in @p Nest: the
/// shape SCEV, and Polly after it, cannot see through.
static bool hidesStructure(const SCEV *S, const Loop &Nest,
                           ScalarEvolution &SE) {
  return SCEVExprContains(S, [&](const SCEV *X) {
    const auto *Cast = dyn_cast<SCEVIntegralCastExpr>(X);
    return Cast && !SE.isLoopInvariant(Cast->getOperand(), &Nest);
  });
}

namespace {

/// Rebuilds the 32-bit (or narrower) expressions of one nest in 64 bits.
class Widener {
public:
  Widener(const Loop &Nest, ScalarEvolution &SE)
      : Nest(Nest), SE(SE),
        I64(Type::getInt64Ty(Nest.getHeader()->getContext())) {}

  /// A 64-bit value congruent to @p V modulo 2^(width of V). Leaves
  /// (values not computed by arithmetic in the nest) are sign-extended if
  /// @p Signed, zero-extended otherwise, unless only the other extension
  /// lets SCEV see through.
  Value *widen(Value *V, bool Signed, unsigned Depth = 0);

  /// Every instruction widen() created, in creation order (null once
  /// deleted).
  ArrayRef<WeakVH> created() const { return Created; }

private:
  Value *widenLeaf(Value *V, bool Signed);
  Instruction *insertAfter(Instruction *New, Value *Def);

  const Loop &Nest;
  ScalarEvolution &SE;
  Type *I64;
  DenseMap<std::pair<Value *, unsigned>, Value *> Memo;
  SmallVector<WeakVH, 16> Created;
};

} // namespace

Instruction *Widener::insertAfter(Instruction *New, Value *Def) {
  auto *DefInst = dyn_cast<Instruction>(Def);
  // Values from outside the nest dominate its header.
  if (!DefInst || !Nest.contains(DefInst))
    New->insertBefore(Nest.getHeader()->getFirstInsertionPt());
  else if (std::optional<BasicBlock::iterator> At =
               DefInst->getInsertionPointAfterDef())
    New->insertBefore(*At);
  else
    // Only terminators have no point after them; callers give up on null.
    return New->deleteValue(), nullptr;
  Created.push_back(New);
  return New;
}

Value *Widener::widenLeaf(Value *V, bool Signed) {
  const SCEV *S = SE.getSCEV(V);
  auto Hides = [&](bool AsSigned) {
    const SCEV *E =
        AsSigned ? SE.getSignExtendExpr(S, I64) : SE.getZeroExtendExpr(S, I64);
    return hidesStructure(E, Nest, SE);
  };
  if (Hides(Signed) && !Hides(!Signed))
    Signed = !Signed;
  return insertAfter(Signed ? CastInst::Create(Instruction::SExt, V, I64)
                            : CastInst::Create(Instruction::ZExt, V, I64),
                     V);
}

Value *Widener::widen(Value *V, bool Signed, unsigned Depth) {
  if (V->getType() == I64)
    return V;
  if (auto *C = dyn_cast<ConstantInt>(V))
    return ConstantInt::get(I64, Signed ? C->getValue().sext(64)
                                        : C->getValue().zext(64));
  auto [It, Inserted] = Memo.try_emplace({V, unsigned(Signed)}, nullptr);
  if (!Inserted)
    return It->second;
  auto *I = dyn_cast<Instruction>(V);
  Value *W = nullptr;
  if (I && Nest.contains(I) && Depth < MaxDepth) {
    switch (I->getOpcode()) {
    case Instruction::Trunc:
      // Congruent modulo 2^(width of V) to what is truncated.
      if (I->getOperand(0)->getType()->getIntegerBitWidth() <= 64)
        W = widen(I->getOperand(0), Signed, Depth + 1);
      break;
    case Instruction::SExt:
    case Instruction::ZExt:
      // Exact: the narrower value extended as the code does.
      W = insertAfter(
          CastInst::Create(static_cast<Instruction::CastOps>(I->getOpcode()),
                           I->getOperand(0), I64),
          I);
      break;
    case Instruction::Or:
      // A disjoint `or` is an addition.
      if (!cast<PossiblyDisjointInst>(I)->isDisjoint())
        break;
      [[fallthrough]];
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Mul: {
      Value *L = widen(I->getOperand(0), Signed, Depth + 1);
      Value *R = L ? widen(I->getOperand(1), Signed, Depth + 1) : nullptr;
      if (!R)
        return nullptr;
      auto Op = I->getOpcode() == Instruction::Or
                    ? Instruction::Add
                    : static_cast<Instruction::BinaryOps>(I->getOpcode());
      W = insertAfter(BinaryOperator::Create(Op, L, R), I);
      break;
    }
    case Instruction::Shl: {
      auto *Amount = dyn_cast<ConstantInt>(I->getOperand(1));
      if (!Amount || Amount->getValue().uge(I->getType()->getIntegerBitWidth()))
        break;
      Value *L = widen(I->getOperand(0), Signed, Depth + 1);
      if (!L)
        return nullptr;
      W = insertAfter(
          BinaryOperator::Create(Instruction::Shl, L,
                                 ConstantInt::get(I64, Amount->getZExtValue())),
          I);
      break;
    }
    default:
      break;
    }
  }
  if (!W)
    W = widenLeaf(V, Signed);
  return Memo[{V, unsigned(Signed)}] = W;
}

namespace {

/// The least and greatest value of an expression over the iterations of a
/// nest, as 128-bit SCEVs.
struct Bounds {
  const SCEV *Min, *Max;
};

/// Bounds of affine expressions over a nest, and the conditions under which
/// they hold (every loop they use runs fewer than 2^TripCountBits times).
class BoundsOverNest {
public:
  BoundsOverNest(const Loop &Nest, ScalarEvolution &SE)
      : Nest(Nest), SE(SE),
        I128(Type::getInt128Ty(Nest.getHeader()->getContext())) {}

  /// Bounds of @p S, or nothing if @p S is not an affine function of the
  /// nest's induction variables with invariant coefficients over loops whose
  /// trip counts are invariant.
  std::optional<Bounds> get(const SCEV *S);

  /// Backedge-taken counts of the loops get() used.
  ArrayRef<const SCEV *> tripCounts() const { return TripCounts.getArrayRef(); }

  Type *type() const { return I128; }

private:
  const Loop &Nest;
  ScalarEvolution &SE;
  Type *I128;
  SetVector<const SCEV *> TripCounts;
};

} // namespace

std::optional<Bounds> BoundsOverNest::get(const SCEV *S) {
  if (SE.isLoopInvariant(S, &Nest)) {
    const SCEV *V = SE.getSignExtendExpr(S, I128);
    return Bounds{V, V};
  }
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const Loop *L = AR->getLoop();
    if (!Nest.contains(L) || !AR->isAffine())
      return std::nullopt;
    const SCEV *Step = AR->getStepRecurrence(SE);
    const SCEV *Count = SE.getBackedgeTakenCount(L);
    if (!SE.isLoopInvariant(Step, &Nest) || isa<SCEVCouldNotCompute>(Count) ||
        !SE.isLoopInvariant(Count, &Nest))
      return std::nullopt;
    std::optional<Bounds> Start = get(AR->getStart());
    if (!Start)
      return std::nullopt;
    TripCounts.insert(Count);
    const SCEV *Last = SE.getMulExpr(SE.getSignExtendExpr(Step, I128),
                                     SE.getZeroExtendExpr(Count, I128));
    const SCEV *Zero = SE.getZero(I128);
    return Bounds{SE.getAddExpr(Start->Min, SE.getSMinExpr(Zero, Last)),
                  SE.getAddExpr(Start->Max, SE.getSMaxExpr(Zero, Last))};
  }
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    SmallVector<const SCEV *, 4> Mins, Maxs;
    for (const SCEV *Op : Add->operands()) {
      std::optional<Bounds> B = get(Op);
      if (!B)
        return std::nullopt;
      Mins.push_back(B->Min);
      Maxs.push_back(B->Max);
    }
    return Bounds{SE.getAddExpr(Mins), SE.getAddExpr(Maxs)};
  }
  if (const auto *Mul = dyn_cast<SCEVMulExpr>(S);
      Mul && Mul->getNumOperands() == 2) {
    const auto *C = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    std::optional<Bounds> B = C ? get(Mul->getOperand(1)) : std::nullopt;
    if (!B)
      return std::nullopt;
    const SCEV *Factor = SE.getSignExtendExpr(C, I128);
    const SCEV *A = SE.getMulExpr(Factor, B->Min);
    const SCEV *Z = SE.getMulExpr(Factor, B->Max);
    return C->getAPInt().isNegative() ? Bounds{Z, A} : Bounds{A, Z};
  }
  return std::nullopt;
}

namespace {

/// One extension the widened copy computes in 64 bits: ext(Narrow) with the
/// extension Signed or not, from Bits bits.
struct Subscript {
  CastInst *Ext;
  Value *Narrow;
  unsigned Bits;
  bool Signed;
  Value *Wide = nullptr;
  std::optional<Bounds> Range;

  explicit Subscript(CastInst *Ext)
      : Ext(Ext), Narrow(Ext->getOperand(0)),
        Bits(Ext->getSrcTy()->getIntegerBitWidth()),
        Signed(isa<SExtInst>(Ext)) {
    // zext(X & (2^N - 1)), how LLVM writes a conversion to an N-bit unsigned
    // type, is zext(trunc X to iN).
    const APInt *Mask;
    Value *X;
    if (!Signed && match(Narrow, m_And(m_Value(X), m_APInt(Mask))) &&
        Mask->isMask()) {
      Narrow = X;
      Bits = Mask->countr_one();
    }
  }
};

} // namespace

/// Extensions to 64 bits in @p Nest that feed an address and hide their
/// subscript from SCEV.
static SmallVector<CastInst *, 8> findExtensions(const Loop &Nest,
                                                 ScalarEvolution &SE) {
  SmallVector<CastInst *, 8> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      auto *Ext = dyn_cast<CastInst>(&I);
      if (!Ext || (!isa<SExtInst>(Ext) && !isa<ZExtInst>(Ext)) ||
          !Ext->getType()->isIntegerTy(64))
        continue;
      auto *Op = dyn_cast<Instruction>(Ext->getOperand(0));
      if (!Op || !Nest.contains(Op) || none_of(Ext->users(), [](User *U) {
            return isa<GetElementPtrInst>(U);
          }))
        continue;
      if (hidesStructure(SE.getSCEV(Ext), Nest, SE))
        Found.push_back(Ext);
    }
  return Found;
}

/// True if @p Nest can be copied: small enough, nothing in it that must not
/// be duplicated, and its values used outside only by PHIs of its exits.
static bool canVersion(const Loop &Nest) {
  if (!Nest.getLoopPredecessor() || !Nest.isSafeToClone())
    return false;
  unsigned Size = 0;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (++Size > MaxNestInstructions)
        return false;
      for (User *U : I.users()) {
        auto *UI = cast<Instruction>(U);
        if (Nest.contains(UI))
          continue;
        auto *Phi = dyn_cast<PHINode>(UI);
        if (!Phi)
          return false;
        for (unsigned K = 0, E = Phi->getNumIncomingValues(); K != E; ++K)
          if (Phi->getIncomingValue(K) == &I &&
              !Nest.contains(Phi->getIncomingBlock(K)))
            return false;
      }
    }
  return true;
}

namespace {
/// `L Pred R` on 128-bit SCEVs.
using Condition = std::tuple<ICmpInst::Predicate, const SCEV *, const SCEV *>;
} // namespace

/// The conditions that make every subscript of @p Subscripts exact; nothing
/// if one of them is known to fail or cannot be computed before @p At.
static std::optional<SmallVector<Condition, 8>>
getConditions(ArrayRef<Subscript> Subscripts, const BoundsOverNest &B,
              Instruction *At, ScalarEvolution &SE) {
  SmallVector<Condition, 8> Conditions;
  Type *I128 = B.type();
  for (const SCEV *Count : B.tripCounts())
    Conditions.push_back(
        {ICmpInst::ICMP_ULT, SE.getZeroExtendExpr(Count, I128),
         SE.getConstant(APInt::getOneBitSet(128, TripCountBits))});
  for (const Subscript &S : Subscripts) {
    APInt Lo =
        S.Signed ? APInt::getSignedMinValue(S.Bits).sext(128) : APInt(128, 0);
    APInt Hi = S.Signed ? APInt::getSignedMaxValue(S.Bits).sext(128)
                        : APInt::getMaxValue(S.Bits).zext(128);
    Conditions.push_back(
        {ICmpInst::ICMP_SGE, S.Range->Min, SE.getConstant(Lo)});
    Conditions.push_back(
        {ICmpInst::ICMP_SLE, S.Range->Max, SE.getConstant(Hi)});
  }
  SCEVExpander Expander(SE, "raise.widen");
  for (auto &[Pred, L, R] : Conditions)
    if (SE.isKnownPredicate(ICmpInst::getInversePredicate(Pred), L, R) ||
        !Expander.isSafeToExpandAt(L, At))
      return std::nullopt;
  erase_if(Conditions, [&](const Condition &C) {
    return SE.isKnownPredicate(std::get<0>(C), std::get<1>(C), std::get<2>(C));
  });
  return Conditions;
}

/// All of @p Conditions, computed before @p At.
static Value *expandCheck(ArrayRef<Condition> Conditions, Instruction *At,
                          ScalarEvolution &SE) {
  SCEVExpander Expander(SE, "raise.widen");
  IRBuilder<> Builder(At);
  Value *Check = nullptr;
  for (auto &[Pred, L, R] : Conditions) {
    Value *LV = Expander.expandCodeFor(L, L->getType(), At);
    Value *RV = Expander.expandCodeFor(R, R->getType(), At);
    Value *Holds = Builder.CreateICmp(Pred, LV, RV);
    Check = Check ? Builder.CreateAnd(Check, Holds) : Holds;
  }
  if (!Check)
    return Builder.getTrue();
  // The check reads the nest's parameters before the nest does: a poison one
  // must not make the branch undefined.
  return Builder.CreateFreeze(Check, "raise.widen.check");
}

/// Copies @p Nest behind a branch on @p Check: the copy (returned with the
/// branch; @p VMap maps into it) runs where the check holds, the nest itself
/// otherwise.
static std::pair<Loop *, BranchInst *> versionNest(Loop &Nest, Value *Check,
                                                   ValueToValueMapTy &VMap,
                                                   LoopInfo &LI,
                                                   DominatorTree &DT) {
  BasicBlock *CheckBB = Nest.getLoopPreheader();
  BasicBlock *Preheader =
      SplitBlock(CheckBB, CheckBB->getTerminator(), &DT, &LI, nullptr,
                 CheckBB->getName() + ".orig");
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Copy = cloneLoopWithPreheader(Preheader, CheckBB, &Nest, VMap,
                                      ".raise.widened", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Instruction *Term = CheckBB->getTerminator();
  BranchInst *Guard = BranchInst::Create(Copy->getLoopPreheader(), Preheader,
                                         Check, Term->getIterator());
  Term->eraseFromParent();
  // Both copies leave to the same exits.
  SmallVector<BasicBlock *, 4> Exits;
  Nest.getUniqueExitBlocks(Exits);
  for (BasicBlock *Exit : Exits)
    for (PHINode &Phi : Exit->phis())
      for (unsigned K = 0, E = Phi.getNumIncomingValues(); K != E; ++K)
        if (BasicBlock *From = Phi.getIncomingBlock(K); Nest.contains(From)) {
          Value *V = Phi.getIncomingValue(K);
          Value *Copied = VMap.lookup(V);
          Phi.addIncoming(Copied ? Copied : V, cast<BasicBlock>(VMap[From]));
        }
  DT.recalculate(*CheckBB->getParent());
  return {Copy, Guard};
}

/// Widens the subscripts of @p Nest if that can be done and checked.
static std::optional<WidenedNest>
widenNest(Loop &Nest, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  SmallVector<CastInst *, 8> Exts = findExtensions(Nest, SE);
  if (Exts.empty() || !canVersion(Nest))
    return std::nullopt;
  Widener W(Nest, SE);
  BoundsOverNest B(Nest, SE);
  SmallVector<Subscript, 8> Subscripts;
  for (CastInst *Ext : Exts) {
    Subscript S(Ext);
    S.Wide = W.widen(S.Narrow, S.Signed);
    if (!S.Wide)
      continue;
    const SCEV *Wide = SE.getSCEV(S.Wide);
    if (hidesStructure(Wide, Nest, SE) || !(S.Range = B.get(Wide)))
      continue;
    Subscripts.push_back(S);
  }
  // Where the check goes, or its dominator if the nest has no preheader yet.
  Instruction *Entry = Nest.getLoopPredecessor()->getTerminator();
  std::optional<SmallVector<Condition, 8>> Conditions;
  if (!Subscripts.empty())
    Conditions = getConditions(Subscripts, B, Entry, SE);
  // What was built for subscripts that stay as they are is dead: drop it.
  auto DropDead = [&](auto Map) {
    for (const WeakVH &I : reverse(W.created()))
      if (auto *Inst = dyn_cast_or_null<Instruction>(Map(I)))
        RecursivelyDeleteTriviallyDeadInstructions(Inst);
  };
  if (!Conditions) {
    DropDead([](Value *I) { return I; });
    return std::nullopt;
  }
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  Value *Check =
      expandCheck(*Conditions, Nest.getLoopPreheader()->getTerminator(), SE);
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  for (const Subscript &S : Subscripts) {
    auto *Ext = cast<Instruction>(VMap[S.Ext]);
    Value *Wide = VMap.lookup(S.Wide);
    Ext->replaceAllUsesWith(Wide ? Wide : S.Wide);
    Ext->eraseFromParent();
  }
  DropDead([&](Value *I) -> Value * { return I ? VMap.lookup(I) : nullptr; });
  DropDead([](Value *I) { return I; });
  return WidenedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                     unsigned(Subscripts.size())};
}

std::vector<WidenedNest> raising::widenSubscripts(Function &F, LoopInfo &LI,
                                                  DominatorTree &DT,
                                                  ScalarEvolution &SE) {
  std::vector<WidenedNest> Widened;
  // Versioning adds loops to LI: walk the nests that were there.
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests)
    if (std::optional<WidenedNest> N = widenNest(*Nest, LI, DT, SE)) {
      Widened.push_back(*N);
      // The nest's exits now have a second way in, from the copy.
      SE.forgetLoop(Nest);
    }
  return Widened;
}

void raising::discardWidening(Function &F, const WidenedNest &N) {
  auto *Guard = dyn_cast_or_null<BranchInst>(N.Guard);
  if (!Guard || !Guard->isConditional())
    return;
  Value *Check = Guard->getCondition();
  BasicBlock *Original = Guard->getSuccessor(1);
  Guard->setCondition(ConstantInt::getFalse(F.getContext()));
  RecursivelyDeleteTriviallyDeadInstructions(Check);
  ConstantFoldTerminator(Guard->getParent());
  removeUnreachableBlocks(F);
  // Undo the split of the preheader.
  MergeBlockIntoPredecessor(Original);
}
