//===- ChunkLoops.cpp - OpenMP chunk loops in Polly's shape ---------------===//

#include "ChunkLoops.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace llvm::PatternMatch;

/// True if @p V, where it is not poison, is below the largest signed value
/// of its type: min(ub, n - 1), the last iteration of a chunk, is, because
/// n - 1 does not wrap. (A poison bound makes the loop's own exit branch
/// undefined.)
static bool isBelowSignedMax(const Value *V, unsigned Depth = 0) {
  const APInt *C;
  const Value *A, *B;
  if (match(V, m_APInt(C)))
    return !C->isMaxSignedValue();
  // Extended from fewer bits.
  if (isa<SExtInst, ZExtInst>(V))
    return true;
  if (Depth > 4)
    return false;
  if (match(V, m_NSWAdd(m_Value(A), m_APInt(C))))
    return C->isNegative();
  if (match(V, m_SMin(m_Value(A), m_Value(B))))
    return isBelowSignedMax(A, Depth + 1) || isBelowSignedMax(B, Depth + 1);
  if (match(V, m_SMax(m_Value(A), m_Value(B))))
    return isBelowSignedMax(A, Depth + 1) && isBelowSignedMax(B, Depth + 1);
  return false;
}

/// The induction variable of @p L that steps by one and its increment, one
/// of which is @p Tested (what the latch tests); nulls if there is none.
static std::pair<PHINode *, Instruction *> getTestedIV(Loop &L, Value *Tested) {
  BasicBlock *Latch = L.getLoopLatch();
  for (PHINode &Phi : L.getHeader()->phis())
    if (Phi.getNumIncomingValues() == 2) {
      auto *Inc = dyn_cast<Instruction>(Phi.getIncomingValueForBlock(Latch));
      if (Inc && match(Inc, m_Add(m_Specific(&Phi), m_One())) &&
          (Tested == &Phi || Tested == Inc))
        return {&Phi, Inc};
    }
  return {nullptr, nullptr};
}

/// Rewrites the exit test of @p L as described in the header; returns
/// whether it did.
static bool useNoWrapExit(Loop &L, ScalarEvolution &SE) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Latch || !Preheader || L.getExitingBlock() != Latch)
    return false;
  auto *Branch = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Branch || !Branch->isConditional())
    return false;
  auto *Test = dyn_cast<ICmpInst>(Branch->getCondition());
  if (!Test || !Test->isEquality() || !Test->hasOneUse() ||
      !Test->getType()->isIntegerTy(1))
    return false;
  Value *Bound = Test->getOperand(1);
  Value *Other = Test->getOperand(0);
  if (L.isLoopInvariant(Other))
    std::swap(Bound, Other);
  if (!L.isLoopInvariant(Bound))
    return false;
  // The induction variable, its increment, and which of them is tested.
  auto *Tested = dyn_cast<Instruction>(Other);
  auto [IV, Next] = getTestedIV(L, Other);
  if (!IV || !Next->getType()->isIntegerTy())
    return false;
  const SCEV *Start = SE.getSCEV(IV->getIncomingValueForBlock(Preheader));
  const SCEV *End = SE.getSCEV(Bound);
  bool TestsNext = Tested == Next;
  // iv + 1 never wraps: iv starts at or below the bound and stops at it,
  // and the bound is below the largest value (when iv itself is tested,
  // the test becomes iv + 1 == bound + 1).
  Type *Ty = Next->getType();
  if (TestsNext
          ? !SE.isLoopEntryGuardedByCond(&L, ICmpInst::ICMP_SLT, Start, End)
          : !SE.isLoopEntryGuardedByCond(&L, ICmpInst::ICMP_SLE, Start, End) ||
                !isBelowSignedMax(Bound))
    return false;
  if (!TestsNext) {
    auto *BoundPlusOne = BinaryOperator::CreateNSWAdd(
        Bound, ConstantInt::get(Ty, 1), Bound->getName() + ".next",
        Preheader->getTerminator()->getIterator());
    Test->setOperand(0, Next);
    Test->setOperand(1, BoundPlusOne);
  }
  // Branching on poison is undefined, so SCEV takes the flag as given.
  Next->setHasNoSignedWrap(true);
  SE.forgetLoop(&L);
  return true;
}

