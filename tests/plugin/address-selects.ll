; The reference BLAS's SSYMM from the right chooses A(K,J) or A(J,K) inside
; its K loops on a flag set once (`IF (UPPER) THEN TEMP1 = ALPHA*A(K,J)
; ELSE ...`); LLVM makes that one load from a select of the two addresses,
; whose base Polly cannot model. raise splits such a load into a branch on
; the flag with one load on each side, which Polly models and raising
; versions on; the loops that stay (the fallback) get their select back.
; Where the flag is reloaded inside the nest (a dummy argument a store of C
; might write), the select stays and the nest is no SCoP.
; Made from tests/e2e/Inputs/blas-triangles.inc's XSYMMR (and a copy whose
; flag is its LOGICAL dummy) with flang-22 -O3 -march=x86-64-v3
; -mllvm -print-before=raise -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in xsymmr_ (where {{.*}}) raised to linalg.generic (GEMM_TA;
; CHECK: remark: <unknown>:0:0: SCoP in xsymmr_ spliced as xsymmr_.raise.0 behind a run-time check
; CHECK: remark: <unknown>:0:0: loop nest in xsymmrf_ is not a static control part (only part of it is): The base address of this array is not invariant inside the loop
; CHECK-LABEL: define void @xsymmr_(
; CHECK: %[[ADDRESS:.*]] = select i1 %{{.*}}, ptr %{{.*}}, ptr %{{.*}}
; CHECK-NEXT: load float, ptr %[[ADDRESS]]
; CHECK: call void @xsymmr_.raise.0(
; CHECK-LABEL: define void @xsymmrf_(
; CHECK-NOT: call void @xsymmrf_.raise
; CHECK: %[[ADDRESS:.*]] = select i1 %{{.*}}, ptr %{{.*}}, ptr %{{.*}}
; CHECK-NEXT: load float, ptr %[[ADDRESS]]
; CHECK-LABEL: define internal void @xsymmr_.raise.0(

; ModuleID = 'FIRModule'
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

$_QQclX55 = comdat any

@_QQclX55 = linkonce local_unnamed_addr constant [1 x i8] c"U", comdat

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @xsymmr_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias readonly captures(none) %6, ptr noalias readonly captures(none) %7, ptr noalias readonly captures(none) %8, ptr noalias captures(none) %9, ptr noalias readonly captures(none) %10, i64 %11) local_unnamed_addr #0 {
  %13 = load i32, ptr %5, align 4, !tbaa !4
  %14 = tail call i32 @llvm.smax.i32(i32 %13, i32 0)
  %15 = zext nneg i32 %14 to i64
  %16 = load i32, ptr %7, align 4, !tbaa !10
  %17 = tail call i32 @llvm.smax.i32(i32 %16, i32 0)
  %18 = zext nneg i32 %17 to i64
  %19 = load i32, ptr %10, align 4, !tbaa !12
  %20 = tail call i32 @llvm.smax.i32(i32 %19, i32 0)
  %21 = zext nneg i32 %20 to i64
  %.unpack = load i8, ptr %0, align 1, !tbaa !14
  %.unpack46 = load i8, ptr @_QQclX55, align 1, !tbaa !16
  %22 = icmp eq i8 %.unpack, %.unpack46
  %23 = load i32, ptr %2, align 4, !tbaa !19
  %24 = icmp sgt i32 %23, 0
  br i1 %24, label %.lr.ph60, label %._crit_edge61

.lr.ph60:                                         ; preds = %12
  %25 = zext nneg i32 %23 to i64
  %26 = load float, ptr %3, align 4, !tbaa !21
  %27 = load float, ptr %8, align 4, !tbaa !23
  %28 = fcmp contract oeq float %27, 0.000000e+00
  %29 = add nuw nsw i64 %25, 1
  br label %30

30:                                               ; preds = %.lr.ph60, %._crit_edge58
  %indvars.iv83 = phi i64 [ 2, %.lr.ph60 ], [ %indvars.iv.next84, %._crit_edge58 ]
  %indvars.iv76 = phi i64 [ 1, %.lr.ph60 ], [ %indvars.iv.next77, %._crit_edge58 ]
  %31 = add nsw i64 %indvars.iv76, -1
  %32 = mul nuw nsw i64 %31, %15
  %33 = getelementptr float, ptr %4, i64 %32
  %34 = getelementptr float, ptr %33, i64 %31
  %35 = load float, ptr %34, align 4, !tbaa !25
  %36 = fmul contract float %26, %35
  %37 = load i32, ptr %1, align 4, !tbaa !27
  %38 = icmp sgt i32 %37, 0
  br i1 %28, label %39, label %51

39:                                               ; preds = %30
  br i1 %38, label %.lr.ph49, label %.loopexit

.lr.ph49:                                         ; preds = %39
  %40 = mul nuw nsw i64 %31, %18
  %41 = getelementptr float, ptr %6, i64 %40
  %42 = mul nuw nsw i64 %31, %21
  %43 = getelementptr float, ptr %9, i64 %42
  %narrow97 = add nuw i32 %37, 1
  %44 = zext i32 %narrow97 to i64
  br label %45

45:                                               ; preds = %.lr.ph49, %45
  %indvars.iv65 = phi i64 [ 1, %.lr.ph49 ], [ %indvars.iv.next66, %45 ]
  %46 = add nsw i64 %indvars.iv65, -1
  %47 = getelementptr float, ptr %41, i64 %46
  %48 = load float, ptr %47, align 4, !tbaa !29
  %49 = fmul contract float %36, %48
  %50 = getelementptr float, ptr %43, i64 %46
  store float %49, ptr %50, align 4, !tbaa !31
  %indvars.iv.next66 = add nuw nsw i64 %indvars.iv65, 1
  %exitcond68.not = icmp eq i64 %indvars.iv.next66, %44
  br i1 %exitcond68.not, label %.loopexit, label %45

51:                                               ; preds = %30
  br i1 %38, label %.lr.ph, label %.loopexit

.lr.ph:                                           ; preds = %51
  %52 = mul nuw nsw i64 %31, %21
  %53 = getelementptr float, ptr %9, i64 %52
  %54 = mul nuw nsw i64 %31, %18
  %55 = getelementptr float, ptr %6, i64 %54
  %narrow = add nuw i32 %37, 1
  %56 = zext i32 %narrow to i64
  br label %57

57:                                               ; preds = %.lr.ph, %57
  %indvars.iv = phi i64 [ 1, %.lr.ph ], [ %indvars.iv.next, %57 ]
  %58 = add nsw i64 %indvars.iv, -1
  %59 = getelementptr float, ptr %53, i64 %58
  %60 = load float, ptr %59, align 4, !tbaa !31
  %61 = fmul contract float %27, %60
  %62 = getelementptr float, ptr %55, i64 %58
  %63 = load float, ptr %62, align 4, !tbaa !29
  %64 = fmul contract float %36, %63
  %65 = fadd contract float %61, %64
  store float %65, ptr %59, align 4, !tbaa !31
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %56
  br i1 %exitcond.not, label %.loopexit, label %57

.loopexit:                                        ; preds = %57, %45, %51, %39
  %invariant.gep = getelementptr float, ptr %4, i64 %31
  %66 = icmp samesign ugt i64 %indvars.iv76, 1
  br i1 %66, label %.lr.ph52, label %._crit_edge53

.lr.ph52:                                         ; preds = %.loopexit
  %67 = icmp sgt i32 %37, 0
  %68 = mul nuw nsw i64 %31, %21
  %69 = getelementptr float, ptr %9, i64 %68
  br i1 %67, label %.lr.ph50.us.preheader, label %._crit_edge53

.lr.ph50.us.preheader:                            ; preds = %.lr.ph52
  %70 = zext nneg i32 %37 to i64
  br label %.lr.ph50.us

.lr.ph50.us:                                      ; preds = %.lr.ph50.us.preheader, %._crit_edge.us
  %indvars.iv73 = phi i64 [ 1, %.lr.ph50.us.preheader ], [ %indvars.iv.next74, %._crit_edge.us ]
  %71 = getelementptr float, ptr %33, i64 %indvars.iv73
  %72 = getelementptr i8, ptr %71, i64 -4
  %73 = add nsw i64 %indvars.iv73, -1
  %74 = mul nuw nsw i64 %73, %15
  %gep.us = getelementptr float, ptr %invariant.gep, i64 %74
  %.pn47.in.us = select i1 %22, ptr %72, ptr %gep.us
  %.pn47.us = load float, ptr %.pn47.in.us, align 4, !tbaa !25
  %.0.us = fmul contract float %26, %.pn47.us
  %75 = mul nuw nsw i64 %73, %18
  %76 = getelementptr float, ptr %6, i64 %75
  br label %77

77:                                               ; preds = %.lr.ph50.us, %77
  %indvars.iv69 = phi i64 [ 1, %.lr.ph50.us ], [ %indvars.iv.next70, %77 ]
  %78 = add nsw i64 %indvars.iv69, -1
  %79 = getelementptr float, ptr %69, i64 %78
  %80 = load float, ptr %79, align 4, !tbaa !31
  %81 = getelementptr float, ptr %76, i64 %78
  %82 = load float, ptr %81, align 4, !tbaa !29
  %83 = fmul contract float %.0.us, %82
  %84 = fadd contract float %80, %83
  store float %84, ptr %79, align 4, !tbaa !31
  %indvars.iv.next70 = add nuw nsw i64 %indvars.iv69, 1
  %exitcond72.not = icmp eq i64 %indvars.iv69, %70
  br i1 %exitcond72.not, label %._crit_edge.us, label %77

._crit_edge.us:                                   ; preds = %77
  %indvars.iv.next74 = add nuw nsw i64 %indvars.iv73, 1
  %exitcond78.not = icmp eq i64 %indvars.iv.next74, %indvars.iv76
  br i1 %exitcond78.not, label %._crit_edge53, label %.lr.ph50.us

._crit_edge53:                                    ; preds = %._crit_edge.us, %.lr.ph52, %.loopexit
  %indvars.iv.next77 = add nuw nsw i64 %indvars.iv76, 1
  %85 = icmp samesign ult i64 %indvars.iv76, %25
  br i1 %85, label %.lr.ph57, label %._crit_edge58

.lr.ph57:                                         ; preds = %._crit_edge53
  %86 = sext i32 %37 to i64
  %87 = icmp sgt i32 %37, 0
  %88 = mul nuw nsw i64 %31, %21
  %89 = getelementptr float, ptr %9, i64 %88
  br label %90

90:                                               ; preds = %.lr.ph57, %._crit_edge
  %indvars.iv85 = phi i64 [ %indvars.iv83, %.lr.ph57 ], [ %indvars.iv.next86, %._crit_edge ]
  %91 = add nsw i64 %indvars.iv85, -1
  %92 = mul nuw nsw i64 %91, %15
  %gep = getelementptr float, ptr %invariant.gep, i64 %92
  %93 = getelementptr float, ptr %33, i64 %indvars.iv85
  %94 = getelementptr i8, ptr %93, i64 -4
  %.pn.in = select i1 %22, ptr %gep, ptr %94
  %.pn = load float, ptr %.pn.in, align 4, !tbaa !25
  %.1 = fmul contract float %26, %.pn
  br i1 %87, label %.lr.ph54, label %._crit_edge

.lr.ph54:                                         ; preds = %90
  %95 = mul nuw nsw i64 %91, %18
  %96 = getelementptr float, ptr %6, i64 %95
  br label %97

97:                                               ; preds = %.lr.ph54, %97
  %indvars.iv79 = phi i64 [ 1, %.lr.ph54 ], [ %indvars.iv.next80, %97 ]
  %98 = add nsw i64 %indvars.iv79, -1
  %99 = getelementptr float, ptr %89, i64 %98
  %100 = load float, ptr %99, align 4, !tbaa !31
  %101 = getelementptr float, ptr %96, i64 %98
  %102 = load float, ptr %101, align 4, !tbaa !29
  %103 = fmul contract float %.1, %102
  %104 = fadd contract float %100, %103
  store float %104, ptr %99, align 4, !tbaa !31
  %indvars.iv.next80 = add nuw nsw i64 %indvars.iv79, 1
  %exitcond82.not = icmp eq i64 %indvars.iv79, %86
  br i1 %exitcond82.not, label %._crit_edge, label %97

._crit_edge:                                      ; preds = %97, %90
  %indvars.iv.next86 = add nuw nsw i64 %indvars.iv85, 1
  %exitcond88.not = icmp eq i64 %indvars.iv85, %25
  br i1 %exitcond88.not, label %._crit_edge58, label %90

._crit_edge58:                                    ; preds = %._crit_edge, %._crit_edge53
  %indvars.iv.next84 = add nuw nsw i64 %indvars.iv83, 1
  %exitcond90.not = icmp eq i64 %indvars.iv83, %29
  br i1 %exitcond90.not, label %._crit_edge61, label %30

._crit_edge61:                                    ; preds = %._crit_edge58, %12
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite)
define void @xsymmrf_(ptr noalias readonly captures(none) %0, ptr noalias readonly captures(none) %1, ptr noalias readonly captures(none) %2, ptr noalias readonly captures(none) %3, ptr noalias readonly captures(none) %4, ptr noalias readonly captures(none) %5, ptr noalias readonly captures(none) %6, ptr noalias readonly captures(none) %7, ptr noalias readonly captures(none) %8, ptr noalias captures(none) %9, ptr noalias readonly captures(none) %10) local_unnamed_addr #0 {
  %12 = load i32, ptr %5, align 4, !tbaa !33
  %13 = tail call i32 @llvm.smax.i32(i32 %12, i32 0)
  %14 = zext nneg i32 %13 to i64
  %15 = load i32, ptr %7, align 4, !tbaa !39
  %16 = tail call i32 @llvm.smax.i32(i32 %15, i32 0)
  %17 = zext nneg i32 %16 to i64
  %18 = load i32, ptr %10, align 4, !tbaa !41
  %19 = tail call i32 @llvm.smax.i32(i32 %18, i32 0)
  %20 = zext nneg i32 %19 to i64
  %21 = load i32, ptr %2, align 4, !tbaa !43
  %22 = icmp sgt i32 %21, 0
  br i1 %22, label %.lr.ph52, label %._crit_edge53

.lr.ph52:                                         ; preds = %11
  %23 = zext nneg i32 %21 to i64
  %24 = load float, ptr %3, align 4, !tbaa !45
  %25 = load float, ptr %8, align 4, !tbaa !47
  %26 = fcmp contract oeq float %25, 0.000000e+00
  %27 = add nuw nsw i64 %23, 1
  br label %28

28:                                               ; preds = %.lr.ph52, %._crit_edge50
  %indvars.iv75 = phi i64 [ 2, %.lr.ph52 ], [ %indvars.iv.next76, %._crit_edge50 ]
  %indvars.iv68 = phi i64 [ 1, %.lr.ph52 ], [ %indvars.iv.next69, %._crit_edge50 ]
  %29 = add nsw i64 %indvars.iv68, -1
  %30 = mul nuw nsw i64 %29, %14
  %31 = getelementptr float, ptr %4, i64 %30
  %32 = getelementptr float, ptr %31, i64 %29
  %33 = load float, ptr %32, align 4, !tbaa !49
  %34 = fmul contract float %24, %33
  %35 = load i32, ptr %1, align 4, !tbaa !51
  %36 = icmp sgt i32 %35, 0
  br i1 %26, label %37, label %49

37:                                               ; preds = %28
  br i1 %36, label %.lr.ph41, label %.loopexit

.lr.ph41:                                         ; preds = %37
  %38 = mul nuw nsw i64 %29, %17
  %39 = getelementptr float, ptr %6, i64 %38
  %40 = mul nuw nsw i64 %29, %20
  %41 = getelementptr float, ptr %9, i64 %40
  %narrow88 = add nuw i32 %35, 1
  %42 = zext i32 %narrow88 to i64
  br label %43

43:                                               ; preds = %.lr.ph41, %43
  %indvars.iv57 = phi i64 [ 1, %.lr.ph41 ], [ %indvars.iv.next58, %43 ]
  %44 = add nsw i64 %indvars.iv57, -1
  %45 = getelementptr float, ptr %39, i64 %44
  %46 = load float, ptr %45, align 4, !tbaa !53
  %47 = fmul contract float %34, %46
  %48 = getelementptr float, ptr %41, i64 %44
  store float %47, ptr %48, align 4, !tbaa !55
  %indvars.iv.next58 = add nuw nsw i64 %indvars.iv57, 1
  %exitcond60.not = icmp eq i64 %indvars.iv.next58, %42
  br i1 %exitcond60.not, label %.loopexit, label %43

49:                                               ; preds = %28
  br i1 %36, label %.lr.ph, label %.loopexit

.lr.ph:                                           ; preds = %49
  %50 = mul nuw nsw i64 %29, %20
  %51 = getelementptr float, ptr %9, i64 %50
  %52 = mul nuw nsw i64 %29, %17
  %53 = getelementptr float, ptr %6, i64 %52
  %narrow = add nuw i32 %35, 1
  %54 = zext i32 %narrow to i64
  br label %55

55:                                               ; preds = %.lr.ph, %55
  %indvars.iv = phi i64 [ 1, %.lr.ph ], [ %indvars.iv.next, %55 ]
  %56 = add nsw i64 %indvars.iv, -1
  %57 = getelementptr float, ptr %51, i64 %56
  %58 = load float, ptr %57, align 4, !tbaa !55
  %59 = fmul contract float %25, %58
  %60 = getelementptr float, ptr %53, i64 %56
  %61 = load float, ptr %60, align 4, !tbaa !53
  %62 = fmul contract float %34, %61
  %63 = fadd contract float %59, %62
  store float %63, ptr %57, align 4, !tbaa !55
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %54
  br i1 %exitcond.not, label %.loopexit, label %55

.loopexit:                                        ; preds = %55, %43, %49, %37
  %invariant.gep = getelementptr float, ptr %4, i64 %29
  %64 = icmp samesign ugt i64 %indvars.iv68, 1
  br i1 %64, label %.lr.ph44, label %._crit_edge45

.lr.ph44:                                         ; preds = %.loopexit
  %65 = load i32, ptr %0, align 4, !tbaa !57
  %.not38 = icmp eq i32 %65, 0
  %66 = icmp sgt i32 %35, 0
  %67 = mul nuw nsw i64 %29, %20
  %68 = getelementptr float, ptr %9, i64 %67
  br i1 %66, label %.lr.ph42.us.preheader, label %._crit_edge45

.lr.ph42.us.preheader:                            ; preds = %.lr.ph44
  %69 = zext nneg i32 %35 to i64
  br label %.lr.ph42.us

.lr.ph42.us:                                      ; preds = %.lr.ph42.us.preheader, %._crit_edge.us
  %indvars.iv65 = phi i64 [ 1, %.lr.ph42.us.preheader ], [ %indvars.iv.next66, %._crit_edge.us ]
  %70 = getelementptr float, ptr %31, i64 %indvars.iv65
  %71 = getelementptr i8, ptr %70, i64 -4
  %72 = add nsw i64 %indvars.iv65, -1
  %73 = mul nuw nsw i64 %72, %14
  %gep.us = getelementptr float, ptr %invariant.gep, i64 %73
  %.pn39.in.us = select i1 %.not38, ptr %gep.us, ptr %71
  %.pn39.us = load float, ptr %.pn39.in.us, align 4, !tbaa !49
  %.0.us = fmul contract float %24, %.pn39.us
  %74 = mul nuw nsw i64 %72, %17
  %75 = getelementptr float, ptr %6, i64 %74
  br label %76

76:                                               ; preds = %.lr.ph42.us, %76
  %indvars.iv61 = phi i64 [ 1, %.lr.ph42.us ], [ %indvars.iv.next62, %76 ]
  %77 = add nsw i64 %indvars.iv61, -1
  %78 = getelementptr float, ptr %68, i64 %77
  %79 = load float, ptr %78, align 4, !tbaa !55
  %80 = getelementptr float, ptr %75, i64 %77
  %81 = load float, ptr %80, align 4, !tbaa !53
  %82 = fmul contract float %.0.us, %81
  %83 = fadd contract float %79, %82
  store float %83, ptr %78, align 4, !tbaa !55
  %indvars.iv.next62 = add nuw nsw i64 %indvars.iv61, 1
  %exitcond64.not = icmp eq i64 %indvars.iv61, %69
  br i1 %exitcond64.not, label %._crit_edge.us, label %76

._crit_edge.us:                                   ; preds = %76
  %indvars.iv.next66 = add nuw nsw i64 %indvars.iv65, 1
  %exitcond70.not = icmp eq i64 %indvars.iv.next66, %indvars.iv68
  br i1 %exitcond70.not, label %._crit_edge45, label %.lr.ph42.us

._crit_edge45:                                    ; preds = %._crit_edge.us, %.lr.ph44, %.loopexit
  %indvars.iv.next69 = add nuw nsw i64 %indvars.iv68, 1
  %84 = icmp samesign ult i64 %indvars.iv68, %23
  br i1 %84, label %.lr.ph49, label %._crit_edge50

.lr.ph49:                                         ; preds = %._crit_edge45
  %85 = load i32, ptr %0, align 4, !tbaa !57
  %.not = icmp eq i32 %85, 0
  %86 = sext i32 %35 to i64
  %87 = icmp sgt i32 %35, 0
  %88 = mul nuw nsw i64 %29, %20
  %89 = getelementptr float, ptr %9, i64 %88
  br label %90

90:                                               ; preds = %.lr.ph49, %._crit_edge
  %indvars.iv77 = phi i64 [ %indvars.iv75, %.lr.ph49 ], [ %indvars.iv.next78, %._crit_edge ]
  %91 = add nsw i64 %indvars.iv77, -1
  %92 = mul nuw nsw i64 %91, %14
  %gep = getelementptr float, ptr %invariant.gep, i64 %92
  %93 = getelementptr float, ptr %31, i64 %indvars.iv77
  %94 = getelementptr i8, ptr %93, i64 -4
  %.pn.in = select i1 %.not, ptr %94, ptr %gep
  %.pn = load float, ptr %.pn.in, align 4, !tbaa !49
  %.1 = fmul contract float %24, %.pn
  br i1 %87, label %.lr.ph46, label %._crit_edge

.lr.ph46:                                         ; preds = %90
  %95 = mul nuw nsw i64 %91, %17
  %96 = getelementptr float, ptr %6, i64 %95
  br label %97

97:                                               ; preds = %.lr.ph46, %97
  %indvars.iv71 = phi i64 [ 1, %.lr.ph46 ], [ %indvars.iv.next72, %97 ]
  %98 = add nsw i64 %indvars.iv71, -1
  %99 = getelementptr float, ptr %89, i64 %98
  %100 = load float, ptr %99, align 4, !tbaa !55
  %101 = getelementptr float, ptr %96, i64 %98
  %102 = load float, ptr %101, align 4, !tbaa !53
  %103 = fmul contract float %.1, %102
  %104 = fadd contract float %100, %103
  store float %104, ptr %99, align 4, !tbaa !55
  %indvars.iv.next72 = add nuw nsw i64 %indvars.iv71, 1
  %exitcond74.not = icmp eq i64 %indvars.iv71, %86
  br i1 %exitcond74.not, label %._crit_edge, label %97

._crit_edge:                                      ; preds = %97, %90
  %indvars.iv.next78 = add nuw nsw i64 %indvars.iv77, 1
  %exitcond80.not = icmp eq i64 %indvars.iv77, %23
  br i1 %exitcond80.not, label %._crit_edge50, label %90

._crit_edge50:                                    ; preds = %._crit_edge, %._crit_edge45
  %indvars.iv.next76 = add nuw nsw i64 %indvars.iv75, 1
  %exitcond82.not = icmp eq i64 %indvars.iv75, %27
  br i1 %exitcond82.not, label %._crit_edge53, label %28

._crit_edge53:                                    ; preds = %._crit_edge50, %11
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
!5 = !{!"dummy arg data/_QFxsymmrElda", !6, i64 0}
!6 = !{!"dummy arg data", !7, i64 0}
!7 = !{!"any data access", !8, i64 0}
!8 = !{!"any access", !9, i64 0}
!9 = !{!"Flang function root _QPxsymmr"}
!10 = !{!11, !11, i64 0}
!11 = !{!"dummy arg data/_QFxsymmrEldb", !6, i64 0}
!12 = !{!13, !13, i64 0}
!13 = !{!"dummy arg data/_QFxsymmrEldc", !6, i64 0}
!14 = !{!15, !15, i64 0}
!15 = !{!"dummy arg data/_QFxsymmrEuplo", !6, i64 0}
!16 = !{!17, !17, i64 0}
!17 = !{!"global data/_QQclX55", !18, i64 0}
!18 = !{!"global data", !7, i64 0}
!19 = !{!20, !20, i64 0}
!20 = !{!"dummy arg data/_QFxsymmrEn", !6, i64 0}
!21 = !{!22, !22, i64 0}
!22 = !{!"dummy arg data/_QFxsymmrEalpha", !6, i64 0}
!23 = !{!24, !24, i64 0}
!24 = !{!"dummy arg data/_QFxsymmrEbeta", !6, i64 0}
!25 = !{!26, !26, i64 0}
!26 = !{!"dummy arg data/_QFxsymmrEa", !6, i64 0}
!27 = !{!28, !28, i64 0}
!28 = !{!"dummy arg data/_QFxsymmrEm", !6, i64 0}
!29 = !{!30, !30, i64 0}
!30 = !{!"dummy arg data/_QFxsymmrEb", !6, i64 0}
!31 = !{!32, !32, i64 0}
!32 = !{!"dummy arg data/_QFxsymmrEc", !6, i64 0}
!33 = !{!34, !34, i64 0}
!34 = !{!"dummy arg data/_QFxsymmrfElda", !35, i64 0}
!35 = !{!"dummy arg data", !36, i64 0}
!36 = !{!"any data access", !37, i64 0}
!37 = !{!"any access", !38, i64 0}
!38 = !{!"Flang function root _QPxsymmrf"}
!39 = !{!40, !40, i64 0}
!40 = !{!"dummy arg data/_QFxsymmrfEldb", !35, i64 0}
!41 = !{!42, !42, i64 0}
!42 = !{!"dummy arg data/_QFxsymmrfEldc", !35, i64 0}
!43 = !{!44, !44, i64 0}
!44 = !{!"dummy arg data/_QFxsymmrfEn", !35, i64 0}
!45 = !{!46, !46, i64 0}
!46 = !{!"dummy arg data/_QFxsymmrfEalpha", !35, i64 0}
!47 = !{!48, !48, i64 0}
!48 = !{!"dummy arg data/_QFxsymmrfEbeta", !35, i64 0}
!49 = !{!50, !50, i64 0}
!50 = !{!"dummy arg data/_QFxsymmrfEa", !35, i64 0}
!51 = !{!52, !52, i64 0}
!52 = !{!"dummy arg data/_QFxsymmrfEm", !35, i64 0}
!53 = !{!54, !54, i64 0}
!54 = !{!"dummy arg data/_QFxsymmrfEb", !35, i64 0}
!55 = !{!56, !56, i64 0}
!56 = !{!"dummy arg data/_QFxsymmrfEc", !35, i64 0}
!57 = !{!58, !58, i64 0}
!58 = !{!"dummy arg data/_QFxsymmrfEupper", !35, i64 0}
