//===- RowTables.cpp - Matrices as tables of evenly spaced rows -----------===//
//
// Why the copy reads what the original reads: where the check holds, the
// table holds row0 + (r - first) * distance at every index r the nest reads
// it at (first is the least of them), and nothing in the nest stores to the
// table, so every load of a row in the original yields the address the copy
// computes. The check reads only the entries the nest reads: the range of a
// row index is taken over the iterations of its own loop, which must load
// the row on every iteration, and each loop enclosing that one is entered
// once its trip count is at least one (the trip-count conditions).
//
//===----------------------------------------------------------------------===//

#include "RowTables.h"
#include "RowGather.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/Loads.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace raising;

/// The function the checks call, added to @p M on first use: `i64 (ptr
/// Table, i64 First, i64 Count, i64 Size, i64 EntrySize)` returns the
/// distance, in elements of Size bytes, between the rows Table[First], ...,
/// Table[First + Count - 1] (the pointers at the start of entries EntrySize
/// bytes apart) if they are evenly spaced at a positive multiple of Size (0
/// for a single row), and -1 otherwise or if Count < 1 (then it reads
/// nothing).
static Function &getDistanceFunction(Module &M, StringRef CheckAttr) {
  if (Function *F = M.getFunction(RowDistanceFunction))
    return *F;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  auto *F =
      Function::Create(FunctionType::get(I64, {Ptr, I64, I64, I64, I64}, false),
                       GlobalValue::InternalLinkage, RowDistanceFunction, M);
  F->addFnAttr(CheckAttr);
  // Reads the tables and returns: a check whose version is discarded is
  // then dead code, and goes with it.
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(Attribute::WillReturn);
  F->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::Ref));
  Argument *Table = F->getArg(0), *First = F->getArg(1), *Count = F->getArg(2),
           *Size = F->getArg(3), *EntrySize = F->getArg(4);
  auto *Entry = BasicBlock::Create(Ctx, "entry", F);
  auto *First1 = BasicBlock::Create(Ctx, "first", F);
  auto *Two = BasicBlock::Create(Ctx, "two", F);
  auto *Loop = BasicBlock::Create(Ctx, "loop", F);
  auto *Next = BasicBlock::Create(Ctx, "next", F);
  auto *Done = BasicBlock::Create(Ctx, "done", F);
  auto *Uneven = BasicBlock::Create(Ctx, "uneven", F);
  auto *Single = BasicBlock::Create(Ctx, "single", F);
  IRBuilder<> B(Entry);
  Value *Rows =
      B.CreateGEP(B.getInt8Ty(), Table, B.CreateMul(First, EntrySize), "rows");
  B.CreateCondBr(B.CreateICmpSLT(Count, B.getInt64(1)), Uneven, First1);
  B.SetInsertPoint(First1);
  Value *Row0 = B.CreatePtrToInt(B.CreateLoad(Ptr, Rows), I64, "row0");
  B.CreateCondBr(B.CreateICmpEQ(Count, B.getInt64(1)), Single, Two);
  B.SetInsertPoint(Two);
  Value *Row1 = B.CreatePtrToInt(
      B.CreateLoad(Ptr, B.CreateGEP(B.getInt8Ty(), Rows, EntrySize)), I64,
      "row1");
  Value *Distance = B.CreateSub(Row1, Row0, "distance");
  Value *Whole = B.CreateICmpEQ(B.CreateSRem(Distance, Size), B.getInt64(0));
  Value *Positive = B.CreateICmpSGT(Distance, B.getInt64(0));
  B.CreateCondBr(B.CreateAnd(Whole, Positive), Loop, Uneven);
  B.SetInsertPoint(Loop);
  PHINode *R = B.CreatePHI(I64, 2, "r");
  R->addIncoming(B.getInt64(2), Two);
  B.CreateCondBr(B.CreateICmpSLT(R, Count), Next, Done);
  B.SetInsertPoint(Next);
  Value *Row = B.CreatePtrToInt(
      B.CreateLoad(Ptr,
                   B.CreateGEP(B.getInt8Ty(), Rows, B.CreateMul(R, EntrySize))),
      I64, "row");
  Value *Expected = B.CreateAdd(Row0, B.CreateMul(R, Distance));
  R->addIncoming(B.CreateAdd(R, B.getInt64(1)), Next);
  B.CreateCondBr(B.CreateICmpEQ(Row, Expected), Loop, Uneven);
  B.SetInsertPoint(Done);
  B.CreateRet(B.CreateSDiv(Distance, Size));
  B.SetInsertPoint(Uneven);
  B.CreateRet(B.getInt64(-1));
  B.SetInsertPoint(Single);
  B.CreateRet(B.getInt64(0));
  return *F;
}

namespace {

/// One table of row pointers a nest reads, and every load of a row from it.
struct RowTable {
  /// The table, and the type and size of what the rows hold.
  Value *Base = nullptr;
  /// What the table holds: row pointers, or records that start with one
  /// (a C++ std::vector of rows holds their begin, end and capacity).
  Type *Entry = nullptr;
  Type *Element = nullptr;
  SmallVector<LoadInst *, 2> Loads;
  /// The least and greatest row index over the nest.
  const SCEV *Min = nullptr, *Max = nullptr;
  /// If the nest loads Base itself, from an address of its own (C++: the
  /// data pointer of the outer std::vector, read on every iteration): that
  /// load, which the copy reads once before the nest.
  LoadInst *Slot = nullptr;
};

/// The bytes a store of the nest may write: [Min, Max) from the start of a
/// row of table Table, or from Base.
struct Written {
  int Table = -1;
  Value *Base = nullptr;
  const SCEV *Min = nullptr, *Max = nullptr;
};

} // namespace