/// The operands of the test that ends @p L, if its only exit is its latch
/// and it continues while `X < Bound` (signed), Bound invariant and the test
/// used by nothing else; nulls otherwise.
static std::pair<Value *, Value *> getLessThanTest(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch || L.getExitingBlock() != Latch)
    return {};
  auto *Branch = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Branch || !Branch->isConditional())
    return {};
  auto *Test = dyn_cast<ICmpInst>(Branch->getCondition());
  if (!Test || !Test->hasOneUse())
    return {};
  // The test as `X < Bound` on the edge back to the header.
  ICmpInst::Predicate Pred = Test->getPredicate();
  Value *X = Test->getOperand(0), *Bound = Test->getOperand(1);
  if (Branch->getSuccessor(0) != L.getHeader())
    Pred = ICmpInst::getInversePredicate(Pred);
  if (L.isLoopInvariant(X)) {
    std::swap(X, Bound);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if (Pred != ICmpInst::ICMP_SLT || !L.isLoopInvariant(Bound))
    return {};
  return {X, Bound};
}

/// The loop over the rows of one chunk, inside the loop over the thread's
/// chunks of a `schedule(static, n)` loop: @p L starts at a value that
/// steps by a run-time stride in its parent (lb += stride) and continues
/// while iv < ub (or iv + 1 < ub), entered without a test that lb <= ub that
/// SCEV can see (the parent tests it on 32-bit copies). Polly then models
/// the first row apart from the rest (the loop runs at least once), and the
/// statement no longer forms one nest. This rewrites the test to
/// iv < ub' with ub' = max(lb, ub), the same test where iv >= lb, which it
/// always is, and states lb <= ub' with llvm.assume, which Polly adds to the
/// SCoP's context. lb and ub are frozen first, so that the assumption holds
/// even where they are poison, and ub' once more, so that SCEV does not
/// fold the assumption away. Returns whether it rewrote @p L.
static bool boundChunkRows(Loop &L, ScalarEvolution &SE) {
  Loop *Parent = L.getParentLoop();
  BasicBlock *Preheader = L.getLoopPreheader();
  auto [X, Bound] = getLessThanTest(L);
  if (!Parent || !Preheader || !X)
    return false;
  auto *Branch = cast<BranchInst>(L.getLoopLatch()->getTerminator());
  auto *Test = cast<ICmpInst>(Branch->getCondition());
  // iv + 1 is tested only where it does not wrap: else iv + 1 < ub no
  // longer implies iv + 1 > lb.
  auto [IV, Next] = getTestedIV(L, X);
  if (!IV || (X == Next && !Next->hasNoSignedWrap()))
    return false;
  Value *Start = IV->getIncomingValueForBlock(Preheader);
  const auto *Chunks = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Start));
  if (!Chunks || Chunks->getLoop() != Parent ||
      isa<SCEVConstant>(Chunks->getStepRecurrence(SE)) ||
      SE.isLoopEntryGuardedByCond(&L, ICmpInst::ICMP_SLE, SE.getSCEV(Start),
                                  SE.getSCEV(Bound)))
    return false;
  IRBuilder<> B(Preheader->getTerminator());
  Value *First = B.CreateFreeze(Start, Start->getName() + ".lb");
  Value *Last = B.CreateFreeze(
      B.CreateBinaryIntrinsic(Intrinsic::smax, First,
                              B.CreateFreeze(Bound, Bound->getName() + ".fr")),
      Bound->getName() + ".ub");
  B.CreateAssumption(B.CreateICmpSLE(First, Last));
  IV->setIncomingValueForBlock(Preheader, First);
  IRBuilder<> AtTest(Test);
  Branch->setCondition(AtTest.CreateICmpSLT(X, Last, Test->getName()));
  if (Branch->getSuccessor(0) != L.getHeader())
    Branch->swapSuccessors();
  Test->eraseFromParent();
  SE.forgetLoop(Parent);
  return true;
}

