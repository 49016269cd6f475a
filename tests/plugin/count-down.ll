; The reference STRMM's left-side upper transposed form counts its rows down
; (`DO I = M,1,-1` around `DO K = 1,I - 1`). `I > 1` decides both whether
; the K loop runs and whether the I loop goes on, so loop rotation copies
; `B(I,J) = ALPHA*TEMP` into the I loop's exit for the last row; raise puts
; the copy back into the latch (ExitTails.h), the exit's operands in PHIs
; (`.tail`). The diagonal A(I,I), element (I - 1) * (LDA + 1), starts at
; (M - 1) * (LDA + 1) for the first row, a product SCEV keeps whole and
; Polly would take for a column: raise distributes it (`.split`). Then
; raise-reverse-loops counts the rows up, reading the rows above from a copy
; (COPY2), and each version of the nest (unit and non-unit diagonal) is a
; product over the triangle k < j.
; A copy in the exit that computes something else than the latch (the last
; row added to ALPHA, not scaled) stays where it is, and so does the nest.
; Made from tests/e2e/Inputs/blas-triangles.inc's XTRMMU with
; flang-22 -O3 -march=x86-64-v3 -mllvm -print-before=raise
; -mllvm -print-module-scope, debug info stripped.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmmu_ (where nounit >= 1) raised to linalg.generic (GEMM_TB; over the triangle k <= j - 1; accumulated through a local scalar), i x j x k = n x m x m
; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmmu_ (where nounit == 0) raised to linalg.generic (GEMM_TB; over the triangle k <= j - 1; accumulated through a local scalar), i x j x k = n x m x m
; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmmu_ (where nounit >= 1) raised to linalg.copy (COPY2), i x j = n x m - 1
; CHECK-DAG: remark: <unknown>:0:0: SCoP in trmmu_ spliced as trmmu_.raise.0 behind a run-time check
; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmmu_last_row_differs (where nounit >= 1 and m >= 1) not raised: the loop nest contains 'affine.if'

