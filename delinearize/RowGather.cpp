//===- RowGather.cpp - Rows gathered into one block at run time -----------===//
//
// Why the plan's sweep finds every clash: ranges are visited by their first
// byte; a range overlaps an earlier one exactly where it starts before the
// end of that one. So a written range clashes if it starts before the
// furthest end of all earlier ranges, and a range only read clashes if it
// starts before the furthest end of the earlier written ones. Ranges read by
// both sides may overlap: reading a row twice, or a row that is also another
// table's, copies the same bytes twice.
//
//===----------------------------------------------------------------------===//

#include "RowGather.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace raising;

/// The intervals the plan sorts: `{i64 Lo, i64 Hi, i64 Written}`, addresses.
static StructType *getIntervalType(LLVMContext &Ctx) {
  Type *I64 = Type::getInt64Ty(Ctx);
  return StructType::get(Ctx, {I64, I64, I64});
}

StructType *raising::getRangeType(LLVMContext &Ctx) {
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  return StructType::get(Ctx, {I64, Ptr, I64, I64, I64, I64, I64, I64, I64});
}

/// A new internal function of @p M named @p Name, which raise leaves alone.
static Function &createHelper(Module &M, StringRef Name, FunctionType *Type,
                              StringRef CheckAttr) {
  auto *F = Function::Create(Type, GlobalValue::InternalLinkage, Name, M);
  F->addFnAttr(CheckAttr);
  F->addFnAttr(Attribute::NoUnwind);
  return *F;
}

/// Emits `for (I = 0; I < Count; ++I) Body(I)` where @p B is, and leaves
/// @p B after the loop. @p Body may add blocks; the loop continues from the
/// block it ends in.
static void emitLoop(IRBuilder<> &B, Value *Count, const Twine &Name,
                     function_ref<void(Value *)> Body) {
  Function *F = B.GetInsertBlock()->getParent();
  LLVMContext &Ctx = F->getContext();
  BasicBlock *Before = B.GetInsertBlock();
  auto *Head = BasicBlock::Create(Ctx, Name + ".head", F);
  auto *Start = BasicBlock::Create(Ctx, Name + ".body", F);
  auto *Exit = BasicBlock::Create(Ctx, Name + ".exit", F);
  B.CreateBr(Head);
  B.SetInsertPoint(Head);
  PHINode *I = B.CreatePHI(B.getInt64Ty(), 2, Name + ".i");
  I->addIncoming(B.getInt64(0), Before);
  B.CreateCondBr(B.CreateICmpSLT(I, Count), Start, Exit);
  B.SetInsertPoint(Start);
  Body(I);
  I->addIncoming(B.CreateAdd(I, B.getInt64(1)), B.GetInsertBlock());
  B.CreateBr(Head);
  B.SetInsertPoint(Exit);
}

/// The address of row @p R of a table: the pointer at the start of entry
/// @p First + @p R, entries @p EntrySize bytes apart.
static Value *loadRow(IRBuilder<> &B, Value *Table, Value *First, Value *R,
                      Value *EntrySize) {
  Value *Entry = B.CreateGEP(B.getInt8Ty(), Table,
                             B.CreateMul(B.CreateAdd(First, R), EntrySize));
  return B.CreateLoad(B.getPtrTy(), Entry, "row");
}

/// Calls of the heap functions @p Heap names.
static Value *allocate(IRBuilder<> &B, const BlockHeap &Heap, Value *Bytes) {
  Module &M = *B.GetInsertBlock()->getModule();
  Type *Ptr = B.getPtrTy(), *I64 = B.getInt64Ty();
  if (Heap.Alloc.empty())
    return B.CreateCall(
        M.getOrInsertFunction("malloc", FunctionType::get(Ptr, {I64}, false)),
        Bytes, "block");
  return B.CreateCall(
      M.getOrInsertFunction(Heap.Alloc,
                            FunctionType::get(Ptr, {I64, I64}, false)),
      {B.getInt64(64), Bytes}, "block");
}

