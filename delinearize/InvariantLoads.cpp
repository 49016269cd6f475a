//===- InvariantLoads.cpp - Loads no store of a nest can change -----------===//
//
// Why the copy reads what the original reads: where the check holds, no
// store of the copy writes a byte of a hoisted load's address, the copy's
// stores being computed from the values read before the nest. Both nests
// start from the same memory; as long as the original's loads return those
// values, it computes the same addresses as the copy and stores where the
// copy does, so nothing it stores changes what the loads read, and they
// return those values on every iteration.
//
//===----------------------------------------------------------------------===//

#include "InvariantLoads.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace raising;

namespace {
/// The bytes a store of the copy may write: [Base + Min, Base + Max), Min and
/// Max 128-bit SCEVs.
struct Written {
  Value *Base;
  const SCEV *Min, *Max;
};
} // namespace

/// True if every instruction of @p Nest that writes memory is a simple store,
/// and every instruction passes control on to the next: nothing else can
/// change what a load reads, and a load the nest's first iteration reaches is
/// read whenever the nest is entered.
static bool writesOnlyThroughStores(const Loop &Nest) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (I.mayWriteToMemory() &&
          !(isa<StoreInst>(I) && cast<StoreInst>(I).isSimple()))
        return false;
      if (!isGuaranteedToTransferExecutionToSuccessor(&I))
        return false;
    }
  return true;
}

/// True if a simple load of @p Ptr with type @p Ty, which @p Match accepts,
/// runs before @p At on every path to it (looking back through a few single
/// predecessors) and nothing writes memory in between: it read what a load
/// at @p At reads.
static bool isReadBefore(const Value *Ptr, Type *Ty, Instruction *At,
                         function_ref<bool(const LoadInst *)> Match) {
  constexpr unsigned MaxBlocks = 8;
  BasicBlock *BB = At->getParent();
  BasicBlock::iterator End = At->getIterator();
  for (unsigned Steps = 0; BB && Steps != MaxBlocks; ++Steps) {
    for (Instruction &I : reverse(make_range(BB->begin(), End))) {
      if (auto *Ld = dyn_cast<LoadInst>(&I); Ld && Ld->isSimple() &&
                                             Ld->getPointerOperand() == Ptr &&
                                             Ld->getType() == Ty && Match(Ld))
        return true;
      if (I.mayWriteToMemory())
        return false;
    }
    BB = BB->getSinglePredecessor();
    if (BB)
      End = BB->end();
  }
  return false;
}

/// True if @p BB, a block of @p Nest outside its inner loops, runs in every
/// iteration before the iteration can leave the nest or enter an inner loop
/// (which might not end).
static bool runsFirst(const BasicBlock &BB, const Loop &Nest, LoopInfo &LI,
                      DominatorTree &DT) {
  if (LI.getLoopFor(&BB) != &Nest)
    return false;
  SmallVector<BasicBlock *, 4> Exiting;
  Nest.getExitingBlocks(Exiting);
  return all_of(Exiting, [&](BasicBlock *E) { return DT.dominates(&BB, E); }) &&
         none_of(Nest.getSubLoops(), [&](const Loop *L) {
           return DT.dominates(L->getHeader(), &BB);
         });
}

/// True if @p Ld may be read before @p Nest, at @p Entry: its address is
/// known to be readable there or read just before, or the nest's first
/// iteration reads it before it can leave the nest or enter an inner loop
/// (which might not end).
static bool canReadBefore(LoadInst *Ld, const Loop &Nest, Instruction *Entry,
                          LoopInfo &LI, DominatorTree &DT) {
  if (isDereferenceableAndAlignedPointer(Ld->getPointerOperand(), Ld->getType(),
                                         Ld->getAlign(), Entry->getDataLayout(),
                                         Entry, nullptr, &DT) ||
      isReadBefore(Ld->getPointerOperand(), Ld->getType(), Entry,
                   [](const LoadInst *) { return true; }))
    return true;
  return runsFirst(*Ld->getParent(), Nest, LI, DT);
}

/// A condition computed before the nest and the value it must have.
using ReadCondition = std::pair<Value *, bool>;