/// The type of every access through row pointer @p Row, if all its uses in
/// @p Nest are simple loads and stores of one scalar type, directly or
/// through address arithmetic on it; null otherwise.
static Type *getElementType(LoadInst *Row, const Loop &Nest) {
  Type *Element = nullptr;
  auto Accept = [&](Type *T) {
    if (!T->isFloatingPointTy() && !T->isIntegerTy())
      return false;
    if (Element && Element != T)
      return false;
    Element = T;
    return true;
  };
  auto IsAccess = [&](User *U, Value *Ptr) {
    auto *I = dyn_cast<Instruction>(U);
    if (!I || !Nest.contains(I))
      return false;
    if (auto *Ld = dyn_cast<LoadInst>(I))
      return Ld->isSimple() && Accept(Ld->getType());
    if (auto *St = dyn_cast<StoreInst>(I))
      return St->isSimple() && St->getPointerOperand() == Ptr &&
             St->getValueOperand() != Ptr &&
             Accept(St->getValueOperand()->getType());
    return false;
  };
  for (User *U : Row->users()) {
    if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
      if (GEP->getPointerOperand() != Row || !Nest.contains(GEP) ||
          !all_of(GEP->users(), [&](User *V) { return IsAccess(V, GEP); }))
        return nullptr;
      continue;
    }
    if (!IsAccess(U, Row))
      return nullptr;
  }
  return Element;
}

/// Branches in a nest on a value from outside it, each with the successor a
/// copy of the nest may take as decided (true: the first). -O2 and -Os
/// leave `N > 0` before each inner loop, with the loads of rows under it;
/// the copy runs only where the guards go that way (they join its check).
using Guards = SmallDenseMap<const Instruction *, bool, 4>;

/// True if @p BB runs on every iteration of @p L that reaches its latch,
/// where the branches of @p Taken go their way: no path from the header to
/// the latch avoids it.
static bool runsEveryIteration(const BasicBlock *BB, const Loop &L,
                               const Guards &Taken) {
  const BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  if (!Latch || !L.contains(BB))
    return false;
  if (BB == Header || BB == Latch)
    return true;
  SmallVector<const BasicBlock *, 8> Work{Header};
  SmallPtrSet<const BasicBlock *, 16> Seen{Header};
  while (!Work.empty()) {
    const Instruction *Term = Work.pop_back_val()->getTerminator();
    auto It = Taken.find(Term);
    for (unsigned I = 0, E = Term->getNumSuccessors(); I != E; ++I) {
      const BasicBlock *Next = Term->getSuccessor(I);
      if ((It != Taken.end() && I != (It->second ? 0u : 1u)) || Next == BB ||
          Next == Header || !L.contains(Next))
        continue;
      if (Next == Latch)
        return false;
      if (Seen.insert(Next).second)
        Work.push_back(Next);
    }
  }
  return true;
}

/// The guards of @p Nest a copy may take as decided: each conditional
/// branch on a value from outside the nest, toward the one successor in the
/// nest that dominates a load of a pointer (the rows it leads to).
static Guards findGuards(const Loop &Nest, DominatorTree &DT) {
  SmallVector<const BasicBlock *, 8> PointerLoads;
  for (BasicBlock *BB : Nest.blocks())
    if (any_of(*BB, [](Instruction &I) {
          return isa<LoadInst>(I) && I.getType()->isPointerTy();
        }))
      PointerLoads.push_back(BB);
  Guards Found;
  for (BasicBlock *BB : Nest.blocks()) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional() || isa<Constant>(Br->getCondition()) ||
        !Nest.isLoopInvariant(Br->getCondition()))
      continue;
    auto LeadsToRows = [&](unsigned I) {
      BasicBlock *Succ = Br->getSuccessor(I);
      return Nest.contains(Succ) &&
             any_of(PointerLoads, [&](const BasicBlock *Load) {
               return DT.dominates(BasicBlockEdge(BB, Succ), Load);
             });
    };
    if (LeadsToRows(0) != LeadsToRows(1))
      Found[Br] = LeadsToRows(0);
  }
  return Found;
}

/// The loop of the row index of @p Ld, a load of a row pointer, if it is
/// an affine recurrence of one.
static const Loop *getRowLoop(LoadInst *Ld, ScalarEvolution &SE) {
  auto *GEP = cast<GetElementPtrInst>(Ld->getPointerOperand());
  const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(GEP->idx_begin()->get()));
  return AR ? AR->getLoop() : nullptr;
}

/// The table and row index of @p Ld, a load of a row pointer: the one index
/// of an address computation over the entries of a table (the pointer starts
/// the entry), counting up by one in the loop that holds the load or one
/// around it, which loads it on every iteration (where the guards of
/// @p Taken go their way). The table is invariant in @p Nest, or loaded in
/// it, before @p Ld, from an address that is.
static std::optional<std::pair<Value *, Value *>>
getTableAndIndex(LoadInst *Ld, const Loop &Nest, LoopInfo &LI,
                 DominatorTree &DT, ScalarEvolution &SE, const Guards &Taken) {
  auto *GEP = dyn_cast<GetElementPtrInst>(Ld->getPointerOperand());
  if (!Ld->isSimple() || !GEP || GEP->getNumIndices() != 1 ||
      !GEP->getSourceElementType()->isSized())
    return std::nullopt;
  Value *Table = GEP->getPointerOperand();
  if (auto *Slot = dyn_cast<LoadInst>(Table);
      Slot && Nest.contains(Slot)
          ? !Slot->isSimple() ||
                !Nest.isLoopInvariant(Slot->getPointerOperand()) ||
                !DT.dominates(Slot, Ld)
          : !Nest.isLoopInvariant(Table))
    return std::nullopt;
  Value *Index = GEP->idx_begin()->get();
  const Loop *L = LI.getLoopFor(Ld->getParent());
  const auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Index));
  if (!AR || !L || !AR->getLoop()->contains(L) || !AR->isAffine() ||
      !AR->getStepRecurrence(SE)->isOne())
    return std::nullopt;
  for (const Loop *X = L; X != AR->getLoop()->getParentLoop();
       X = X->getParentLoop())
    if (!runsEveryIteration(Ld->getParent(), *X, Taken))
      return std::nullopt;
  return std::make_pair(GEP->getPointerOperand(), Index);
}

