; Fortran's assumed-shape dummies a(:, :): flang-22 versions the nest on unit
; first strides and, in that copy, addresses a(i, l) as
; base + ((l - 1) * stride2 >> 2) + i - 1, the second stride loaded from the
; descriptor in bytes. raise versions the nest once more on every such
; stride being a multiple of 4 (a whole float): in the copy the column index
; is (l - 1) * (stride2 >> 2), Polly delinearizes it, the GEMM is raised.
; A nest that is no GEMM (c = alpha*a*b - c) is not raised and ends as it
; began: no check, no copy, the shifts of products as flang left them.
; Made from
;   module m; contains; subroutine gemm(alpha, a, b, c)
;     real :: alpha, a(:, :), b(:, :), c(:, :)
;     do j = 1, size(c, 2); do l = 1, size(a, 2); do i = 1, size(c, 1)
;       c(i, j) = c(i, j) + alpha * a(i, l) * b(l, j)
; and not_a_gemm the same with `alpha * a(i, l) * b(l, j) - c(i, j)`, with
; flang-22 -O3 -march=x86-64-v3 -fpass-plugin=libraise.so
; -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in gemm (module m) raised to linalg.generic (GEMM;
; CHECK: remark: <unknown>:0:0: SCoP in gemm (module m) spliced as _QMmPgemm.raise.0 behind a run-time check
; CHECK: remark: <unknown>:0:0: loop nest in gemm (module m): 3 byte strides taken as whole elements, behind a run-time check that they are
; CHECK: remark: <unknown>:0:0: loop nest in not_a_gemm (module m) not raised: closest tactic GEMM
; CHECK-LABEL: define void @_QMmPgemm(
; CHECK: %[[LOW:.*]] = and i64 %[[STRIDE:.*]], 3
; CHECK: icmp eq i64 %[[LOW]], 0
; CHECK: %raise.strides.check = freeze i1
; CHECK: br i1 %raise.strides.check
; CHECK: ashr exact i64 %[[STRIDE]], 2
; CHECK: call void @_QMmPgemm.raise.0(
; CHECK-LABEL: define void @_QMmPnot_a_gemm(
; CHECK-NOT: raise.strides.check
; CHECK-NOT: ashr exact i64 %{{[0-9]+}}, 2
; CHECK: ashr i64 %{{.*}}, 2
; CHECK-NOT: raise.strides.check
; CHECK: ret void

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define void @_QMmPgemm(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3) local_unnamed_addr #0 {
  %5 = getelementptr i8, ptr %1, i64 40
  %6 = getelementptr i8, ptr %1, i64 64
  %7 = getelementptr i8, ptr %3, i64 40
  %8 = getelementptr i8, ptr %3, i64 56
  %9 = load i64, ptr %8, align 8, !tbaa !4
  %10 = getelementptr i8, ptr %3, i64 64
  %sext = shl i64 %9, 32
  %11 = ashr exact i64 %sext, 32
  %12 = icmp sgt i64 %11, 0
  br i1 %12, label %.lr.ph, label %._crit_edge41

.lr.ph:                                           ; preds = %4
  %13 = getelementptr i8, ptr %3, i64 32
  %14 = load i64, ptr %13, align 8, !tbaa !4
  %15 = getelementptr i8, ptr %1, i64 56
  %16 = load i64, ptr %15, align 8, !tbaa !4
  %sext35 = shl i64 %16, 32
  %17 = ashr exact i64 %sext35, 32
  %18 = icmp sgt i64 %17, 0
  %sext36 = shl i64 %14, 32
  %19 = ashr exact i64 %sext36, 32
  %20 = icmp sgt i64 %19, 0
  br i1 %18, label %.lr.ph.split.us, label %._crit_edge41

.lr.ph.split.us:                                  ; preds = %.lr.ph
  %21 = getelementptr i8, ptr %2, i64 64
  %22 = getelementptr i8, ptr %2, i64 40
  %23 = load i64, ptr %5, align 8, !tbaa !4
  %24 = load i64, ptr %6, align 8, !tbaa !4
  %25 = icmp eq i64 %23, 4
  %26 = load i64, ptr %7, align 8, !tbaa !4
  %27 = load i64, ptr %10, align 8, !tbaa !4
  %28 = icmp eq i64 %26, 4
  %29 = and i1 %25, %28
  %30 = load i64, ptr %22, align 8, !tbaa !4
  %31 = load i64, ptr %21, align 8, !tbaa !4
  %32 = icmp eq i64 %30, 4
  %33 = and i1 %29, %32
  br i1 %33, label %.lr.ph.split.us.split.us, label %.lr.ph.split.us.split

.lr.ph.split.us.split.us:                         ; preds = %.lr.ph.split.us
  %34 = load ptr, ptr %1, align 8, !tbaa !4
  %35 = load ptr, ptr %3, align 8, !tbaa !4
  %36 = load ptr, ptr %2, align 8, !tbaa !4
  br i1 %20, label %.lr.ph.split.us.split.us.split.us, label %._crit_edge41

.lr.ph.split.us.split.us.split.us:                ; preds = %.lr.ph.split.us.split.us
  %37 = load float, ptr %0, align 4, !tbaa !8
  br label %.lr.ph39.us.us.us

.lr.ph39.us.us.us:                                ; preds = %._crit_edge.split.us.split.us.us.us.us, %.lr.ph.split.us.split.us.split.us
  %indvars.iv71 = phi i64 [ %indvars.iv.next72, %._crit_edge.split.us.split.us.us.us.us ], [ 1, %.lr.ph.split.us.split.us.split.us ]
  %38 = add nsw i64 %indvars.iv71, -1
  %39 = mul i64 %27, %38
  %40 = ashr i64 %39, 2
  %41 = mul i64 %31, %38
  %42 = ashr i64 %41, 2
  %43 = getelementptr float, ptr %35, i64 %40
  %44 = getelementptr float, ptr %36, i64 %42
  br label %.lr.ph38.us.us.us.us.us

.lr.ph38.us.us.us.us.us:                          ; preds = %..loopexit_crit_edge.us.us.us.us.us, %.lr.ph39.us.us.us
  %indvars.iv67 = phi i64 [ %indvars.iv.next68, %..loopexit_crit_edge.us.us.us.us.us ], [ 1, %.lr.ph39.us.us.us ]
  %45 = add nsw i64 %indvars.iv67, -1
  %46 = mul i64 %24, %45
  %47 = ashr i64 %46, 2
  %48 = getelementptr float, ptr %34, i64 %47
  %49 = getelementptr float, ptr %44, i64 %45
  %50 = load float, ptr %49, align 4, !tbaa !12
  br label %51

51:                                               ; preds = %51, %.lr.ph38.us.us.us.us.us
  %indvars.iv63 = phi i64 [ %indvars.iv.next64, %51 ], [ 1, %.lr.ph38.us.us.us.us.us ]
  %52 = add nsw i64 %indvars.iv63, -1
  %53 = getelementptr float, ptr %43, i64 %52
  %54 = load float, ptr %53, align 4, !tbaa !14
  %55 = getelementptr float, ptr %48, i64 %52
  %56 = load float, ptr %55, align 4, !tbaa !16
  %57 = fmul contract float %37, %56
  %58 = fmul contract float %57, %50
  %59 = fadd contract float %54, %58
  store float %59, ptr %53, align 4, !tbaa !14
  %indvars.iv.next64 = add nuw nsw i64 %indvars.iv63, 1
  %exitcond66.not = icmp eq i64 %indvars.iv63, %19
  br i1 %exitcond66.not, label %..loopexit_crit_edge.us.us.us.us.us, label %51

..loopexit_crit_edge.us.us.us.us.us:              ; preds = %51
  %indvars.iv.next68 = add nuw nsw i64 %indvars.iv67, 1
  %exitcond70.not = icmp eq i64 %indvars.iv67, %17
  br i1 %exitcond70.not, label %._crit_edge.split.us.split.us.us.us.us, label %.lr.ph38.us.us.us.us.us

._crit_edge.split.us.split.us.us.us.us:           ; preds = %..loopexit_crit_edge.us.us.us.us.us
  %indvars.iv.next72 = add nuw nsw i64 %indvars.iv71, 1
  %exitcond74.not = icmp eq i64 %indvars.iv71, %11
  br i1 %exitcond74.not, label %._crit_edge41, label %.lr.ph39.us.us.us

.lr.ph.split.us.split:                            ; preds = %.lr.ph.split.us
  br i1 %20, label %.lr.ph.split.us.split.split.us, label %._crit_edge41

.lr.ph.split.us.split.split.us:                   ; preds = %.lr.ph.split.us.split
  %60 = load ptr, ptr %3, align 8, !tbaa !4
  %61 = load float, ptr %0, align 4, !tbaa !8
  %62 = load ptr, ptr %1, align 8, !tbaa !4
  %63 = load ptr, ptr %2, align 8, !tbaa !4
  br label %.lr.ph39.us.us49

.lr.ph39.us.us49:                                 ; preds = %._crit_edge.split.split.us.us.us, %.lr.ph.split.us.split.split.us
  %indvars.iv59 = phi i64 [ %indvars.iv.next60, %._crit_edge.split.split.us.us.us ], [ 1, %.lr.ph.split.us.split.split.us ]
  %64 = add nsw i64 %indvars.iv59, -1
  %65 = mul nsw i64 %27, %64
  %66 = mul nsw i64 %31, %64
  %67 = getelementptr i8, ptr %60, i64 %65
  %68 = getelementptr i8, ptr %63, i64 %66
  br label %.preheader.us.us.us

.preheader.us.us.us:                              ; preds = %..loopexit37_crit_edge.us.us.us, %.lr.ph39.us.us49
  %indvars.iv55 = phi i64 [ %indvars.iv.next56, %..loopexit37_crit_edge.us.us.us ], [ 1, %.lr.ph39.us.us49 ]
  %69 = add nsw i64 %indvars.iv55, -1
  %70 = mul nsw i64 %24, %69
  %71 = getelementptr i8, ptr %62, i64 %70
  %72 = mul nsw i64 %30, %69
  %73 = getelementptr i8, ptr %68, i64 %72
  %74 = load float, ptr %73, align 4, !tbaa !12
  br label %75

75:                                               ; preds = %75, %.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %75 ], [ 1, %.preheader.us.us.us ]
  %76 = add nsw i64 %indvars.iv, -1
  %77 = mul nsw i64 %76, %26
  %78 = getelementptr i8, ptr %67, i64 %77
  %79 = load float, ptr %78, align 4, !tbaa !14
  %80 = mul nsw i64 %76, %23
  %81 = getelementptr i8, ptr %71, i64 %80
  %82 = load float, ptr %81, align 4, !tbaa !16
  %83 = fmul contract float %61, %82
  %84 = fmul contract float %83, %74
  %85 = fadd contract float %79, %84
  store float %85, ptr %78, align 4, !tbaa !14
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %19
  br i1 %exitcond.not, label %..loopexit37_crit_edge.us.us.us, label %75

..loopexit37_crit_edge.us.us.us:                  ; preds = %75
  %indvars.iv.next56 = add nuw nsw i64 %indvars.iv55, 1
  %exitcond58.not = icmp eq i64 %indvars.iv55, %17
  br i1 %exitcond58.not, label %._crit_edge.split.split.us.us.us, label %.preheader.us.us.us

._crit_edge.split.split.us.us.us:                 ; preds = %..loopexit37_crit_edge.us.us.us
  %indvars.iv.next60 = add nuw nsw i64 %indvars.iv59, 1
  %exitcond62.not = icmp eq i64 %indvars.iv59, %11
  br i1 %exitcond62.not, label %._crit_edge41, label %.lr.ph39.us.us49

._crit_edge41:                                    ; preds = %._crit_edge.split.split.us.us.us, %._crit_edge.split.us.split.us.us.us.us, %.lr.ph.split.us.split, %.lr.ph.split.us.split.us, %.lr.ph, %4
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none)
define void @_QMmPnot_a_gemm(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3) local_unnamed_addr #0 {
  %5 = getelementptr i8, ptr %1, i64 40
  %6 = getelementptr i8, ptr %1, i64 64
  %7 = getelementptr i8, ptr %3, i64 40
  %8 = getelementptr i8, ptr %3, i64 56
  %9 = load i64, ptr %8, align 8, !tbaa !18
  %10 = getelementptr i8, ptr %3, i64 64
  %sext = shl i64 %9, 32
  %11 = ashr exact i64 %sext, 32
  %12 = icmp sgt i64 %11, 0
  br i1 %12, label %.lr.ph, label %._crit_edge41

.lr.ph:                                           ; preds = %4
  %13 = getelementptr i8, ptr %3, i64 32
  %14 = load i64, ptr %13, align 8, !tbaa !18
  %15 = getelementptr i8, ptr %1, i64 56
  %16 = load i64, ptr %15, align 8, !tbaa !18
  %sext35 = shl i64 %16, 32
  %17 = ashr exact i64 %sext35, 32
  %18 = icmp sgt i64 %17, 0
  %sext36 = shl i64 %14, 32
  %19 = ashr exact i64 %sext36, 32
  %20 = icmp sgt i64 %19, 0
  br i1 %18, label %.lr.ph.split.us, label %._crit_edge41

.lr.ph.split.us:                                  ; preds = %.lr.ph
  %21 = getelementptr i8, ptr %2, i64 64
  %22 = getelementptr i8, ptr %2, i64 40
  %23 = load i64, ptr %5, align 8, !tbaa !18
  %24 = load i64, ptr %6, align 8, !tbaa !18
  %25 = icmp eq i64 %23, 4
  %26 = load i64, ptr %22, align 8, !tbaa !18
  %27 = load i64, ptr %21, align 8, !tbaa !18
  %28 = icmp eq i64 %26, 4
  %29 = and i1 %25, %28
  %30 = load i64, ptr %7, align 8, !tbaa !18
  %31 = load i64, ptr %10, align 8, !tbaa !18
  %32 = icmp eq i64 %30, 4
  %33 = and i1 %29, %32
  br i1 %33, label %.lr.ph.split.us.split.us, label %.lr.ph.split.us.split

.lr.ph.split.us.split.us:                         ; preds = %.lr.ph.split.us
  %34 = load ptr, ptr %1, align 8, !tbaa !18
  %35 = load ptr, ptr %2, align 8, !tbaa !18
  %36 = load ptr, ptr %3, align 8, !tbaa !18
  br i1 %20, label %.lr.ph.split.us.split.us.split.us, label %._crit_edge41

.lr.ph.split.us.split.us.split.us:                ; preds = %.lr.ph.split.us.split.us
  %37 = load float, ptr %0, align 4, !tbaa !22
  br label %.lr.ph39.us.us.us

.lr.ph39.us.us.us:                                ; preds = %._crit_edge.split.us.split.us.us.us.us, %.lr.ph.split.us.split.us.split.us
  %indvars.iv71 = phi i64 [ %indvars.iv.next72, %._crit_edge.split.us.split.us.us.us.us ], [ 1, %.lr.ph.split.us.split.us.split.us ]
  %38 = add nsw i64 %indvars.iv71, -1
  %39 = mul i64 %27, %38
  %40 = ashr i64 %39, 2
  %41 = mul i64 %31, %38
  %42 = ashr i64 %41, 2
  %43 = getelementptr float, ptr %35, i64 %40
  %44 = getelementptr float, ptr %36, i64 %42
  br label %.lr.ph38.us.us.us.us.us

.lr.ph38.us.us.us.us.us:                          ; preds = %..loopexit_crit_edge.us.us.us.us.us, %.lr.ph39.us.us.us
  %indvars.iv67 = phi i64 [ %indvars.iv.next68, %..loopexit_crit_edge.us.us.us.us.us ], [ 1, %.lr.ph39.us.us.us ]
  %45 = add nsw i64 %indvars.iv67, -1
  %46 = mul i64 %24, %45
  %47 = ashr i64 %46, 2
  %48 = getelementptr float, ptr %34, i64 %47
  %49 = getelementptr float, ptr %43, i64 %45
  %50 = load float, ptr %49, align 4, !tbaa !26
  br label %51

51:                                               ; preds = %51, %.lr.ph38.us.us.us.us.us
  %indvars.iv63 = phi i64 [ %indvars.iv.next64, %51 ], [ 1, %.lr.ph38.us.us.us.us.us ]
  %52 = add nsw i64 %indvars.iv63, -1
  %53 = getelementptr float, ptr %48, i64 %52
  %54 = load float, ptr %53, align 4, !tbaa !28
  %55 = fmul contract float %37, %54
  %56 = fmul contract float %55, %50
  %57 = getelementptr float, ptr %44, i64 %52
  %58 = load float, ptr %57, align 4, !tbaa !30
  %59 = fsub contract float %56, %58
  store float %59, ptr %57, align 4, !tbaa !30
  %indvars.iv.next64 = add nuw nsw i64 %indvars.iv63, 1
  %exitcond66.not = icmp eq i64 %indvars.iv63, %19
  br i1 %exitcond66.not, label %..loopexit_crit_edge.us.us.us.us.us, label %51

..loopexit_crit_edge.us.us.us.us.us:              ; preds = %51
  %indvars.iv.next68 = add nuw nsw i64 %indvars.iv67, 1
  %exitcond70.not = icmp eq i64 %indvars.iv67, %17
  br i1 %exitcond70.not, label %._crit_edge.split.us.split.us.us.us.us, label %.lr.ph38.us.us.us.us.us

._crit_edge.split.us.split.us.us.us.us:           ; preds = %..loopexit_crit_edge.us.us.us.us.us
  %indvars.iv.next72 = add nuw nsw i64 %indvars.iv71, 1
  %exitcond74.not = icmp eq i64 %indvars.iv71, %11
  br i1 %exitcond74.not, label %._crit_edge41, label %.lr.ph39.us.us.us

.lr.ph.split.us.split:                            ; preds = %.lr.ph.split.us
  br i1 %20, label %.lr.ph.split.us.split.split.us, label %._crit_edge41

.lr.ph.split.us.split.split.us:                   ; preds = %.lr.ph.split.us.split
  %60 = load float, ptr %0, align 4, !tbaa !22
  %61 = load ptr, ptr %1, align 8, !tbaa !18
  %62 = load ptr, ptr %2, align 8, !tbaa !18
  %63 = load ptr, ptr %3, align 8, !tbaa !18
  br label %.lr.ph39.us.us49

.lr.ph39.us.us49:                                 ; preds = %._crit_edge.split.split.us.us.us, %.lr.ph.split.us.split.split.us
  %indvars.iv59 = phi i64 [ %indvars.iv.next60, %._crit_edge.split.split.us.us.us ], [ 1, %.lr.ph.split.us.split.split.us ]
  %64 = add nsw i64 %indvars.iv59, -1
  %65 = mul nsw i64 %27, %64
  %66 = mul nsw i64 %31, %64
  %67 = getelementptr i8, ptr %62, i64 %65
  %68 = getelementptr i8, ptr %63, i64 %66
  br label %.preheader.us.us.us

.preheader.us.us.us:                              ; preds = %..loopexit37_crit_edge.us.us.us, %.lr.ph39.us.us49
  %indvars.iv55 = phi i64 [ %indvars.iv.next56, %..loopexit37_crit_edge.us.us.us ], [ 1, %.lr.ph39.us.us49 ]
  %69 = add nsw i64 %indvars.iv55, -1
  %70 = mul nsw i64 %24, %69
  %71 = getelementptr i8, ptr %61, i64 %70
  %72 = mul nsw i64 %26, %69
  %73 = getelementptr i8, ptr %67, i64 %72
  %74 = load float, ptr %73, align 4, !tbaa !26
  br label %75

75:                                               ; preds = %75, %.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %75 ], [ 1, %.preheader.us.us.us ]
  %76 = add nsw i64 %indvars.iv, -1
  %77 = mul nsw i64 %76, %23
  %78 = getelementptr i8, ptr %71, i64 %77
  %79 = load float, ptr %78, align 4, !tbaa !28
  %80 = fmul contract float %60, %79
  %81 = fmul contract float %80, %74
  %82 = mul nsw i64 %76, %30
  %83 = getelementptr i8, ptr %68, i64 %82
  %84 = load float, ptr %83, align 4, !tbaa !30
  %85 = fsub contract float %81, %84
  store float %85, ptr %83, align 4, !tbaa !30
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %19
  br i1 %exitcond.not, label %..loopexit37_crit_edge.us.us.us, label %75

..loopexit37_crit_edge.us.us.us:                  ; preds = %75
  %indvars.iv.next56 = add nuw nsw i64 %indvars.iv55, 1
  %exitcond58.not = icmp eq i64 %indvars.iv55, %17
  br i1 %exitcond58.not, label %._crit_edge.split.split.us.us.us, label %.preheader.us.us.us

._crit_edge.split.split.us.us.us:                 ; preds = %..loopexit37_crit_edge.us.us.us
  %indvars.iv.next60 = add nuw nsw i64 %indvars.iv59, 1
  %exitcond62.not = icmp eq i64 %indvars.iv59, %11
  br i1 %exitcond62.not, label %._crit_edge41, label %.lr.ph39.us.us49

._crit_edge41:                                    ; preds = %._crit_edge.split.split.us.us.us, %._crit_edge.split.us.split.us.us.us.us, %.lr.ph.split.us.split, %.lr.ph.split.us.split.us, %.lr.ph, %4
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none, target_mem0: none, target_mem1: none) "target-cpu"="x86-64-v3" }

