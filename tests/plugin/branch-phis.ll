; A product summed in two partial sums, s0 over even k and s1 over odd k,
; whose last k of an odd K is added to s0 after the loop (`for (; k + 1 <
; K; k += 2)`, then `if (k < K)`), at -O2: the remainder reads k as a PHI
; of 0, where K <= 1 skipped the loop, and of the loop's last value. SCEV,
; and Polly after it, take that PHI for a value that varies in the nest,
; and the remainder's subscripts for no affine ones. raise replaces it by
; `select(K > 1, last, 0)` computed before the nest: `last` is `K & -2`
; where LLVM left it so (x86-64-v4), else the k loop's exit value as SCEV
; computes it (x86-64-v3: `trunc(k.next)` in the loop's exit). A's row
; start `(i * sext K) & 0xffffffff` is widened behind the run-time check,
; and the remainder's row of B, `sext(k * N + j)` in 32 bits, is computed
; again in 64 with N zero-extended as the loops' bound is (N > 0 there), so
; that it is a row of B. Where the branch that skips the loop tests a value
; that varies in the nest (here j's parity), or the loop's last value does
; (a triangle's k < j), the PHI stays. Made from
;   clang-22 -O2 -march=x86-64-v3 (and v4) -mllvm -print-before=raise
; on tests/e2e/gemm-split-sums.c's split2.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: <unknown>:0:0: SCoP in split_sum_v3 spliced as split_sum_v3.raise.0 behind a run-time check
; CHECK-DAG: remark: <unknown>:0:0: SCoP in split_sum_v4 spliced as split_sum_v4.raise.0 behind a run-time check
; CHECK-DAG: remark: <unknown>:0:0: loop nest in split_sum_per_column is not a static control part
; CHECK-LABEL: define dso_local void @split_sum_v3(
; CHECK: %[[LAST:[0-9]+]] = add i32 %{{[0-9]+}}, 2
; CHECK-NEXT: select i1 %{{[0-9]+}}, i32 %[[LAST]], i32 0
; CHECK: call void @split_sum_v3.raise.0(
; CHECK-LABEL: define dso_local void @split_sum_v4(
; CHECK: %[[HALF:[0-9]+]] = and i32 %2, -2
; CHECK: select i1 %{{[0-9]+}}, i32 %[[HALF]], i32 0
; CHECK: call void @split_sum_v4.raise.0(
; Where the block the PHI takes the loop's last value from is reached also
; past the test (K <= 1 skipped the loop, N >= 64 goes there all the same),
; the test does not decide the PHI, and it stays.
; CHECK-LABEL: define dso_local void @split_sum_two_ways(
; CHECK-NOT: select
; CHECK: phi i32 [ 0, %alt ], [ %13, %tail ]
; CHECK-NOT: select
; CHECK-LABEL: define dso_local void @split_sum_per_column(
; CHECK-NOT: select
; CHECK: phi i32 [ 0, %{{[0-9]+}} ], [ %{{[0-9]+}}, %{{[0-9]+}} ]
; CHECK-NOT: call void @split_sum_per_column.raise
; A triangle's remainder (`for (; k + 1 < j; k += 2)`, then `if (k < j)`):
; the loop's last value and the test that skips it vary with j, and the
; PHI stays.
; CHECK-LABEL: define dso_local void @split_sum_triangle(
; CHECK-NOT: select
; CHECK: phi i32 [ 0, %{{[0-9]+}} ], [ %{{[0-9]+}}, %{{[0-9]+}} ]

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @split_sum_v3(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr noundef readonly captures(none) %3, ptr noundef readonly captures(none) %4, ptr noundef writeonly captures(none) %5) {
  %7 = icmp sgt i32 %0, 0
  br i1 %7, label %8, label %23

8:                                                ; preds = %6
  %9 = icmp sgt i32 %1, 0
  %10 = icmp sgt i32 %2, 1
  %11 = sext i32 %2 to i64
  %12 = zext i32 %1 to i64
  %13 = zext nneg i32 %0 to i64
  br label %14

14:                                               ; preds = %8, %29
  %15 = phi i64 [ 0, %8 ], [ %30, %29 ]
  br i1 %9, label %16, label %29

16:                                               ; preds = %14
  %17 = mul nsw i64 %15, %11
  %18 = mul nuw nsw i64 %15, %12
  %19 = and i64 %17, 4294967295
  %20 = getelementptr inbounds nuw float, ptr %3, i64 %19
  %21 = getelementptr float, ptr %3, i64 %17
  %22 = getelementptr inbounds nuw float, ptr %5, i64 %18
  br label %24

23:                                               ; preds = %29, %6
  ret void

24:                                               ; preds = %16, %70
  %25 = phi i64 [ 0, %16 ], [ %74, %70 ]
  br i1 %10, label %26, label %54

26:                                               ; preds = %24
  %27 = getelementptr inbounds nuw float, ptr %4, i64 %25
  %28 = getelementptr inbounds nuw float, ptr %4, i64 %25
  br label %32

29:                                               ; preds = %70, %14
  %30 = add nuw nsw i64 %15, 1
  %31 = icmp eq i64 %30, %13
  br i1 %31, label %23, label %14

32:                                               ; preds = %26, %32
  %33 = phi i64 [ 0, %26 ], [ %49, %32 ]
  %34 = phi float [ 0.000000e+00, %26 ], [ %48, %32 ]
  %35 = phi float [ 0.000000e+00, %26 ], [ %42, %32 ]
  %36 = or disjoint i64 %33, 1
  %37 = getelementptr inbounds nuw float, ptr %20, i64 %33
  %38 = load float, ptr %37, align 4
  %39 = mul nuw nsw i64 %33, %12
  %40 = getelementptr inbounds nuw float, ptr %27, i64 %39
  %41 = load float, ptr %40, align 4
  %42 = tail call float @llvm.fmuladd.f32(float %38, float %41, float %35)
  %43 = getelementptr i8, ptr %37, i64 4
  %44 = load float, ptr %43, align 4
  %45 = mul nuw nsw i64 %36, %12
  %46 = getelementptr inbounds nuw float, ptr %28, i64 %45
  %47 = load float, ptr %46, align 4
  %48 = tail call float @llvm.fmuladd.f32(float %44, float %47, float %34)
  %49 = add nuw nsw i64 %33, 2
  %50 = or disjoint i64 %49, 1
  %51 = icmp slt i64 %50, %11
  br i1 %51, label %32, label %52

52:                                               ; preds = %32
  %53 = trunc nuw nsw i64 %49 to i32
  br label %54

54:                                               ; preds = %52, %24
  %55 = phi float [ 0.000000e+00, %24 ], [ %42, %52 ]
  %56 = phi float [ 0.000000e+00, %24 ], [ %48, %52 ]
  %57 = phi i32 [ 0, %24 ], [ %53, %52 ]
  %58 = icmp slt i32 %57, %2
  br i1 %58, label %59, label %70

59:                                               ; preds = %54
  %60 = zext nneg i32 %57 to i64
  %61 = getelementptr float, ptr %21, i64 %60
  %62 = load float, ptr %61, align 4
  %63 = mul nsw i32 %57, %1
  %64 = trunc nuw nsw i64 %25 to i32
  %65 = add nsw i32 %63, %64
  %66 = sext i32 %65 to i64
  %67 = getelementptr inbounds float, ptr %4, i64 %66
  %68 = load float, ptr %67, align 4
  %69 = tail call float @llvm.fmuladd.f32(float %62, float %68, float %55)
  br label %70

70:                                               ; preds = %59, %54
  %71 = phi float [ %69, %59 ], [ %55, %54 ]
  %72 = fadd float %56, %71
  %73 = getelementptr inbounds nuw float, ptr %22, i64 %25
  store float %72, ptr %73, align 4
  %74 = add nuw nsw i64 %25, 1
  %75 = icmp eq i64 %74, %12
  br i1 %75, label %29, label %24
}

define dso_local void @split_sum_v4(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr noundef readonly captures(none) %3, ptr noundef readonly captures(none) %4, ptr noundef writeonly captures(none) %5) {
  %7 = icmp sgt i32 %0, 0
  br i1 %7, label %8, label %24

8:                                                ; preds = %6
  %9 = icmp sgt i32 %1, 0
  %10 = icmp sgt i32 %2, 1
  %11 = sext i32 %2 to i64
  %12 = zext i32 %1 to i64
  %13 = and i32 %2, -2
  %14 = zext nneg i32 %0 to i64
  br label %15

15:                                               ; preds = %8, %30
  %16 = phi i64 [ 0, %8 ], [ %31, %30 ]
  br i1 %9, label %17, label %30

17:                                               ; preds = %15
  %18 = mul nsw i64 %16, %11
  %19 = mul nuw nsw i64 %16, %12
  %20 = and i64 %18, 4294967295
  %21 = getelementptr inbounds nuw float, ptr %3, i64 %20
  %22 = getelementptr float, ptr %3, i64 %18
  %23 = getelementptr inbounds nuw float, ptr %5, i64 %19
  br label %25

24:                                               ; preds = %30, %6
  ret void

25:                                               ; preds = %17, %69
  %26 = phi i64 [ 0, %17 ], [ %73, %69 ]
  br i1 %10, label %27, label %53

27:                                               ; preds = %25
  %28 = getelementptr inbounds nuw float, ptr %4, i64 %26
  %29 = getelementptr inbounds nuw float, ptr %4, i64 %26
  br label %33

30:                                               ; preds = %69, %15
  %31 = add nuw nsw i64 %16, 1
  %32 = icmp eq i64 %31, %14
  br i1 %32, label %24, label %15

33:                                               ; preds = %27, %33
  %34 = phi i64 [ 0, %27 ], [ %50, %33 ]
  %35 = phi float [ 0.000000e+00, %27 ], [ %49, %33 ]
  %36 = phi float [ 0.000000e+00, %27 ], [ %43, %33 ]
  %37 = or disjoint i64 %34, 1
  %38 = getelementptr inbounds nuw float, ptr %21, i64 %34
  %39 = load float, ptr %38, align 4
  %40 = mul nuw nsw i64 %34, %12
  %41 = getelementptr inbounds nuw float, ptr %28, i64 %40
  %42 = load float, ptr %41, align 4
  %43 = tail call float @llvm.fmuladd.f32(float %39, float %42, float %36)
  %44 = getelementptr i8, ptr %38, i64 4
  %45 = load float, ptr %44, align 4
  %46 = mul nuw nsw i64 %37, %12
  %47 = getelementptr inbounds nuw float, ptr %29, i64 %46
  %48 = load float, ptr %47, align 4
  %49 = tail call float @llvm.fmuladd.f32(float %45, float %48, float %35)
  %50 = add nuw nsw i64 %34, 2
  %51 = or disjoint i64 %50, 1
  %52 = icmp slt i64 %51, %11
  br i1 %52, label %33, label %53

53:                                               ; preds = %33, %25
  %54 = phi float [ 0.000000e+00, %25 ], [ %43, %33 ]
  %55 = phi float [ 0.000000e+00, %25 ], [ %49, %33 ]
  %56 = phi i32 [ 0, %25 ], [ %13, %33 ]
  %57 = icmp slt i32 %56, %2
  br i1 %57, label %58, label %69

58:                                               ; preds = %53
  %59 = sext i32 %56 to i64
  %60 = getelementptr float, ptr %22, i64 %59
  %61 = load float, ptr %60, align 4
  %62 = mul nsw i32 %56, %1
  %63 = trunc nuw nsw i64 %26 to i32
  %64 = add nsw i32 %62, %63
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds float, ptr %4, i64 %65
  %67 = load float, ptr %66, align 4
  %68 = tail call float @llvm.fmuladd.f32(float %61, float %67, float %54)
  br label %69

69:                                               ; preds = %58, %53
  %70 = phi float [ %68, %58 ], [ %54, %53 ]
  %71 = fadd float %55, %70
  %72 = getelementptr inbounds nuw float, ptr %23, i64 %26
  store float %71, ptr %72, align 4
  %73 = add nuw nsw i64 %26, 1
  %74 = icmp eq i64 %73, %12
  br i1 %74, label %30, label %25
}

define dso_local void @split_sum_two_ways(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr noundef readonly captures(none) %3, ptr noundef readonly captures(none) %4, ptr noundef writeonly captures(none) %5) {
  %7 = icmp sgt i32 %0, 0
  br i1 %7, label %8, label %24

8:                                                ; preds = %6
  %9 = icmp sgt i32 %1, 0
  %10 = icmp sgt i32 %2, 1
  %11 = sext i32 %2 to i64
  %12 = zext i32 %1 to i64
  %13 = and i32 %2, -2
  %14 = zext nneg i32 %0 to i64
  %short = icmp slt i32 %1, 64
  br label %15

15:                                               ; preds = %8, %30
  %16 = phi i64 [ 0, %8 ], [ %31, %30 ]
  br i1 %9, label %17, label %30

17:                                               ; preds = %15
  %18 = mul nsw i64 %16, %11
  %19 = mul nuw nsw i64 %16, %12
  %20 = and i64 %18, 4294967295
  %21 = getelementptr inbounds nuw float, ptr %3, i64 %20
  %22 = getelementptr float, ptr %3, i64 %18
  %23 = getelementptr inbounds nuw float, ptr %5, i64 %19
  br label %25

24:                                               ; preds = %30, %6
  ret void

25:                                               ; preds = %17, %69
  %26 = phi i64 [ 0, %17 ], [ %73, %69 ]
  br i1 %10, label %27, label %alt

alt:                                              ; preds = %25
  br i1 %short, label %53, label %tail

27:                                               ; preds = %25
  %28 = getelementptr inbounds nuw float, ptr %4, i64 %26
  %29 = getelementptr inbounds nuw float, ptr %4, i64 %26
  br label %33

30:                                               ; preds = %69, %15
  %31 = add nuw nsw i64 %16, 1
  %32 = icmp eq i64 %31, %14
  br i1 %32, label %24, label %15

33:                                               ; preds = %27, %33
  %34 = phi i64 [ 0, %27 ], [ %50, %33 ]
  %35 = phi float [ 0.000000e+00, %27 ], [ %49, %33 ]
  %36 = phi float [ 0.000000e+00, %27 ], [ %43, %33 ]
  %37 = or disjoint i64 %34, 1
  %38 = getelementptr inbounds nuw float, ptr %21, i64 %34
  %39 = load float, ptr %38, align 4
  %40 = mul nuw nsw i64 %34, %12
  %41 = getelementptr inbounds nuw float, ptr %28, i64 %40
  %42 = load float, ptr %41, align 4
  %43 = tail call float @llvm.fmuladd.f32(float %39, float %42, float %36)
  %44 = getelementptr i8, ptr %38, i64 4
  %45 = load float, ptr %44, align 4
  %46 = mul nuw nsw i64 %37, %12
  %47 = getelementptr inbounds nuw float, ptr %29, i64 %46
  %48 = load float, ptr %47, align 4
  %49 = tail call float @llvm.fmuladd.f32(float %45, float %48, float %35)
  %50 = add nuw nsw i64 %34, 2
  %51 = or disjoint i64 %50, 1
  %52 = icmp slt i64 %51, %11
  br i1 %52, label %33, label %tail

tail:                                             ; preds = %33, %alt
  %t43 = phi float [ %43, %33 ], [ 0.000000e+00, %alt ]
  %t49 = phi float [ %49, %33 ], [ 0.000000e+00, %alt ]
  br label %53

53:                                               ; preds = %tail, %alt
  %54 = phi float [ 0.000000e+00, %alt ], [ %t43, %tail ]
  %55 = phi float [ 0.000000e+00, %alt ], [ %t49, %tail ]
  %56 = phi i32 [ 0, %alt ], [ %13, %tail ]
  %57 = icmp slt i32 %56, %2
  br i1 %57, label %58, label %69

58:                                               ; preds = %53
  %59 = sext i32 %56 to i64
  %60 = getelementptr float, ptr %22, i64 %59
  %61 = load float, ptr %60, align 4
  %62 = mul nsw i32 %56, %1
  %63 = trunc nuw nsw i64 %26 to i32
  %64 = add nsw i32 %62, %63
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds float, ptr %4, i64 %65
  %67 = load float, ptr %66, align 4
  %68 = tail call float @llvm.fmuladd.f32(float %61, float %67, float %54)
  br label %69

69:                                               ; preds = %58, %53
  %70 = phi float [ %68, %58 ], [ %54, %53 ]
  %71 = fadd float %55, %70
  %72 = getelementptr inbounds nuw float, ptr %23, i64 %26
  store float %71, ptr %72, align 4
  %73 = add nuw nsw i64 %26, 1
  %74 = icmp eq i64 %73, %12
  br i1 %74, label %30, label %25
}

define dso_local void @split_sum_per_column(i32 noundef %0, i32 noundef %1, i32 noundef %2, ptr noundef readonly captures(none) %3, ptr noundef readonly captures(none) %4, ptr noundef writeonly captures(none) %5) {
  %7 = icmp sgt i32 %0, 0
  br i1 %7, label %8, label %24

8:                                                ; preds = %6
  %9 = icmp sgt i32 %1, 0
  %10 = icmp sgt i32 %2, 1
  %11 = sext i32 %2 to i64
  %12 = zext i32 %1 to i64
  %13 = and i32 %2, -2
  %14 = zext nneg i32 %0 to i64
  br label %15

15:                                               ; preds = %8, %30
  %16 = phi i64 [ 0, %8 ], [ %31, %30 ]
  br i1 %9, label %17, label %30

17:                                               ; preds = %15
  %18 = mul nsw i64 %16, %11
  %19 = mul nuw nsw i64 %16, %12
  %20 = and i64 %18, 4294967295
  %21 = getelementptr inbounds nuw float, ptr %3, i64 %20
  %22 = getelementptr float, ptr %3, i64 %18
  %23 = getelementptr inbounds nuw float, ptr %5, i64 %19
  br label %25

24:                                               ; preds = %30, %6
  ret void

25:                                               ; preds = %17, %69
  %26 = phi i64 [ 0, %17 ], [ %73, %69 ]
  %odd = trunc i64 %26 to i1
  br i1 %odd, label %27, label %53

27:                                               ; preds = %25
  %28 = getelementptr inbounds nuw float, ptr %4, i64 %26
  %29 = getelementptr inbounds nuw float, ptr %4, i64 %26
  br label %33

30:                                               ; preds = %69, %15
  %31 = add nuw nsw i64 %16, 1
  %32 = icmp eq i64 %31, %14
  br i1 %32, label %24, label %15

33:                                               ; preds = %27, %33
  %34 = phi i64 [ 0, %27 ], [ %50, %33 ]
  %35 = phi float [ 0.000000e+00, %27 ], [ %49, %33 ]
  %36 = phi float [ 0.000000e+00, %27 ], [ %43, %33 ]
  %37 = or disjoint i64 %34, 1
  %38 = getelementptr inbounds nuw float, ptr %21, i64 %34
  %39 = load float, ptr %38, align 4
  %40 = mul nuw nsw i64 %34, %12
  %41 = getelementptr inbounds nuw float, ptr %28, i64 %40
  %42 = load float, ptr %41, align 4
  %43 = tail call float @llvm.fmuladd.f32(float %39, float %42, float %36)
  %44 = getelementptr i8, ptr %38, i64 4
  %45 = load float, ptr %44, align 4
  %46 = mul nuw nsw i64 %37, %12
  %47 = getelementptr inbounds nuw float, ptr %29, i64 %46
  %48 = load float, ptr %47, align 4
  %49 = tail call float @llvm.fmuladd.f32(float %45, float %48, float %35)
  %50 = add nuw nsw i64 %34, 2
  %51 = or disjoint i64 %50, 1
  %52 = icmp slt i64 %51, %11
  br i1 %52, label %33, label %53

53:                                               ; preds = %33, %25
  %54 = phi float [ 0.000000e+00, %25 ], [ %43, %33 ]
  %55 = phi float [ 0.000000e+00, %25 ], [ %49, %33 ]
  %56 = phi i32 [ 0, %25 ], [ %13, %33 ]
  %57 = icmp slt i32 %56, %2
  br i1 %57, label %58, label %69

58:                                               ; preds = %53
  %59 = sext i32 %56 to i64
  %60 = getelementptr float, ptr %22, i64 %59
  %61 = load float, ptr %60, align 4
  %62 = mul nsw i32 %56, %1
  %63 = trunc nuw nsw i64 %26 to i32
  %64 = add nsw i32 %62, %63
  %65 = sext i32 %64 to i64
  %66 = getelementptr inbounds float, ptr %4, i64 %65
  %67 = load float, ptr %66, align 4
  %68 = tail call float @llvm.fmuladd.f32(float %61, float %67, float %54)
  br label %69

69:                                               ; preds = %58, %53
  %70 = phi float [ %68, %58 ], [ %54, %53 ]
  %71 = fadd float %55, %70
  %72 = getelementptr inbounds nuw float, ptr %23, i64 %26
  store float %71, ptr %72, align 4
  %73 = add nuw nsw i64 %26, 1
  %74 = icmp eq i64 %73, %12
  br i1 %74, label %30, label %25
}

define dso_local void @split_sum_triangle(i32 noundef %0, i32 noundef %1, ptr noundef readonly captures(none) %2, ptr noundef readonly captures(none) %3, ptr noundef writeonly captures(none) %4) {
  %6 = icmp sgt i32 %0, 0
  br i1 %6, label %7, label %18

7:                                                ; preds = %5
  %8 = icmp sgt i32 %1, 0
  %9 = zext i32 %1 to i64
  %10 = zext nneg i32 %0 to i64
  br label %11

11:                                               ; preds = %7, %25
  %12 = phi i64 [ 0, %7 ], [ %26, %25 ]
  br i1 %8, label %13, label %25

13:                                               ; preds = %11
  %14 = mul nuw nsw i64 %12, %9
  %15 = getelementptr inbounds nuw float, ptr %2, i64 %14
  %16 = trunc nuw i64 %14 to i32
  %17 = getelementptr inbounds nuw float, ptr %4, i64 %14
  br label %19

18:                                               ; preds = %25, %5
  ret void

19:                                               ; preds = %13, %68
  %20 = phi i64 [ 0, %13 ], [ %72, %68 ]
  %21 = icmp samesign ugt i64 %20, 1
  br i1 %21, label %22, label %50

22:                                               ; preds = %19
  %23 = getelementptr inbounds nuw float, ptr %3, i64 %20
  %24 = getelementptr inbounds nuw float, ptr %3, i64 %20
  br label %28

25:                                               ; preds = %68, %11
  %26 = add nuw nsw i64 %12, 1
  %27 = icmp eq i64 %26, %10
  br i1 %27, label %18, label %11

28:                                               ; preds = %22, %28
  %29 = phi i64 [ 0, %22 ], [ %45, %28 ]
  %30 = phi float [ 0.000000e+00, %22 ], [ %44, %28 ]
  %31 = phi float [ 0.000000e+00, %22 ], [ %38, %28 ]
  %32 = or disjoint i64 %29, 1
  %33 = getelementptr inbounds nuw float, ptr %15, i64 %29
  %34 = load float, ptr %33, align 4
  %35 = mul nuw nsw i64 %29, %9
  %36 = getelementptr inbounds nuw float, ptr %23, i64 %35
  %37 = load float, ptr %36, align 4
  %38 = tail call float @llvm.fmuladd.f32(float %34, float %37, float %31)
  %39 = getelementptr i8, ptr %33, i64 4
  %40 = load float, ptr %39, align 4
  %41 = mul nuw nsw i64 %32, %9
  %42 = getelementptr inbounds nuw float, ptr %24, i64 %41
  %43 = load float, ptr %42, align 4
  %44 = tail call float @llvm.fmuladd.f32(float %40, float %43, float %30)
  %45 = add nuw nsw i64 %29, 2
  %46 = or disjoint i64 %45, 1
  %47 = icmp samesign ult i64 %46, %20
  br i1 %47, label %28, label %48

48:                                               ; preds = %28
  %49 = trunc nuw nsw i64 %45 to i32
  br label %50

50:                                               ; preds = %48, %19
  %51 = phi float [ 0.000000e+00, %19 ], [ %38, %48 ]
  %52 = phi float [ 0.000000e+00, %19 ], [ %44, %48 ]
  %53 = phi i32 [ 0, %19 ], [ %49, %48 ]
  %54 = zext i32 %53 to i64
  %55 = icmp samesign ugt i64 %20, %54
  br i1 %55, label %56, label %68

56:                                               ; preds = %50
  %57 = add nsw i32 %53, %16
  %58 = sext i32 %57 to i64
  %59 = getelementptr inbounds float, ptr %2, i64 %58
  %60 = load float, ptr %59, align 4
  %61 = mul nsw i32 %53, %1
  %62 = trunc nuw nsw i64 %20 to i32
  %63 = add nsw i32 %61, %62
  %64 = sext i32 %63 to i64
  %65 = getelementptr inbounds float, ptr %3, i64 %64
  %66 = load float, ptr %65, align 4
  %67 = tail call float @llvm.fmuladd.f32(float %60, float %66, float %51)
  br label %68

68:                                               ; preds = %56, %50
  %69 = phi float [ %67, %56 ], [ %51, %50 ]
  %70 = fadd float %52, %69
  %71 = getelementptr inbounds nuw float, ptr %17, i64 %20
  store float %70, ptr %71, align 4
  %72 = add nuw nsw i64 %20, 1
  %73 = icmp eq i64 %72, %9
  br i1 %73, label %25, label %19
}

declare float @llvm.fmuladd.f32(float, float, float)
