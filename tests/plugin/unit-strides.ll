; The reference BLAS steps through a vector with an increment passed by
; reference: JX = JX + INCX after each column. raise versions such a nest on
; the increment being one; in the copy JX steps by one, X is an ordinary
; array, and the matrix-vector product is raised. A nest that is not raised
; (shift_inc_, a recurrence along each column) ends as it began: no check,
; JX stepping by INCX.
; Made from
;   subroutine gemv_inc(m, n, alpha, a, lda, x, incx, y)
;     jx = 1
;     do j = 1, n
;       temp = alpha * x(jx)
;       do i = 1, m; y(i) = y(i) + temp * a(i, j); end do
;       jx = jx + incx
; and shift_inc (a(i, j) = a(i - 1, j) * x(jx) in the same loops), with
; flang-22 -O3 -march=x86-64-v3 -fpass-plugin=libraise.so
; -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in gemv_inc_ raised to linalg.generic (MATVEC_T;
; CHECK: remark: <unknown>:0:0: SCoP in gemv_inc_ spliced as gemv_inc_.raise.0 behind a run-time check
; CHECK: remark: <unknown>:0:0: loop nest in gemv_inc_: 1 increment taken as one, behind a run-time check that it is
; CHECK: remark: <unknown>:0:0: loop nest in shift_inc_ not raised
; CHECK-LABEL: define void @gemv_inc_(
; CHECK: %[[INCX:.*]] = load i32, ptr %6
; CHECK: %raise.unit.step = icmp eq i32 %[[INCX]], 1
; CHECK: %raise.steps.check = freeze i1 %raise.unit.step
; CHECK: br i1 %raise.steps.check,
; CHECK: add i32 %[[INCX]], %
; CHECK: call void @gemv_inc_.raise.0(
; CHECK-LABEL: define void @shift_inc_(
; CHECK-NOT: raise.steps.check
; CHECK: %[[INC:.*]] = load i32, ptr %5
; CHECK-NOT: raise.steps.check
; CHECK: add i32 %[[INC]], %
; CHECK-NOT: raise.steps.check
; CHECK: ret void

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @gemv_inc_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias readonly captures(none) %6, ptr noalias captures(none) %7) local_unnamed_addr #0 {
  %9 = load i32, ptr %4, align 4, !tbaa !4
  %10 = tail call i32 @llvm.smax.i32(i32 %9, i32 0)
  %11 = zext nneg i32 %10 to i64
  %12 = load i32, ptr %1, align 4, !tbaa !10
  %13 = icmp sgt i32 %12, 0
  br i1 %13, label %.lr.ph10, label %._crit_edge11

.lr.ph10:                                         ; preds = %8
  %14 = load float, ptr %2, align 4, !tbaa !12
  %15 = load i32, ptr %0, align 4, !tbaa !14
  %16 = icmp sgt i32 %15, 0
  %17 = load i32, ptr %6, align 4, !tbaa !16
  br i1 %16, label %.lr.ph.us.preheader, label %._crit_edge11

.lr.ph.us.preheader:                              ; preds = %.lr.ph10
  %18 = zext nneg i32 %15 to i64
  %narrow = add nuw i32 %12, 1
  %19 = zext i32 %narrow to i64
  br label %.lr.ph.us

.lr.ph.us:                                        ; preds = %.lr.ph.us.preheader, %._crit_edge.us
  %indvars.iv14 = phi i64 [ 1, %.lr.ph.us.preheader ], [ %indvars.iv.next15, %._crit_edge.us ]
  %.08.us = phi i32 [ 1, %.lr.ph.us.preheader ], [ %36, %._crit_edge.us ]
  %20 = sext i32 %.08.us to i64
  %21 = getelementptr float, ptr %5, i64 %20
  %22 = getelementptr i8, ptr %21, i64 -4
  %23 = load float, ptr %22, align 4, !tbaa !18
  %24 = fmul contract float %14, %23
  %25 = add nsw i64 %indvars.iv14, -1
  %26 = mul nuw nsw i64 %25, %11
  %27 = getelementptr float, ptr %3, i64 %26
  br label %28

28:                                               ; preds = %.lr.ph.us, %28
  %indvars.iv = phi i64 [ 1, %.lr.ph.us ], [ %indvars.iv.next, %28 ]
  %29 = add nsw i64 %indvars.iv, -1
  %30 = getelementptr float, ptr %7, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !20
  %32 = getelementptr float, ptr %27, i64 %29
  %33 = load float, ptr %32, align 4, !tbaa !22
  %34 = fmul contract float %24, %33
  %35 = fadd contract float %31, %34
  store float %35, ptr %30, align 4, !tbaa !20
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %18
  br i1 %exitcond.not, label %._crit_edge.us, label %28

._crit_edge.us:                                   ; preds = %28
  %36 = add i32 %17, %.08.us
  %indvars.iv.next15 = add nuw nsw i64 %indvars.iv14, 1
  %exitcond17.not = icmp eq i64 %indvars.iv.next15, %19
  br i1 %exitcond17.not, label %._crit_edge11, label %.lr.ph.us

._crit_edge11:                                    ; preds = %._crit_edge.us, %.lr.ph10, %8
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @shift_inc_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5) local_unnamed_addr #0 {
  %7 = load i32, ptr %3, align 4, !tbaa !24
  %8 = tail call i32 @llvm.smax.i32(i32 %7, i32 0)
  %9 = zext nneg i32 %8 to i64
  %10 = load i32, ptr %1, align 4, !tbaa !30
  %11 = icmp sgt i32 %10, 0
  br i1 %11, label %.lr.ph11, label %._crit_edge12

.lr.ph11:                                         ; preds = %6
  %12 = load i32, ptr %0, align 4, !tbaa !32
  %13 = icmp sgt i32 %12, 1
  %14 = load i32, ptr %5, align 4, !tbaa !34
  br i1 %13, label %.lr.ph.us.preheader, label %._crit_edge12

.lr.ph.us.preheader:                              ; preds = %.lr.ph11
  %15 = zext nneg i32 %12 to i64
  %narrow = add nuw i32 %10, 1
  %16 = zext i32 %narrow to i64
  br label %.lr.ph.us

.lr.ph.us:                                        ; preds = %.lr.ph.us.preheader, %._crit_edge.us
  %indvars.iv15 = phi i64 [ 1, %.lr.ph.us.preheader ], [ %indvars.iv.next16, %._crit_edge.us ]
  %.09.us = phi i32 [ 1, %.lr.ph.us.preheader ], [ %30, %._crit_edge.us ]
  %17 = add nsw i64 %indvars.iv15, -1
  %18 = mul nuw nsw i64 %17, %9
  %19 = getelementptr float, ptr %2, i64 %18
  %20 = sext i32 %.09.us to i64
  %21 = getelementptr float, ptr %4, i64 %20
  %22 = getelementptr i8, ptr %21, i64 -4
  %23 = load float, ptr %22, align 4, !tbaa !36
  br label %24

24:                                               ; preds = %.lr.ph.us, %24
  %indvars.iv = phi i64 [ 2, %.lr.ph.us ], [ %indvars.iv.next, %24 ]
  %25 = getelementptr float, ptr %19, i64 %indvars.iv
  %26 = getelementptr i8, ptr %25, i64 -8
  %27 = load float, ptr %26, align 4, !tbaa !38
  %28 = fmul contract float %27, %23
  %29 = getelementptr i8, ptr %25, i64 -4
  store float %28, ptr %29, align 4, !tbaa !38
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %15
  br i1 %exitcond.not, label %._crit_edge.us, label %24

._crit_edge.us:                                   ; preds = %24
  %30 = add i32 %14, %.09.us
  %indvars.iv.next16 = add nuw nsw i64 %indvars.iv15, 1
  %exitcond18.not = icmp eq i64 %indvars.iv.next16, %16
  br i1 %exitcond18.not, label %._crit_edge12, label %.lr.ph.us

._crit_edge12:                                    ; preds = %._crit_edge.us, %.lr.ph11, %6
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
!5 = !{!"dummy arg data/_QFgemv_incElda", !6, i64 0}
!6 = !{!"dummy arg data", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QPgemv_inc"}
!10 = !{!11, !11, i64 0}
!11 = !{!"dummy arg data/_QFgemv_incEn", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QFgemv_incEalpha", !6, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QFgemv_incEm", !6, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"dummy arg data/_QFgemv_incEincx", !6, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"dummy arg data/_QFgemv_incEx", !6, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"dummy arg data/_QFgemv_incEy", !6, i64 0}
!22 = !{!23, !23, i64 0}
!23 = !{!"dummy arg data/_QFgemv_incEa", !6, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"dummy arg data/_QFshift_incElda", !26, i64 0}
!26 = !{!"dummy arg data", !27, i64 0}
!27 = !{!"any data access", !28, i64 0}
!28 = !{!"any access", !29, i64 0}
!29 = !{!"Flang function root _QPshift_inc"}
!30 = !{!31, !31, i64 0}
!31 = !{!"dummy arg data/_QFshift_incEn", !26, i64 0}
!32 = !{!33, !33, i64 0}
!33 = !{!"dummy arg data/_QFshift_incEm", !26, i64 0}
!34 = !{!35, !35, i64 0}
!35 = !{!"dummy arg data/_QFshift_incEincx", !26, i64 0}
!36 = !{!37, !37, i64 0}
!37 = !{!"dummy arg data/_QFshift_incEx", !26, i64 0}
!38 = !{!39, !39, i64 0}
!39 = !{!"dummy arg data/_QFshift_incEa", !26, i64 0}