static void release(IRBuilder<> &B, const BlockHeap &Heap, Value *Block) {
  Module &M = *B.GetInsertBlock()->getModule();
  B.CreateCall(M.getOrInsertFunction(
                   Heap.Alloc.empty() ? StringRef("free") : Heap.Free,
                   FunctionType::get(B.getVoidTy(), {B.getPtrTy()}, false)),
               Block);
}

/// `i32 (ptr, ptr)`: qsort's order of intervals, by their first byte.
static Function &getOrderFunction(Module &M, StringRef CheckAttr) {
  static constexpr const char *Name = "raise.rows.order";
  if (Function *F = M.getFunction(Name))
    return *F;
  LLVMContext &Ctx = M.getContext();
  Type *Ptr = PointerType::getUnqual(Ctx);
  Function &F = createHelper(
      M, Name, FunctionType::get(Type::getInt32Ty(Ctx), {Ptr, Ptr}, false),
      CheckAttr);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  Value *L = B.CreateLoad(B.getInt64Ty(), F.getArg(0));
  Value *R = B.CreateLoad(B.getInt64Ty(), F.getArg(1));
  B.CreateRet(B.CreateSub(B.CreateZExt(B.CreateICmpUGT(L, R), B.getInt32Ty()),
                          B.CreateZExt(B.CreateICmpULT(L, R), B.getInt32Ty())));
  return F;
}

