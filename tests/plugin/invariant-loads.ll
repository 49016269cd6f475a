; -raise-invariant-loads at -O2: LLVM leaves a Fortran descriptor's base
; and strides in the nest, read in the inner loop's preheader, which a test
; that the inner loop runs any iteration (size(a, 1) > 0, fixed before the
; nest) guards in every iteration of the outer loop. The copy reads them
; once before the nest, in a block of its own under that test (poison
; where it fails); the check that picks the copy is false there, and it is
; a select so that it does not look at the poison. The strides, invariant
; in the copy, are versioned as well, and the nest is raised
; (gemv_assumed, from flang-22 -O2 -march=x86-64-v4). Where the test
; varies in the nest (gemv_odd_columns: only odd columns run the inner
; loop), the loads stay, and Polly rejects the nest.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: SCoP in gemv_assumed (module kernels) spliced as _QMkernelsPgemv_assumed.raise.1
; CHECK: remark: <unknown>:0:0: loop nest in gemv_assumed (module kernels): 7 loads of pointers and sizes read once before it, behind a run-time check that no store of the nest writes them
; CHECK: remark: <unknown>:0:0: loop nest in gemv_assumed (module kernels): 4 section strides taken as the strides of a view
; CHECK: remark: <unknown>:0:0: loop nest in gemv_odd_columns is not a static control part
; CHECK-NOT: spliced as gemv_odd_columns

