//===- BoundsOverNestTest.cpp - Bounds of addresses over loop nests -------===//
//
// The run-time checks of the IR preparations bound what a nest's stores
// write with BoundsOverNest: too narrow a bound lets a copy run on values a
// store changes. These build small nests and compare the bounds with the
// first and last bytes the nest really writes.
//
//===----------------------------------------------------------------------===//

#include "delinearize/NestVersioning.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace raising;

namespace {

/// The analyses of the one function of a module parsed from IR text.
struct Nest {
  LLVMContext Context;
  std::unique_ptr<Module> M;
  Function *F = nullptr;
  std::unique_ptr<TargetLibraryInfoImpl> TLII;
  std::unique_ptr<TargetLibraryInfo> TLI;
  std::unique_ptr<AssumptionCache> AC;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  std::unique_ptr<ScalarEvolution> SE;

  explicit Nest(StringRef IR) {
    SMDiagnostic Error;
    M = parseAssemblyString(IR, Error, Context);
    if (!M)
      return;
    F = &*M->begin();
    TLII = std::make_unique<TargetLibraryInfoImpl>(M->getTargetTriple());
    TLI = std::make_unique<TargetLibraryInfo>(*TLII, F);
    AC = std::make_unique<AssumptionCache>(*F);
    DT = std::make_unique<DominatorTree>(*F);
    LI = std::make_unique<LoopInfo>(*DT);
    SE = std::make_unique<ScalarEvolution>(*F, *TLI, *AC, *DT, *LI);
  }

  /// The bytes the first store writes, from its base, in bytes.
  std::optional<Bounds> storeBounds(BoundsOverNest &B) {
    for (Instruction &I : instructions(*F))
      if (auto *St = dyn_cast<StoreInst>(&I)) {
        const SCEV *Ptr = SE->getSCEV(St->getPointerOperand());
        return B.get(SE->getMinusSCEV(Ptr, SE->getPointerBase(Ptr)));
      }
    return std::nullopt;
  }

  Loop &outermost() { return **LI->begin(); }
};

int64_t value(const SCEV *S) {
  const auto *C = dyn_cast<SCEVConstant>(S);
  return C ? C->getAPInt().getSExtValue() : INT64_MIN;
}

/// The lower triangle of a 5 x 10 array of doubles, `C[i * 10 + j]` for
/// `j <= i`: the inner loop's trip count varies with i.
constexpr const char *LowerTriangle = R"(
define void @tri(ptr %C) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul nuw nsw i64 %i, 10
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %idx = add nuw nsw i64 %row, %j
  %p = getelementptr double, ptr %C, i64 %idx
  store double 0.0, ptr %p
  %j.next = add nuw nsw i64 %j, 1
  %last = icmp eq i64 %j, %i
  br i1 %last, label %latch, label %inner
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 5
  br i1 %done, label %exit, label %outer
exit:
  ret void
}
)";

TEST(BoundsOverNestTest, TriangleReachesItsLastRowsDiagonal) {
  Nest N(LowerTriangle);
  ASSERT_TRUE(N.F);
  BoundsOverNest B(N.outermost(), *N.SE);
  std::optional<Bounds> Written = N.storeBounds(B);
  ASSERT_TRUE(Written);
  // From C[0] to C[4 * 10 + 4], the last byte's start at 44 * 8.
  EXPECT_EQ(value(Written->Min), 0);
  EXPECT_EQ(value(Written->Max), 44 * 8);
  // The inner count runs from 0 to 4: both ends are checked, so that it is
  // never negative where the check holds.
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, *N.SE);
  EXPECT_FALSE(Conditions.empty());
}

/// The strictly lower triangle, `j < i`: the inner loop is skipped for
/// i = 0, where its count is -1.
constexpr const char *StrictTriangle = R"(
define void @tri(ptr %C) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul nuw nsw i64 %i, 10
  %any = icmp sgt i64 %i, 0
  br i1 %any, label %inner, label %latch
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %idx = add nuw nsw i64 %row, %j
  %p = getelementptr double, ptr %C, i64 %idx
  store double 0.0, ptr %p
  %j.next = add nuw nsw i64 %j, 1
  %more = icmp ult i64 %j.next, %i
  br i1 %more, label %inner, label %latch
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 5
  br i1 %done, label %exit, label %outer
exit:
  ret void
}
)";

TEST(BoundsOverNestTest, StrictTriangleSkipsItsFirstRow) {
  Nest N(StrictTriangle);
  ASSERT_TRUE(N.F);
  BoundsOverNest B(N.outermost(), *N.SE);
  std::optional<Bounds> Written = N.storeBounds(B);
  ASSERT_TRUE(Written);
  // Up to C[4 * 10 + 3]; the count of -1 for i = 0 (a 64-bit count, which
  // no loop entered could have) does not make the check fail.
  EXPECT_LE(value(Written->Min), 0);
  EXPECT_EQ(value(Written->Max), 43 * 8);
  SmallVector<Condition, 8> Conditions = getTripCountConditions(B, *N.SE);
  EXPECT_TRUE(simplifyConditions(Conditions,
                                 N.F->getEntryBlock().getTerminator(), *N.SE));
  EXPECT_TRUE(Conditions.empty());
}

/// The same nest counting its rows down, `C[i * -10 + j]` from i = 4: the
/// rows lie below the first.
constexpr const char *NegativeRows = R"(
define void @tri(ptr %C) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %row = mul nsw i64 %i, -10
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %idx = add nsw i64 %row, %j
  %p = getelementptr double, ptr %C, i64 %idx
  store double 0.0, ptr %p
  %j.next = add nuw nsw i64 %j, 1
  %last = icmp eq i64 %j, %i
  br i1 %last, label %latch, label %inner
latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 5
  br i1 %done, label %exit, label %outer
exit:
  ret void
}
)";

TEST(BoundsOverNestTest, TriangleWithRowsCountingDown) {
  Nest N(NegativeRows);
  ASSERT_TRUE(N.F);
  BoundsOverNest B(N.outermost(), *N.SE);
  std::optional<Bounds> Written = N.storeBounds(B);
  ASSERT_TRUE(Written);
  // The bounds may be wider than the triangle, never narrower: the lowest
  // element written is C[-40] (i = 4, j = 0), the highest C[0] (i = 0).
  EXPECT_LE(value(Written->Min), -40 * 8);
  EXPECT_GE(value(Written->Max), 0);
  EXPECT_NE(value(Written->Min), INT64_MIN);
}

} // namespace
