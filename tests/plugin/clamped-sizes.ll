; Fortran's explicit-shape dummies a(m, k) have extent max(m, 0): flang-22
; (-O3, at the vectorizer-start extension point) multiplies the column index
; by zext(smax(m, 0)), a product Polly cannot delinearize. raise freezes such
; an extent where products inside loops use it, Polly takes it as a
; parameter, the GEMM is raised, and the freezes are taken back afterwards.
; A nest that is no GEMM (c = alpha*a*b - c) is not raised, and ends as it
; began: its extent multiplies the column index again, frozen no more.
; Made from tests/e2e/fortran-gemm.f90's gemm_explicit with
; flang-22 -O3 -march=x86-64-v3 -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in gemm_ raised to linalg.generic (GEMM; exact body kept: body has fast-math flags; scaled by a loop invariant), i x j x k = n x m x k
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_ spliced as gemm_.raise.0 behind a run-time check
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in not_a_gemm_ not raised: closest tactic GEMM
; CHECK-LABEL: define void @gemm_(
; CHECK-NOT: freeze
; CHECK: call void @gemm_.raise.0(
; CHECK-LABEL: define void @not_a_gemm_(
; CHECK: %[[EXTENT:.*]] = zext nneg i32 %{{.*}} to i64
; CHECK-NOT: freeze
; CHECK: mul nuw nsw i64 %{{.*}}, %[[EXTENT]]
; CHECK-NOT: freeze
; CHECK: ret void

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @gemm_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias captures(none) %6) local_unnamed_addr #0 {
  %8 = load i32, ptr %0, align 4, !tbaa !4
  %9 = tail call i32 @llvm.smax.i32(i32 %8, i32 0)
  %10 = zext nneg i32 %9 to i64
  %11 = load i32, ptr %2, align 4, !tbaa !10
  %12 = tail call i32 @llvm.smax.i32(i32 %11, i32 0)
  %13 = zext nneg i32 %12 to i64
  %14 = load i32, ptr %1, align 4, !tbaa !12
  %15 = sext i32 %14 to i64
  %16 = icmp sgt i32 %14, 0
  br i1 %16, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %7
  %17 = sext i32 %11 to i64
  %18 = icmp sgt i32 %11, 0
  %19 = sext i32 %8 to i64
  %20 = icmp sgt i32 %8, 0
  %or.cond = select i1 %18, i1 %20, i1 false
  br i1 %or.cond, label %.lr.ph.split.us.split.us, label %._crit_edge

.lr.ph.split.us.split.us:                         ; preds = %.lr.ph
  %21 = load float, ptr %3, align 4, !tbaa !14
  br label %.lr.ph9.us.us

.lr.ph9.us.us:                                    ; preds = %._crit_edge10.split.us.us.us, %.lr.ph.split.us.split.us
  %indvars.iv20 = phi i64 [ %indvars.iv.next21, %._crit_edge10.split.us.us.us ], [ 1, %.lr.ph.split.us.split.us ]
  %22 = add nsw i64 %indvars.iv20, -1
  %23 = mul nuw nsw i64 %22, %10
  %24 = getelementptr float, ptr %6, i64 %23
  %25 = mul nuw nsw i64 %22, %13
  %26 = getelementptr float, ptr %5, i64 %25
  br label %.lr.ph.us.us.us

.lr.ph.us.us.us:                                  ; preds = %._crit_edge.us.us.us, %.lr.ph9.us.us
  %indvars.iv16 = phi i64 [ %indvars.iv.next17, %._crit_edge.us.us.us ], [ 1, %.lr.ph9.us.us ]
  %27 = add nsw i64 %indvars.iv16, -1
  %28 = mul nuw nsw i64 %27, %10
  %29 = getelementptr float, ptr %4, i64 %28
  %30 = getelementptr float, ptr %26, i64 %27
  %31 = load float, ptr %30, align 4, !tbaa !16
  br label %32

32:                                               ; preds = %32, %.lr.ph.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %32 ], [ 1, %.lr.ph.us.us.us ]
  %33 = add nsw i64 %indvars.iv, -1
  %34 = getelementptr float, ptr %24, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !18
  %36 = getelementptr float, ptr %29, i64 %33
  %37 = load float, ptr %36, align 4, !tbaa !20
  %38 = fmul contract float %21, %37
  %39 = fmul contract float %38, %31
  %40 = fadd contract float %35, %39
  store float %40, ptr %34, align 4, !tbaa !18
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %19
  br i1 %exitcond.not, label %._crit_edge.us.us.us, label %32

._crit_edge.us.us.us:                             ; preds = %32
  %indvars.iv.next17 = add nuw nsw i64 %indvars.iv16, 1
  %exitcond19.not = icmp eq i64 %indvars.iv16, %17
  br i1 %exitcond19.not, label %._crit_edge10.split.us.us.us, label %.lr.ph.us.us.us

._crit_edge10.split.us.us.us:                     ; preds = %._crit_edge.us.us.us
  %indvars.iv.next21 = add nuw nsw i64 %indvars.iv20, 1
  %exitcond23.not = icmp eq i64 %indvars.iv20, %15
  br i1 %exitcond23.not, label %._crit_edge, label %.lr.ph9.us.us

._crit_edge:                                      ; preds = %._crit_edge10.split.us.us.us, %.lr.ph, %7
  ret void
}

