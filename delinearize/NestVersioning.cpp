//===- NestVersioning.cpp - A copy of a loop nest behind a check ----------===//

#include "NestVersioning.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace raising;

/// Nests are copied whole: larger ones are left alone.
static constexpr unsigned MaxNestInstructions = 4000;

bool raising::canVersion(const Loop &Nest) {
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

std::pair<Loop *, BranchInst *> raising::versionNest(Loop &Nest, Value *Check,
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

const SCEV *raising::getStartInNest(const SCEV *S, const Loop &Nest,
                                    ScalarEvolution &SE,
                                    SmallVectorImpl<const SCEV *> &Steps) {
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (!Nest.contains(AR->getLoop()) || !AR->isAffine() ||
        !SE.isLoopInvariant(Step, &Nest))
      return nullptr;
    Steps.push_back(Step);
    // A loop counting down (`DO I = M,1,-1`) starts at its highest address:
    // its lowest is where it ends, which it reaches after as many steps as
    // its back edge is taken.
    if (const auto *C = dyn_cast<SCEVConstant>(Step);
        C && C->getAPInt().isNegative()) {
      const SCEV *Trips = SE.getBackedgeTakenCount(AR->getLoop());
      if (!isa<SCEVCouldNotCompute>(Trips) && Trips->getType() == AR->getType())
        return getStartInNest(AR->evaluateAtIteration(Trips, SE), Nest, SE,
                              Steps);
    }
    return getStartInNest(AR->getStart(), Nest, SE, Steps);
  }
  if (const auto *Add = dyn_cast<SCEVAddExpr>(S)) {
    SmallVector<const SCEV *, 4> Ops;
    for (const SCEV *Op : Add->operands()) {
      Ops.push_back(getStartInNest(Op, Nest, SE, Steps));
      if (!Ops.back())
        return nullptr;
    }
    return SE.getAddExpr(Ops);
  }
  return SE.isLoopInvariant(S, &Nest) ? S : nullptr;
}

bool raising::isDefinedOutside(const Value *V, const Loop &Nest) {
  const auto *I = dyn_cast<Instruction>(V);
  return isa<Argument>(V) || (I && !Nest.contains(I));
}

std::vector<VersionedNest> raising::versionEachNest(
    LoopInfo &LI, function_ref<std::optional<VersionedNest>(Loop &)> Version,
    const SmallPtrSetImpl<const BasicBlock *> *Only) {
  std::vector<VersionedNest> Versioned;
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests)
    if (!Only || Only->contains(Nest->getHeader()))
      if (std::optional<VersionedNest> N = Version(*Nest))
        Versioned.push_back(*N);
  return Versioned;
}

void raising::discardVersion(Function &F, const VersionedNest &N) {
  auto *Guard = dyn_cast_or_null<BranchInst>(N.Guard);
  if (!Guard || !Guard->isConditional())
    return;
  Value *Check = Guard->getCondition();
  BasicBlock *Original = Guard->getSuccessor(1);
  BasicBlock *CheckBB = Guard->getParent();
  Guard->setCondition(ConstantInt::getFalse(F.getContext()));
  RecursivelyDeleteTriviallyDeadInstructions(Check);
  ConstantFoldTerminator(CheckBB);
  // Loops that computed the check are bypassed, and go with the copy.
  bool Bypassed = false;
  if (auto *Enter = dyn_cast_or_null<BranchInst>(N.CheckLoops)) {
    BranchInst::Create(CheckBB, Enter->getIterator());
    Enter->eraseFromParent();
    Bypassed = true;
  }
  removeUnreachableBlocks(F);
  SmallVector<WeakTrackingVH, 8> ForCopy(N.ForCopy.begin(), N.ForCopy.end());
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(ForCopy);
  // Undo the splits of the preheader; the block merged into keeps its name
  // (an unnamed one would take the split's).
  Original->setName("");
  MergeBlockIntoPredecessor(Original);
  if (Bypassed) {
    CheckBB->setName("");
    MergeBlockIntoPredecessor(CheckBB);
  }
}

