//===- DataGuards.cpp - Nests versioned on a test of their data ----------===//

#include "DataGuards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

using namespace llvm;
using namespace raising;

namespace {
/// The one branch of a nest on data the nest loads.
struct DataGuard {
  BranchInst *Branch;
  /// Its successor where the test holds (the guarded code) and the one
  /// where it fails, at which the guarded code rejoins.
  unsigned Body, Skip;
  /// What the test reads.
  SmallVector<LoadInst *, 2> Loads;
};
} // namespace

/// Adds to @p Loads the loads of @p Nest that @p V is computed from, and
/// the loads their addresses are computed from. False if @p V depends on
/// an instruction of the nest that reads memory otherwise (a call).
static bool collectLoads(Value *V, const Loop &Nest,
                         SmallPtrSetImpl<Instruction *> &Seen,
                         SmallVectorImpl<LoadInst *> &Loads) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !Nest.contains(I) || !Seen.insert(I).second)
    return true;
  if (auto *Ld = dyn_cast<LoadInst>(I)) {
    if (!Ld->isSimple())
      return false;
    Loads.push_back(Ld);
  } else if (I->mayReadOrWriteMemory()) {
    return false;
  }
  return all_of(I->operands(),
                [&](Value *Op) { return collectLoads(Op, Nest, Seen, Loads); });
}

/// True if every write of @p Nest is a store or a memory intrinsic (which
/// the loops testing the data leave out) that writes none of the bytes
/// @p Loads read, wherever they read in the nest.
static bool leavesLoadsAlone(const Loop &Nest, ArrayRef<LoadInst *> Loads,
                             AAResults &AA) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayWriteToMemory())
        continue;
      auto *Store = dyn_cast<StoreInst>(&I);
      auto *Mem = dyn_cast<MemIntrinsic>(&I);
      if (auto *II = dyn_cast<IntrinsicInst>(&I);
          II && !Mem && II->isAssumeLikeIntrinsic())
        continue;
      if ((!Store || !Store->isSimple()) && (!Mem || Mem->isVolatile()))
        return false;
      for (LoadInst *Ld : Loads) {
        MemoryLocation Anywhere = MemoryLocation::getBeforeOrAfter(
            Ld->getPointerOperand(), Ld->getAAMetadata());
        if (isModSet(AA.getModRefInfo(&I, Anywhere)))
          return false;
      }
    }
  return true;
}

/// The one branch of @p Nest on data the nest loads, if the nest has one,
/// it guards code that rejoins the other side in the same loop, and every
/// other branch of the nest depends on no data; else, if the nest branches
/// on data, @p Why says why that branch stays.
static std::optional<DataGuard> findDataGuard(const Loop &Nest, LoopInfo &LI,
                                              const PostDominatorTree &PDT,
                                              AAResults &AA, const char *&Why) {
  std::optional<DataGuard> Found;
  for (BasicBlock *BB : Nest.blocks()) {
    Instruction *Term = BB->getTerminator();
    auto *Br = dyn_cast<BranchInst>(Term);
    // Returns leave the nest, switches test what a branch would; neither is
    // taken apart here.
    if ((!Br && !isa<SwitchInst>(Term)) || (Br && Br->isUnconditional()))
      continue;
    SmallPtrSet<Instruction *, 8> Seen;
    SmallVector<LoadInst *, 2> Loads;
    if (!collectLoads(Term->getOperand(0), Nest, Seen, Loads)) {
      Why = "a branch tests what a call returns or an atomic access reads";
      return std::nullopt;
    }
    if (Loads.empty())
      continue;
    if (Found || !Br) {
      Why = Br ? "the nest tests loaded data in more than one branch"
               : "it switches on loaded data";
      return std::nullopt;
    }
    const Loop *L = LI.getLoopFor(BB);
    for (unsigned Body : {0u, 1u}) {
      BasicBlock *B = Br->getSuccessor(Body);
      BasicBlock *S = Br->getSuccessor(1 - Body);
      if (B != S && L->contains(B) && L->contains(S) && S != L->getHeader() &&
          B->getSinglePredecessor() == BB && PDT.dominates(S, B))
        Found = DataGuard{Br, Body, 1 - Body, Loads};
    }
    if (!Found) {
      Why = "a branch on loaded data chooses between two computations, or "
            "leaves a loop";
      return std::nullopt;
    }
  }
  if (Found && !leavesLoadsAlone(Nest, Found->Loads, AA)) {
    Why = "a branch tests loaded data that a write of the nest may change";
    return std::nullopt;
  }
  return Found;
}

