//===- CollapsedRows.cpp - collapse(2) chunks walked row by row -----------===//

#include "CollapsedRows.h"

#include "NestVersioning.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace raising;

namespace {

/// A loop over a collapsed chunk, as found before it is copied.
struct CollapsedLoop {
  Loop *L;
  PHINode *IV;
  /// The divisions of the induction variable by N (the row) and its
  /// remainders (the column).
  SmallVector<BinaryOperator *, 4> Rows, Columns;
  Value *N;
  /// The greatest value N may have.
  APInt MaxN;
  /// The first and last value of the induction variable.
  const SCEV *First, *Last;
  /// The flat indices recombineFlatIndices() put back as t, truncated.
  SmallVector<Instruction *, 4> Flat;
};

} // namespace

/// True if @p X and @p Y are the same value: the same, or loads of one
/// shared variable the function only reads (a `noalias` `readonly`
/// parameter: nothing writes it while the function runs).
static bool isSameValue(Value *X, Value *Y) {
  if (X == Y)
    return true;
  auto *LX = dyn_cast<LoadInst>(X), *LY = dyn_cast<LoadInst>(Y);
  if (!LX || !LY || !LX->isSimple() || !LY->isSimple() ||
      LX->getType() != LY->getType() ||
      LX->getPointerOperand() != LY->getPointerOperand())
    return false;
  auto *Shared = dyn_cast<Argument>(LX->getPointerOperand());
  return Shared && Shared->hasNoAliasAttr() && Shared->onlyReadsMemory();
}

/// True if @p X, of a type no wider than @p N's, is @p N truncated: @p N
/// itself or its sign or zero extension.
static bool isTruncatedValue(Value *X, Value *N) {
  if (X->getType() == N->getType())
    return isSameValue(X, N);
  Value *Narrow;
  return match(N, m_ZExtOrSExt(m_Value(Narrow))) &&
         Narrow->getType() == X->getType() && isSameValue(X, Narrow);
}

/// Replaces in @p L the flat index the source recomputes from the row and
/// the column, (t / n)*n + t % n (in a narrower type, truncated), by t
/// itself (truncated): a loop that uses the row and the column only so
/// (llm.c's `bt = b * T + t` under collapse(2)) is a loop over t. This holds
/// whatever the signs, where nothing wraps, and the source's operations
/// say nothing does. Returns the truncations of t it put in their place.
static SmallVector<Instruction *, 4> recombineFlatIndices(Loop &L,
                                                          PHINode *IV) {
  SmallVector<Instruction *, 4> Flat;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Value *X, *Row, *Column, *N;
      if (!match(&I, m_c_Add(m_c_Mul(m_Value(X), m_TruncOrSelf(m_Value(Row))),
                             m_TruncOrSelf(m_Value(Column)))))
        continue;
      bool Signed = match(Row, m_SDiv(m_Specific(IV), m_Value(N)));
      if (!Signed && !match(Row, m_UDiv(m_Specific(IV), m_Value(N))))
        continue;
      bool IsColumn =
          match(Column, m_Sub(m_Specific(IV),
                              m_c_Mul(m_Specific(Row), m_Specific(N)))) ||
          (Signed ? match(Column, m_SRem(m_Specific(IV), m_Specific(N)))
                  : match(Column, m_URem(m_Specific(IV), m_Specific(N))));
      if (IsColumn &&
          I.getType()->getIntegerBitWidth() <=
              IV->getType()->getIntegerBitWidth() &&
          isTruncatedValue(X, N))
        Flat.push_back(&I);
    }
  SmallVector<Instruction *, 4> Truncs;
  for (Instruction *I : Flat) {
    Value *Index = IV;
    if (I->getType() != IV->getType()) {
      Index = new TruncInst(IV, I->getType(), "flat", I->getIterator());
      Truncs.push_back(cast<Instruction>(Index));
    }
    I->replaceAllUsesWith(Index);
    RecursivelyDeleteTriviallyDeadInstructions(I);
  }
  return Truncs;
}