define void @not_a_gemm_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias captures(none) %6) local_unnamed_addr #0 {
  %8 = load i32, ptr %0, align 4, !tbaa !4
  %9 = tail call i32 @llvm.smax.i32(i32 %8, i32 0)
  %10 = zext nneg i32 %9 to i64
  %11 = load i32, ptr %2, align 4, !tbaa !10
  %12 = tail call i32 @llvm.smax.i32(i32 %11, i32 0)
  %13 = zext nneg i32 %12 to i64
  %14 = load i32, ptr %1, align 4, !tbaa !12
  %15 = sext i32 %14 to i64
  %16 = icmp sgt i32 %14, 0
  br i1 %16, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %7
  %17 = sext i32 %11 to i64
  %18 = icmp sgt i32 %11, 0
  %19 = sext i32 %8 to i64
  %20 = icmp sgt i32 %8, 0
  %or.cond = select i1 %18, i1 %20, i1 false
  br i1 %or.cond, label %.lr.ph.split.us.split.us, label %._crit_edge

.lr.ph.split.us.split.us:                         ; preds = %.lr.ph
  %21 = load float, ptr %3, align 4, !tbaa !14
  br label %.lr.ph9.us.us

.lr.ph9.us.us:                                    ; preds = %._crit_edge10.split.us.us.us, %.lr.ph.split.us.split.us
  %indvars.iv20 = phi i64 [ %indvars.iv.next21, %._crit_edge10.split.us.us.us ], [ 1, %.lr.ph.split.us.split.us ]
  %22 = add nsw i64 %indvars.iv20, -1
  %23 = mul nuw nsw i64 %22, %10
  %24 = getelementptr float, ptr %6, i64 %23
  %25 = mul nuw nsw i64 %22, %13
  %26 = getelementptr float, ptr %5, i64 %25
  br label %.lr.ph.us.us.us

.lr.ph.us.us.us:                                  ; preds = %._crit_edge.us.us.us, %.lr.ph9.us.us
  %indvars.iv16 = phi i64 [ %indvars.iv.next17, %._crit_edge.us.us.us ], [ 1, %.lr.ph9.us.us ]
  %27 = add nsw i64 %indvars.iv16, -1
  %28 = mul nuw nsw i64 %27, %10
  %29 = getelementptr float, ptr %4, i64 %28
  %30 = getelementptr float, ptr %26, i64 %27
  %31 = load float, ptr %30, align 4, !tbaa !16
  br label %32

32:                                               ; preds = %32, %.lr.ph.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %32 ], [ 1, %.lr.ph.us.us.us ]
  %33 = add nsw i64 %indvars.iv, -1
  %34 = getelementptr float, ptr %24, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !18
  %36 = getelementptr float, ptr %29, i64 %33
  %37 = load float, ptr %36, align 4, !tbaa !20
  %38 = fmul contract float %21, %37
  %39 = fmul contract float %38, %31
  %40 = fsub contract float %39, %35
  store float %40, ptr %34, align 4, !tbaa !18
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %19
  br i1 %exitcond.not, label %._crit_edge.us.us.us, label %32

._crit_edge.us.us.us:                             ; preds = %32
  %indvars.iv.next17 = add nuw nsw i64 %indvars.iv16, 1
  %exitcond19.not = icmp eq i64 %indvars.iv16, %17
  br i1 %exitcond19.not, label %._crit_edge10.split.us.us.us, label %.lr.ph.us.us.us

._crit_edge10.split.us.us.us:                     ; preds = %._crit_edge.us.us.us
  %indvars.iv.next21 = add nuw nsw i64 %indvars.iv20, 1
  %exitcond23.not = icmp eq i64 %indvars.iv20, %15
  br i1 %exitcond23.not, label %._crit_edge, label %.lr.ph9.us.us

._crit_edge:                                      ; preds = %._crit_edge10.split.us.us.us, %.lr.ph, %7
  ret void
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) "target-cpu"="x86-64-v3" }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.ident = !{!0}
!llvm.module.flags = !{!1, !2, !3}

!0 = !{!"Debian flang version 22.1.8"}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{!5, !5, i64 0}
!5 = !{!"dummy arg data/_QFgemmEm", !6, i64 0}
!6 = !{!"dummy arg data", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QPgemm"}
!10 = !{!11, !11, i64 0}
!11 = !{!"dummy arg data/_QFgemmEk", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QFgemmEn", !6, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QFgemmEalpha", !6, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"dummy arg data/_QFgemmEb", !6, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"dummy arg data/_QFgemmEc", !6, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"dummy arg data/_QFgemmEa", !6, i64 0}