/// The conditions, computed before @p Nest (@p Entry), under which the
/// nest's first iteration reads @p Ld before it can leave the nest (and
/// before an inner loop's first iteration leaves that loop): at -O2, without
/// non-trivial loop unswitching, a Fortran descriptor's base and strides
/// are read in the preheader of the innermost loop, which tests that the
/// loops around it run any iteration (`size(c, 1) > 0`) guard.
static std::optional<SmallVector<ReadCondition, 2>>
getReadConditions(LoadInst *Ld, const Loop &Nest, Instruction *Entry,
                  LoopInfo &LI, DominatorTree &DT) {
  SmallVector<ReadCondition, 2> Conditions;
  BasicBlock *BB = Ld->getParent();
  if (!Nest.contains(BB))
    return std::nullopt;
  while (true) {
    // BB is entered only from a test of a condition fixed before the nest.
    BasicBlock *Test = BB->getSinglePredecessor();
    auto *Br = Test ? dyn_cast<BranchInst>(Test->getTerminator()) : nullptr;
    if (!Br || !Br->isConditional() || !Nest.contains(Test) ||
        Br->getSuccessor(0) == Br->getSuccessor(1))
      return std::nullopt;
    Value *Cond = Br->getCondition();
    auto *CondDef = dyn_cast<Instruction>(Cond);
    if (!isDefinedOutside(Cond, Nest) ||
        (CondDef && !DT.dominates(CondDef, Entry)))
      return std::nullopt;
    Conditions.push_back({Cond, Br->getSuccessor(0) == BB});
    // The test runs in the first iteration of its loop...
    Loop *L = LI.getLoopFor(Test);
    if (L == &Nest) {
      if (!runsFirst(*Test, Nest, LI, DT))
        return std::nullopt;
      return Conditions;
    }
    // ... as the header of an inner loop, entered from its preheader.
    if (Test != L->getHeader() || !L->getLoopPreheader())
      return std::nullopt;
    BB = L->getLoopPreheader();
  }
}

namespace {
/// What the copy reads before the nest: loads it may always read there,
/// and loads it may read only where each of Conditions holds.
struct LoadsBefore {
  SmallVector<LoadInst *, 8> Always, Guarded;
  SmallVector<ReadCondition, 2> Conditions;
};
} // namespace

/// The loads of @p Nest the copy reads before it: simple loads of a pointer
/// or an integer from an address defined outside the nest that no store of
/// the nest names, which may be read before the nest (some only under
/// conditions, getReadConditions(), the same for all of those).
static LoadsBefore findInvariantLoads(const Loop &Nest, LoopInfo &LI,
                                      DominatorTree &DT) {
  SmallPtrSet<const Value *, 8> Stored;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (auto *St = dyn_cast<StoreInst>(&I))
        Stored.insert(St->getPointerOperand());
  Instruction *Entry = Nest.getLoopPredecessor()->getTerminator();
  LoadsBefore Loads;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      auto *Ld = dyn_cast<LoadInst>(&I);
      if (!Ld || !Ld->isSimple() ||
          !(Ld->getType()->isPointerTy() || Ld->getType()->isIntegerTy()))
        continue;
      // A global's field (a Fortran descriptor of a main program or module
      // variable) is an address fixed before the nest too.
      Value *Ptr = Ld->getPointerOperand();
      if (!(isDefinedOutside(Ptr, Nest) || isa<Constant>(Ptr)) ||
          Stored.contains(Ptr))
        continue;
      if (canReadBefore(Ld, Nest, Entry, LI, DT)) {
        Loads.Always.push_back(Ld);
        continue;
      }
      auto Read = getReadConditions(Ld, Nest, Entry, LI, DT);
      if (!Read || (!Loads.Guarded.empty() && *Read != Loads.Conditions))
        continue;
      Loads.Conditions = *Read;
      Loads.Guarded.push_back(Ld);
    }
  return Loads;
}