/// True if nothing in @p Nest may change what the loads of @p T read.
static bool isUnchanged(const RowTable &T, const Loop &Nest, AAResults &AA) {
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (!I.mayWriteToMemory())
        continue;
      auto *St = dyn_cast<StoreInst>(&I);
      if (!St)
        return false;
      MemoryLocation Stored = MemoryLocation::getBeforeOrAfter(
          St->getPointerOperand(), St->getAAMetadata());
      for (LoadInst *Ld : T.Loads)
        if (!AA.isNoAlias(Stored,
                          MemoryLocation::getBeforeOrAfter(
                              Ld->getPointerOperand(), Ld->getAAMetadata())))
          return false;
    }
  return true;
}

/// The tables of row pointers @p Nest reads, if every load of a pointer in
/// it is such a row or a table loaded in the nest, and the tables stay as
/// they are.
static SmallVector<RowTable, 4> findTables(const Loop &Nest, LoopInfo &LI,
                                           DominatorTree &DT,
                                           ScalarEvolution &SE, AAResults &AA,
                                           BoundsOverNest &B,
                                           const Guards &Taken) {
  MapVector<Value *, RowTable> Tables;
  SmallPtrSet<Value *, 4> Slots;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (auto *Ld = dyn_cast<LoadInst>(&I))
        if (auto TableAndIndex = getTableAndIndex(Ld, Nest, LI, DT, SE, Taken);
            TableAndIndex &&
            Nest.contains(cast<Instruction>(Ld->getPointerOperand())))
          if (auto *Slot = dyn_cast<LoadInst>(TableAndIndex->first);
              Slot && Nest.contains(Slot))
            Slots.insert(Slot);
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      auto *Ld = dyn_cast<LoadInst>(&I);
      if (!Ld || !Ld->getType()->isPointerTy() || Slots.contains(Ld))
        continue;
      auto TableAndIndex = getTableAndIndex(Ld, Nest, LI, DT, SE, Taken);
      Type *Element = TableAndIndex ? getElementType(Ld, Nest) : nullptr;
      std::optional<Bounds> Range =
          Element ? B.get(SE.getSCEV(TableAndIndex->second)) : std::nullopt;
      if (!Range)
        return {};
      RowTable &T = Tables[TableAndIndex->first];
      Type *Entry = cast<GetElementPtrInst>(Ld->getPointerOperand())
                        ->getSourceElementType();
      if ((T.Element && T.Element != Element) || (T.Entry && T.Entry != Entry))
        return {};
      T.Base = TableAndIndex->first;
      T.Slot = dyn_cast<LoadInst>(T.Base);
      if (T.Slot && !Nest.contains(T.Slot))
        T.Slot = nullptr;
      T.Element = Element;
      T.Entry = Entry;
      T.Loads.push_back(Ld);
      T.Min = T.Min ? SE.getSMinExpr(T.Min, Range->Min) : Range->Min;
      T.Max = T.Max ? SE.getSMaxExpr(T.Max, Range->Max) : Range->Max;
    }
  SmallVector<RowTable, 4> Found;
  for (auto &[Base, T] : Tables) {
    if (!isUnchanged(T, Nest, AA))
      return {};
    Found.push_back(T);
  }
  // A table loaded in the nest is used for nothing else.
  for (Value *Slot : Slots)
    for (User *U : Slot->users())
      if (!any_of(Found, [&](const RowTable &T) {
            return any_of(T.Loads, [&](LoadInst *Ld) {
              return Ld->getPointerOperand() == U;
            });
          }))
        return {};
  return Found;
}

/// The bytes each store of @p Nest may write, relative to a row of
/// @p Tables or to an invariant base; nothing if some store's are unknown.
static std::optional<SmallVector<Written, 4>>
getWritten(const Loop &Nest, ArrayRef<RowTable> Tables, ScalarEvolution &SE,
           BoundsOverNest &B) {
  const DataLayout &DL = Nest.getHeader()->getDataLayout();
  SmallVector<Written, 4> Found;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      auto *St = dyn_cast<StoreInst>(&I);
      if (!St)
        continue;
      Value *Ptr = St->getPointerOperand();
      Value *Row = Ptr;
      if (auto *GEP = dyn_cast<GetElementPtrInst>(Ptr))
        Row = GEP->getPointerOperand();
      Written W;
      const SCEV *Start = nullptr;
      for (auto [Index, T] : enumerate(Tables))
        if (is_contained(T.Loads, Row)) {
          W.Table = Index;
          Start = SE.getSCEV(Row);
        }
      if (!Start) {
        const auto *Base =
            dyn_cast<SCEVUnknown>(SE.getPointerBase(SE.getSCEV(Ptr)));
        if (!Base || !Nest.isLoopInvariant(Base->getValue()))
          return std::nullopt;
        W.Base = Base->getValue();
        Start = Base;
      }
      std::optional<Bounds> Offset =
          B.get(SE.getMinusSCEV(SE.getSCEV(Ptr), Start));
      if (!Offset)
        return std::nullopt;
      W.Min = Offset->Min;
      W.Max = SE.getAddExpr(
          Offset->Max,
          SE.getConstant(
              B.type(), DL.getTypeStoreSize(St->getValueOperand()->getType())));
      Found.push_back(W);
    }
  return Found;
}

/// The 64-bit value of @p S, which the check keeps within 64 bits, before
/// @p At.
static Value *expandI64(SCEVExpander &Expander, const SCEV *S,
                        Instruction *At) {
  IRBuilder<> Builder(At);
  return Builder.CreateTrunc(Expander.expandCodeFor(S, S->getType(), At),
                             Builder.getInt64Ty());
}