/// The thread's chunk loop of a `schedule(static)` loop that LLVM widened
/// to 64 bits (its body steps by more than one: `obt += 8`): @p L,
/// outermost, runs from lb while iv < ub (or iv + 1 < ub), entered only
/// where lb <= ub (or lb < ub). That test is in the block of the
/// __kmpc_for_static_init call, which no SCoP may contain, so Polly takes
/// the loop to run at least once and models the first iteration apart from
/// the rest. Since iv steps by one from at most ub, iv < ub is iv != ub
/// there: this tests that instead, which useNoWrapExit() then puts in the
/// shape Polly bounds by the test alone. Returns whether it did.
static bool testChunkEndForEquality(Loop &L, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader();
  auto [X, Bound] = getLessThanTest(L);
  if (L.getParentLoop() || !Preheader || !X)
    return false;
  auto [IV, Next] = getTestedIV(L, X);
  if (!IV || (X == Next && !Next->hasNoSignedWrap()))
    return false;
  ICmpInst::Predicate Runs = X == IV ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_SLT;
  if (!SE.isLoopEntryGuardedByCond(
          &L, Runs, SE.getSCEV(IV->getIncomingValueForBlock(Preheader)),
          SE.getSCEV(Bound)))
    return false;
  auto *Branch = cast<BranchInst>(L.getLoopLatch()->getTerminator());
  auto *Test = cast<ICmpInst>(Branch->getCondition());
  IRBuilder<> AtTest(Test);
  Branch->setCondition(AtTest.CreateICmpNE(X, Bound, Test->getName()));
  if (Branch->getSuccessor(0) != L.getHeader())
    Branch->swapSuccessors();
  Test->eraseFromParent();
  SE.forgetLoop(&L);
  return true;
}

/// True if nothing in @p L synchronizes with another thread.
static bool hasNoSync(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Call = dyn_cast<CallBase>(&I);
          Call && !Call->hasFnAttr(Attribute::NoSync))
        return false;
  return true;
}

/// Replaces each PHI of @p L that picks one of two values from before the
/// loop by a branch on a condition from before the loop (the final value of
/// a shared counter: n if its loop ran, else 0) by a select before the
/// loop, so that the value does not vary in Polly's eyes.
static bool selectInvariantPhis(Loop &L, DominatorTree &DT) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader)
    return false;
  bool Changed = false;
  for (BasicBlock *BB : L.blocks()) {
    DomTreeNode *Node = DT.getNode(BB);
    if (!Node || !Node->getIDom() || BB == L.getHeader())
      continue;
    BasicBlock *D = Node->getIDom()->getBlock();
    auto *Branch = dyn_cast<BranchInst>(D->getTerminator());
    if (!Branch || !Branch->isConditional() ||
        !L.isLoopInvariant(Branch->getCondition()))
      continue;
    BasicBlockEdge OnTrue(D, Branch->getSuccessor(0));
    BasicBlockEdge OnFalse(D, Branch->getSuccessor(1));
    for (PHINode &Phi : make_early_inc_range(BB->phis())) {
      if (Phi.getNumIncomingValues() != 2 ||
          !all_of(Phi.incoming_values(),
                  [&](Value *V) { return L.isLoopInvariant(V); }))
        continue;
      Value *IfTrue = nullptr, *IfFalse = nullptr;
      for (unsigned I = 0; I != 2; ++I) {
        BasicBlock *From = Phi.getIncomingBlock(I);
        if (DT.dominates(OnTrue, From) || (D == From && OnTrue.getEnd() == BB))
          IfTrue = Phi.getIncomingValue(I);
        else if (DT.dominates(OnFalse, From) ||
                 (D == From && OnFalse.getEnd() == BB))
          IfFalse = Phi.getIncomingValue(I);
      }
      if (!IfTrue || !IfFalse)
        continue;
      // Before the outermost loop it does not vary in.
      Loop *Outermost = &L;
      for (Loop *P = L.getParentLoop();
           P && P->getLoopPreheader() && P->hasLoopInvariantOperands(&Phi) &&
           P->isLoopInvariant(Branch->getCondition());
           P = P->getParentLoop())
        Outermost = P;
      Phi.replaceAllUsesWith(SelectInst::Create(
          Branch->getCondition(), IfTrue, IfFalse, Phi.getName() + ".final",
          Outermost->getLoopPreheader()->getTerminator()->getIterator()));
      Phi.eraseFromParent();
      Changed = true;
    }
  }
  // Single-entry PHIs (LCSSA) of what is now a value from before the loop.
  for (BasicBlock *BB : L.blocks())
    for (PHINode &Phi : make_early_inc_range(BB->phis()))
      if (Value *V = Phi.hasConstantValue(); V && L.isLoopInvariant(V)) {
        Phi.replaceAllUsesWith(V);
        Phi.eraseFromParent();
      }
  SmallVector<BasicBlock *, 2> Exits;
  L.getUniqueExitBlocks(Exits);
  for (BasicBlock *Exit : Exits)
    for (PHINode &Phi : make_early_inc_range(Exit->phis()))
      if (Value *V = Phi.hasConstantValue(); V && L.isLoopInvariant(V)) {
        Phi.replaceAllUsesWith(V);
        Phi.eraseFromParent();
      }
  return Changed;
}

