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

/// The table and row index of @p Ld, a load of a row pointer: the one index
/// of an address computation over the entries of a table (the pointer starts
/// the entry), counting up by one in the loop that holds the load, which
/// loads it on every iteration. The table is invariant in @p Nest, or loaded
/// in it, before @p Ld, from an address that is.
static std::optional<std::pair<Value *, Value *>>
getTableAndIndex(LoadInst *Ld, const Loop &Nest, LoopInfo &LI,
                 DominatorTree &DT, ScalarEvolution &SE) {
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
  if (!AR || AR->getLoop() != L || !AR->isAffine() ||
      !AR->getStepRecurrence(SE)->isOne() || !L->getLoopLatch() ||
      !DT.dominates(Ld->getParent(), L->getLoopLatch()))
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
                                           BoundsOverNest &B) {
  MapVector<Value *, RowTable> Tables;
  SmallPtrSet<Value *, 4> Slots;
  for (BasicBlock *BB : Nest.blocks())
    for (Instruction &I : *BB)
      if (auto *Ld = dyn_cast<LoadInst>(&I))
        if (auto TableAndIndex = getTableAndIndex(Ld, Nest, LI, DT, SE);
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
      auto TableAndIndex = getTableAndIndex(Ld, Nest, LI, DT, SE);
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
      Value *Min = Builder.CreateTrunc(
          Expander.expandCodeFor(W.Min, W.Min->getType(), At), I64);
      Value *Max = Builder.CreateTrunc(
          Expander.expandCodeFor(W.Max, W.Max->getType(), At), I64);
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

/// Versions @p Nest on its row tables, if it reads rows through any.
static std::optional<VersionedNest>
versionNestOnTables(Loop &Nest, LoopInfo &LI, DominatorTree &DT,
                    ScalarEvolution &SE, AAResults &AA, StringRef CheckAttr) {
  if (!canVersion(Nest))
    return std::nullopt;
  BoundsOverNest B(Nest, SE);
  SmallVector<RowTable, 4> Tables = findTables(Nest, LI, DT, SE, AA, B);
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
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, SE);
  Type *I128 = B.type();
  for (const RowTable &T : Tables) {
    Conditions.push_back(
        {ICmpInst::ICMP_SGE, T.Min,
         SE.getConstant(APInt::getSignedMinValue(64).sext(128))});
    Conditions.push_back(
        {ICmpInst::ICMP_SLE, T.Max,
         SE.getConstant(APInt::getSignedMaxValue(64).sext(128))});
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

  if (!Nest.getLoopPreheader())
    InsertPreheaderForLoop(&Nest, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
  Instruction *At = Nest.getLoopPreheader()->getTerminator();
  Module &M = *At->getModule();
  const DataLayout &DL = M.getDataLayout();
  Function &Distance = getDistanceFunction(M, CheckAttr);
  SCEVExpander Expander(SE, "raise.rows");
  IRBuilder<> Builder(At);
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
    Value *Count =
        Builder.CreateTrunc(Builder.CreateAdd(Builder.CreateSub(Max, Min),
                                              ConstantInt::get(I128, 1)),
                            I64, "raise.rows.count");
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
  Value *Check = expandCheck(Conditions, At, SE, "raise.rows", Even);
  ValueToValueMapTy VMap;
  auto [Copy, Guard] = versionNest(Nest, Check, VMap, LI, DT);

  // In the copy, row r is row0 + (r - first) * distance.
  Builder.SetInsertPoint(Copy->getLoopPreheader()->getTerminator());
  SmallVector<std::pair<Value *, Value *>, 4> RowsAndExtent;
  for (auto [T, FD, Base, Count] :
       zip(Tables, FirstAndDistance, Bases, Counts)) {
    auto [First, D] = FD;
    if (T.Slot) {
      auto *Copied = cast<Instruction>(VMap[T.Slot]);
      Copied->replaceAllUsesWith(Base);
      Copied->eraseFromParent();
    }
    Value *Row0 = Builder.CreateLoad(Builder.getPtrTy(),
                                     Builder.CreateGEP(T.Entry, Base, First),
                                     "raise.rows.row0");
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
                       VersionedNest::Change::RowTables};
}

std::vector<VersionedNest>
raising::versionRowTables(Function &F, LoopInfo &LI, DominatorTree &DT,
                          ScalarEvolution &SE, AAResults &AA,
                          const SmallPtrSetImpl<const BasicBlock *> &Skip,
                          StringRef CheckAttr) {
  std::vector<VersionedNest> Versioned;
  SmallVector<Loop *, 8> Nests(LI.begin(), LI.end());
  for (Loop *Nest : Nests) {
    if (Skip.contains(Nest->getHeader()))
      continue;
    if (std::optional<VersionedNest> N =
            versionNestOnTables(*Nest, LI, DT, SE, AA, CheckAttr)) {
      Versioned.push_back(*N);
      SE.forgetLoop(Nest);
    }
  }
  return Versioned;
}
