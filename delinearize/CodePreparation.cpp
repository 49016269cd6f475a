//===- CodePreparation.cpp - Shapes Polly rejects for no reason ----------===//

#include "CodePreparation.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace llvm::PatternMatch;

/// The restores of @p Save, a stack save, if every use of it is one.
static std::optional<SmallVector<IntrinsicInst *, 2>>
getRestores(IntrinsicInst &Save) {
  SmallVector<IntrinsicInst *, 2> Restores;
  for (User *U : Save.users()) {
    auto *Restore = dyn_cast<IntrinsicInst>(U);
    if (!Restore || Restore->getIntrinsicID() != Intrinsic::stackrestore)
      return std::nullopt;
    Restores.push_back(Restore);
  }
  return Restores;
}

/// True if every path from @p A back to it passes one of @p Restores, so
/// that each instance of @p A is freed before the next is made.
static bool isFreedBeforeAgain(AllocaInst &A,
                               ArrayRef<IntrinsicInst *> Restores) {
  SmallPtrSet<const BasicBlock *, 4> Restoring;
  for (IntrinsicInst *Restore : Restores) {
    if (Restore->getParent() == A.getParent() && A.comesBefore(Restore))
      return true;
    Restoring.insert(Restore->getParent());
  }
  SmallVector<const BasicBlock *, 8> Work(successors(A.getParent()));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (BB == A.getParent())
      return false;
    if (Restoring.contains(BB) || !Seen.insert(BB).second)
      continue;
    append_range(Work, successors(BB));
  }
  return true;
}

unsigned raising::hoistScopedAllocas(Function &F) {
  SmallVector<std::pair<AllocaInst *, IntrinsicInst *>, 2> Scoped;
  for (BasicBlock &BB : F) {
    IntrinsicInst *Save = nullptr;
    for (Instruction &I : BB) {
      if (auto *Call = dyn_cast<IntrinsicInst>(&I);
          Call && Call->getIntrinsicID() == Intrinsic::stacksave)
        Save = Call;
      auto *A = dyn_cast<AllocaInst>(&I);
      if (A && Save && &BB != &F.getEntryBlock() &&
          isa<ConstantInt>(A->getArraySize()) &&
          A->getAllocatedType()->isSized())
        Scoped.push_back({A, Save});
    }
  }
  unsigned Hoisted = 0;
  BasicBlock &Entry = F.getEntryBlock();
  for (auto [A, Save] : Scoped) {
    std::optional<SmallVector<IntrinsicInst *, 2>> Restores =
        getRestores(*Save);
    if (!Restores || Restores->empty() || !isFreedBeforeAgain(*A, *Restores))
      continue;
    // `alloca float, 8` as `alloca [8 x float]`: an array of its own type.
    Type *Allocated = A->getAllocatedType();
    if (A->isArrayAllocation())
      Allocated = ArrayType::get(
          Allocated, cast<ConstantInt>(A->getArraySize())->getZExtValue());
    auto *Static =
        new AllocaInst(Allocated, A->getAddressSpace(), nullptr, A->getAlign(),
                       "", Entry.getFirstInsertionPt());
    Static->takeName(A);
    A->replaceAllUsesWith(Static);
    IRBuilder<> B(A);
    B.CreateLifetimeStart(Static);
    for (IntrinsicInst *Restore : *Restores) {
      B.SetInsertPoint(Restore);
      B.CreateLifetimeEnd(Static);
    }
    A->eraseFromParent();
    ++Hoisted;
  }
  return Hoisted;
}

unsigned raising::eraseIdleStackSaves(Function &F) {
  SmallVector<IntrinsicInst *, 4> Saves;
  for (Instruction &I : instructions(F)) {
    if (const auto *Alloca = dyn_cast<AllocaInst>(&I);
        Alloca && !Alloca->isStaticAlloca())
      return 0;
    if (auto *Save = dyn_cast<IntrinsicInst>(&I);
        Save && Save->getIntrinsicID() == Intrinsic::stacksave)
      Saves.push_back(Save);
  }
  unsigned Erased = 0;
  for (IntrinsicInst *Save : Saves) {
    // A saved pointer that goes anywhere but to a restore is kept.
    std::optional<SmallVector<IntrinsicInst *, 2>> Restores =
        getRestores(*Save);
    if (!Restores)
      continue;
    for (IntrinsicInst *Restore : *Restores) {
      Restore->eraseFromParent();
      ++Erased;
    }
    Save->eraseFromParent();
    ++Erased;
  }
  return Erased;
}