/// The condition, from before @p L, under which block @p BB of @p L runs in
/// an iteration: the branches it is control dependent on in the loop body,
/// each on a condition from before the loop. Null if there is none such.
static Value *getInvariantGuard(BasicBlock *BB, Loop &L, PostDominatorTree &PDT,
                                IRBuilder<> &B) {
  Value *Guard = nullptr;
  BasicBlock *Latch = L.getLoopLatch();
  for (BasicBlock *X : L.blocks()) {
    auto *Branch = dyn_cast<BranchInst>(X->getTerminator());
    if (!Branch || !Branch->isConditional() || PDT.dominates(BB, X))
      continue;
    bool OnTrue = PDT.dominates(BB, Branch->getSuccessor(0));
    bool OnFalse = PDT.dominates(BB, Branch->getSuccessor(1));
    if (OnTrue == OnFalse)
      continue;
    // The latch decides whether there is a next iteration, not whether BB
    // runs in this one.
    if (X == Latch)
      continue;
    Value *C = Branch->getCondition();
    if (!L.isLoopInvariant(C))
      return nullptr;
    Value *Holds = OnTrue ? C : B.CreateNot(C);
    Guard = Guard ? B.CreateAnd(Guard, Holds) : Holds;
  }
  return Guard ? Guard : B.getTrue();
}

/// Moves the stores in @p L of values from before the loop to shared
/// variables (`noalias` parameters nothing else in the loop uses) after the
/// loop, under the condition on which they run in every iteration: each
/// iteration stores the same value or none, so the loop leaves the variable
/// as one store after it does. Nothing in the loop synchronizes with another
/// thread, so no thread can tell. Returns whether it moved any.
static bool sinkInvariantStores(Loop &L, LoopInfo &LI, DominatorTree &DT,
                                PostDominatorTree &PDT) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  if (!Latch || !Exit || L.getExitingBlock() != Latch ||
      Exit->getSinglePredecessor() != Latch || !hasNoSync(L))
    return false;
  SmallVector<StoreInst *, 4> Stores;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (auto *Store = dyn_cast<StoreInst>(&I);
          Store && Store->isSimple() && LI.getLoopFor(BB) == &L &&
          L.isLoopInvariant(Store->getValueOperand()))
        if (auto *P = dyn_cast<Argument>(Store->getPointerOperand());
            P && P->hasNoAliasAttr() && all_of(P->users(), [&](const User *U) {
              return U == Store || !L.contains(cast<Instruction>(U));
            }))
          Stores.push_back(Store);
  bool Moved = false;
  for (StoreInst *Store : Stores) {
    IRBuilder<> B(&*Exit->getFirstInsertionPt());
    Value *Guard = getInvariantGuard(Store->getParent(), L, PDT, B);
    if (!Guard)
      continue;
    DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
    Instruction *At =
        SplitBlockAndInsertIfThen(Guard, B.GetInsertPoint(),
                                  /*Unreachable=*/false,
                                  /*BranchWeights=*/nullptr, &DTU, &LI);
    Store->moveBefore(At->getIterator());
    Moved = true;
    // The exit was split: the rest of the loop's exit is in its successor.
    Exit = L.getExitBlock();
  }
  return Moved;
}

/// @p S without its outermost max (or min) where the conditions on which
/// @p L is entered choose the operand: max(1, n) is n where the loop runs
/// only if n > 0.
static const SCEV *dropImpliedMax(const SCEV *S, const Loop &L,
                                  ScalarEvolution &SE) {
  const auto *MinMax = dyn_cast<SCEVMinMaxExpr>(S);
  if (!MinMax)
    return S;
  ICmpInst::Predicate Chooses;
  switch (MinMax->getSCEVType()) {
  case scSMaxExpr:
    Chooses = ICmpInst::ICMP_SGE;
    break;
  case scUMaxExpr:
    Chooses = ICmpInst::ICMP_UGE;
    break;
  case scSMinExpr:
    Chooses = ICmpInst::ICMP_SLE;
    break;
  default:
    Chooses = ICmpInst::ICMP_ULE;
    break;
  }
  for (const SCEV *X : MinMax->operands())
    if (all_of(MinMax->operands(), [&](const SCEV *Y) {
          return X == Y || SE.isLoopEntryGuardedByCond(&L, Chooses, X, Y);
        }))
      return X;
  return S;
}