/// True if no value of @p L is used outside it.
static bool isUnused(const Loop &L) {
  return all_of(L.blocks(), [&](BasicBlock *BB) {
    return all_of(*BB, [&](Instruction &I) {
      return !I.mayHaveSideEffects() && all_of(I.users(), [&](User *U) {
        return L.contains(cast<Instruction>(U));
      });
    });
  });
}

/// Makes @p Blocks, a copy of a nest whose preheader is @p Preheader, loops
/// that only evaluate @p Test: writes go, and the loops that then compute
/// nothing the test needs; where the test holds, they go on past the code it
/// guards, and where it fails they leave for @p Fail.
static void keepOnlyTests(ArrayRef<BasicBlock *> Blocks, Loop &Skeleton,
                          BranchInst *Test, const DataGuard &G,
                          BasicBlock *Fail, LoopInfo &LI, DominatorTree &DT,
                          ScalarEvolution &SE) {
  SmallVector<WeakTrackingVH, 16> Dead;
  for (BasicBlock *BB : Blocks)
    for (Instruction &I : make_early_inc_range(*BB))
      if (isa<StoreInst, MemIntrinsic>(I))
        I.eraseFromParent();
      else if (!I.isTerminator())
        Dead.push_back(&I);
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
  // Innermost first; the list outlives the loops it deletes.
  SmallVector<Loop *, 4> Loops = Skeleton.getLoopsInPreorder();
  for (Loop *L : reverse(Loops)) {
    if (L->contains(Test) || !L->getUniqueExitBlock() || !isUnused(*L))
      continue;
    // A loop LLVM runs straight into the next one's header leaves to it.
    if (!L->getLoopPreheader())
      InsertPreheaderForLoop(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
    if (!L->hasDedicatedExits())
      formDedicatedExitBlocks(L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
    deleteDeadLoop(L, &DT, &SE, &LI);
  }
  BasicBlock *From = Test->getParent();
  BasicBlock *Body = Test->getSuccessor(G.Body);
  BasicBlock *Skip = Test->getSuccessor(G.Skip);
  Body->removePredecessor(From);
  Test->setSuccessor(G.Body, Skip);
  Test->setSuccessor(G.Skip, Fail);
  // The guarded code is unreachable now.
  SmallVector<BasicBlock *, 8> Unreachable;
  SmallPtrSet<BasicBlock *, 16> Reached;
  for (BasicBlock *BB : depth_first(Skeleton.getLoopPreheader()))
    Reached.insert(BB);
  for (BasicBlock *BB : Skeleton.blocks())
    if (!Reached.contains(BB))
      Unreachable.push_back(BB);
  for (BasicBlock *BB : Unreachable)
    LI.removeBlock(BB);
  DeleteDeadBlocks(Unreachable);
}

/// True if @p V, a value of @p Nest, is an induction variable of it or
/// defined outside it: the nest's addresses and exit tests use those
/// unfrozen already.
static bool isNestInput(Value *V, const Loop &Nest, ScalarEvolution &SE) {
  if (isa<Constant>(V) || isDefinedOutside(V, Nest))
    return true;
  auto *Phi = dyn_cast<PHINode>(V);
  const auto *AR = Phi ? dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi)) : nullptr;
  return AR && AR->getLoop()->getHeader() == Phi->getParent();
}

/// Removes the freezes of @p Nest that only guard against an overflow SCEV
/// proves cannot happen: `freeze (sub nsw n, j)` of a loop bound, which LLVM
/// adds where it unswitches a loop on the bound (the I loop of `DO I = J,N`
/// under a test on data), and which SCEV, and so Polly, cannot see through.
static void thawBounds(Loop &Nest, ScalarEvolution &SE) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : make_early_inc_range(*BB)) {
      auto *Freeze = dyn_cast<FreezeInst>(&I);
      auto *Op =
          Freeze ? dyn_cast<BinaryOperator>(Freeze->getOperand(0)) : nullptr;
      if (!Op || !Nest.contains(Op) ||
          (Op->getOpcode() != Instruction::Add &&
           Op->getOpcode() != Instruction::Sub) ||
          !isNestInput(Op->getOperand(0), Nest, SE) ||
          !isNestInput(Op->getOperand(1), Nest, SE))
        continue;
      const SCEV *L = SE.getSCEV(Op->getOperand(0));
      const SCEV *R = SE.getSCEV(Op->getOperand(1));
      auto Opcode = Op->getOpcode();
      if ((Op->hasNoSignedWrap() && !SE.willNotOverflow(Opcode, true, L, R)) ||
          (Op->hasNoUnsignedWrap() && !SE.willNotOverflow(Opcode, false, L, R)))
        continue;
      Freeze->replaceAllUsesWith(Op);
      Freeze->eraseFromParent();
    }
}