; The original loops, which run where the run-time check fails: the last
; row's product in the latch.
; CHECK-LABEL: define void @trmmu_(
; CHECK: %.split = add i64
; CHECK: %.tail = phi float
; CHECK-NEXT: fmul contract float %.tail,

; CHECK-LABEL: define void @trmmu_last_row_differs(
; CHECK-NOT: .tail
; CHECK: fadd contract float %31, %23
; CHECK-NOT: .tail
; CHECK: define internal void @trmmu_.raise.0(

; ModuleID = 'tu1.ll'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @trmmu_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias captures(none) %6, ptr noalias readonly captures(none) %7) local_unnamed_addr #0 {
  %9 = load i32, ptr %5, align 4, !tbaa !4
  %10 = tail call i32 @llvm.smax.i32(i32 %9, i32 0)
  %11 = zext nneg i32 %10 to i64
  %12 = load i32, ptr %7, align 4, !tbaa !10
  %13 = tail call i32 @llvm.smax.i32(i32 %12, i32 0)
  %14 = zext nneg i32 %13 to i64
  %15 = load i32, ptr %2, align 4, !tbaa !12
  %16 = sext i32 %15 to i64
  %17 = icmp sgt i32 %15, 0
  br i1 %17, label %.lr.ph22, label %._crit_edge23

.lr.ph22:                                         ; preds = %8
  %18 = load i32, ptr %1, align 4, !tbaa !14
  %19 = sext i32 %18 to i64
  %20 = icmp sgt i32 %18, 0
  %21 = add nuw nsw i64 %11, 1
  br i1 %20, label %.lr.ph22.split.us, label %._crit_edge23

.lr.ph22.split.us:                                ; preds = %.lr.ph22
  %22 = load i32, ptr %0, align 4, !tbaa !16
  %.not.us = icmp eq i32 %22, 0
  %23 = load float, ptr %3, align 4, !tbaa !18
  br i1 %.not.us, label %.lr.ph19.us.us, label %.lr.ph19.us

.lr.ph19.us.us:                                   ; preds = %._crit_edge20.split.us.us.us, %.lr.ph22.split.us
  %indvars.iv43 = phi i64 [ %indvars.iv.next44, %._crit_edge20.split.us.us.us ], [ 1, %.lr.ph22.split.us ]
  %24 = add nsw i64 %indvars.iv43, -1
  %25 = mul nuw nsw i64 %24, %14
  %26 = getelementptr float, ptr %6, i64 %25
  br label %27

27:                                               ; preds = %._crit_edge.us.us.us, %.lr.ph19.us.us
  %28 = phi i64 [ %19, %.lr.ph19.us.us ], [ %29, %._crit_edge.us.us.us ]
  %29 = add nsw i64 %28, -1
  %30 = getelementptr float, ptr %26, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !20
  %32 = icmp sgt i64 %28, 1
  br i1 %32, label %.lr.ph.us.us.us, label %._crit_edge20.split.us.us.us

._crit_edge.us.us.us:                             ; preds = %34
  %33 = fmul contract float %42, %23
  store float %33, ptr %30, align 4, !tbaa !20
  br label %27

34:                                               ; preds = %.lr.ph.us.us.us, %34
  %indvars.iv39 = phi i64 [ 1, %.lr.ph.us.us.us ], [ %indvars.iv.next40, %34 ]
  %35 = phi i64 [ %29, %.lr.ph.us.us.us ], [ %43, %34 ]
  %.117.us.us.us = phi float [ %31, %.lr.ph.us.us.us ], [ %42, %34 ]
  %36 = add nsw i64 %indvars.iv39, -1
  %37 = getelementptr float, ptr %46, i64 %36
  %38 = load float, ptr %37, align 4, !tbaa !22
  %39 = getelementptr float, ptr %26, i64 %36
  %40 = load float, ptr %39, align 4, !tbaa !20
  %41 = fmul contract float %38, %40
  %42 = fadd contract float %.117.us.us.us, %41
  %indvars.iv.next40 = add nuw nsw i64 %indvars.iv39, 1
  %43 = add nsw i64 %35, -1
  %44 = icmp samesign ugt i64 %35, 1
  br i1 %44, label %34, label %._crit_edge.us.us.us

.lr.ph.us.us.us:                                  ; preds = %27
  %45 = mul nsw i64 %29, %11
  %46 = getelementptr float, ptr %4, i64 %45
  br label %34

._crit_edge20.split.us.us.us:                     ; preds = %27
  %47 = fmul contract float %31, %23
  store float %47, ptr %30, align 4, !tbaa !20
  %indvars.iv.next44 = add nuw nsw i64 %indvars.iv43, 1
  %exitcond46.not = icmp eq i64 %indvars.iv43, %16
  br i1 %exitcond46.not, label %._crit_edge23, label %.lr.ph19.us.us

.lr.ph19.us:                                      ; preds = %._crit_edge20.split.us29, %.lr.ph22.split.us
  %indvars.iv36 = phi i64 [ %indvars.iv.next37, %._crit_edge20.split.us29 ], [ 1, %.lr.ph22.split.us ]
  %48 = add nsw i64 %indvars.iv36, -1
  %49 = mul nuw nsw i64 %48, %14
  %50 = getelementptr float, ptr %6, i64 %49
  br label %51

51:                                               ; preds = %._crit_edge.us27, %.lr.ph19.us
  %52 = phi i64 [ %19, %.lr.ph19.us ], [ %53, %._crit_edge.us27 ]
  %53 = add nsw i64 %52, -1
  %54 = getelementptr float, ptr %50, i64 %53
  %55 = load float, ptr %54, align 4, !tbaa !20
  %56 = mul i64 %53, %21
  %57 = getelementptr float, ptr %4, i64 %56
  %58 = load float, ptr %57, align 4, !tbaa !22
  %59 = fmul contract float %55, %58
  %60 = icmp sgt i64 %52, 1
  br i1 %60, label %.lr.ph.us26, label %._crit_edge20.split.us29

._crit_edge.us27:                                 ; preds = %62
  %61 = fmul contract float %70, %23
  store float %61, ptr %54, align 4, !tbaa !20
  br label %51

62:                                               ; preds = %.lr.ph.us26, %62
  %indvars.iv = phi i64 [ 1, %.lr.ph.us26 ], [ %indvars.iv.next, %62 ]
  %63 = phi i64 [ %53, %.lr.ph.us26 ], [ %71, %62 ]
  %.117.us25 = phi float [ %59, %.lr.ph.us26 ], [ %70, %62 ]
  %64 = add nsw i64 %indvars.iv, -1
  %65 = getelementptr float, ptr %74, i64 %64
  %66 = load float, ptr %65, align 4, !tbaa !22
  %67 = getelementptr float, ptr %50, i64 %64
  %68 = load float, ptr %67, align 4, !tbaa !20
  %69 = fmul contract float %66, %68
  %70 = fadd contract float %.117.us25, %69
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %71 = add nsw i64 %63, -1
  %72 = icmp samesign ugt i64 %63, 1
  br i1 %72, label %62, label %._crit_edge.us27

.lr.ph.us26:                                      ; preds = %51
  %73 = mul nsw i64 %53, %11
  %74 = getelementptr float, ptr %4, i64 %73
  br label %62

._crit_edge20.split.us29:                         ; preds = %51
  %75 = fmul contract float %59, %23
  store float %75, ptr %54, align 4, !tbaa !20
  %indvars.iv.next37 = add nuw nsw i64 %indvars.iv36, 1
  %exitcond.not = icmp eq i64 %indvars.iv36, %16
  br i1 %exitcond.not, label %._crit_edge23, label %.lr.ph19.us

._crit_edge23:                                    ; preds = %._crit_edge20.split.us29, %._crit_edge20.split.us.us.us, %.lr.ph22, %8
  ret void
}

define void @trmmu_last_row_differs(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias captures(none) %6, ptr noalias readonly captures(none) %7) local_unnamed_addr #0 {
  %9 = load i32, ptr %5, align 4, !tbaa !4
  %10 = tail call i32 @llvm.smax.i32(i32 %9, i32 0)
  %11 = zext nneg i32 %10 to i64
  %12 = load i32, ptr %7, align 4, !tbaa !10
  %13 = tail call i32 @llvm.smax.i32(i32 %12, i32 0)
  %14 = zext nneg i32 %13 to i64
  %15 = load i32, ptr %2, align 4, !tbaa !12
  %16 = sext i32 %15 to i64
  %17 = icmp sgt i32 %15, 0
  br i1 %17, label %.lr.ph22, label %._crit_edge23

.lr.ph22:                                         ; preds = %8
  %18 = load i32, ptr %1, align 4, !tbaa !14
  %19 = sext i32 %18 to i64
  %20 = icmp sgt i32 %18, 0
  %21 = add nuw nsw i64 %11, 1
  br i1 %20, label %.lr.ph22.split.us, label %._crit_edge23

.lr.ph22.split.us:                                ; preds = %.lr.ph22
  %22 = load i32, ptr %0, align 4, !tbaa !16
  %.not.us = icmp eq i32 %22, 0
  %23 = load float, ptr %3, align 4, !tbaa !18
  br i1 %.not.us, label %.lr.ph19.us.us, label %.lr.ph19.us

.lr.ph19.us.us:                                   ; preds = %._crit_edge20.split.us.us.us, %.lr.ph22.split.us
  %indvars.iv43 = phi i64 [ %indvars.iv.next44, %._crit_edge20.split.us.us.us ], [ 1, %.lr.ph22.split.us ]
  %24 = add nsw i64 %indvars.iv43, -1
  %25 = mul nuw nsw i64 %24, %14
  %26 = getelementptr float, ptr %6, i64 %25
  br label %27

27:                                               ; preds = %._crit_edge.us.us.us, %.lr.ph19.us.us
  %28 = phi i64 [ %19, %.lr.ph19.us.us ], [ %29, %._crit_edge.us.us.us ]
  %29 = add nsw i64 %28, -1
  %30 = getelementptr float, ptr %26, i64 %29
  %31 = load float, ptr %30, align 4, !tbaa !20
  %32 = icmp sgt i64 %28, 1
  br i1 %32, label %.lr.ph.us.us.us, label %._crit_edge20.split.us.us.us

._crit_edge.us.us.us:                             ; preds = %34
  %33 = fmul contract float %42, %23
  store float %33, ptr %30, align 4, !tbaa !20
  br label %27

34:                                               ; preds = %.lr.ph.us.us.us, %34
  %indvars.iv39 = phi i64 [ 1, %.lr.ph.us.us.us ], [ %indvars.iv.next40, %34 ]
  %35 = phi i64 [ %29, %.lr.ph.us.us.us ], [ %43, %34 ]
  %.117.us.us.us = phi float [ %31, %.lr.ph.us.us.us ], [ %42, %34 ]
  %36 = add nsw i64 %indvars.iv39, -1
  %37 = getelementptr float, ptr %46, i64 %36
  %38 = load float, ptr %37, align 4, !tbaa !22
  %39 = getelementptr float, ptr %26, i64 %36
  %40 = load float, ptr %39, align 4, !tbaa !20
  %41 = fmul contract float %38, %40
  %42 = fadd contract float %.117.us.us.us, %41
  %indvars.iv.next40 = add nuw nsw i64 %indvars.iv39, 1
  %43 = add nsw i64 %35, -1
  %44 = icmp samesign ugt i64 %35, 1
  br i1 %44, label %34, label %._crit_edge.us.us.us

.lr.ph.us.us.us:                                  ; preds = %27
  %45 = mul nsw i64 %29, %11
  %46 = getelementptr float, ptr %4, i64 %45
  br label %34

._crit_edge20.split.us.us.us:                     ; preds = %27
  %47 = fadd contract float %31, %23
  store float %47, ptr %30, align 4, !tbaa !20
  %indvars.iv.next44 = add nuw nsw i64 %indvars.iv43, 1
  %exitcond46.not = icmp eq i64 %indvars.iv43, %16
  br i1 %exitcond46.not, label %._crit_edge23, label %.lr.ph19.us.us

.lr.ph19.us:                                      ; preds = %._crit_edge20.split.us29, %.lr.ph22.split.us
  %indvars.iv36 = phi i64 [ %indvars.iv.next37, %._crit_edge20.split.us29 ], [ 1, %.lr.ph22.split.us ]
  %48 = add nsw i64 %indvars.iv36, -1
  %49 = mul nuw nsw i64 %48, %14
  %50 = getelementptr float, ptr %6, i64 %49
  br label %51

51:                                               ; preds = %._crit_edge.us27, %.lr.ph19.us
  %52 = phi i64 [ %19, %.lr.ph19.us ], [ %53, %._crit_edge.us27 ]
  %53 = add nsw i64 %52, -1
  %54 = getelementptr float, ptr %50, i64 %53
  %55 = load float, ptr %54, align 4, !tbaa !20
  %56 = mul i64 %53, %21
  %57 = getelementptr float, ptr %4, i64 %56
  %58 = load float, ptr %57, align 4, !tbaa !22
  %59 = fmul contract float %55, %58
  %60 = icmp sgt i64 %52, 1
  br i1 %60, label %.lr.ph.us26, label %._crit_edge20.split.us29

._crit_edge.us27:                                 ; preds = %62
  %61 = fmul contract float %70, %23
  store float %61, ptr %54, align 4, !tbaa !20
  br label %51

62:                                               ; preds = %.lr.ph.us26, %62
  %indvars.iv = phi i64 [ 1, %.lr.ph.us26 ], [ %indvars.iv.next, %62 ]
  %63 = phi i64 [ %53, %.lr.ph.us26 ], [ %71, %62 ]
  %.117.us25 = phi float [ %59, %.lr.ph.us26 ], [ %70, %62 ]
  %64 = add nsw i64 %indvars.iv, -1
  %65 = getelementptr float, ptr %74, i64 %64
  %66 = load float, ptr %65, align 4, !tbaa !22
  %67 = getelementptr float, ptr %50, i64 %64
  %68 = load float, ptr %67, align 4, !tbaa !20
  %69 = fmul contract float %66, %68
  %70 = fadd contract float %.117.us25, %69
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %71 = add nsw i64 %63, -1
  %72 = icmp samesign ugt i64 %63, 1
  br i1 %72, label %62, label %._crit_edge.us27

.lr.ph.us26:                                      ; preds = %51
  %73 = mul nsw i64 %53, %11
  %74 = getelementptr float, ptr %4, i64 %73
  br label %62

._crit_edge20.split.us29:                         ; preds = %51
  %75 = fadd contract float %59, %23
  store float %75, ptr %54, align 4, !tbaa !20
  %indvars.iv.next37 = add nuw nsw i64 %indvars.iv36, 1
  %exitcond.not = icmp eq i64 %indvars.iv36, %16
  br i1 %exitcond.not, label %._crit_edge23, label %.lr.ph19.us

._crit_edge23:                                    ; preds = %._crit_edge20.split.us29, %._crit_edge20.split.us.us.us, %.lr.ph22, %8
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
!5 = !{!"dummy arg data/_QFtrmmuElda", !6, i64 0}
!6 = !{!"dummy arg data", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QPtrmmu"}
!10 = !{!11, !11, i64 0}
!11 = !{!"dummy arg data/_QFtrmmuEldb", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QFtrmmuEn", !6, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QFtrmmuEm", !6, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"dummy arg data/_QFtrmmuEnounit", !6, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"dummy arg data/_QFtrmmuEalpha", !6, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"dummy arg data/_QFtrmmuEb", !6, i64 0}
!22 = !{!23, !23, i64 0}
!23 = !{!"dummy arg data/_QFtrmmuEa", !6, i64 0}