/// @p L as a loop over a collapsed chunk, if it is one.
static std::optional<CollapsedLoop>
findCollapsedLoop(Loop &L, ScalarEvolution &SE, bool &Changed) {
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Latch || !Preheader || L.getExitingBlock() != Latch || !L.getExitBlock())
    return std::nullopt;
  auto *Branch = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!Branch || !Branch->isConditional())
    return std::nullopt;
  // The induction variable is all the loop carries: the rows may then run
  // as loops of their own.
  BasicBlock *Header = L.getHeader();
  if (!hasSingleElement(Header->phis()))
    return std::nullopt;
  auto *IV = dyn_cast<PHINode>(Header->begin());
  if (!IV || !IV->getType()->isIntegerTy() ||
      !match(IV->getIncomingValueForBlock(Latch),
             m_Add(m_Specific(IV), m_One())))
    return std::nullopt;
  // Only the increment and the exit test see t + 1, and nothing after the
  // loop sees t: the copy counts columns in its place.
  auto *Next = cast<Instruction>(IV->getIncomingValueForBlock(Latch));
  Value *Test = Branch->getCondition();
  if (!Test->hasOneUse() ||
      any_of(
          IV->users(),
          [&](const User *U) { return !L.contains(cast<Instruction>(U)); }) ||
      any_of(Next->users(),
             [&](const User *U) { return U != IV && U != Test; }))
    return std::nullopt;
  SmallVector<Instruction *, 4> Flat = recombineFlatIndices(L, IV);
  if (!Flat.empty()) {
    SE.forgetLoop(&L);
    Changed = true;
  }
  if (!canVersion(L))
    return std::nullopt;
  CollapsedLoop C{&L, IV, {}, {}, nullptr, APInt(), nullptr, nullptr, Flat};
  for (User *U : IV->users()) {
    auto *Op = dyn_cast<BinaryOperator>(U);
    if (!Op || Op->getOperand(0) != IV || !L.contains(Op))
      continue;
    bool IsRow = Op->getOpcode() == Instruction::SDiv ||
                 Op->getOpcode() == Instruction::UDiv;
    bool IsColumn = Op->getOpcode() == Instruction::SRem ||
                    Op->getOpcode() == Instruction::URem;
    if (!IsRow && !IsColumn)
      continue;
    Value *N = Op->getOperand(1);
    if (!isDefinedOutside(N, L) || (C.N && C.N != N))
      return std::nullopt;
    C.N = N;
    (IsRow ? C.Rows : C.Columns).push_back(Op);
  }
  if (C.Rows.empty())
    return std::nullopt;
  // A division left in the row (collapse(3) divides the column by the
  // innermost trip count) keeps the row's loop from being a SCoP: the copy
  // would only hide Polly's reason for the original.
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if ((I.getOpcode() == Instruction::SDiv ||
           I.getOpcode() == Instruction::UDiv ||
           I.getOpcode() == Instruction::SRem ||
           I.getOpcode() == Instruction::URem) &&
          !is_contained(C.Rows, &I) && !is_contained(C.Columns, &I) &&
          !L.isLoopInvariant(I.getOperand(0)))
        return std::nullopt;
  C.MaxN = SE.getSignedRangeMax(SE.getSCEV(C.N));
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken))
    return std::nullopt;
  C.First = SE.getSCEV(IV->getIncomingValueForBlock(Preheader));
  C.Last =
      SE.getAddExpr(C.First, SE.getTruncateOrZeroExtend(Taken, IV->getType()));
  SCEVExpander Expander(SE, "raise.collapsed");
  if (!Expander.isSafeToExpandAt(C.Last, Preheader->getTerminator()))
    return std::nullopt;
  return C;
}

/// Rewrites, in @p Copy, the sign extensions of narrower copies of the
/// column t - i*n that clang writes as (column << K) >>exact S (a 32-bit
/// column scaled to bytes) as column << (K - S), which SCEV reads: the
/// column lies in [0, n), and n, at most @p MaxN, fits in the narrower
/// type, so the extension changes nothing.
static void simplifyColumnExtensions(Loop &Copy, Instruction *IV, Value *Row,
                                     Value *N, const APInt &MaxN) {
  unsigned Width = IV->getType()->getIntegerBitWidth();
  SmallVector<std::pair<Instruction *, Value *>, 4> Rewrites;
  for (BasicBlock *BB : Copy.blocks())
    for (Instruction &Column : *BB) {
      if (!match(&Column, m_Sub(m_Specific(IV),
                                m_c_Mul(m_Specific(Row), m_Specific(N)))))
        continue;
      for (User *Shl : Column.users()) {
        const APInt *K, *S;
        if (!match(Shl, m_Shl(m_Specific(&Column), m_APInt(K))) ||
            K->uge(Width) ||
            MaxN.ugt(APInt::getOneBitSet(Width, Width - K->getZExtValue() - 1)))
          continue;
        for (User *AShr : Shl->users())
          if (match(AShr, m_AShr(m_Specific(Shl), m_APInt(S))) && S->ule(*K))
            Rewrites.push_back({cast<Instruction>(AShr),
                                ConstantInt::get(IV->getType(), *K - *S)});
      }
    }
  for (auto [AShr, Shift] : Rewrites) {
    auto *Column = cast<Instruction>(
        cast<Instruction>(AShr->getOperand(0))->getOperand(0));
    AShr->replaceAllUsesWith(BinaryOperator::CreateNUWShl(
        Column, Shift, AShr->getName(), AShr->getIterator()));
    RecursivelyDeleteTriviallyDeadInstructions(AShr);
  }
}