/// The one value the PHIs reachable from @p Phi through PHIs, gathered in
/// @p Set, take from elsewhere; null if there are several (or too many
/// PHIs).
static Value *getOnlyValueFromOutside(PHINode &Phi,
                                      SmallSetVector<PHINode *, 8> &Set) {
  Value *Only = nullptr;
  Set.insert(&Phi);
  for (unsigned I = 0; I != Set.size(); ++I) {
    if (Set.size() > 8)
      return nullptr;
    for (Value *V : Set[I]->incoming_values()) {
      if (auto *P = dyn_cast<PHINode>(V))
        Set.insert(P);
      else if (Only && Only != V)
        return nullptr;
      else
        Only = V;
    }
  }
  return Only;
}

unsigned raising::foldInvariantPhiCycles(Function &F, const DominatorTree &DT) {
  unsigned Folded = 0;
  // Restarts after each fold: it erases PHIs of other blocks too.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Instruction &I : instructions(F)) {
      auto *Phi = dyn_cast<PHINode>(&I);
      if (!Phi)
        continue;
      SmallSetVector<PHINode *, 8> Set;
      Value *Only = getOnlyValueFromOutside(*Phi, Set);
      // A single PHI of one value is LCSSA's, or simplification's to fold.
      if (!Only || Set.size() < 2 || isa<UndefValue>(Only))
        continue;
      if (auto *Def = dyn_cast<Instruction>(Only);
          Def && !all_of(Set, [&](PHINode *P) { return DT.dominates(Def, P); }))
        continue;
      for (PHINode *P : Set)
        P->replaceAllUsesWith(Only);
      for (PHINode *P : Set)
        P->eraseFromParent();
      Folded += Set.size();
      Changed = true;
      break;
    }
  }
  return Folded;
}

/// Whether @p V is an index of an address, itself or through at most
/// @p Depth additions and multiplications, and extensions where @p Casts.
static bool indexesAddress(const Value &V, unsigned Depth, bool Casts) {
  return any_of(V.users(), [&](const User *U) {
    if (isa<GetElementPtrInst>(U))
      return true;
    const auto *I = dyn_cast<Instruction>(U);
    return Depth > 0 && I &&
           ((Casts && isa<SExtInst, ZExtInst>(I)) ||
            I->getOpcode() == Instruction::Add ||
            I->getOpcode() == Instruction::Mul) &&
           indexesAddress(*I, Depth - 1, Casts);
  });
}

/// The arrays @p V is an index of: the objects under the GEPs that use it.
static SmallVector<const Value *, 2> getIndexedArrays(const Value &V) {
  SmallVector<const Value *, 2> Arrays;
  for (const User *U : V.users())
    if (const auto *GEP = dyn_cast<GetElementPtrInst>(U);
        GEP && GEP->getPointerOperand() != &V)
      Arrays.push_back(getUnderlyingObject(GEP->getPointerOperand()));
  return Arrays;
}

unsigned raising::distributeDiagonalSteps(Function &F, const LoopInfo &LI) {
  // The row lengths of each array: the factors of products that index it.
  DenseSet<std::pair<const Value *, const Value *>> RowLengths;
  for (Instruction &I : instructions(F))
    if (I.getOpcode() == Instruction::Mul)
      for (const Value *Array : getIndexedArrays(I))
        for (const Value *Factor : I.operands())
          RowLengths.insert({Array, Factor});
  unsigned Distributed = 0;
  for (Instruction &I : make_early_inc_range(instructions(F))) {
    const Loop *L = LI.getLoopFor(I.getParent());
    Value *X, *N;
    ConstantInt *C;
    if (!L || !I.getType()->isIntegerTy() ||
        !match(&I, m_c_Mul(m_Value(X), m_Add(m_Value(N), m_ConstantInt(C)))) ||
        isa<Constant>(N) || L->isLoopInvariant(X) || !L->isLoopInvariant(N))
      continue;
    // Only a step of one more than a row of the array it indexes (not the
    // product of a size computed as a sum, `(W - KW + 1) * oh`).
    SmallVector<const Value *, 2> Arrays = getIndexedArrays(I);
    if (Arrays.empty() || !all_of(Arrays, [&](const Value *Array) {
          return RowLengths.contains({Array, N});
        }))
      continue;
    // Wrapping arithmetic distributes exactly; no flag claims more.
    IRBuilder<> B(&I);
    Value *Sum = B.CreateAdd(B.CreateMul(X, N), B.CreateMul(X, C),
                             I.getName() + ".split");
    I.replaceAllUsesWith(Sum);
    I.eraseFromParent();
    ++Distributed;
  }
  return Distributed;
}