; CHECK-LABEL: define void @_QMkernelsPgemv_assumed(
; CHECK: .lr.ph7:
; CHECK: %[[RUNS:[0-9]+]] = icmp sgt i64 %{{[0-9]+}}, 0
; CHECK: br i1 %[[RUNS]], label %[[READ:[0-9]+]], label %[[JOIN:[0-9]+]]
; CHECK: [[READ]]:
; CHECK-NEXT: %raise.once = load i64, ptr %{{[0-9]+}}
; CHECK: [[JOIN]]:
; CHECK-NEXT: phi i64 [ %raise.once, %[[READ]] ], [ poison, %{{.*}} ]
; CHECK: select i1 %[[RUNS]], i1 %raise.loads.check, i1 false
; CHECK: call void @_QMkernelsPgemv_assumed.raise.1(

; CHECK-LABEL: define void @gemv_odd_columns(
; CHECK-NOT: raise.once
; CHECK-NOT: call void @gemv_odd_columns.raise

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define void @_QMkernelsPgemv_assumed(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2) local_unnamed_addr #0 {
  %4 = getelementptr i8, ptr %0, i64 40
  %5 = getelementptr i8, ptr %0, i64 56
  %6 = load i64, ptr %5, align 8, !tbaa !4
  %7 = getelementptr i8, ptr %0, i64 64
  %sext = shl i64 %6, 32
  %8 = ashr exact i64 %sext, 32
  %9 = icmp sgt i64 %8, 0
  br i1 %9, label %.lr.ph7, label %._crit_edge8

.lr.ph7:                                          ; preds = %3
  %10 = getelementptr i8, ptr %0, i64 32
  %11 = load i64, ptr %10, align 8, !tbaa !4
  %sext5 = shl i64 %11, 32
  %12 = ashr exact i64 %sext5, 32
  %13 = icmp sgt i64 %12, 0
  %14 = getelementptr i8, ptr %2, i64 40
  %15 = getelementptr i8, ptr %1, i64 40
  br label %16

16:                                               ; preds = %.lr.ph7, %._crit_edge
  %indvars.iv10 = phi i64 [ 1, %.lr.ph7 ], [ %indvars.iv.next11, %._crit_edge ]
  br i1 %13, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %16
  %17 = load i64, ptr %14, align 8, !tbaa !4
  %18 = load ptr, ptr %2, align 8, !tbaa !4
  %19 = load i64, ptr %4, align 8, !tbaa !4
  %20 = add nsw i64 %indvars.iv10, -1
  %21 = load i64, ptr %7, align 8, !tbaa !4
  %22 = mul nsw i64 %21, %20
  %23 = load ptr, ptr %0, align 8, !tbaa !4
  %24 = getelementptr i8, ptr %23, i64 %22
  %25 = load i64, ptr %15, align 8, !tbaa !4
  %26 = mul nsw i64 %25, %20
  %27 = load ptr, ptr %1, align 8, !tbaa !4
  %28 = getelementptr i8, ptr %27, i64 %26
  %29 = load float, ptr %28, align 4, !tbaa !8
  br label %30

30:                                               ; preds = %.lr.ph, %30
  %indvars.iv = phi i64 [ 1, %.lr.ph ], [ %indvars.iv.next, %30 ]
  %31 = add nsw i64 %indvars.iv, -1
  %32 = mul nsw i64 %17, %31
  %33 = getelementptr i8, ptr %18, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !12
  %35 = mul nsw i64 %19, %31
  %36 = getelementptr i8, ptr %24, i64 %35
  %37 = load float, ptr %36, align 4, !tbaa !14
  %38 = fmul contract float %37, %29
  %39 = fadd contract float %34, %38
  store float %39, ptr %33, align 4, !tbaa !12
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %12
  br i1 %exitcond.not, label %._crit_edge, label %30

._crit_edge:                                      ; preds = %30, %16
  %indvars.iv.next11 = add nuw nsw i64 %indvars.iv10, 1
  %exitcond13.not = icmp eq i64 %indvars.iv10, %8
  br i1 %exitcond13.not, label %._crit_edge8, label %16

._crit_edge8:                                     ; preds = %._crit_edge, %3
  ret void
}

define void @gemv_odd_columns(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2) local_unnamed_addr #0 {
  %4 = getelementptr i8, ptr %0, i64 40
  %5 = getelementptr i8, ptr %0, i64 56
  %6 = load i64, ptr %5, align 8, !tbaa !4
  %7 = getelementptr i8, ptr %0, i64 64
  %sext = shl i64 %6, 32
  %8 = ashr exact i64 %sext, 32
  %9 = icmp sgt i64 %8, 0
  br i1 %9, label %.lr.ph7, label %._crit_edge8

.lr.ph7:                                          ; preds = %3
  %10 = getelementptr i8, ptr %0, i64 32
  %11 = load i64, ptr %10, align 8, !tbaa !4
  %sext5 = shl i64 %11, 32
  %12 = ashr exact i64 %sext5, 32
  %13 = icmp sgt i64 %12, 0
  %14 = getelementptr i8, ptr %2, i64 40
  %15 = getelementptr i8, ptr %1, i64 40
  br label %16

16:                                               ; preds = %.lr.ph7, %._crit_edge
  %indvars.iv10 = phi i64 [ 1, %.lr.ph7 ], [ %indvars.iv.next11, %._crit_edge ]
  %odd = trunc i64 %indvars.iv10 to i1
  br i1 %odd, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %16
  %17 = load i64, ptr %14, align 8, !tbaa !4
  %18 = load ptr, ptr %2, align 8, !tbaa !4
  %19 = load i64, ptr %4, align 8, !tbaa !4
  %20 = add nsw i64 %indvars.iv10, -1
  %21 = load i64, ptr %7, align 8, !tbaa !4
  %22 = mul nsw i64 %21, %20
  %23 = load ptr, ptr %0, align 8, !tbaa !4
  %24 = getelementptr i8, ptr %23, i64 %22
  %25 = load i64, ptr %15, align 8, !tbaa !4
  %26 = mul nsw i64 %25, %20
  %27 = load ptr, ptr %1, align 8, !tbaa !4
  %28 = getelementptr i8, ptr %27, i64 %26
  %29 = load float, ptr %28, align 4, !tbaa !8
  br label %30

30:                                               ; preds = %.lr.ph, %30
  %indvars.iv = phi i64 [ 1, %.lr.ph ], [ %indvars.iv.next, %30 ]
  %31 = add nsw i64 %indvars.iv, -1
  %32 = mul nsw i64 %17, %31
  %33 = getelementptr i8, ptr %18, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !12
  %35 = mul nsw i64 %19, %31
  %36 = getelementptr i8, ptr %24, i64 %35
  %37 = load float, ptr %36, align 4, !tbaa !14
  %38 = fmul contract float %37, %29
  %39 = fadd contract float %34, %38
  store float %39, ptr %33, align 4, !tbaa !12
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %12
  br i1 %exitcond.not, label %._crit_edge, label %30

._crit_edge:                                      ; preds = %30, %16
  %indvars.iv.next11 = add nuw nsw i64 %indvars.iv10, 1
  %exitcond13.not = icmp eq i64 %indvars.iv10, %8
  br i1 %exitcond13.not, label %._crit_edge8, label %16

._crit_edge8:                                     ; preds = %._crit_edge, %3
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) "target-cpu"="x86-64-v4" }

!llvm.ident = !{!0}
!llvm.module.flags = !{!1, !2, !3}

!0 = !{!"Debian flang version 22.1.8"}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{!5, !5, i64 0}
!5 = !{!"descriptor member", !6, i64 0}
!6 = !{!"any access", !7, i64 0}
!7 = !{!"Flang function root _QMkernelsPgemv_assumed"}
!8 = !{!9, !9, i64 0}
!9 = !{!"dummy arg data/_QMkernelsFgemv_assumedEx", !10, i64 0}
!10 = !{!"dummy arg data", !11, i64 0}
!11 = !{!"any data access", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QMkernelsFgemv_assumedEy", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QMkernelsFgemv_assumedEa", !10, i64 0}