/// In the copy's preheader, before it enters @p Copy: the tables loaded in
/// the nest are read once, before it, so no store of the nest may write
/// where they are loaded from; the original loops run otherwise.
static void checkSlots(Loop &Copy, BasicBlock *Original,
                       ArrayRef<RowTable> Tables, ArrayRef<Written> Stores,
                       ArrayRef<std::pair<Value *, Value *>> RowsAndExtent,
                       ScalarEvolution &SE, LoopInfo &LI, DominatorTree &DT) {
  BasicBlock *CheckBB = Copy.getLoopPreheader();
  SplitBlock(CheckBB, CheckBB->getTerminator(), &DT, &LI, nullptr,
             CheckBB->getName() + ".raise.rows.enter");
  Instruction *At = CheckBB->getTerminator();
  IRBuilder<> Builder(At);
  SCEVExpander Expander(SE, "raise.rows");
  Type *I64 = Builder.getInt64Ty();
  Value *Apart = Builder.getTrue();
  for (const RowTable &T : Tables) {
    if (!T.Slot)
      continue;
    Value *Slot = Builder.CreatePtrToInt(T.Slot->getPointerOperand(), I64);
    Value *SlotEnd = Builder.CreateAdd(
        Slot, Builder.getInt64(
                  At->getDataLayout().getTypeStoreSize(T.Slot->getType())));
    for (const Written &W : Stores) {
      Value *Lo, *Hi;
      Value *Min = expandI64(Expander, W.Min, At);
      Value *Max = expandI64(Expander, W.Max, At);
      if (W.Table >= 0) {
        auto [Row0, Extent] = RowsAndExtent[W.Table];
        Value *Start = Builder.CreatePtrToInt(Row0, I64);
        Lo = Builder.CreateAdd(Start, Min);
        Hi = Builder.CreateAdd(Builder.CreateAdd(Start, Extent), Max);
      } else {
        Value *Start = Builder.CreatePtrToInt(W.Base, I64);
        Lo = Builder.CreateAdd(Start, Min);
        Hi = Builder.CreateAdd(Start, Max);
      }
      Apart = Builder.CreateAnd(
          Apart, Builder.CreateOr(Builder.CreateICmpULE(SlotEnd, Lo),
                                  Builder.CreateICmpUGE(Slot, Hi)));
    }
  }
  BasicBlock *Enter = At->getSuccessor(0);
  BranchInst::Create(Enter, Original,
                     Builder.CreateFreeze(Apart, "raise.rows.apart"),
                     At->getIterator());
  At->eraseFromParent();
  DT.recalculate(*CheckBB->getParent());
}

/// What the copy needs to gather the rows of its tables where they are not
/// evenly spaced (RowGather.h): the bytes of each row it copies, and every
/// other range of memory the nest touches, for the plan's check.
struct GatherPlan {
  struct Columns {
    /// Bytes [Lo, Hi) from the start of each row.
    const SCEV *Lo = nullptr, *Hi = nullptr;
    bool Written = false;
  };
  struct Range {
    Value *Base = nullptr;
    /// Bytes [Lo, Hi) from Base.
    const SCEV *Lo = nullptr, *Hi = nullptr;
    bool Written = false;
  };
  SmallVector<Columns, 4> Tables;
  SmallVector<Range, 4> Others;
};

/// True if @p S changes with the iterations of @p L.
static bool dependsOn(const SCEV *S, const Loop *L) {
  return SCEVExprContains(S, [L](const SCEV *E) {
    const auto *AR = dyn_cast<SCEVAddRecExpr>(E);
    return AR && AR->getLoop() == L;
  });
}

/// True if the offsets @p Offset takes over @p Nest are every element of
/// @p Size bytes between the least and the greatest: one element, or one
/// loop stepping through them.
static bool isDense(const SCEV *Offset, uint64_t Size, const Loop &Nest,
                    ScalarEvolution &SE) {
  const auto *AR = dyn_cast<SCEVAddRecExpr>(Offset);
  if (!AR)
    return SE.isLoopInvariant(Offset, &Nest);
  const auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  return AR->isAffine() && SE.isLoopInvariant(AR->getStart(), &Nest) &&
         Step && Step->getAPInt().abs() == Size;
}

