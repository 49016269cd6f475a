//===- ExpandMemsets.cpp - Memsets and local copies as loops -------------===//

#include "ExpandMemsets.h"

#include "polly/ScopInfo.h"
#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "isl/set.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace raising;

namespace {

/// A memset or memcpy to expand: its rows and columns and the type it
/// stores.
struct Candidate {
  MemIntrinsic *Memset;
  Type *ElementType;
  Value *Rows;
  Value *Columns;
  bool Exact;
};

} // namespace

/// The element type of the array at @p Base that a store in a loop of @p F
/// writes, and that store's pointer; null where no loop stores to it. The
/// first such store in the function's order decides, so that the choice is
/// deterministic.
static StoreInst *findLoopStore(Function &F, LoopInfo &LI, ScalarEvolution &SE,
                                const SCEV *Base) {
  for (BasicBlock &BB : F) {
    if (!LI.getLoopFor(&BB))
      continue;
    for (Instruction &I : BB) {
      auto *Store = dyn_cast<StoreInst>(&I);
      if (!Store || Store->isVolatile() ||
          !SE.isSCEVable(Store->getPointerOperand()->getType()))
        continue;
      if (SE.getPointerBase(SE.getSCEV(Store->getPointerOperand())) == Base)
        return Store;
    }
  }
  return nullptr;
}

/// True if one of the strides with which @p Store walks its array, in
/// bytes, is @p Size elements of @p ElementSize bytes: @p Size is then the
/// length of the array's rows.
static bool isRowStride(ScalarEvolution &SE, StoreInst &Store, Value *Size,
                        unsigned ElementSize) {
  const SCEV *Stride = SE.getMulExpr(
      SE.getConstant(Size->getType(), ElementSize), SE.getSCEV(Size));
  const SCEV *Ptr = SE.getSCEV(Store.getPointerOperand());
  while (const auto *AddRec = dyn_cast<SCEVAddRecExpr>(Ptr)) {
    if (AddRec->getStepRecurrence(SE) == Stride)
      return true;
    Ptr = AddRec->getStart();
  }
  return false;
}

/// True if @p Ptr moves in some loop by a stride that is not a constant.
static bool hasVariableStride(const SCEV *Ptr) {
  while (const auto *AddRec = dyn_cast<SCEVAddRecExpr>(Ptr)) {
    if (!isa<SCEVConstant>(AddRec->getOperand(1)))
      return true;
    Ptr = AddRec->getStart();
  }
  return false;
}

/// True if @p Count * @p ElementSize cannot wrap in 64 bits by the ranges
/// ScalarEvolution knows for the factors of @p Count.
static bool fitsByRange(ScalarEvolution &SE, ArrayRef<Value *> Factors,
                        unsigned ElementSize) {
  APInt Product(128, ElementSize);
  for (Value *V : Factors) {
    APInt Max = SE.getUnsignedRangeMax(SE.getSCEV(V)).zext(128);
    bool Overflow = false;
    Product = Product.umul_ov(Max, Overflow);
    if (Overflow)
      return false;
  }
  return Product.ult(APInt(128, 1).shl(64));
}

/// True if @p Count * @p ElementSize cannot wrap past 2^63 in 64 bits by
/// the signed range ScalarEvolution knows for @p Count (a row from the
/// diagonal down, `n - j`, which it knows no unsigned bound of): a count
/// that is negative as a signed value makes both the memset and the loops
/// reach beyond any object (none spans 2^63 bytes), so either way the
/// program has no defined behaviour.
static bool fitsBySignedRange(ScalarEvolution &SE, Value *Count,
                              unsigned ElementSize) {
  ConstantRange Range = SE.getSignedRange(SE.getSCEV(Count));
  APInt Limit = APInt::getSignedMaxValue(64).sdiv(APInt(64, ElementSize));
  return Range.getSignedMin().sge(-Limit) && Range.getSignedMax().sle(Limit);
}