/// The bytes each store of @p Copy may write, from an invariant base;
/// nothing if some store's are unknown.
static std::optional<SmallVector<Written, 4>>
getWritten(const Loop &Copy, ScalarEvolution &SE, BoundsOverNest &B) {
  const DataLayout &DL = Copy.getHeader()->getDataLayout();
  SmallVector<Written, 4> Found;
  for (BasicBlock *BB : Copy.blocks())
    for (Instruction &I : *BB) {
      auto *St = dyn_cast<StoreInst>(&I);
      if (!St)
        continue;
      const SCEV *Ptr = SE.getSCEV(St->getPointerOperand());
      const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(Ptr));
      if (!Base || !isDefinedOutside(Base->getValue(), Copy))
        return std::nullopt;
      std::optional<Bounds> Offset = B.get(SE.getMinusSCEV(Ptr, Base));
      if (!Offset)
        return std::nullopt;
      uint64_t Size = DL.getTypeStoreSize(St->getValueOperand()->getType());
      Found.push_back(
          {Base->getValue(), Offset->Min,
           SE.getAddExpr(Offset->Max, SE.getConstant(B.type(), Size))});
    }
  return Found;
}

/// At @p At: true if no store of @p Stores writes a byte that one of
/// @p Hoisted reads.
static Value *expandApart(ArrayRef<LoadInst *> Hoisted,
                          ArrayRef<Written> Stores, Instruction *At,
                          ScalarEvolution &SE) {
  IRBuilder<> Builder(At);
  SCEVExpander Expander(SE, "raise.loads");
  Type *I64 = Builder.getInt64Ty();
  const DataLayout &DL = At->getDataLayout();
  Value *Apart = Builder.getTrue();
  for (const Written &W : Stores) {
    Value *Start = Builder.CreatePtrToInt(W.Base, I64);
    Value *Lo = Builder.CreateAdd(
        Start, Builder.CreateTrunc(
                   Expander.expandCodeFor(W.Min, W.Min->getType(), At), I64));
    Value *Hi = Builder.CreateAdd(
        Start, Builder.CreateTrunc(
                   Expander.expandCodeFor(W.Max, W.Max->getType(), At), I64));
    for (LoadInst *Ld : Hoisted) {
      Value *Slot = Builder.CreatePtrToInt(Ld->getPointerOperand(), I64);
      Value *SlotEnd = Builder.CreateAdd(
          Slot, Builder.getInt64(DL.getTypeStoreSize(Ld->getType())));
      Apart = Builder.CreateAnd(
          Apart, Builder.CreateOr(Builder.CreateICmpULE(SlotEnd, Lo),
                                  Builder.CreateICmpUGE(Slot, Hi)));
    }
  }
  return Apart;
}

/// Replaces the PHIs of @p Copy that only ever hold what @p Once read with
/// it: LLVM carries a reloaded value around the loops in PHIs whose first
/// value is a load of the same address before the nest.
static void foldPhisOf(LoadInst *Once, const Loop &Copy) {
  auto IsOnce = [&](const Value *V) {
    return V == Once ||
           isReadBefore(Once->getPointerOperand(), Once->getType(), Once,
                        [&](const LoadInst *Ld) { return Ld == V; });
  };
  // The PHIs whose values are each Once or such a PHI: start from all that
  // may be, drop those that take anything else until none does.
  SmallSetVector<PHINode *, 8> Same;
  for (BasicBlock *BB : Copy.blocks())
    for (PHINode &Phi : BB->phis())
      if (all_of(Phi.incoming_values(),
                 [&](const Value *V) { return IsOnce(V) || isa<PHINode>(V); }))
        Same.insert(&Phi);
  for (bool Dropped = true; Dropped;) {
    Dropped = false;
    for (PHINode *Phi : Same)
      if (any_of(Phi->incoming_values(), [&](Value *V) {
            auto *Other = dyn_cast<PHINode>(V);
            return Other && !Same.contains(Other);
          })) {
        Same.remove(Phi);
        Dropped = true;
        break;
      }
  }
  for (PHINode *Phi : Same)
    Phi->replaceAllUsesWith(Once);
  for (PHINode *Phi : Same)
    Phi->eraseFromParent();
}