/// How the copy of @p Nest can gather the rows of @p Tables, if it can.
/// Copying a row is safe where the source reads the same row at both ends of
/// the bytes copied (all between is in the same object): so every access
/// through a row runs on every iteration of the loops from the row's loop
/// down to it, at offsets that do not depend on the row. Gathering is worth
/// it only where copying a table costs less than the nest's own work (a
/// product, not a stream): every access through a row varies with fewer
/// loops than the nest's deepest statements have around them.
static std::optional<GatherPlan>
planGather(const Loop &Nest, ArrayRef<RowTable> Tables, LoopInfo &LI,
           ScalarEvolution &SE, BoundsOverNest &B, const Guards &Taken) {
  const DataLayout &DL = Nest.getHeader()->getDataLayout();
  if (DL.getPointerSizeInBits() != 64)
    return std::nullopt;
  auto Join = [&](const SCEV *&Lo, const SCEV *&Hi, const Bounds &Offset,
                  uint64_t Size) {
    const SCEV *End =
        SE.getAddExpr(Offset.Max, SE.getConstant(B.type(), Size));
    Lo = Lo ? SE.getSMinExpr(Lo, Offset.Min) : Offset.Min;
    Hi = Hi ? SE.getSMaxExpr(Hi, End) : End;
  };
  // The loops around the nest's deepest statements: a table is worth
  // copying where its accesses vary with fewer of them.
  unsigned Depth = 0;
  for (const Loop *L : Nest.getLoopsInPreorder())
    Depth = std::max(Depth, L->getLoopDepth() - Nest.getLoopDepth() + 1);
  GatherPlan Plan;
  SmallPtrSet<const Instruction *, 16> Through;
  for (const RowTable &T : Tables) {
    GatherPlan::Columns C;
    uint64_t Size = DL.getTypeStoreSize(T.Element);
    SetVector<const SCEV *> Offsets;
    for (LoadInst *Ld : T.Loads) {
      Through.insert(Ld);
      const Loop *L = getRowLoop(Ld, SE);
      const SCEV *Index = SE.getSCEV(
          cast<GetElementPtrInst>(Ld->getPointerOperand())->idx_begin()->get());
      // Every row in [Min, Max] is read with the same columns.
      std::optional<Bounds> Rows = B.get(Index);
      if (!Rows || Rows->Min != T.Min || Rows->Max != T.Max)
        return std::nullopt;
      SmallVector<std::pair<Instruction *, Value *>, 4> Accesses;
      for (User *U : Ld->users()) {
        if (auto *GEP = dyn_cast<GetElementPtrInst>(U)) {
          for (User *V : GEP->users())
            Accesses.push_back({cast<Instruction>(V), GEP});
          continue;
        }
        Accesses.push_back({cast<Instruction>(U), Ld});
      }
      for (auto [I, Ptr] : Accesses) {
        if (!L->contains(I) || getLoadStoreAlignment(I).value() > Size)
          return std::nullopt;
        Through.insert(I);
        const SCEV *Offset =
            SE.getMinusSCEV(SE.getSCEV(Ptr), SE.getSCEV(Ld));
        if (dependsOn(Offset, L))
          return std::nullopt;
        unsigned Varies = 0;
        for (const Loop *X = LI.getLoopFor(I->getParent());
             X != Nest.getParentLoop(); X = X->getParentLoop()) {
          bool Inside = X == L || L->contains(X);
          if (Inside && !runsEveryIteration(I->getParent(), *X, Taken))
            return std::nullopt;
          Varies += dependsOn(Offset, X) || dependsOn(Index, X);
        }
        std::optional<Bounds> Columns = B.get(Offset);
        if (Varies >= Depth || !Columns)
          return std::nullopt;
        Join(C.Lo, C.Hi, *Columns, Size);
        C.Written |= isa<StoreInst>(I);
        Offsets.insert(Offset);
      }
    }
    // Rows written go back whole: only bytes the nest writes, all of them,
    // or the copy would race with threads writing the others.
    if (C.Written &&
        (Offsets.size() != 1 || !isDense(Offsets.front(), Size, Nest, SE)))
      return std::nullopt;
    Plan.Tables.push_back(C);
  }
  // Everything else the nest touches, by base: among it where a table the
  // nest loads itself is loaded from, which the copy reads once before it
  // (its stores go to the block, so no check of the copy protects it).
  MapVector<Value *, GatherPlan::Range> Others;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB) {
      if (Through.contains(&I) || !I.mayReadOrWriteMemory())
        continue;
      Value *Ptr = getLoadStorePointerOperand(&I);
      if (!Ptr)
        return std::nullopt;
      const SCEV *Address = SE.getSCEV(Ptr);
      const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(Address));
      if (!Base || !Nest.isLoopInvariant(Base->getValue()))
        return std::nullopt;
      std::optional<Bounds> Offset =
          B.get(SE.getMinusSCEV(Address, Base));
      if (!Offset)
        return std::nullopt;
      GatherPlan::Range &R = Others[Base->getValue()];
      R.Base = Base->getValue();
      Join(R.Lo, R.Hi, *Offset, DL.getTypeStoreSize(getLoadStoreType(&I)));
      R.Written |= isa<StoreInst>(I);
    }
  for (auto &[Base, R] : Others)
    Plan.Others.push_back(R);
  return Plan;
}

/// Where a table's rows go in the gathered block.
struct GatheredTable {
  Value *Lo, *Hi, *Pitch, *Offset;
};

/// The layout of the gathered block before @p At: each table's rows one
/// after the other, every `Pitch` bytes (whole elements), each table at a
/// multiple of 64 bytes; and the block's
/// size, past what the plan takes where it would not fit.
static std::pair<SmallVector<GatheredTable, 4>, Value *>
layOutBlock(ArrayRef<RowTable> Tables, const GatherPlan &Plan,
            ArrayRef<Value *> Counts, ScalarEvolution &SE, Instruction *At) {
  const DataLayout &DL = At->getDataLayout();
  SCEVExpander Expander(SE, "raise.rows.gather");
  IRBuilder<> Builder(At);
  Type *I128 = Builder.getIntNTy(128);
  SmallVector<GatheredTable, 4> Layout;
  Value *End = Builder.getIntN(128, 0);
  for (auto [T, C, Count] : zip(Tables, Plan.Tables, Counts)) {
    Value *Size = Builder.getInt64(DL.getTypeAllocSize(T.Element));
    Value *Lo = expandI64(Expander, C.Lo, At);
    Value *Hi = expandI64(Expander, C.Hi, At);
    // A row's elements start at column Lo / Size, which the 2-D array the
    // copy reads takes as less than the distance between rows: the pitch
    // spans columns from 0 (or from Lo, where that is below 0).
    Value *Span = Builder.CreateSub(
        Hi, Builder.CreateBinaryIntrinsic(Intrinsic::smin, Lo,
                                          Builder.getInt64(0)));
    Value *Pitch = Builder.CreateMul(
        Builder.CreateUDiv(
            Builder.CreateAdd(Span,
                              Builder.CreateSub(Size, Builder.getInt64(1))),
            Size),
        Size);
    Value *Offset = Builder.CreateTrunc(End, Builder.getInt64Ty());
    Layout.push_back({Lo, Hi, Pitch, Offset});
    Value *Bytes = Builder.CreateMul(Builder.CreateZExt(Count, I128),
                                     Builder.CreateZExt(Pitch, I128));
    End = Builder.CreateAnd(
        Builder.CreateAdd(Builder.CreateAdd(End, Bytes),
                          Builder.getIntN(128, 63)),
        Builder.getIntN(128, ~uint64_t(63)));
  }
  // The plan refuses sizes beyond 2^56 bytes.
  Value *Total = Builder.CreateSelect(
      Builder.CreateICmpUGT(End, Builder.getIntN(128, 1ull << 56)),
      Builder.getInt64((1ull << 56) + 1),
      Builder.CreateTrunc(End, Builder.getInt64Ty()), "raise.rows.bytes");
  return {Layout, Total};
}