/// @p M as a candidate: a non-volatile memset of zeros whose length is
/// ElementSize * Rows * Columns or ElementSize * Columns, where ElementSize
/// is that of an array a loop stores to at the memset's base and Columns
/// the length of its rows.
static std::optional<Candidate>
getCandidate(Function &F, LoopInfo &LI, ScalarEvolution &SE, MemSetInst &M) {
  auto *Value0 = dyn_cast<ConstantInt>(M.getValue());
  if (M.isVolatile() || !Value0 || !Value0->isZero() ||
      !M.getLength()->getType()->isIntegerTy(64))
    return std::nullopt;
  const SCEV *Base = SE.getPointerBase(SE.getSCEV(M.getDest()));
  StoreInst *Store = findLoopStore(F, LI, SE, Base);
  if (!Store)
    return std::nullopt;
  Type *ElementType = Store->getValueOperand()->getType();
  const DataLayout &DL = F.getDataLayout();
  if (!ElementType->isIntegerTy() && !ElementType->isFloatingPointTy())
    return std::nullopt;
  TypeSize Size = DL.getTypeStoreSize(ElementType);
  if (Size.isScalable() || Size != DL.getTypeAllocSize(ElementType) ||
      !isPowerOf2_64(Size.getFixedValue()) || Size.getFixedValue() > 8)
    return std::nullopt;
  unsigned ElementSize = Size.getFixedValue();

  // Length = ElementSize * Count, as a shift or a product; or, as LLVM
  // writes the length of a range [lb, ub] it zeroes (a thread's chunk of
  // rows), ElementSize * (ub - lb) + ElementSize: one row of Count + 1.
  Value *Len = M.getLength();
  Value *Count = nullptr;
  bool ScaleNoWrap = false;
  bool PlusOne = false;
  if (Value *Scaled;
      match(Len, m_NUWAdd(m_Value(Scaled), m_SpecificInt(ElementSize)))) {
    Len = Scaled;
    PlusOne = true;
  }
  if (match(Len, m_Shl(m_Value(Count), m_SpecificInt(Log2_32(ElementSize)))) ||
      match(Len, m_c_Mul(m_Value(Count), m_SpecificInt(ElementSize))))
    ScaleNoWrap = cast<OverflowingBinaryOperator>(Len)->hasNoUnsignedWrap();
  else if (ElementSize == 1)
    Count = Len;
  else
    return std::nullopt;
  if (isa<Constant>(Count))
    return std::nullopt;

  // Count = Rows * Columns, or Columns alone.
  Value *X = nullptr, *Y = nullptr;
  if (!PlusOne && match(Count, m_Mul(m_Value(X), m_Value(Y))) &&
      !isa<Constant>(X) && !isa<Constant>(Y)) {
    bool CountNoWrap =
        ScaleNoWrap &&
        cast<OverflowingBinaryOperator>(Count)->hasNoUnsignedWrap();
    if (isRowStride(SE, *Store, Y, ElementSize))
      std::swap(X, Y);
    else if (!isRowStride(SE, *Store, X, ElementSize))
      return std::nullopt;
    // X is the rows' length.
    return Candidate{&M, ElementType, Y, X,
                     CountNoWrap || fitsByRange(SE, {X, Y}, ElementSize)};
  }
  // A row that a loop moves by a constant stride Polly models, and the
  // importer turns into a loop itself; one whose stride is a size it reads
  // as bytes it cannot fit to the array's rows.
  // A range outside every loop Polly models as bytes whose length it reads
  // piecewise (the zero extension of ub - lb).
  if (!hasVariableStride(SE.getSCEV(M.getDest())) &&
      (!PlusOne || LI.getLoopFor(M.getParent())))
    return std::nullopt;
  bool Exact = ScaleNoWrap || fitsByRange(SE, {Count}, ElementSize) ||
               fitsBySignedRange(SE, Count, ElementSize);
  if (PlusOne)
    Count = BinaryOperator::CreateNUWAdd(Count,
                                         ConstantInt::get(Count->getType(), 1),
                                         "raise.memset.count", M.getIterator());
  return Candidate{&M, ElementType, nullptr, Count, Exact};
}

