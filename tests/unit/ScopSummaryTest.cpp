//===- ScopSummaryTest.cpp - Tests of what remarks say about a SCoP -------===//

#include "plugin/ScopSummary.h"
#include "tests/unit/ScopTestFixture.h"

#include "polly/ScopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace raising;

namespace {

class ScopSummaryTest : public ScopTestFixture {
protected:
  /// The summaries of all SCoPs of @p F, in detection order.
  SmallVector<ScopSummary, 2> summarize(Function &F) {
    SmallVector<ScopSummary, 2> Summaries;
    for (const polly::Scop *S : buildScops(F))
      Summaries.push_back(summarizeScop(*S));
    return Summaries;
  }

  std::string text(const ScopSummary &Summary) {
    std::string Text;
    raw_string_ostream OS(Text);
    print(OS, Summary);
    return Text;
  }
};

// C[i*ldc + j] += A[i*lda + k] * B[k*ldb + j] with int sizes: the leading
// dimensions reach the IR as `sext i32 %lda to i64`.
constexpr const char *DarknetGemm = R"IR(
define void @gemm(i32 %M, i32 %N, i32 %K, ptr %A, i32 %lda, ptr %B, i32 %ldb,
                  ptr %C, i32 %ldc) {
entry:
  %guard = icmp sgt i32 %M, 0
  %guardk = icmp sgt i32 %K, 0
  %g0 = and i1 %guard, %guardk
  %guardn = icmp sgt i32 %N, 0
  %g1 = and i1 %g0, %guardn
  br i1 %g1, label %pre, label %exit
pre:
  %lda64 = sext i32 %lda to i64
  %ldb64 = sext i32 %ldb to i64
  %ldc64 = sext i32 %ldc to i64
  %m = zext i32 %M to i64
  %n = zext i32 %N to i64
  %k = zext i32 %K to i64
  br label %i.loop
i.loop:
  %i = phi i64 [ 0, %pre ], [ %i.next, %i.latch ]
  br label %k.loop
k.loop:
  %kk = phi i64 [ 0, %i.loop ], [ %kk.next, %k.latch ]
  %ia = mul nsw i64 %i, %lda64
  %ak = add nsw i64 %ia, %kk
  %pa = getelementptr float, ptr %A, i64 %ak
  %a = load float, ptr %pa
  br label %j.loop
j.loop:
  %j = phi i64 [ 0, %k.loop ], [ %j.next, %j.loop ]
  %kb = mul nsw i64 %kk, %ldb64
  %bj = add nsw i64 %kb, %j
  %pb = getelementptr float, ptr %B, i64 %bj
  %b = load float, ptr %pb
  %ic = mul nsw i64 %i, %ldc64
  %cj = add nsw i64 %ic, %j
  %pc = getelementptr float, ptr %C, i64 %cj
  %c = load float, ptr %pc
  %prod = fmul float %a, %b
  %sum = fadd float %c, %prod
  store float %sum, ptr %pc
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %k.latch, label %j.loop
k.latch:
  %kk.next = add nuw nsw i64 %kk, 1
  %k.done = icmp eq i64 %kk.next, %k
  br i1 %k.done, label %i.latch, label %k.loop
i.latch:
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %m
  br i1 %i.done, label %exit, label %i.loop
exit:
  ret void
}
)IR";

TEST_F(ScopSummaryTest, DarknetGemmHasTwoDimensionalArrays) {
  Function &F = parse(DarknetGemm);
  SmallVector<ScopSummary, 2> Summaries = summarize(F);
  ASSERT_EQ(Summaries.size(), 1u);
  const ScopSummary &S = Summaries.front();
  EXPECT_EQ(S.Function, "gemm");
  EXPECT_EQ(S.LoopDepth, 3u);
  EXPECT_EQ(S.NumStatements, 2u);
  ASSERT_EQ(S.Arrays.size(), 3u);
  EXPECT_EQ(S.Arrays[0].Name, "A");
  EXPECT_EQ(S.Arrays[0].ElementType, "float");
  EXPECT_EQ(S.Arrays[0].DimSizes, (SmallVector<std::string, 3>{"?", "lda"}));
  EXPECT_EQ(S.Arrays[1].DimSizes, (SmallVector<std::string, 3>{"?", "ldb"}));
  EXPECT_EQ(S.Arrays[2].DimSizes, (SmallVector<std::string, 3>{"?", "ldc"}));
  EXPECT_EQ(text(S), "SCoP in gemm: loop depth 3, 2 statements, arrays "
                     "A: float[?][lda], B: float[?][ldb], C: float[?][ldc]");
}

TEST_F(ScopSummaryTest, DescribeSizeLooksThroughIntegerCasts) {
  Function &F = parse(R"IR(
define void @f(i32 %lda, i64 %n, i32) {
  %wide = sext i32 %lda to i64
  %narrow = trunc i64 %n to i32
  %z = zext i32 %0 to i64
  ret void
}
)IR");
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto Insts = F.getEntryBlock().begin();
  EXPECT_EQ(describeSize(SE.getSCEV(&*Insts++)), "lda");
  EXPECT_EQ(describeSize(SE.getSCEV(&*Insts++)), "n");
  // Unnamed arguments are named by position, as clang's release builds
  // leave them.
  EXPECT_EQ(describeSize(SE.getSCEV(&*Insts++)), "arg2");
  EXPECT_EQ(describeSize(SE.getConstant(APInt(64, 1024))), "1024");
  EXPECT_EQ(describeSize(nullptr), "?");
}

