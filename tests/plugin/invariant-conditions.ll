; The reference BLAS tests BETA inside its J loop: `IF (BETA.NE.ONE)` before
; scaling a column of C. LLVM computes the fcmp once before the nest and
; branches on it inside; Polly models no branch on a float comparison (and
; gets comparisons of i1 parameters wrong). raise makes each such branch
; test `select(flag, 1, 0) > 0`, an affine condition on an ordinary
; parameter, raises the nest in a version per value of the flag (the
; scaling and the GEMM where it is set, the GEMM alone where not), and
; makes every branch test its flag again afterwards, in raised and
; unraised functions alike (shift_rows_, whose nest is no linear algebra).
; Made from
;   subroutine gemm_nt(m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
;     do j = 1, n
;       if (beta .ne. 1.0) then; do i = 1, m; c(i, j) = beta * c(i, j)
;       end do; end if
;       do l = 1, k; temp = alpha * b(j, l); do i = 1, m
;         c(i, j) = c(i, j) + temp * a(i, l)
; and shift_rows (c(i, j) = c(i - 1, j) - beta under the same test), with
; flang-22 -O3 -march=x86-64-v3 -fpass-plugin=libraise.so
; -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in gemm_nt_ (where [beta != 1] == 1 and m >= 1) raised to linalg.generic (SCALE2), i x j = n x m; linalg.generic (GEMM_TA;
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gemm_nt_ (where [beta != 1] != 1 and m >= 1) raised to linalg.generic (GEMM_TA;
; CHECK: remark: <unknown>:0:0: loop nest in shift_rows_ not raised
; CHECK-LABEL: define void @gemm_nt_(
; CHECK-NOT: flag.set
; CHECK: %[[FLAG:.*]] = fcmp contract une float %{{.*}}, 1.0
; CHECK-NEXT: %flag.number = select i1 %[[FLAG]], i32 1, i32 0
; CHECK-NOT: flag.set
; CHECK: br i1 %[[FLAG]],
; CHECK-NOT: flag.set
; CHECK: sext i32 %flag.number to i64
; CHECK: call void @gemm_nt_.raise.0(
; CHECK-NOT: flag.set
; CHECK-LABEL: define void @shift_rows_(
; CHECK: %[[FLAG2:.*]] = fcmp contract une float %{{.*}}, 1.0
; CHECK-NOT: flag.
; CHECK: br i1 %[[FLAG2]],
; CHECK-NOT: flag.
; CHECK: ret void

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @gemm_nt_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias readonly captures(none) %6, ptr noalias readonly captures(none) %7, ptr noalias readonly captures(none) %8, ptr noalias captures(none) %9, ptr noalias readonly captures(none) %10) local_unnamed_addr #0 {
  %12 = load i32, ptr %5, align 4, !tbaa !4
  %13 = tail call i32 @llvm.smax.i32(i32 %12, i32 0)
  %14 = zext nneg i32 %13 to i64
  %15 = load i32, ptr %7, align 4, !tbaa !10
  %16 = tail call i32 @llvm.smax.i32(i32 %15, i32 0)
  %17 = zext nneg i32 %16 to i64
  %18 = load i32, ptr %10, align 4, !tbaa !12
  %19 = tail call i32 @llvm.smax.i32(i32 %18, i32 0)
  %20 = zext nneg i32 %19 to i64
  %21 = load i32, ptr %1, align 4, !tbaa !14
  %22 = sext i32 %21 to i64
  %23 = icmp sgt i32 %21, 0
  br i1 %23, label %.lr.ph18, label %._crit_edge

.lr.ph18:                                         ; preds = %11
  %24 = load float, ptr %8, align 4, !tbaa !16
  %25 = fcmp contract une float %24, 1.000000e+00
  %26 = load i32, ptr %2, align 4, !tbaa !18
  %27 = icmp sgt i32 %26, 0
  br i1 %27, label %.lr.ph18.split.us, label %.lr.ph18.split

.lr.ph18.split.us:                                ; preds = %.lr.ph18
  %28 = zext nneg i32 %26 to i64
  %29 = load float, ptr %3, align 4, !tbaa !20
  %30 = load i32, ptr %0, align 4, !tbaa !22
  %31 = sext i32 %30 to i64
  %32 = icmp sgt i32 %30, 0
  br label %33

33:                                               ; preds = %._crit_edge17.us, %.lr.ph18.split.us
  %indvars.iv45 = phi i64 [ %indvars.iv.next46, %._crit_edge17.us ], [ 1, %.lr.ph18.split.us ]
  br i1 %25, label %34, label %.lr.ph16.us

34:                                               ; preds = %33
  br i1 %32, label %.lr.ph.us, label %._crit_edge17.us

.lr.ph16.us:                                      ; preds = %33
  br i1 %32, label %.lr.ph14.us.us.preheader, label %._crit_edge17.us

.lr.ph14.us.us.preheader:                         ; preds = %.lr.ph16.us.thread, %.lr.ph16.us
  %.pn54 = add nsw i64 %indvars.iv45, -1
  %invariant.gep.us50 = getelementptr float, ptr %6, i64 %.pn54
  %.pn = mul nuw nsw i64 %.pn54, %20
  %35 = getelementptr float, ptr %9, i64 %.pn
  br label %.lr.ph14.us.us

36:                                               ; preds = %.lr.ph.us, %36
  %indvars.iv33 = phi i64 [ 1, %.lr.ph.us ], [ %indvars.iv.next34, %36 ]
  %37 = getelementptr float, ptr %43, i64 %indvars.iv33
  %38 = getelementptr i8, ptr %37, i64 -4
  %39 = load float, ptr %38, align 4, !tbaa !24
  %40 = fmul contract float %24, %39
  store float %40, ptr %38, align 4, !tbaa !24
  %indvars.iv.next34 = add nuw nsw i64 %indvars.iv33, 1
  %exitcond36.not = icmp eq i64 %indvars.iv33, %31
  br i1 %exitcond36.not, label %.lr.ph16.us.thread, label %36

.lr.ph16.us.thread:                               ; preds = %36
  br label %.lr.ph14.us.us.preheader

.lr.ph.us:                                        ; preds = %34
  %41 = add nsw i64 %indvars.iv45, -1
  %42 = mul nuw nsw i64 %41, %20
  %43 = getelementptr float, ptr %9, i64 %42
  br label %36

._crit_edge17.us:                                 ; preds = %._crit_edge.us.us, %34, %.lr.ph16.us
  %indvars.iv.next46 = add nuw nsw i64 %indvars.iv45, 1
  %exitcond48.not = icmp eq i64 %indvars.iv45, %22
  br i1 %exitcond48.not, label %._crit_edge, label %33

.lr.ph14.us.us:                                   ; preds = %.lr.ph14.us.us.preheader, %._crit_edge.us.us
  %indvars.iv41 = phi i64 [ 1, %.lr.ph14.us.us.preheader ], [ %indvars.iv.next42, %._crit_edge.us.us ]
  %44 = add nsw i64 %indvars.iv41, -1
  %45 = mul nuw nsw i64 %44, %17
  %gep.us.us = getelementptr float, ptr %invariant.gep.us50, i64 %45
  %46 = load float, ptr %gep.us.us, align 4, !tbaa !26
  %47 = fmul contract float %29, %46
  %48 = mul nuw nsw i64 %44, %14
  %49 = getelementptr float, ptr %4, i64 %48
  br label %50

50:                                               ; preds = %50, %.lr.ph14.us.us
  %indvars.iv37 = phi i64 [ %indvars.iv.next38, %50 ], [ 1, %.lr.ph14.us.us ]
  %51 = add nsw i64 %indvars.iv37, -1
  %52 = getelementptr float, ptr %35, i64 %51
  %53 = load float, ptr %52, align 4, !tbaa !24
  %54 = getelementptr float, ptr %49, i64 %51
  %55 = load float, ptr %54, align 4, !tbaa !28
  %56 = fmul contract float %47, %55
  %57 = fadd contract float %53, %56
  store float %57, ptr %52, align 4, !tbaa !24
  %indvars.iv.next38 = add nuw nsw i64 %indvars.iv37, 1
  %exitcond40.not = icmp eq i64 %indvars.iv37, %31
  br i1 %exitcond40.not, label %._crit_edge.us.us, label %50

._crit_edge.us.us:                                ; preds = %50
  %indvars.iv.next42 = add nuw nsw i64 %indvars.iv41, 1
  %exitcond44.not = icmp eq i64 %indvars.iv41, %28
  br i1 %exitcond44.not, label %._crit_edge17.us, label %.lr.ph14.us.us

.lr.ph18.split:                                   ; preds = %.lr.ph18
  br i1 %25, label %.lr.ph18.split.split.us, label %._crit_edge

.lr.ph18.split.split.us:                          ; preds = %.lr.ph18.split
  %58 = load i32, ptr %0, align 4, !tbaa !22
  %59 = icmp sgt i32 %58, 0
  br i1 %59, label %.lr.ph.us22.us.preheader, label %._crit_edge

.lr.ph.us22.us.preheader:                         ; preds = %.lr.ph18.split.split.us
  %60 = zext nneg i32 %58 to i64
  br label %.lr.ph.us22.us

.lr.ph.us22.us:                                   ; preds = %.lr.ph.us22.us.preheader, %..loopexit_crit_edge.us23.us
  %indvars.iv29 = phi i64 [ 1, %.lr.ph.us22.us.preheader ], [ %indvars.iv.next30, %..loopexit_crit_edge.us23.us ]
  %61 = add nsw i64 %indvars.iv29, -1
  %62 = mul nuw nsw i64 %61, %20
  %63 = getelementptr float, ptr %9, i64 %62
  br label %64

64:                                               ; preds = %.lr.ph.us22.us, %64
  %indvars.iv = phi i64 [ 1, %.lr.ph.us22.us ], [ %indvars.iv.next, %64 ]
  %65 = getelementptr float, ptr %63, i64 %indvars.iv
  %66 = getelementptr i8, ptr %65, i64 -4
  %67 = load float, ptr %66, align 4, !tbaa !24
  %68 = fmul contract float %24, %67
  store float %68, ptr %66, align 4, !tbaa !24
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %60
  br i1 %exitcond.not, label %..loopexit_crit_edge.us23.us, label %64

..loopexit_crit_edge.us23.us:                     ; preds = %64
  %indvars.iv.next30 = add nuw nsw i64 %indvars.iv29, 1
  %exitcond32.not = icmp eq i64 %indvars.iv29, %22
  br i1 %exitcond32.not, label %._crit_edge, label %.lr.ph.us22.us

._crit_edge:                                      ; preds = %..loopexit_crit_edge.us23.us, %._crit_edge17.us, %.lr.ph18.split.split.us, %.lr.ph18.split, %11
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @shift_rows_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias captures(none) %3, ptr noalias readonly captures(none) %4) local_unnamed_addr #0 {
  %6 = load i32, ptr %4, align 4, !tbaa !30
  %7 = tail call i32 @llvm.smax.i32(i32 %6, i32 0)
  %8 = zext nneg i32 %7 to i64
  %9 = load i32, ptr %1, align 4, !tbaa !36
  %10 = sext i32 %9 to i64
  %11 = icmp sgt i32 %9, 0
  br i1 %11, label %.lr.ph6, label %._crit_edge

.lr.ph6:                                          ; preds = %5
  %12 = load float, ptr %2, align 4, !tbaa !38
  %13 = fcmp contract une float %12, 1.000000e+00
  br i1 %13, label %.lr.ph6.split.us, label %._crit_edge

.lr.ph6.split.us:                                 ; preds = %.lr.ph6
  %14 = load i32, ptr %0, align 4, !tbaa !40
  %15 = icmp sgt i32 %14, 1
  br i1 %15, label %.lr.ph.us.us.preheader, label %._crit_edge

.lr.ph.us.us.preheader:                           ; preds = %.lr.ph6.split.us
  %16 = zext nneg i32 %14 to i64
  br label %.lr.ph.us.us

.lr.ph.us.us:                                     ; preds = %.lr.ph.us.us.preheader, %..loopexit_crit_edge.us.us
  %indvars.iv10 = phi i64 [ 1, %.lr.ph.us.us.preheader ], [ %indvars.iv.next11, %..loopexit_crit_edge.us.us ]
  %17 = add nsw i64 %indvars.iv10, -1
  %18 = mul nuw nsw i64 %17, %8
  %19 = getelementptr float, ptr %3, i64 %18
  br label %20

20:                                               ; preds = %.lr.ph.us.us, %20
  %indvars.iv = phi i64 [ 2, %.lr.ph.us.us ], [ %indvars.iv.next, %20 ]
  %21 = getelementptr float, ptr %19, i64 %indvars.iv
  %22 = getelementptr i8, ptr %21, i64 -8
  %23 = load float, ptr %22, align 4, !tbaa !42
  %24 = fsub contract float %23, %12
  %25 = getelementptr i8, ptr %21, i64 -4
  store float %24, ptr %25, align 4, !tbaa !42
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv, %16
  br i1 %exitcond.not, label %..loopexit_crit_edge.us.us, label %20

..loopexit_crit_edge.us.us:                       ; preds = %20
  %indvars.iv.next11 = add nuw nsw i64 %indvars.iv10, 1
  %exitcond13.not = icmp eq i64 %indvars.iv10, %10
  br i1 %exitcond13.not, label %._crit_edge, label %.lr.ph.us.us

._crit_edge:                                      ; preds = %..loopexit_crit_edge.us.us, %.lr.ph6.split.us, %.lr.ph6, %5
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
!5 = !{!"dummy arg data/_QFgemm_ntElda", !6, i64 0}
!6 = !{!"dummy arg data", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QPgemm_nt"}
!10 = !{!11, !11, i64 0}
!11 = !{!"dummy arg data/_QFgemm_ntEldb", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QFgemm_ntEldc", !6, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QFgemm_ntEn", !6, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"dummy arg data/_QFgemm_ntEbeta", !6, i64 0}
!18 = !{!19, !19, i64 0}
!19 = !{!"dummy arg data/_QFgemm_ntEk", !6, i64 0}
!20 = !{!21, !21, i64 0}
!21 = !{!"dummy arg data/_QFgemm_ntEalpha", !6, i64 0}
!22 = !{!23, !23, i64 0}
!23 = !{!"dummy arg data/_QFgemm_ntEm", !6, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"dummy arg data/_QFgemm_ntEc", !6, i64 0}
!26 = !{!27, !27, i64 0}
!27 = !{!"dummy arg data/_QFgemm_ntEb", !6, i64 0}
!28 = !{!29, !29, i64 0}
!29 = !{!"dummy arg data/_QFgemm_ntEa", !6, i64 0}
!30 = !{!31, !31, i64 0}
!31 = !{!"dummy arg data/_QFshift_rowsEldc", !32, i64 0}
!32 = !{!"dummy arg data", !33, i64 0}
!33 = !{!"any data access", !34, i64 0}
!34 = !{!"any access", !35, i64 0}
!35 = !{!"Flang function root _QPshift_rows"}
!36 = !{!37, !37, i64 0}
!37 = !{!"dummy arg data/_QFshift_rowsEn", !32, i64 0}
!38 = !{!39, !39, i64 0}
!39 = !{!"dummy arg data/_QFshift_rowsEbeta", !32, i64 0}
!40 = !{!41, !41, i64 0}
!41 = !{!"dummy arg data/_QFshift_rowsEm", !32, i64 0}
!42 = !{!43, !43, i64 0}
!43 = !{!"dummy arg data/_QFshift_rowsEc", !32, i64 0}