BoundsOverNest::BoundsOverNest(const Loop &Nest, ScalarEvolution &SE)
    : Nest(Nest), SE(SE),
      I128(Type::getInt128Ty(Nest.getHeader()->getContext())) {}

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
    if (!SE.isLoopInvariant(Step, &Nest) || isa<SCEVCouldNotCompute>(Count))
      return std::nullopt;
    std::optional<Bounds> Start = get(AR->getStart());
    if (!Start)
      return std::nullopt;
    // The most iterations after the first: the count itself, or, where it
    // varies with the nest's outer loops (a triangle, `j <= i`), the
    // largest value it takes. Both ends of that go to the conditions, so
    // that the count is never negative where the check holds.
    const SCEV *Most;
    if (SE.isLoopInvariant(Count, &Nest)) {
      TripCounts.insert(Count);
      Most = SE.getZeroExtendExpr(Count, I128);
    } else {
      std::optional<Bounds> Counts = get(Count);
      if (!Counts)
        return std::nullopt;
      // A strict triangle (`j < i`) counts -1 in the iteration that skips
      // the loop (i = 0). Where the count has 64 bits, a loop entered with
      // that count would run 2^64 times and never end: the bound holds
      // wherever the nest ends. A narrower count must be at least 0.
      const SCEV *Least = Counts->Min;
      if (Count->getType()->getScalarSizeInBits() >= 64)
        Least = SE.getAddExpr(Least, SE.getOne(I128));
      TripCounts.insert(Least);
      TripCounts.insert(Counts->Max);
      Most = Counts->Max;
    }
    const SCEV *Last = SE.getMulExpr(SE.getSignExtendExpr(Step, I128), Most);
    const SCEV *Zero = SE.getZero(I128);
    return Bounds{SE.getAddExpr(Start->Min, SE.getSMinExpr(Zero, Last)),
                  SE.getAddExpr(Start->Max, SE.getSMaxExpr(Zero, Last))};
  }
  // In two's complement the narrow expression is its value modulo 2^Bits:
  // where that value fits the narrow type, the extension is the value.
  if (const auto *Ext = dyn_cast<SCEVSignExtendExpr>(S)) {
    std::optional<Bounds> B = get(Ext->getOperand());
    if (B)
      Narrowed.push_back(
          {*B, Ext->getOperand()->getType()->getScalarSizeInBits()});
    return B;
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

SmallVector<Condition, 8>
raising::getTripCountConditions(const BoundsOverNest &B, ScalarEvolution &SE) {
  SmallVector<Condition, 8> Conditions;
  for (const SCEV *Count : B.tripCounts())
    Conditions.push_back(
        {ICmpInst::ICMP_ULT, SE.getZeroExtendExpr(Count, B.type()),
         SE.getConstant(APInt::getOneBitSet(128, TripCountBits))});
  for (auto [Range, Bits] : B.narrowed()) {
    Conditions.push_back(
        {ICmpInst::ICMP_SGE, Range.Min,
         SE.getConstant(APInt::getSignedMinValue(Bits).sext(128))});
    Conditions.push_back(
        {ICmpInst::ICMP_SLE, Range.Max,
         SE.getConstant(APInt::getSignedMaxValue(Bits).sext(128))});
  }
  return Conditions;
}

bool raising::simplifyConditions(SmallVectorImpl<Condition> &Conditions,
                                 Instruction *At, ScalarEvolution &SE) {
  SCEVExpander Expander(SE, "raise.check");
  for (auto &[Pred, L, R] : Conditions)
    if (SE.isKnownPredicate(ICmpInst::getInversePredicate(Pred), L, R) ||
        !Expander.isSafeToExpandAt(L, At) || !Expander.isSafeToExpandAt(R, At))
      return false;
  erase_if(Conditions, [&](const Condition &C) {
    return SE.isKnownPredicate(std::get<0>(C), std::get<1>(C), std::get<2>(C));
  });
  return true;
}

Value *raising::expandCheck(ArrayRef<Condition> Conditions, Instruction *At,
                            ScalarEvolution &SE, const Twine &Name,
                            Value *Extra) {
  std::string Prefix = Name.str();
  SCEVExpander Expander(SE, Prefix.c_str());
  IRBuilder<> Builder(At);
  Value *Check = Extra;
  for (auto &[Pred, L, R] : Conditions) {
    Value *LV = Expander.expandCodeFor(L, L->getType(), At);
    Value *RV = Expander.expandCodeFor(R, R->getType(), At);
    Value *Holds = Builder.CreateICmp(Pred, LV, RV);
    Check = Check ? Builder.CreateAnd(Check, Holds) : Holds;
  }
  if (!Check)
    return Builder.getTrue();
  return Builder.CreateFreeze(Check, Name + ".check");
}