/// True if every store of @p Nest writes from a base that is invariant once
/// @p Loads are: what the copy's stores write can then be bounded.
static bool storesFromInvariantBases(const Loop &Nest,
                                     ArrayRef<LoadInst *> Loads,
                                     ScalarEvolution &SE) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        const auto *Base = dyn_cast<SCEVUnknown>(
            SE.getPointerBase(SE.getSCEV(St->getPointerOperand())));
        if (!Base || !(isDefinedOutside(Base->getValue(), Nest) ||
                       is_contained(Loads, Base->getValue())))
          return false;
      }
  return true;
}

/// Takes back the copy of @p N, whose outermost loop is @p Copy, and the
/// values read for it (@p Hoisted: loads, or PHIs of guarded loads); keeps
/// @p LI and @p DT up to date.
static void undoVersion(Function &F, const VersionedNest &N, Loop &Copy,
                        ArrayRef<Value *> Hoisted, LoopInfo &LI,
                        DominatorTree &DT, ScalarEvolution &SE) {
  // Innermost first; the list outlives the loop (reverse() of a temporary
  // would not).
  SmallVector<Loop *, 4> Loops = Copy.getLoopsInPreorder();
  for (Loop *L : reverse(Loops)) {
    SE.forgetLoop(L);
    LI.erase(L);
  }
  discardVersion(F, N);
  DT.recalculate(F);
  for (Value *Once : Hoisted)
    RecursivelyDeleteTriviallyDeadInstructions(Once);
}

/// True if an access of @p Nest is based on a pointer one of @p Loads reads:
/// the nest finds an array through an object.
static bool accessesThroughLoaded(const Loop &Nest, ArrayRef<LoadInst *> Loads,
                                  ScalarEvolution &SE) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (Value *Ptr = getLoadStorePointerOperand(&I))
        if (const auto *Base =
                dyn_cast<SCEVUnknown>(SE.getPointerBase(SE.getSCEV(Ptr)));
            Base && is_contained(Loads, Base->getValue()))
          return true;
  return false;
}