/// Replaces the final values of @p Outer's inner loop counters (what a
/// shared counter keeps after its loop) by the parameters they equal where
/// the loop runs: SCEV gives max(n, 1) for the final j of `for (j = 0; j <
/// n; ++j)`, which Polly would rebuild inside the nest as an expression
/// with max, where under the loop's guard (n > 0) it is n itself, a
/// parameter of the nest.
static bool replaceExitValues(Loop &Outer, LoopInfo &LI, ScalarEvolution &SE) {
  BasicBlock *Preheader = Outer.getLoopPreheader();
  if (!Preheader)
    return false;
  Instruction *At = Preheader->getTerminator();
  SCEVExpander Expander(SE, "raise.chunk");
  bool Changed = false;
  for (Loop *L : Outer.getLoopsInPreorder()) {
    if (L == &Outer)
      continue;
    SmallVector<BasicBlock *, 2> Exits;
    L->getUniqueExitBlocks(Exits);
    for (BasicBlock *Exit : Exits) {
      if (!L->contains(Exit->getSinglePredecessor()))
        continue;
      for (PHINode &Phi : make_early_inc_range(Exit->phis())) {
        if (!Phi.getType()->isIntegerTy() || Phi.getNumIncomingValues() != 1)
          continue;
        // The exit is reached only through the loop, so the conditions on
        // which the loop is entered hold there.
        const SCEV *Final = SE.getSCEVAtScope(&Phi, L->getParentLoop());
        if (isa<SCEVCouldNotCompute>(Final))
          continue;
        Final = dropImpliedMax(Final, *L, SE);
        if (!SE.isLoopInvariant(Final, &Outer) ||
            SCEVExprContains(
                Final,
                [](const SCEV *X) {
                  return isa<SCEVMinMaxExpr, SCEVSequentialMinMaxExpr,
                             SCEVUDivExpr>(X);
                }) ||
            !Expander.isSafeToExpandAt(Final, At))
          continue;
        Phi.replaceAllUsesWith(
            Expander.expandCodeFor(Final, Phi.getType(), At));
        Phi.eraseFromParent();
        Changed = true;
      }
    }
  }
  if (Changed)
    SE.forgetLoop(&Outer);
  return Changed;
}

unsigned raising::markChunkBoundsUncaptured(Function &F) {
  unsigned Marked = 0;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallInst>(&I);
    Function *Callee = Call ? Call->getCalledFunction() : nullptr;
    if (!Callee ||
        !(Callee->getName().starts_with("__kmpc_for_static_init_") ||
          Callee->getName().starts_with("__kmpc_dist_for_static_init_") ||
          Callee->getName().starts_with("__kmpc_distribute_static_init_")))
      continue;
    // Operand 0 is the source location; every other pointer is an output.
    for (unsigned Op = 1, E = Call->arg_size(); Op != E; ++Op)
      if (Call->getArgOperand(Op)->getType()->isPointerTy() &&
          !Call->doesNotCapture(Op)) {
        Call->addParamAttr(Op, Attribute::getWithCaptureInfo(
                                   F.getContext(), CaptureInfo::none()));
        ++Marked;
      }
  }
  return Marked;
}

bool raising::prepareChunkLoops(Function &F, LoopInfo &LI, DominatorTree &DT,
                                ScalarEvolution &SE) {
  bool Changed = false;
  for (Loop *L : LI) {
    Changed |= testChunkEndForEquality(*L, SE);
    Changed |= useNoWrapExit(*L, SE);
    Changed |= replaceExitValues(*L, LI, SE);
    for (Loop *Rows : L->getSubLoops())
      Changed |= boundChunkRows(*Rows, SE);
    // Innermost loops first: what leaves one may then leave its parent.
    SmallVector<Loop *, 4> Nest = L->getLoopsInPreorder();
    for (Loop *Inner : reverse(Nest)) {
      Changed |= selectInvariantPhis(*Inner, DT);
      PostDominatorTree PDT(F);
      Changed |= sinkInvariantStores(*Inner, LI, DT, PDT);
    }
    SE.forgetLoop(L);
  }
  return Changed;
}