/// @p M as a candidate: a non-volatile memcpy in a loop whose destination
/// or source is a whole local array of integers or floating-point values
/// (`float acc[8]` kept in memory), copied element by element.
static std::optional<Candidate> getCopyCandidate(LoopInfo &LI, MemCpyInst &M) {
  auto *Length = dyn_cast<ConstantInt>(M.getLength());
  if (M.isVolatile() || !Length || !LI.getLoopFor(M.getParent()))
    return std::nullopt;
  const DataLayout &DL = M.getDataLayout();
  for (Value *Side : {M.getRawDest(), M.getRawSource()}) {
    auto *Local = dyn_cast<AllocaInst>(Side->stripPointerCasts());
    if (!Local || !Local->isStaticAlloca() || Local->isArrayAllocation())
      continue;
    auto *Array = dyn_cast<ArrayType>(Local->getAllocatedType());
    if (!Array || Array->getNumElements() == 0)
      continue;
    Type *ElementType = Array->getElementType();
    if (!ElementType->isIntegerTy() && !ElementType->isFloatingPointTy())
      continue;
    TypeSize Size = DL.getTypeStoreSize(ElementType);
    if (Size.isScalable() || Size != DL.getTypeAllocSize(ElementType) ||
        DL.getTypeAllocSize(Array) != Length->getZExtValue())
      continue;
    return Candidate{&M, ElementType, nullptr,
                     ConstantInt::get(Type::getInt64Ty(M.getContext()),
                                      Array->getNumElements()),
                     /*Exact=*/true};
  }
  return std::nullopt;
}