/// Whether @p V, of 64 bits, takes only values of 32-bit integers. SCEV's
/// range of a loop's counter that starts from a `zext nneg` of a 32-bit
/// size (`for (i = m - 1; i >= 0; --i)` with an `int m`) spans every 32-bit
/// unsigned start; without wrapping, the counter lies between the value it
/// starts from, whose known bits tell its sign, and the one it ends with.
static bool fitsInt32(Value &V, ScalarEvolution &SE) {
  if (!V.getType()->isIntegerTy(64) || !SE.isSCEVable(V.getType()))
    return false;
  ConstantRange Int32 =
      ConstantRange::getNonEmpty(APInt::getSignedMinValue(32).sext(64),
                                 APInt::getSignedMaxValue(32).sext(64) + 1);
  const SCEV *S = SE.getSCEV(&V);
  if (Int32.contains(SE.getSignedRange(S)))
    return true;
  // The counter itself, or the counter plus a constant.
  const auto *Counter = dyn_cast<SCEVAddRecExpr>(S);
  if (!Counter || !Counter->isAffine() || !Counter->hasNoSignedWrap())
    return false;
  const Loop *L = Counter->getLoop();
  const SCEV *Last = SE.getSCEVAtScope(Counter, L->getParentLoop());
  Value *Phi = &V;
  const APInt *Offset = nullptr;
  APInt Zero(64, 0);
  if (!match(&V, m_NSWAdd(m_Value(Phi), m_APInt(Offset))))
    Offset = &Zero;
  auto *Header = dyn_cast<PHINode>(Phi);
  BasicBlock *Preheader = L->getLoopPreheader();
  if (isa<SCEVCouldNotCompute>(Last) || !Header ||
      Header->getParent() != L->getHeader() || !Preheader)
    return false;
  KnownBits Start = computeKnownBits(
      Header->getIncomingValueForBlock(Preheader), Header->getDataLayout());
  ConstantRange First = ConstantRange::fromKnownBits(Start, /*IsSigned=*/true)
                            .add(ConstantRange(*Offset));
  return Int32.contains(First) && Int32.contains(SE.getSignedRange(Last));
}

/// Whether @p V is an `nsw` sum, difference or product.
static bool isNswArithmetic(const Value &V) {
  const auto *Op = dyn_cast<BinaryOperator>(&V);
  return Op && Op->hasNoSignedWrap() &&
         (Op->getOpcode() == Instruction::Add ||
          Op->getOpcode() == Instruction::Sub ||
          Op->getOpcode() == Instruction::Mul);
}

/// Whether the `nsw` arithmetic @p V is computed from has a leaf that
/// truncates a 64-bit value in the 32-bit range.
static bool hasWideLeaf(Value &V, ScalarEvolution &SE, unsigned Depth = 0) {
  if (auto *Trunc = dyn_cast<TruncInst>(&V))
    return fitsInt32(*Trunc->getOperand(0), SE);
  if (Depth > 8 || !isNswArithmetic(V))
    return false;
  auto *Op = cast<BinaryOperator>(&V);
  return hasWideLeaf(*Op->getOperand(0), SE, Depth + 1) ||
         hasWideLeaf(*Op->getOperand(1), SE, Depth + 1);
}