/// Versions @p Nest on the loads it reads on every iteration from invariant
/// addresses, if it has any and the bytes its stores write are known. An
/// inner nest (@p Inner) only where it finds an array through a pointer it
/// loads, so that the copy is the product of one matrix of a batch, not a row
/// of a product whose elements the inner loops read once (`A[i][k]` around a
/// loop over j).
static std::optional<VersionedNest>
versionNestOnLoads(Function &F, Loop &Nest, LoopInfo &LI, DominatorTree &DT,
                   ScalarEvolution &SE, bool Inner) {
  if (!canVersion(Nest) || !writesOnlyThroughStores(Nest))
    return std::nullopt;
  LoadsBefore Before = findInvariantLoads(Nest, LI, DT);
  SmallVector<LoadInst *, 8> Loads(Before.Always);
  append_range(Loads, Before.Guarded);
  if (Loads.empty() || !storesFromInvariantBases(Nest, Loads, SE) ||
      (Inner && !accessesThroughLoaded(Nest, Loads, SE)))
    return std::nullopt;
  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  // Read once here, before the branch: the check needs the values to know
  // where the copy stores. A guarded load is read only where its condition
  // holds, and where it does not, the original loops run.
  IRBuilder<> Builder(Nest.getLoopPreheader()->getTerminator());
  SmallVector<LoadInst *, 8> Hoisted;
  SmallVector<Value *, 8> Values;
  auto ReadOnce = [&](LoadInst *Ld) {
    LoadInst *Once = Builder.CreateAlignedLoad(
        Ld->getType(), Ld->getPointerOperand(), Ld->getAlign(),
        Ld->hasName() ? Ld->getName() + ".once" : "raise.once");
    Once->copyMetadata(*Ld, {LLVMContext::MD_tbaa, LLVMContext::MD_noundef,
                             LLVMContext::MD_nonnull, LLVMContext::MD_range,
                             LLVMContext::MD_align});
    Hoisted.push_back(Once);
    Values.push_back(Once);
  };
  for (LoadInst *Ld : Before.Always)
    ReadOnce(Ld);
  Value *ReadIf = nullptr;
  if (!Before.Guarded.empty()) {
    for (auto [Cond, Holds] : Before.Conditions) {
      Value *Holding = Holds ? Cond : Builder.CreateNot(Cond);
      ReadIf = ReadIf ? Builder.CreateAnd(ReadIf, Holding) : Holding;
    }
    BasicBlock *Head = Builder.GetInsertBlock();
    DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
    Instruction *Then =
        SplitBlockAndInsertIfThen(ReadIf, Head->getTerminator(),
                                  /*Unreachable=*/false, nullptr, &DTU, &LI);
    BasicBlock *Join = Then->getParent()->getSingleSuccessor();
    Builder.SetInsertPoint(Then);
    for (LoadInst *Ld : Before.Guarded)
      ReadOnce(Ld);
    Builder.SetInsertPoint(Join->getFirstNonPHIIt());
    for (Value *&V : MutableArrayRef(Values).take_back(Before.Guarded.size())) {
      PHINode *Phi = Builder.CreatePHI(V->getType(), 2, V->getName());
      Phi->addIncoming(V, Then->getParent());
      Phi->addIncoming(PoisonValue::get(V->getType()), Head);
      V = Phi;
    }
    Builder.SetInsertPoint(Join->getTerminator());
  }
  ValueToValueMapTy VMap;
  Loop *Copy;
  BranchInst *Guard;
  std::tie(Copy, Guard) = versionNest(Nest, Builder.getTrue(), VMap, LI, DT);
  for (auto [Ld, Once] : zip(Loads, Values)) {
    auto *Copied = cast<Instruction>(VMap[Ld]);
    Copied->replaceAllUsesWith(Once);
    Copied->eraseFromParent();
  }
  for (LoadInst *Once : ArrayRef(Hoisted).take_front(Before.Always.size()))
    foldPhisOf(Once, *Copy);
  SE.forgetLoop(&Nest);
  VersionedNest N{Guard, Copy->getHeader(), Nest.getHeader(),
                  unsigned(Loads.size()),
                  VersionedNest::Change::InvariantLoads};
  // What the copy's stores write, from the values read once.
  BoundsOverNest B(*Copy, SE);
  std::optional<SmallVector<Written, 4>> Stores = getWritten(*Copy, SE, B);
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, SE);
  SCEVExpander Safe(SE, "raise.loads");
  if (!Stores || !simplifyConditions(Conditions, Guard, SE) ||
      any_of(*Stores, [&](const Written &W) {
        return !Safe.isSafeToExpandAt(W.Min, Guard) ||
               !Safe.isSafeToExpandAt(W.Max, Guard);
      })) {
    undoVersion(F, N, *Copy, Values, LI, DT, SE);
    return std::nullopt;
  }
  Value *Apart = expandApart(Hoisted, *Stores, Guard, SE);
  Value *Check = expandCheck(Conditions, Guard, SE, "raise.loads", Apart);
  // Where the guarded loads were not read, their values are poison, and so
  // may be the check: the select does not look at it then.
  if (ReadIf)
    Check = IRBuilder<>(Guard).CreateSelect(
        ReadIf, Check, ConstantInt::getFalse(F.getContext()));
  Guard->setCondition(Check);
  return N;
}

/// Versions @p Nest on its invariant loads, or else each of its inner nests:
/// a nest whose loads vary with its outer loop (the matrices of a batch,
/// `C[b](i, j)` on a std::vector<Matrix>) may have inner nests in which
/// they do not, each a product of the batch.
static void versionOutermost(Function &F, Loop &Nest, LoopInfo &LI,
                             DominatorTree &DT, ScalarEvolution &SE,
                             std::vector<VersionedNest> &Versioned) {
  if (std::optional<VersionedNest> N = versionNestOnLoads(
          F, Nest, LI, DT, SE, /*Inner=*/Nest.getParentLoop())) {
    Versioned.push_back(*N);
    return;
  }
  SmallVector<Loop *, 4> Inner(Nest.begin(), Nest.end());
  for (Loop *L : Inner)
    versionOutermost(F, *L, LI, DT, SE, Versioned);
}

std::vector<VersionedNest> raising::versionInvariantLoads(
    Function &F, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE,
    const SmallPtrSetImpl<const BasicBlock *> &Skip) {
  std::vector<VersionedNest> Versioned;
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests)
    if (!Skip.contains(Nest->getHeader()))
      versionOutermost(F, *Nest, LI, DT, SE, Versioned);
  return Versioned;
}