/// Versions @p Nest on the test of its data guard, if it has one.
static std::optional<VersionedNest>
versionNestOnData(Function &F, Loop &Nest, LoopInfo &LI, DominatorTree &DT,
                  ScalarEvolution &SE, AAResults &AA) {
  if (!canVersion(Nest))
    return std::nullopt;
  PostDominatorTree PDT(F);
  const char *Why = nullptr;
  std::optional<DataGuard> G = findDataGuard(Nest, LI, PDT, AA, Why);
  if (!G)
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  LLVMContext &Ctx = F.getContext();
  ValueToValueMapTy VMap;
  auto [Copy, Guard] =
      versionNest(Nest, ConstantInt::getTrue(Ctx), VMap, LI, DT);
  // The copy runs the guarded code always.
  auto *CopyTest = cast<BranchInst>(VMap[G->Branch]);
  CopyTest->getSuccessor(G->Skip)->removePredecessor(CopyTest->getParent());
  Value *Cond = CopyTest->getCondition();
  BranchInst::Create(CopyTest->getSuccessor(G->Body), CopyTest->getIterator());
  CopyTest->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(Cond);
  SE.forgetLoop(Copy);
  thawBounds(*Copy, SE);

  // Before the branch, a copy of the loops that tests every element: it
  // goes on to the branch where all hold, and leaves for the original loops
  // at the first that does not. The copy's single chain of predecessors
  // through them keeps the conditions that guard the nest visible to SCEV.
  BasicBlock *CheckBB = Guard->getParent();
  BasicBlock *Tested = SplitBlock(CheckBB, Guard, &DT, &LI, nullptr,
                                  CheckBB->getName() + ".tested");
  BasicBlock *Fail = BasicBlock::Create(Ctx, "raise.tests.fail", &F, Tested);
  BranchInst::Create(Guard->getSuccessor(1), Fail);
  ValueToValueMapTy TestMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Skeleton = cloneLoopWithPreheader(Fail, CheckBB, &Nest, TestMap,
                                          ".raise.tests", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, TestMap);
  SmallPtrSet<BasicBlock *, 16> InSkeleton(Blocks.begin(), Blocks.end());
  for (BasicBlock *BB : Blocks)
    for (unsigned K = 0, E = BB->getTerminator()->getNumSuccessors(); K != E;
         ++K)
      if (!InSkeleton.contains(BB->getTerminator()->getSuccessor(K)))
        BB->getTerminator()->setSuccessor(K, Tested);
  Instruction *Enter = CheckBB->getTerminator();
  BranchInst *ToTests =
      BranchInst::Create(Skeleton->getLoopPreheader(), Enter->getIterator());
  Enter->eraseFromParent();
  DT.recalculate(F);
  keepOnlyTests(Blocks, *Skeleton, cast<BranchInst>(TestMap[G->Branch]), *G,
                Fail, LI, DT, SE);
  DT.recalculate(F);
  SE.forgetLoop(&Nest);
  VersionedNest N{Guard, Copy->getHeader(), Nest.getHeader(), 1,
                  VersionedNest::Change::DataTests};
  N.CheckLoops = ToTests;
  return N;
}

std::vector<VersionedNest>
raising::versionDataGuards(Function &F, LoopInfo &LI, DominatorTree &DT,
                           ScalarEvolution &SE, AAResults &AA,
                           const SmallPtrSetImpl<const BasicBlock *> &Skip) {
  return versionEachNest(LI, [&](Loop &Nest) -> std::optional<VersionedNest> {
    if (Skip.contains(Nest.getHeader()))
      return std::nullopt;
    return versionNestOnData(F, Nest, LI, DT, SE, AA);
  });
}

std::string raising::whyDataGuardStays(const Loop &Nest, LoopInfo &LI,
                                       AAResults &AA) {
  Function &F = *Nest.getHeader()->getParent();
  PostDominatorTree PDT(F);
  const char *Why = nullptr;
  if (findDataGuard(Nest, LI, PDT, AA, Why))
    return canVersion(Nest)
               ? ""
               : "the nest tests loaded data and is too large to copy";
  return Why ? Why : "";
}