TEST_F(ScopSummaryTest, DescribeSizeNamesTheCounterOfALoop) {
  Function &F = parse(R"IR(
define void @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %twice = shl i64 %i, 1
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  %half = udiv i64 %n, 2
  ret void
}
)IR");
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  auto Loop = std::next(F.begin())->begin();
  EXPECT_EQ(describeSize(SE.getSCEV(&*Loop++)), "the iteration of the loop");
  EXPECT_EQ(describeSize(SE.getSCEV(&*Loop)),
            "2 * (the iteration of the loop)");
  EXPECT_EQ(describeSize(SE.getSCEV(&*std::prev(F.end())->begin())), "(n) / 2");
}

TEST_F(ScopSummaryTest, DescribeValueUsesDebugInfoNames) {
  Function &F = parse(R"IR(
define void @f(i32 %0) !dbg !4 {
    #dbg_value(i32 %0, !7, !DIExpression(), !8)
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.c", directory: "/")
!3 = !DISubroutineType(types: !{})
!4 = distinct !DISubprogram(name: "f", scope: !2, file: !2, type: !3, unit: !1, spFlags: DISPFlagDefinition)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DILocalVariable(name: "ldc", arg: 1, scope: !4, file: !2, type: !5)
!8 = !DILocation(line: 1, scope: !4)
)IR");
  EXPECT_EQ(describeValue(*F.getArg(0)), "ldc");
}

TEST_F(ScopSummaryTest, DescribeValueNamesMembersOfStructs) {
  // `struct Matrix { int rows, cols; double *data; }` by reference (A) and
  // by pointer (w): loads of their members.
  Function &F = parse(R"IR(
define void @f(ptr %A, ptr %w) !dbg !4 {
    #dbg_value(ptr %A, !20, !DIExpression(), !8)
    #dbg_value(ptr %w, !21, !DIExpression(), !8)
  %cols.addr = getelementptr inbounds i8, ptr %A, i64 4
  %1 = load i32, ptr %cols.addr
  %2 = load i32, ptr %w
  %data.addr = getelementptr inbounds i8, ptr %w, i64 8
  %3 = load ptr, ptr %data.addr
  %pad.addr = getelementptr inbounds i8, ptr %w, i64 2
  %4 = load i16, ptr %pad.addr
  ret void
}
!llvm.module.flags = !{!0}
!llvm.dbg.cu = !{!1}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, emissionKind: FullDebug)
!2 = !DIFile(filename: "t.cpp", directory: "/")
!3 = !DISubroutineType(types: !{})
!4 = distinct !DISubprogram(name: "f", scope: !2, file: !2, type: !3, unit: !1, spFlags: DISPFlagDefinition)
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !6, size: 64)
!8 = !DILocation(line: 1, scope: !4)
!10 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "Matrix", file: !2, size: 128, elements: !{!11, !12, !13})
!11 = !DIDerivedType(tag: DW_TAG_member, name: "rows", scope: !10, file: !2, baseType: !5, size: 32)
!12 = !DIDerivedType(tag: DW_TAG_member, name: "cols", scope: !10, file: !2, baseType: !5, size: 32, offset: 32)
!13 = !DIDerivedType(tag: DW_TAG_member, name: "data", scope: !10, file: !2, baseType: !7, size: 64, offset: 64)
!14 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !10)
!15 = !DIDerivedType(tag: DW_TAG_reference_type, baseType: !14, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !10, size: 64)
!20 = !DILocalVariable(name: "A", arg: 1, scope: !4, file: !2, type: !15)
!21 = !DILocalVariable(name: "w", arg: 2, scope: !4, file: !2, type: !16)
)IR");
  auto Insts = F.getEntryBlock().begin();
  ++Insts;
  EXPECT_EQ(describeValue(*Insts++), "A.cols");
  EXPECT_EQ(describeValue(*Insts++), "w->rows");
  ++Insts;
  EXPECT_EQ(describeValue(*Insts++), "w->data");
  ++Insts;
  // No member starts at byte 2.
  EXPECT_EQ(describeValue(*Insts++), "an element of w");
}

TEST_F(ScopSummaryTest, DescribeValueSaysWhereUnnamedValuesComeFrom) {
  Function &F = parse(R"IR(
declare i64 @strtol(ptr, ptr, i32)
declare ptr @get()
define void @f(ptr %s) {
  %1 = call i64 @strtol(ptr %s, ptr null, i32 10)
  %2 = call ptr @get()
  %3 = load i32, ptr %2
  %4 = add i32 %3, 1
  ret void
}
)IR");
  auto Insts = F.getEntryBlock().begin();
  EXPECT_EQ(describeValue(*Insts++), "the result of strtol");
  ++Insts;
  EXPECT_EQ(describeValue(*Insts++), "a value loaded before the nest");
  EXPECT_EQ(describeValue(*Insts++), "a value computed before the nest");
}

TEST_F(ScopSummaryTest, LoopWithoutArraysIsNoScop) {
  Function &F = parse(R"IR(
define void @f(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
)IR");
  EXPECT_TRUE(summarize(F).empty());
}

} // namespace