/// Replaces @p C's memset by loops of zero stores, or its memcpy by a loop
/// of element copies, and records them.
static ExpandedMemset expand(Candidate &C) {
  MemIntrinsic &M = *C.Memset;
  auto *Copy = dyn_cast<MemCpyInst>(&M);
  BasicBlock *Head = M.getParent();
  Function &F = *Head->getParent();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *After = SplitBlock(Head, M.getNextNode());
  const DebugLoc &Loc = M.getDebugLoc();
  Type *I64 = Type::getInt64Ty(Ctx);
  StringRef Prefix = Copy ? "raise.memcpy." : "raise.memset.";
  auto NewBlock = [&](const Twine &Name) {
    return BasicBlock::Create(Ctx, Prefix + Name, &F, After);
  };

  ExpandedMemset E;
  E.Memset = &M;
  E.Rows = C.Rows;
  E.Columns = C.Columns;
  E.ElementSize = F.getDataLayout().getTypeStoreSize(C.ElementType);
  E.Exact = C.Exact;

  // Guard: an empty range stores nothing. Every loop below is entered from a
  // preheader of its own and left to an exit of its own, as LLVM's loop
  // passes (and Polly) expect.
  BasicBlock *Guard = NewBlock("guard");
  BasicBlock *Preheader = NewBlock("preheader");
  BasicBlock *Outer = C.Rows ? NewBlock("row") : nullptr;
  BasicBlock *Inner = NewBlock("column");
  BasicBlock *Latch = C.Rows ? NewBlock("latch") : nullptr;
  BasicBlock *Exit = NewBlock("exit");
  Head->getTerminator()->setSuccessor(0, Guard);

  IRBuilder<> B(Guard);
  B.SetCurrentDebugLocation(Loc);
  Value *Empty = B.CreateICmpEQ(C.Columns, ConstantInt::get(I64, 0));
  if (C.Rows)
    Empty = B.CreateOr(B.CreateICmpEQ(C.Rows, ConstantInt::get(I64, 0)), Empty);
  B.CreateCondBr(Empty, After, Preheader);

  B.SetInsertPoint(Preheader);
  B.CreateBr(C.Rows ? Outer : Inner);

  PHINode *Row = nullptr;
  Value *RowStart = ConstantInt::get(I64, 0);
  if (C.Rows) {
    B.SetInsertPoint(Outer);
    Row = B.CreatePHI(I64, 2, Prefix + "i");
    Row->addIncoming(ConstantInt::get(I64, 0), Preheader);
    RowStart = B.CreateMul(Row, C.Columns);
    B.CreateBr(Inner);
  }

  B.SetInsertPoint(Inner);
  PHINode *Column = B.CreatePHI(I64, 2, Prefix + "j");
  Column->addIncoming(ConstantInt::get(I64, 0), C.Rows ? Outer : Preheader);
  Value *Index = C.Rows ? B.CreateAdd(RowStart, Column) : Column;
  Value *Element = Constant::getNullValue(C.ElementType);
  if (Copy) {
    auto *Load = B.CreateAlignedLoad(
        C.ElementType, B.CreateGEP(C.ElementType, Copy->getSource(), Index),
        commonAlignment(Copy->getSourceAlign().valueOrOne(), E.ElementSize));
    Load->setAAMetadata(M.getAAMetadata());
    Element = Load;
  }
  Value *Ptr = B.CreateGEP(C.ElementType, M.getDest(), Index);
  StoreInst *Store = B.CreateAlignedStore(
      Element, Ptr,
      commonAlignment(M.getDestAlign().valueOrOne(), E.ElementSize));
  Store->setAAMetadata(M.getAAMetadata());
  Value *NextColumn = B.CreateNUWAdd(Column, ConstantInt::get(I64, 1));
  Column->addIncoming(NextColumn, Inner);
  B.CreateCondBr(B.CreateICmpEQ(NextColumn, C.Columns), C.Rows ? Latch : Exit,
                 Inner);

  if (C.Rows) {
    B.SetInsertPoint(Latch);
    Value *NextRow = B.CreateNUWAdd(Row, ConstantInt::get(I64, 1));
    Row->addIncoming(NextRow, Latch);
    B.CreateCondBr(B.CreateICmpEQ(NextRow, C.Rows), Exit, Outer);
  }

  B.SetInsertPoint(Exit);
  B.CreateBr(After);

  M.removeFromParent();
  E.Dest = M.getDest();
  E.Length = M.getLength();
  if (Copy) {
    E.Source = Copy->getSource();
    Copy->setSource(PoisonValue::get(Copy->getSource()->getType()));
  }
  M.setDest(PoisonValue::get(M.getDest()->getType()));
  M.setLength(PoisonValue::get(M.getLength()->getType()));
  E.Guard = Guard;
  E.Preheader = Preheader;
  E.Exit = Exit;
  for (BasicBlock *BB : {Outer, Inner, Latch})
    if (BB)
      E.LoopBlocks.emplace_back(BB);
  return E;
}

std::vector<ExpandedMemset>
raising::expandZeroingMemsets(Function &F, LoopInfo &LI, ScalarEvolution &SE) {
  std::vector<Candidate> Candidates;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *M = dyn_cast<MemSetInst>(&I)) {
        if (std::optional<Candidate> C = getCandidate(F, LI, SE, *M))
          Candidates.push_back(*C);
      } else if (auto *M = dyn_cast<MemCpyInst>(&I)) {
        if (std::optional<Candidate> C = getCopyCandidate(LI, *M))
          Candidates.push_back(*C);
      }
  std::vector<ExpandedMemset> Expanded;
  for (Candidate &C : Candidates)
    Expanded.push_back(expand(C));
  return Expanded;
}