/// @p V computed in 64 bits before @p B's insertion point: the `nsw`
/// arithmetic again, each leaf extended or, truncating a value in the
/// 32-bit range, that value. A leaf known not negative there is extended
/// with zeros, as LLVM extends a size that guards the loops (`zext N`
/// where `N > 0`): SCEV's sext(N) would be another parameter to Polly,
/// and a row of `N` elements at `sext(k) * sext(N)` no row of its array.
static Value *widen(Value &V, IRBuilder<> &B, ScalarEvolution &SE,
                    unsigned Depth = 0) {
  if (auto *Trunc = dyn_cast<TruncInst>(&V);
      Trunc && fitsInt32(*Trunc->getOperand(0), SE))
    return Trunc->getOperand(0);
  if (Depth > 8 || !isNswArithmetic(V)) {
    const SCEV *Leaf = SE.getSCEV(&V);
    if (SE.isKnownPredicateAt(ICmpInst::ICMP_SGE, Leaf,
                              SE.getZero(Leaf->getType()),
                              &*B.GetInsertPoint()))
      return B.CreateZExt(&V, B.getInt64Ty(), "", /*IsNonNeg=*/true);
    return B.CreateSExt(&V, B.getInt64Ty());
  }
  auto *Op = cast<BinaryOperator>(&V);
  Value *L = widen(*Op->getOperand(0), B, SE, Depth + 1);
  Value *R = widen(*Op->getOperand(1), B, SE, Depth + 1);
  // Every 32-bit step stayed in range, so no 64-bit one wraps.
  Value *Wide = B.CreateBinOp(Op->getOpcode(), L, R, V.getName() + ".wide");
  if (auto *Inst = dyn_cast<BinaryOperator>(Wide))
    Inst->setHasNoSignedWrap();
  return Wide;
}

unsigned raising::widenTruncatedProducts(Function &F, ScalarEvolution &SE) {
  SmallVector<SExtInst *, 8> Extensions;
  for (Instruction &I : instructions(F))
    if (auto *Ext = dyn_cast<SExtInst>(&I);
        Ext && Ext->getType()->isIntegerTy(64) &&
        Ext->getSrcTy()->isIntegerTy(32) &&
        indexesAddress(*Ext, 1, /*Casts=*/false) &&
        isNswArithmetic(*Ext->getOperand(0)) &&
        hasWideLeaf(*Ext->getOperand(0), SE))
      Extensions.push_back(Ext);
  for (SExtInst *Ext : Extensions) {
    IRBuilder<> B(Ext);
    Value *Narrow = Ext->getOperand(0);
    Ext->replaceAllUsesWith(widen(*Narrow, B, SE));
    Ext->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Narrow);
  }
  return Extensions.size();
}

/// Whether the edge from @p Pred to @p To is taken only where @p Def,
/// computed with one of its operands replaced by the constant that operand
/// then equals, is @p C.
static bool isValueOnEdge(const BasicBlock &Pred, const BasicBlock &To,
                          const BinaryOperator &Def, const ConstantInt &C) {
  const auto *Br = dyn_cast<BranchInst>(Pred.getTerminator());
  if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
    return false;
  Value *X;
  ConstantInt *K;
  CmpPredicate Pred0;
  if (!match(Br->getCondition(), m_ICmp(Pred0, m_Value(X), m_ConstantInt(K))) ||
      !((Pred0 == ICmpInst::ICMP_EQ && Br->getSuccessor(0) == &To) ||
        (Pred0 == ICmpInst::ICMP_NE && Br->getSuccessor(1) == &To)))
    return false;
  Value *L = Def.getOperand(0) == X ? K : Def.getOperand(0);
  Value *R = Def.getOperand(1) == X ? K : Def.getOperand(1);
  if (L == Def.getOperand(0) && R == Def.getOperand(1))
    return false;
  const DataLayout &DL = Pred.getDataLayout();
  return simplifyBinOp(Def.getOpcode(), L, R, SimplifyQuery(DL)) == &C;
}

