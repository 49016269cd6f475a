; A triangle's row start comes out of the loop over the row's elements as
; i * n, and as 0 from the test that skips that loop in row 0 (clang-22 -O3
; on a forward substitution over a VLA `double L[n][n]`): a PHI that SCEV
; takes for a value that varies, so that Polly calls the diagonal L[i][i]
; no affine subscript. raise computes i * n at the PHI instead (without its
; no-wrap flags), and the substitution is a SCoP. Where the constant is not
; what i * n is in row 0 the PHI stays, and the nest is no SCoP.
; Made from tests/e2e/sums-moved-outward.c's trisolv_vla with
; clang-22 -O3 -march=x86-64-v3 -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: SCoP in trisolv_vla: 1 substitution's rows summed in blocks of 8 side by side
; CHECK: remark: <unknown>:0:0: loop nest in row_one_starts_at_one is not a static control part
; CHECK-LABEL: define dso_local void @trisolv_vla(
; CHECK: call void @trisolv_vla.raise.0(
; CHECK-LABEL: define dso_local void @row_one_starts_at_one(
; CHECK: phi i64 [ 1, %{{[0-9]+}} ], [ %{{[0-9]+}}, %{{[0-9]+}} ]
; CHECK-NOT: call void @row_one_starts_at_one.raise

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @trisolv_vla(i32 noundef %0, ptr noundef readonly captures(none) %1, ptr noundef readonly captures(none) %2, ptr noundef captures(none) %3) local_unnamed_addr {
  %5 = zext i32 %0 to i64
  %6 = icmp sgt i32 %0, 0
  br i1 %6, label %8, label %7
7:                                                ; preds = %17, %4
  ret void
8:                                                ; preds = %4, %17
  %9 = phi i64 [ %24, %17 ], [ 0, %4 ]
  %10 = getelementptr inbounds nuw double, ptr %2, i64 %9
  %11 = load double, ptr %10, align 8
  %12 = getelementptr inbounds nuw double, ptr %3, i64 %9
  store double %11, ptr %12, align 8
  %13 = icmp eq i64 %9, 0
  br i1 %13, label %17, label %14
14:                                               ; preds = %8
  %15 = mul nuw nsw i64 %9, %5
  %16 = getelementptr inbounds nuw double, ptr %1, i64 %15
  br label %26
17:                                               ; preds = %26, %8
  %18 = phi i64 [ 0, %8 ], [ %15, %26 ]
  %19 = phi double [ %11, %8 ], [ %34, %26 ]
  %20 = getelementptr inbounds nuw double, ptr %1, i64 %18
  %21 = getelementptr inbounds nuw double, ptr %20, i64 %9
  %22 = load double, ptr %21, align 8
  %23 = fdiv double %19, %22
  store double %23, ptr %12, align 8
  %24 = add nuw nsw i64 %9, 1
  %25 = icmp eq i64 %24, %5
  br i1 %25, label %7, label %8
26:                                               ; preds = %14, %26
  %27 = phi i64 [ 0, %14 ], [ %35, %26 ]
  %28 = phi double [ %11, %14 ], [ %34, %26 ]
  %29 = getelementptr inbounds nuw double, ptr %16, i64 %27
  %30 = load double, ptr %29, align 8
  %31 = getelementptr inbounds nuw double, ptr %3, i64 %27
  %32 = load double, ptr %31, align 8
  %33 = fneg double %30
  %34 = tail call double @llvm.fmuladd.f64(double %33, double %32, double %28)
  store double %34, ptr %12, align 8
  %35 = add nuw nsw i64 %27, 1
  %36 = icmp eq i64 %35, %9
  br i1 %36, label %17, label %26
}

define dso_local void @row_one_starts_at_one(i32 noundef %0, ptr noundef readonly captures(none) %1, ptr noundef readonly captures(none) %2, ptr noundef captures(none) %3) local_unnamed_addr {
  %5 = zext i32 %0 to i64
  %6 = icmp sgt i32 %0, 0
  br i1 %6, label %8, label %7
7:                                                ; preds = %17, %4
  ret void
8:                                                ; preds = %4, %17
  %9 = phi i64 [ %24, %17 ], [ 0, %4 ]
  %10 = getelementptr inbounds nuw double, ptr %2, i64 %9
  %11 = load double, ptr %10, align 8
  %12 = getelementptr inbounds nuw double, ptr %3, i64 %9
  store double %11, ptr %12, align 8
  %13 = icmp eq i64 %9, 0
  br i1 %13, label %17, label %14
14:                                               ; preds = %8
  %15 = mul nuw nsw i64 %9, %5
  %16 = getelementptr inbounds nuw double, ptr %1, i64 %15
  br label %26
17:                                               ; preds = %26, %8
  %18 = phi i64 [ 1, %8 ], [ %15, %26 ]
  %19 = phi double [ %11, %8 ], [ %34, %26 ]
  %20 = getelementptr inbounds nuw double, ptr %1, i64 %18
  %21 = getelementptr inbounds nuw double, ptr %20, i64 %9
  %22 = load double, ptr %21, align 8
  %23 = fdiv double %19, %22
  store double %23, ptr %12, align 8
  %24 = add nuw nsw i64 %9, 1
  %25 = icmp eq i64 %24, %5
  br i1 %25, label %7, label %8
26:                                               ; preds = %14, %26
  %27 = phi i64 [ 0, %14 ], [ %35, %26 ]
  %28 = phi double [ %11, %14 ], [ %34, %26 ]
  %29 = getelementptr inbounds nuw double, ptr %16, i64 %27
  %30 = load double, ptr %29, align 8
  %31 = getelementptr inbounds nuw double, ptr %3, i64 %27
  %32 = load double, ptr %31, align 8
  %33 = fneg double %30
  %34 = tail call double @llvm.fmuladd.f64(double %33, double %32, double %28)
  store double %34, ptr %12, align 8
  %35 = add nuw nsw i64 %27, 1
  %36 = icmp eq i64 %35, %9
  br i1 %36, label %17, label %26
}

declare double @llvm.fmuladd.f64(double, double, double)