!llvm.ident = !{!0}
!llvm.module.flags = !{!1, !2, !3}

!0 = !{!"Debian flang version 22.1.8"}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 8, !"PIC Level", i32 2}
!3 = !{i32 7, !"PIE Level", i32 2}
!4 = !{!5, !5, i64 0}
!5 = !{!"descriptor member", !6, i64 0}
!6 = !{!"any access", !7, i64 0}
!7 = !{!"Flang function root _QMmPgemm"}
!8 = !{!9, !9, i64 0}
!9 = !{!"dummy arg data/_QMmFgemmEalpha", !10, i64 0}
!10 = !{!"dummy arg data", !11, i64 0}
!11 = !{!"any data access", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QMmFgemmEb", !10, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QMmFgemmEc", !10, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"dummy arg data/_QMmFgemmEa", !10, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"descriptor member", !20, i64 0}
!20 = !{!"any access", !21, i64 0}
!21 = !{!"Flang function root _QMmPnot_a_gemm"}
!22 = !{!23, !23, i64 0}
!23 = !{!"dummy arg data/_QMmFnot_a_gemmEalpha", !24, i64 0}
!24 = !{!"dummy arg data", !25, i64 0}
!25 = !{!"any data access", !20, i64 0}
!26 = !{!27, !27, i64 0}
!27 = !{!"dummy arg data/_QMmFnot_a_gemmEb", !24, i64 0}
!28 = !{!29, !29, i64 0}
!29 = !{!"dummy arg data/_QMmFnot_a_gemmEa", !24, i64 0}
!30 = !{!31, !31, i64 0}
!31 = !{!"dummy arg data/_QMmFnot_a_gemmEc", !24, i64 0}