unsigned raising::foldGuardedPhis(Function &F, const DominatorTree &DT) {
  unsigned Folded = 0;
  for (BasicBlock &BB : F)
    for (PHINode &Phi : make_early_inc_range(BB.phis())) {
      if (!Phi.getType()->isIntegerTy() ||
          !indexesAddress(Phi, 1, /*Casts=*/false))
        continue;
      BinaryOperator *Def = nullptr;
      bool Valid = true;
      for (Value *V : Phi.incoming_values()) {
        if (auto *Op = dyn_cast<BinaryOperator>(V); Op && (!Def || Def == Op))
          Def = Op;
        else if (!isa<ConstantInt>(V))
          Valid = false;
      }
      if (!Valid || !Def || !all_of(Def->operands(), [&](Value *Op) {
            auto *I = dyn_cast<Instruction>(Op);
            return !I || DT.dominates(I, &BB);
          }))
        continue;
      for (unsigned I = 0; I < Phi.getNumIncomingValues() && Valid; ++I)
        if (auto *C = dyn_cast<ConstantInt>(Phi.getIncomingValue(I)))
          Valid = isValueOnEdge(*Phi.getIncomingBlock(I), BB, *Def, *C);
      if (!Valid)
        continue;
      // Computed where it was not before: without flags that could make it
      // poison there.
      Instruction *At = Def->clone();
      At->dropPoisonGeneratingFlags();
      At->insertBefore(BB.getFirstInsertionPt());
      At->takeName(&Phi);
      Phi.replaceAllUsesWith(At);
      Phi.eraseFromParent();
      ++Folded;
    }
  return Folded;
}

/// Whether @p V is computed at most once per call and, if computed, before
/// @p At: an argument, a constant, or an instruction outside every loop
/// whose definition dominates @p At.
static bool isComputedOnceBefore(const Value &V, const Instruction &At,
                                 const DominatorTree &DT, const LoopInfo &LI) {
  const auto *I = dyn_cast<Instruction>(&V);
  return !I || (!LI.getLoopFor(I->getParent()) && DT.dominates(I, &At));
}

unsigned raising::selectBranchPhis(Function &F, const DominatorTree &DT,
                                   const LoopInfo &LI, ScalarEvolution &SE) {
  unsigned Folded = 0;
  SCEVExpander Expander(SE, "raise.exit");
  for (BasicBlock &BB : F) {
    const Loop *Nest = LI.getLoopFor(&BB);
    if (!Nest)
      continue;
    Nest = Nest->getOutermostLoop();
    BasicBlock *Preheader = Nest->getLoopPreheader();
    if (!Preheader)
      continue;
    Instruction *At = Preheader->getTerminator();
    for (PHINode &Phi : make_early_inc_range(BB.phis())) {
      if (!Phi.getType()->isIntegerTy() || Phi.getNumIncomingValues() != 2 ||
          !indexesAddress(Phi, 3, /*Casts=*/true))
        continue;
      for (unsigned C = 0; C < 2; ++C) {
        auto *Const = dyn_cast<ConstantInt>(Phi.getIncomingValue(C));
        BasicBlock *Test = Phi.getIncomingBlock(C);
        BasicBlock *Other = Phi.getIncomingBlock(1 - C);
        auto *Br = dyn_cast<BranchInst>(Test->getTerminator());
        if (!Const || !Br || !Br->isConditional() || Test == Other ||
            Br->getSuccessor(0) == Br->getSuccessor(1))
          continue;
        // Where c is the same all call long, the PHI comes from Test only
        // where c sends it there, and from Other only where c took the
        // other edge, which every path to Other crosses.
        bool ToPhiIfTrue = Br->getSuccessor(0) == &BB;
        BasicBlockEdge Away(Test, Br->getSuccessor(ToPhiIfTrue ? 1 : 0));
        Value *Cond = Br->getCondition();
        if (!isComputedOnceBefore(*Cond, *At, DT, LI) ||
            !DT.dominates(Away, Other))
          continue;
        // V itself, or, where it is the last value of a loop in the nest
        // (`trunc(k.next)` in the loop's exit), that value as SCEV computes
        // it from values the nest does not change (`K & -2` once K > 1).
        Value *V = Phi.getIncomingValue(1 - C);
        if (!isComputedOnceBefore(*V, *At, DT, LI)) {
          const SCEV *Last = SE.getSCEVAtScope(V, LI.getLoopFor(&BB));
          if (!SE.isLoopInvariant(Last, Nest) ||
              SE.containsAddRecurrence(Last) ||
              !Expander.isSafeToExpandAt(Last, At))
            continue;
          V = Expander.expandCodeFor(Last, V->getType(), At);
        }
        // Frozen: computed where the source may not have branched on c or
        // computed V, so a poison c or V must not reach what uses it (the
        // run-time check).
        IRBuilder<> B(At);
        Value *Select =
            B.CreateFreeze(ToPhiIfTrue ? B.CreateSelect(Cond, Const, V)
                                       : B.CreateSelect(Cond, V, Const));
        Select->takeName(&Phi);
        Phi.replaceAllUsesWith(Select);
        Phi.eraseFromParent();
        ++Folded;
        break;
      }
    }
  }
  return Folded;
}