/// Makes the copy @p Copy gather its rows where a table's are not evenly
/// spaced (@p Even is false): its preheader asks the plan (RowGather.h) for
/// a block, and runs the original loops from @p Original if there is none;
/// else it copies the rows into the block and reads them there (@p Row0s and
/// @p Distances become PHIs of both ways), and every exit of the copy
/// copies the rows it writes back and frees the block. The exits call the
/// scatter whichever way the copy was entered, so that Polly's region ends
/// before it.
static void gatherRows(Loop &Copy, BasicBlock *Original, Value *Even,
                       ArrayRef<RowTable> Tables, const GatherPlan &Plan,
                       ArrayRef<Value *> Bases, ArrayRef<Value *> Firsts,
                       ArrayRef<Value *> Counts,
                       MutableArrayRef<Value *> Row0s,
                       MutableArrayRef<Value *> Distances,
                       ScalarEvolution &SE, LoopInfo &LI, DominatorTree &DT,
                       StringRef CheckAttr, const BlockHeap &Heap) {
  BasicBlock *Preheader = Copy.getLoopPreheader();
  Function &F = *Preheader->getParent();
  Module &M = *F.getParent();
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  BasicBlock *Enter =
      SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI, nullptr,
                 Preheader->getName() + ".raise.rows.enter");
  auto *Ask = BasicBlock::Create(Ctx, "raise.rows.plan", &F, Enter);
  auto *Gather = BasicBlock::Create(Ctx, "raise.rows.gather", &F, Enter);
  Preheader->getTerminator()->eraseFromParent();
  BranchInst::Create(Enter, Ask, Even, Preheader);

  // The ranges the plan checks, in an array in the entry block.
  StructType *Range = getRangeType(Ctx);
  unsigned NumRanges = Tables.size() + Plan.Others.size();
  Type *RangesType = ArrayType::get(Range, NumRanges);
  IRBuilder<> Builder(&*F.getEntryBlock().getFirstInsertionPt());
  Value *Ranges =
      Builder.CreateAlloca(RangesType, nullptr, "raise.rows.ranges");
  Value *NumRangesValue = Builder.getInt64(NumRanges);
  Builder.SetInsertPoint(Ask);
  Instruction *AskEnd = Builder.CreateUnreachable();
  Builder.SetInsertPoint(AskEnd);
  auto [Layout, Bytes] = layOutBlock(Tables, Plan, Counts, SE, AskEnd);
  SCEVExpander Expander(SE, "raise.rows.plan");
  unsigned K = 0;
  auto Describe = [&](uint64_t Flags, Value *Base, Value *First, Value *Count,
                      uint64_t EntrySize, Value *Lo, Value *Hi, Value *Offset,
                      Value *Pitch) {
    Value *R = Builder.CreateConstInBoundsGEP2_32(RangesType, Ranges, 0, K++);
    Value *Fields[] = {Builder.getInt64(Flags),
                       Base,
                       First,
                       Count,
                       Builder.getInt64(EntrySize),
                       Lo,
                       Hi,
                       Offset,
                       Pitch};
    for (auto [Index, V] : enumerate(Fields))
      Builder.CreateStore(V, Builder.CreateStructGEP(Range, R, Index));
  };
  for (auto [T, C, Base, First, Count, G] :
       zip(Tables, Plan.Tables, Bases, Firsts, Counts, Layout))
    Describe(RangeRows | (C.Written ? RangeWritten : 0), Base, First, Count,
             DL.getTypeAllocSize(T.Entry), G.Lo, G.Hi, G.Offset, G.Pitch);
  for (const GatherPlan::Range &R : Plan.Others)
    Describe(R.Written ? RangeWritten : 0, R.Base, Builder.getInt64(0),
             Builder.getInt64(1), 0, expandI64(Expander, R.Lo, AskEnd),
             expandI64(Expander, R.Hi, AskEnd), Builder.getInt64(0),
             Builder.getInt64(0));
  Value *Block = Builder.CreateCall(&getRowPlanFunction(M, CheckAttr, Heap),
                                    {Ranges, NumRangesValue, Bytes},
                                    "raise.rows.block");
  BranchInst::Create(Original, Gather, Builder.CreateIsNull(Block), Ask);
  AskEnd->eraseFromParent();

  // Copy every row in, then read the block at a distance of Pitch.
  Builder.SetInsertPoint(Gather);
  Builder.CreateCall(&getRowGatherFunction(M, CheckAttr),
                     {Block, Ranges, NumRangesValue});
  Type *I8 = Builder.getInt8Ty();
  SmallVector<std::pair<Value *, Value *>, 4> InBlock;
  for (auto [T, G] : zip(Tables, Layout))
    InBlock.push_back(
        {Builder.CreateGEP(I8, Block, Builder.CreateSub(G.Offset, G.Lo)),
         Builder.CreateUDiv(G.Pitch,
                            Builder.getInt64(DL.getTypeAllocSize(T.Element)))});
  Builder.CreateBr(Enter);
  Builder.SetInsertPoint(&Enter->front());
  PHINode *Gathered = Builder.CreatePHI(Block->getType(), 2);
  Gathered->addIncoming(ConstantPointerNull::get(Builder.getPtrTy()),
                        Preheader);
  Gathered->addIncoming(Block, Gather);
  for (auto [Row0, D, Rows] : zip(Row0s, Distances, InBlock)) {
    PHINode *Row = Builder.CreatePHI(Row0->getType(), 2);
    Row->addIncoming(Row0, Preheader);
    Row->addIncoming(Rows.first, Gather);
    PHINode *Pitch = Builder.CreatePHI(D->getType(), 2);
    Pitch->addIncoming(D, Preheader);
    Pitch->addIncoming(Rows.second, Gather);
    Row0 = Row;
    D = Pitch;
  }

  // The rows written go back on every way out of the copy.
  DT.recalculate(F);
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> Exits;
  Copy.getExitEdges(Exits);
  for (auto [From, To] : Exits) {
    BasicBlock *Out = SplitEdge(From, To, &DT, &LI);
    Builder.SetInsertPoint(Out->getTerminator());
    Builder.CreateCall(&getRowScatterFunction(M, CheckAttr, Heap),
                       {Gathered, Ranges, NumRangesValue});
  }
  DT.recalculate(F);
}