void raising::assumeNoWrap(polly::Scop &S,
                           const std::vector<ExpandedMemset> &Expanded,
                           ScalarEvolution &SE) {
  for (const ExpandedMemset &E : Expanded) {
    auto *Header = cast_or_null<BasicBlock>(E.LoopBlocks.front());
    if (E.Exact || !Header || !S.contains(Header))
      continue;
    // Every size below 2^Bits, so that their product in bytes is below 2^62.
    SmallVector<Value *, 2> Sizes = {E.Columns};
    if (E.Rows)
      Sizes.push_back(E.Rows);
    unsigned Bits = (62 - Log2_32(E.ElementSize)) / Sizes.size();
    isl::set Bounded = isl::set::universe(S.getFullParamSpace());
    for (Value *Size : Sizes) {
      const SCEV *Param = SE.getSCEV(Size);
      int Pos = S.isParam(Param)
                    ? isl_set_find_dim_by_id(Bounded.get(), isl_dim_param,
                                             S.getIdForParam(Param).get())
                    : -1;
      // A size that is no parameter cannot be bounded: no check holds.
      if (Pos < 0) {
        S.invalidate(polly::WRAPPING, E.Memset->getDebugLoc(), Header);
        return;
      }
      Bounded = isl::manage(
          isl_set_lower_bound_si(Bounded.release(), isl_dim_param, Pos, 0));
      isl::val Max(Bounded.ctx(), (int64_t(1) << Bits) - 1);
      Bounded = isl::manage(isl_set_upper_bound_val(
          Bounded.release(), isl_dim_param, Pos, Max.release()));
    }
    S.addAssumption(polly::WRAPPING, Bounded, E.Memset->getDebugLoc(),
                    polly::AS_ASSUMPTION, Header);
  }
}

bool raising::isExpansionBlock(const BasicBlock *BB,
                               const std::vector<ExpandedMemset> &Expanded) {
  for (const ExpandedMemset &E : Expanded) {
    if (E.Guard == BB || E.Preheader == BB || E.Exit == BB)
      return true;
    for (const WeakVH &Block : E.LoopBlocks)
      if (Block == BB)
        return true;
  }
  return false;
}

bool raising::isOnlyExpansions(const polly::Scop &S,
                               const std::vector<ExpandedMemset> &Expanded) {
  if (Expanded.empty())
    return false;
  for (const polly::ScopStmt &Stmt : S) {
    const BasicBlock *BB = Stmt.isBlockStmt() ? Stmt.getBasicBlock()
                                              : Stmt.getRegion()->getEntry();
    if (!isExpansionBlock(BB, Expanded))
      return false;
  }
  return true;
}

void raising::restoreMemset(Function &F, ExpandedMemset &E) {
  auto *Preheader = cast_or_null<BasicBlock>(E.Preheader);
  auto *Exit = cast_or_null<BasicBlock>(E.Exit);
  auto *Copy = dyn_cast<MemCpyInst>(E.Memset);
  if (!Preheader || !Exit || !E.Dest || !E.Length || (Copy && !E.Source)) {
    E.Memset->deleteValue();
    return;
  }
  // The preheader zeroes (copies) the range with the memset (memcpy) and
  // leaves; the guard before it still skips an empty range, where the
  // intrinsic stored nothing.
  Preheader->getTerminator()->eraseFromParent();
  E.Memset->setDest(E.Dest);
  if (Copy)
    Copy->setSource(E.Source);
  E.Memset->setLength(E.Length);
  E.Memset->insertInto(Preheader, Preheader->end());
  BranchInst::Create(Exit, Preheader);
  // The loops, and anything splicing put between the preheader and them,
  // are unreachable now.
  df_iterator_default_set<BasicBlock *> Reachable;
  for (BasicBlock *BB : depth_first_ext(&F, Reachable))
    (void)BB;
  SmallVector<BasicBlock *, 8> Dead;
  for (BasicBlock &BB : F)
    if (!Reachable.count(&BB))
      Dead.push_back(&BB);
  DeleteDeadBlocks(Dead);
}