/// Moves the comparisons, and their conjunctions, that the branch ending
/// @p Test takes its condition from out of the block before it, in order,
/// where nothing else uses them: they are part of the test.
static void moveCondition(BasicBlock &Test) {
  BasicBlock *Entry = Test.getSinglePredecessor();
  auto *Branch = cast<BranchInst>(Test.getTerminator());
  SmallVector<Instruction *, 4> Moved;
  SmallVector<Instruction *, 4> Work;
  auto Take = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || I->getParent() != Entry || is_contained(Moved, I) ||
        (!isa<ICmpInst>(I) && I->getOpcode() != Instruction::And &&
         I->getOpcode() != Instruction::Or))
      return;
    if (!all_of(I->users(), [&](const User *U) {
          return U == Branch || is_contained(Moved, U);
        }))
      return;
    Moved.push_back(I);
    Work.push_back(I);
  };
  Take(Branch->getCondition());
  while (!Work.empty()) {
    Instruction *I = Work.pop_back_val();
    if (!isa<ICmpInst>(I))
      for (Value *Operand : I->operands())
        Take(Operand);
  }
  // In the order they were in, before the branch.
  for (Instruction &I : make_early_inc_range(*Entry))
    if (is_contained(Moved, &I))
      I.moveBefore(Branch->getIterator());
}

/// Whether @p L steps by other than one: without the test that guards it,
/// Polly's domain for such a loop is its first iteration apart from the
/// rest, which the isl AST peels off (with a step of one, the two make one
/// loop up to max(n, 1)).
static bool stepsByMore(const Loop &L, ScalarEvolution &SE) {
  // The counter the exit test compares, not whatever else steps (a pointer
  // stepping by bytes counts nothing).
  const BasicBlock *Latch = L.getLoopLatch();
  const auto *Exit =
      Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  const auto *Test = Exit && Exit->isConditional()
                         ? dyn_cast<ICmpInst>(Exit->getCondition())
                         : nullptr;
  if (!Test)
    return false;
  return any_of(Test->operands(), [&](const Value *Operand) {
    if (!Operand->getType()->isIntegerTy())
      return false;
    const auto *Rec =
        dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Operand)));
    const auto *Step = Rec && Rec->getLoop() == &L
                           ? dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE))
                           : nullptr;
    return Step && !Step->getAPInt().isOne() && !Step->getAPInt().isAllOnes();
  });
}

BasicBlock *raising::splitEntryBlock(Function &F, const LoopInfo &LI,
                                     const DominatorTree &DT,
                                     ScalarEvolution &SE) {
  BasicBlock &Entry = F.getEntryBlock();
  const auto *Branch = dyn_cast<BranchInst>(Entry.getTerminator());
  if (!Branch || !Branch->isConditional())
    return nullptr;
  // Only a test that decides whether such a loop runs is worth a split: for
  // other loops Polly's domain is whole without it, and a test in the SCoP
  // versions the nest on it, or makes a value the loops leave behind a
  // local scalar.
  auto Guards = [&](const BasicBlock *Successor) {
    return any_of(LI, [&](const Loop *L) {
      return DT.dominates(Successor, L->getHeader()) && stepsByMore(*L, SE);
    });
  };
  if (none_of(successors(&Entry), Guards))
    return nullptr;
  // Only the test goes: what the entry block does before it (a memset of
  // the output, say) stays out of the SCoP, as it was.
  BasicBlock *Test = SplitBlock(&Entry, Entry.getTerminator());
  moveCondition(*Test);
  return Test;
}

void raising::mergeEntryBlock(BasicBlock &Split) {
  BasicBlock &Entry = Split.getParent()->getEntryBlock();
  if (Entry.getSingleSuccessor() == &Split && Split.getSinglePredecessor())
    MergeBlockIntoPredecessor(&Split);
}