/// Versions @p Nest on its row tables, if it reads rows through any.
static std::optional<VersionedNest>
versionNestOnTables(Loop &Nest, LoopInfo &LI, DominatorTree &DT,
                    ScalarEvolution &SE, AAResults &AA, bool GatherRows,
                    StringRef CheckAttr, const BlockHeap &Heap) {
  if (!canVersion(Nest))
    return std::nullopt;
  BoundsOverNest B(Nest, SE);
  // Rows read under guards on sizes (-O2, -Os) are read on every iteration
  // of a copy that runs only where the guards hold.
  Guards Taken;
  SmallVector<RowTable, 4> Tables = findTables(Nest, LI, DT, SE, AA, B, Taken);
  if (Tables.empty() && !(Taken = findGuards(Nest, DT)).empty())
    Tables = findTables(Nest, LI, DT, SE, AA, B, Taken);
  if (Tables.empty())
    return std::nullopt;
  // The loops from the nest down to each load enter when their trip counts
  // are at least one (see the file comment): their counts join the check.
  Type *I64 = Type::getInt64Ty(Nest.getHeader()->getContext());
  for (const RowTable &T : Tables)
    for (LoadInst *Ld : T.Loads)
      for (Loop *L = LI.getLoopFor(Ld->getParent()); L != Nest.getParentLoop();
           L = L->getParentLoop())
        if (!B.get(SE.getAddRecExpr(SE.getZero(I64), SE.getOne(I64), L,
                                    SCEV::FlagAnyWrap)))
          return std::nullopt;
  // Tables loaded in the nest are read once in the copy: what its stores
  // write must be known.
  std::optional<SmallVector<Written, 4>> Stores;
  if (any_of(Tables, [](const RowTable &T) { return T.Slot; }) &&
      !(Stores = getWritten(Nest, Tables, SE, B)))
    return std::nullopt;
  // Where rows may be gathered, the copy runs whether or not they are evenly
  // spaced; its own preheader decides how it reads them.
  std::optional<GatherPlan> Plan =
      GatherRows ? planGather(Nest, Tables, LI, SE, B, Taken) : std::nullopt;
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, SE);
  Type *I128 = B.type();
  auto InI64 = [&](const SCEV *Min, const SCEV *Max) {
    Conditions.push_back(
        {ICmpInst::ICMP_SGE, Min,
         SE.getConstant(APInt::getSignedMinValue(64).sext(128))});
    Conditions.push_back(
        {ICmpInst::ICMP_SLE, Max,
         SE.getConstant(APInt::getSignedMaxValue(64).sext(128))});
  };
  for (const RowTable &T : Tables)
    InI64(T.Min, T.Max);
  if (Plan) {
    for (const GatherPlan::Columns &C : Plan->Tables)
      InI64(C.Lo, C.Hi);
    for (const GatherPlan::Range &R : Plan->Others)
      InI64(R.Lo, R.Hi);
  }
  Instruction *Entry = Nest.getLoopPredecessor()->getTerminator();
  if (!simplifyConditions(Conditions, Entry, SE))
    return std::nullopt;
  SCEVExpander Safe(SE, "raise.rows");
  for (const RowTable &T : Tables)
    if (!Safe.isSafeToExpandAt(T.Min, Entry) ||
        !Safe.isSafeToExpandAt(T.Max, Entry) ||
        (T.Slot &&
         !isDereferenceableAndAlignedPointer(
             T.Slot->getPointerOperand(), T.Slot->getType(), T.Slot->getAlign(),
             Entry->getDataLayout(), Entry, nullptr, &DT)))
      return std::nullopt;
  if (Stores)
    for (const Written &W : *Stores)
      if (!Safe.isSafeToExpandAt(W.Min, Entry) ||
          !Safe.isSafeToExpandAt(W.Max, Entry))
        return std::nullopt;
  if (Plan &&
      (any_of(Plan->Tables,
              [&](const GatherPlan::Columns &C) {
                return !Safe.isSafeToExpandAt(C.Lo, Entry) ||
                       !Safe.isSafeToExpandAt(C.Hi, Entry);
              }) ||
       any_of(Plan->Others, [&](const GatherPlan::Range &R) {
         return !Safe.isSafeToExpandAt(R.Lo, Entry) ||
                !Safe.isSafeToExpandAt(R.Hi, Entry);
       })))
    Plan.reset();

  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  Instruction *At = Nest.getLoopPreheader()->getTerminator();
  Module &M = *At->getModule();
  const DataLayout &DL = M.getDataLayout();
  Function &Distance = getDistanceFunction(M, CheckAttr);
  SCEVExpander Expander(SE, "raise.rows");
  IRBuilder<> Builder(At);
  // Where the guards hold; elsewhere the check reads no table. Frozen, as
  // the check is (expandCheck): the nest may never have branched on them.
  Value *Guarded = Builder.getTrue();
  for (auto [Term, Way] : Taken) {
    Value *Cond = cast<BranchInst>(Term)->getCondition();
    Guarded = Builder.CreateAnd(
        Guarded, Way ? Cond : Builder.CreateNot(Cond, "raise.rows.unless"));
  }
  if (!Taken.empty())
    Guarded = Builder.CreateFreeze(Guarded, "raise.rows.guards");
  SmallVector<std::pair<Value *, Value *>, 4> FirstAndDistance;
  SmallVector<Value *, 4> Counts, Bases;
  Value *Even = nullptr;
  for (const RowTable &T : Tables) {
    // A table the nest loads is read here, once (see checkSlots).
    Value *Base = T.Slot ? Builder.CreateLoad(T.Slot->getType(),
                                              T.Slot->getPointerOperand(),
                                              "raise.rows.table")
                         : T.Base;
    Bases.push_back(Base);
    Value *Min = Expander.expandCodeFor(T.Min, I128, At);
    Value *Max = Expander.expandCodeFor(T.Max, I128, At);
    Value *First = Builder.CreateTrunc(Min, I64, "raise.rows.first");
    Value *Count = Builder.CreateSelect(
        Guarded,
        Builder.CreateTrunc(Builder.CreateAdd(Builder.CreateSub(Max, Min),
                                              ConstantInt::get(I128, 1)),
                            I64),
        Builder.getInt64(0), "raise.rows.count");
    Value *D = Builder.CreateCall(
        &Distance,
        {Base, First, Count, Builder.getInt64(DL.getTypeAllocSize(T.Element)),
         Builder.getInt64(DL.getTypeAllocSize(T.Entry))},
        "raise.rows.distance");
    FirstAndDistance.push_back({First, D});
    Counts.push_back(Count);
    Value *Holds = Builder.CreateICmpSGE(D, Builder.getInt64(0));
    Even = Even ? Builder.CreateAnd(Even, Holds) : Holds;
  }
  Value *Check =
      expandCheck(Conditions, At, SE, "raise.rows", Plan ? nullptr : Even);
  if (!Taken.empty())
    Check = Builder.CreateAnd(Guarded, Check, "raise.rows.check");
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);
  // The copy runs only where the guards go their way.
  for (auto [Term, Way] : Taken)
    cast<BranchInst>(VMap[Term])
        ->setCondition(ConstantInt::getBool(Term->getContext(), Way));

  // In the copy, row r is row0 + (r - first) * distance: in the table where
  // its rows are evenly spaced, else in the block they are gathered into.
  Builder.SetInsertPoint(Copy->getLoopPreheader()->getTerminator());
  SmallVector<Value *, 4> Row0s, Distances, Firsts;
  for (auto [T, FD, Base] : zip(Tables, FirstAndDistance, Bases)) {
    if (T.Slot) {
      auto *Copied = cast<Instruction>(VMap[T.Slot]);
      Copied->replaceAllUsesWith(Base);
      Copied->eraseFromParent();
    }
    Row0s.push_back(Builder.CreateLoad(Builder.getPtrTy(),
                                       Builder.CreateGEP(T.Entry, Base,
                                                         FD.first),
                                       "raise.rows.row0"));
    Firsts.push_back(FD.first);
    Distances.push_back(FD.second);
  }
  if (Plan)
    gatherRows(*Copy, Guard->getSuccessor(1), Even, Tables, *Plan, Bases,
               Firsts, Counts, Row0s, Distances, SE, LI, DT, CheckAttr, Heap);
  SmallVector<std::pair<Value *, Value *>, 4> RowsAndExtent;
  for (auto [T, First, D, Row0, Count] :
       zip(Tables, Firsts, Distances, Row0s, Counts)) {
    // Bytes from row0 to the last row.
    RowsAndExtent.push_back(
        {Row0, Builder.CreateMul(
                   Builder.CreateMul(
                       Builder.CreateSub(Count, Builder.getInt64(1)), D),
                   Builder.getInt64(DL.getTypeAllocSize(T.Element)))});
    for (LoadInst *Ld : T.Loads) {
      auto *Copied = cast<LoadInst>(VMap[Ld]);
      auto *GEP = cast<GetElementPtrInst>(Copied->getPointerOperand());
      IRBuilder<> At(Copied);
      Value *Index = At.CreateSExtOrTrunc(GEP->idx_begin()->get(), I64);
      Value *Row = At.CreateGEP(T.Element, Row0,
                                At.CreateMul(At.CreateSub(Index, First), D),
                                Ld->getName() + ".raise.row");
      Copied->replaceAllUsesWith(Row);
      Copied->eraseFromParent();
    }
  }
  if (Stores)
    checkSlots(*Copy, Guard->getSuccessor(1), Tables, *Stores, RowsAndExtent,
               SE, LI, DT);
  return VersionedNest{Guard, Copy->getHeader(), Nest.getHeader(),
                       unsigned(Tables.size()),
                       Plan ? VersionedNest::Change::GatheredRows
                            : VersionedNest::Change::RowTables};
}

std::vector<VersionedNest>
raising::versionRowTables(Function &F, LoopInfo &LI, DominatorTree &DT,
                          ScalarEvolution &SE, AAResults &AA,
                          const SmallPtrSetImpl<const BasicBlock *> &Skip,
                          bool GatherRows, StringRef CheckAttr,
                          const BlockHeap &Heap) {
  std::vector<VersionedNest> Versioned;
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests) {
    if (Skip.contains(Nest->getHeader()))
      continue;
    if (std::optional<VersionedNest> N =
            versionNestOnTables(*Nest, LI, DT, SE, AA, GatherRows,
                                CheckAttr, Heap)) {
      Versioned.push_back(*N);
      SE.forgetLoop(Nest);
    }
  }
  return Versioned;
}