Function &raising::getRowPlanFunction(Module &M, StringRef CheckAttr,
                                      const BlockHeap &Heap) {
  if (Function *F = M.getFunction(RowPlanFunction))
    return *F;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  FunctionCallee Sort = M.getOrInsertFunction(
      "qsort",
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, I64, I64, Ptr}, false));
  Function &Order = getOrderFunction(M, CheckAttr);
  Function &F = createHelper(
      M, RowPlanFunction, FunctionType::get(Ptr, {Ptr, I64, I64}, false),
      CheckAttr);
  Argument *Ranges = F.getArg(0), *NumRanges = F.getArg(1),
           *Bytes = F.getArg(2);
  StructType *Range = getRangeType(Ctx);
  StructType *Interval = getIntervalType(Ctx);
  const uint64_t IntervalSize =
      M.getDataLayout().getTypeAllocSize(Interval).getFixedValue();

  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  auto *Fail = BasicBlock::Create(Ctx, "fail", &F);
  auto *Null = BasicBlock::Create(Ctx, "null", &F);
  Value *Count = B.CreateAlloca(I64, nullptr, "count");
  Value *EndAll = B.CreateAlloca(I64, nullptr, "end.all");
  Value *EndWritten = B.CreateAlloca(I64, nullptr, "end.written");
  B.CreateStore(B.getInt64(0), Count);
  B.CreateStore(B.getInt64(0), EndAll);
  B.CreateStore(B.getInt64(0), EndWritten);
  auto Field = [&](Value *R, unsigned K, Type *T) {
    return B.CreateLoad(T, B.CreateStructGEP(Range, R, K));
  };
  auto IsRows = [&](Value *Flags) {
    return B.CreateICmpNE(B.CreateAnd(Flags, RangeRows), B.getInt64(0));
  };
  // One interval a row, or a range.
  emitLoop(B, NumRanges, "count", [&](Value *D) {
    Value *R = B.CreateGEP(Range, Ranges, D);
    Value *N = B.CreateSelect(IsRows(Field(R, 0, I64)), Field(R, 3, I64),
                              B.getInt64(1));
    B.CreateStore(B.CreateAdd(B.CreateLoad(I64, Count), N), Count);
  });
  // Blocks too large for the address space fail here, as in malloc.
  Value *Intervals = B.CreateLoad(I64, Count, "intervals");
  auto *Allocate = BasicBlock::Create(Ctx, "allocate", &F);
  B.CreateCondBr(B.CreateOr(B.CreateICmpUGT(Bytes, B.getInt64(1ull << 56)),
                            B.CreateICmpUGT(Intervals, B.getInt64(1ull << 48))),
                 Null, Allocate);
  B.SetInsertPoint(Allocate);
  Value *Block = allocate(
      B, Heap,
      B.CreateAdd(Bytes, B.CreateMul(Intervals, B.getInt64(IntervalSize))));
  auto *Fill = BasicBlock::Create(Ctx, "fill", &F);
  B.CreateCondBr(B.CreateIsNull(Block), Null, Fill);
  B.SetInsertPoint(Fill);
  Value *Sorted = B.CreateGEP(B.getInt8Ty(), Block, Bytes, "sorted");
  B.CreateStore(B.getInt64(0), Count);
  auto Append = [&](Value *Lo, Value *Hi, Value *Written) {
    Value *K = B.CreateLoad(I64, Count);
    Value *I = B.CreateGEP(Interval, Sorted, K);
    B.CreateStore(Lo, B.CreateStructGEP(Interval, I, 0));
    B.CreateStore(Hi, B.CreateStructGEP(Interval, I, 1));
    B.CreateStore(Written, B.CreateStructGEP(Interval, I, 2));
    B.CreateStore(B.CreateAdd(K, B.getInt64(1)), Count);
  };
  emitLoop(B, NumRanges, "fill", [&](Value *D) {
    Value *R = B.CreateGEP(Range, Ranges, D);
    Value *Flags = Field(R, 0, I64);
    Value *Base = B.CreatePtrToInt(Field(R, 1, Ptr), I64);
    Value *First = Field(R, 2, I64), *N = Field(R, 3, I64),
          *EntrySize = Field(R, 4, I64), *Lo = Field(R, 5, I64),
          *Hi = Field(R, 6, I64);
    Value *Written = B.CreateAnd(Flags, RangeWritten);
    auto *Rows = BasicBlock::Create(Ctx, "fill.rows", &F);
    auto *Plain = BasicBlock::Create(Ctx, "fill.range", &F);
    auto *Next = BasicBlock::Create(Ctx, "fill.next", &F);
    B.CreateCondBr(IsRows(Flags), Rows, Plain);
    B.SetInsertPoint(Plain);
    Append(B.CreateAdd(Base, Lo), B.CreateAdd(Base, Hi), Written);
    B.CreateBr(Next);
    B.SetInsertPoint(Rows);
    emitLoop(B, N, "fill.row", [&](Value *Index) {
      Value *Row = B.CreatePtrToInt(
          loadRow(B, Field(R, 1, Ptr), First, Index, EntrySize), I64);
      Append(B.CreateAdd(Row, Lo), B.CreateAdd(Row, Hi), Written);
    });
    B.CreateBr(Next);
    B.SetInsertPoint(Next);
  });
  B.CreateCall(Sort,
               {Sorted, Intervals, B.getInt64(IntervalSize), &Order});
  emitLoop(B, Intervals, "sweep", [&](Value *K) {
    Value *I = B.CreateGEP(Interval, Sorted, K);
    Value *Lo = B.CreateLoad(I64, B.CreateStructGEP(Interval, I, 0));
    Value *Hi = B.CreateLoad(I64, B.CreateStructGEP(Interval, I, 1));
    Value *Written = B.CreateICmpNE(
        B.CreateLoad(I64, B.CreateStructGEP(Interval, I, 2)), B.getInt64(0));
    auto *Test = BasicBlock::Create(Ctx, "sweep.test", &F);
    auto *Update = BasicBlock::Create(Ctx, "sweep.update", &F);
    auto *Next = BasicBlock::Create(Ctx, "sweep.next", &F);
    // An empty range overlaps nothing.
    B.CreateCondBr(B.CreateICmpUGE(Lo, Hi), Next, Test);
    B.SetInsertPoint(Test);
    Value *All = B.CreateLoad(I64, EndAll);
    Value *Writes = B.CreateLoad(I64, EndWritten);
    B.CreateCondBr(B.CreateICmpULT(Lo, B.CreateSelect(Written, All, Writes)),
                   Fail, Update);
    B.SetInsertPoint(Update);
    B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax, All, Hi), EndAll);
    B.CreateStore(B.CreateSelect(Written,
                                 B.CreateBinaryIntrinsic(Intrinsic::umax,
                                                         Writes, Hi),
                                 Writes),
                  EndWritten);
    B.CreateBr(Next);
    B.SetInsertPoint(Next);
  });
  B.CreateRet(Block);
  B.SetInsertPoint(Fail);
  release(B, Heap, Block);
  B.CreateBr(Null);
  B.SetInsertPoint(Null);
  B.CreateRet(ConstantPointerNull::get(PointerType::getUnqual(Ctx)));
  return F;
}