/// Versions the loop of @p C and makes its copy walk the chunk row by row,
/// as the header says.
static void splitRows(CollapsedLoop &C, LoopInfo &LI, DominatorTree &DT,
                      ScalarEvolution &SE) {
  Loop &L = *C.L;
  BasicBlock *Latch = L.getLoopLatch();
  // Frozen, so that the copy's rows agree with each other (the assumption
  // below holds) even where the chunk's bounds are poison.
  IRBuilder<> B(L.getLoopPreheader()->getTerminator());
  SCEVExpander Expander(SE, "raise.collapsed");
  Type *Ty = C.IV->getType();
  Value *First = B.CreateFreeze(
      Expander.expandCodeFor(C.First, Ty, &*B.GetInsertPoint()), "chunk.lb");
  Value *Last = B.CreateFreeze(
      Expander.expandCodeFor(C.Last, Ty, &*B.GetInsertPoint()), "chunk.ub");
  Value *N = B.CreateFreeze(C.N, "row.size");
  Value *Zero = ConstantInt::get(Ty, 0);
  Value *Check = B.CreateAnd(
      B.CreateAnd(B.CreateICmpSGE(First, Zero), B.CreateICmpSGT(N, Zero)),
      B.CreateICmpSLE(First, Last), "collapsed.rows");

  ValueToValueMapTy VMap;
  Loop *Copy = versionNest(L, Check, VMap, LI, DT).first;
  BasicBlock *Preheader = Copy->getLoopPreheader();
  BasicBlock *Header = Copy->getHeader();
  BasicBlock *CopyLatch = cast<BasicBlock>(VMap[Latch]);
  auto *IV = cast<PHINode>(VMap[C.IV]);
  BasicBlock *Exit = Copy->getExitBlock();
  LLVMContext &Ctx = Header->getContext();
  Function *F = Header->getParent();

  // Row i runs t from i*n + max(lb - i*n, 0) to i*n + min(ub - i*n, n - 1),
  // never fewer than one: the columns from and to.
  auto GetColumns = [&](Value *Row) -> std::pair<Value *, Value *> {
    Value *Base = B.CreateMul(Row, N, "row.base");
    return {B.CreateBinaryIntrinsic(Intrinsic::smax, B.CreateSub(First, Base),
                                    Zero, nullptr, "row.from"),
            B.CreateBinaryIntrinsic(Intrinsic::smin, B.CreateSub(Last, Base),
                                    B.CreateSub(N, ConstantInt::get(Ty, 1)),
                                    nullptr, "row.to")};
  };

  // The rows: i from lb / n to ub / n.
  B.SetInsertPoint(Preheader->getTerminator());
  Value *FirstRow = B.CreateUDiv(First, N, "row.first");
  Value *LastRow = B.CreateUDiv(Last, N, "row.last");
  auto [FirstFrom, FirstTo] = GetColumns(FirstRow);
  auto *RowHeader = BasicBlock::Create(Ctx, "collapsed.row", F, Header);
  auto *RowLatch = BasicBlock::Create(Ctx, "collapsed.row.next", F);
  RowLatch->moveAfter(CopyLatch);
  Preheader->getTerminator()->replaceSuccessorWith(Header, RowHeader);

  // Each row's columns are computed before it (in the preheader, or after
  // the row before) and reach it as PHIs, which SCEV does not see through:
  // the row's loop, a SCoP, takes them as parameters, and holds no max or
  // min of its own. The assumption tells Polly that the loop runs at least
  // once, not that it runs once more.
  B.SetInsertPoint(RowHeader);
  PHINode *Row = B.CreatePHI(Ty, 2, "row");
  PHINode *From = B.CreatePHI(Ty, 2, "row.from");
  PHINode *To = B.CreatePHI(Ty, 2, "row.to");
  Row->addIncoming(FirstRow, Preheader);
  From->addIncoming(FirstFrom, Preheader);
  To->addIncoming(FirstTo, Preheader);
  B.CreateAssumption(B.CreateICmpSLE(From, To));
  Value *Base = B.CreateMul(Row, N, "row.base", /*HasNUW=*/true,
                            /*HasNSW=*/true);
  B.CreateBr(Header);

  // The copy's induction variable counts the columns, from `from` to `to`,
  // and t is the row's base plus the column: neither the loop's bounds nor
  // the column are then sums of 64-bit parameters, which Polly would check
  // for wrapping with constants wider than 64 bits (a check it gives up on).
  auto *Branch = cast<BranchInst>(CopyLatch->getTerminator());
  auto *OldTest = cast<Instruction>(Branch->getCondition());
  auto *Next = cast<Instruction>(IV->getIncomingValueForBlock(CopyLatch));
  B.SetInsertPoint(Header, Header->getFirstInsertionPt());
  auto *T = cast<Instruction>(B.CreateNSWAdd(Base, IV, "flat.index"));
  IV->replaceUsesWithIf(T, [&](Use &U) {
    return U.getUser() != Next && U.getUser() != OldTest && U.getUser() != T;
  });
  IV->setIncomingBlock(IV->getBasicBlockIndex(Preheader), RowHeader);
  IV->setIncomingValueForBlock(RowHeader, From);
  B.SetInsertPoint(Branch);
  Branch->setCondition(B.CreateICmpSLT(IV, To, "row.more"));
  if (Branch->getSuccessor(0) != Header)
    Branch->swapSuccessors();
  Branch->setSuccessor(1, RowLatch);
  RecursivelyDeleteTriviallyDeadInstructions(OldTest);
  Exit->replacePhiUsesWith(CopyLatch, RowLatch);

  B.SetInsertPoint(RowLatch);
  Value *NextRow = B.CreateNUWAdd(Row, ConstantInt::get(Ty, 1), "row.next");
  Value *Done = B.CreateICmpEQ(Row, LastRow, "row.done");
  auto [NextFrom, NextTo] = GetColumns(NextRow);
  B.CreateCondBr(Done, Exit, RowHeader);
  Row->addIncoming(NextRow, RowLatch);
  From->addIncoming(NextFrom, RowLatch);
  To->addIncoming(NextTo, RowLatch);

  // The copy uses n frozen, as its rows do: the same value where n is not
  // poison, and t - i*n (where the source computes t % n as t - (t / n)*n)
  // is then the column to SCEV.
  for (BasicBlock *BB : Copy->blocks())
    for (Instruction &I : *BB)
      I.replaceUsesOfWith(C.N, N);
  // In the row, t / n is the row and t % n the column.
  for (BinaryOperator *Div : C.Rows) {
    auto *Copied = cast<Instruction>(VMap[Div]);
    Copied->replaceAllUsesWith(Row);
    Copied->eraseFromParent();
  }
  for (BinaryOperator *Rem : C.Columns) {
    auto *Copied = cast<Instruction>(VMap[Rem]);
    Copied->replaceAllUsesWith(IV);
    Copied->eraseFromParent();
  }
  // A flat index narrower than t is the row's base plus the column, each
  // truncated, for the same reason.
  for (Instruction *Flat : C.Flat) {
    auto *Copied = cast<Instruction>(VMap[Flat]);
    B.SetInsertPoint(Copied);
    Copied->replaceAllUsesWith(
        B.CreateAdd(B.CreateTrunc(Base, Copied->getType()),
                    B.CreateTrunc(IV, Copied->getType()), "flat"));
    Copied->eraseFromParent();
  }
  simplifyColumnExtensions(*Copy, T, Row, N, C.MaxN);
}

bool raising::splitCollapsedRows(Function &F, LoopInfo &LI, DominatorTree &DT,
                                 ScalarEvolution &SE) {
  SmallVector<CollapsedLoop, 2> Found;
  bool Changed = false;
  for (Loop *L : LI)
    if (std::optional<CollapsedLoop> C = findCollapsedLoop(*L, SE, Changed))
      Found.push_back(*C);
  for (CollapsedLoop &C : Found) {
    splitRows(C, LI, DT, SE);
    // The next copy is made with the dominators of this one.
    DT.recalculate(F);
  }
  return Changed || !Found.empty();
}