/// The gather (`ToRows` false) or scatter function: `void (ptr Block, ptr
/// Ranges, i64 NumRanges)`.
static Function &getCopyFunction(Module &M, StringRef Name, bool ToRows,
                                 StringRef CheckAttr, const BlockHeap &Heap) {
  if (Function *F = M.getFunction(Name))
    return *F;
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *Ptr = PointerType::getUnqual(Ctx);
  Function &F = createHelper(
      M, Name,
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr, Ptr, I64}, false),
      CheckAttr);
  Argument *Block = F.getArg(0), *Ranges = F.getArg(1),
           *NumRanges = F.getArg(2);
  StructType *Range = getRangeType(Ctx);
  IRBuilder<> B(BasicBlock::Create(Ctx, "entry", &F));
  auto *Start = BasicBlock::Create(Ctx, "start", &F);
  auto *Done = BasicBlock::Create(Ctx, "done", &F);
  B.CreateCondBr(B.CreateIsNull(Block), Done, Start);
  B.SetInsertPoint(Start);
  uint64_t Copied = ToRows ? RangeRows | RangeWritten : RangeRows;
  emitLoop(B, NumRanges, "range", [&](Value *D) {
    Value *R = B.CreateGEP(Range, Ranges, D);
    auto Field = [&](unsigned K, Type *T) {
      return B.CreateLoad(T, B.CreateStructGEP(Range, R, K));
    };
    auto *Rows = BasicBlock::Create(Ctx, "range.rows", &F);
    auto *Next = BasicBlock::Create(Ctx, "range.next", &F);
    Value *Flags = Field(0, I64);
    B.CreateCondBr(
        B.CreateICmpEQ(B.CreateAnd(Flags, Copied), B.getInt64(Copied)), Rows,
        Next);
    B.SetInsertPoint(Rows);
    Value *Table = Field(1, Ptr), *First = Field(2, I64), *N = Field(3, I64),
          *EntrySize = Field(4, I64), *Lo = Field(5, I64),
          *Width = B.CreateSub(Field(6, I64), Lo),
          *Rows0 = B.CreateGEP(B.getInt8Ty(), Block, Field(7, I64)),
          *Pitch = Field(8, I64);
    emitLoop(B, N, "row", [&](Value *Index) {
      Value *InRow = B.CreateGEP(
          B.getInt8Ty(), loadRow(B, Table, First, Index, EntrySize), Lo);
      Value *InBlock =
          B.CreateGEP(B.getInt8Ty(), Rows0, B.CreateMul(Index, Pitch));
      if (ToRows)
        B.CreateMemCpy(InRow, Align(1), InBlock, Align(1), Width);
      else
        B.CreateMemCpy(InBlock, Align(1), InRow, Align(1), Width);
    });
    B.CreateBr(Next);
    B.SetInsertPoint(Next);
  });
  if (ToRows)
    release(B, Heap, Block);
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();
  return F;
}

Function &raising::getRowGatherFunction(Module &M, StringRef CheckAttr) {
  return getCopyFunction(M, RowGatherFunction, /*ToRows=*/false, CheckAttr,
                         BlockHeap());
}

Function &raising::getRowScatterFunction(Module &M, StringRef CheckAttr,
                                         const BlockHeap &Heap) {
  return getCopyFunction(M, RowScatterFunction, /*ToRows=*/true, CheckAttr,
                         Heap);
}

void raising::eraseUnusedRowFunctions(Module &M) {
  for (const char *Name : {RowPlanFunction, "raise.rows.order",
                           RowGatherFunction, RowScatterFunction})
    if (Function *F = M.getFunction(Name); F && F->use_empty())
      F->eraseFromParent();
}
