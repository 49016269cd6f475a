; Darknet's gemm_nn as clang -O3 leaves it at the vectorizer-start extension
; point (made with -fno-vectorize -fno-unroll-loops -fno-discard-value-names).
; `opt -passes=raise` reports the SCoP, raises it and splices the raised
; code in; -raise-enable=false changes nothing.
;
; RUN: %opt -passes=raise -pass-remarks-analysis=raise -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s --check-prefix=RAISED
; RUN: %opt -passes=raise -raise-enable=false -S %s -o %t.off.ll
; RUN: %opt -passes=no-op-function -S %s -o %t.plain.ll
; RUN: diff %t.plain.ll %t.off.ll

; CHECK: remark: <unknown>:0:0: SCoP in gemm_nn: loop depth 3, 2 statements, arrays A: float[?][lda], B: float[?][ldb], C: float[?][ldc]
; CHECK: remark: <unknown>:0:0: SCoP in gemm_nn translated to affine MLIR: 3 loops, 10 arguments

; RAISED: remark: <unknown>:0:0: loop nest in gemm_nn raised to linalg.generic (GEMM; exact body kept: body is llvm.intr.fmuladd; scaled by a loop invariant), i x j x k = M x N x K
; RAISED-NEXT: remark: <unknown>:0:0: SCoP in gemm_nn spliced as gemm_nn.raise.0 behind a run-time check
; RAISED-NOT: remark
; RAISED: call void @gemm_nn.raise.0(ptr %A, ptr %A, i64 0,
; The raised function runs only where the run-time check showed that no
; array it writes overlaps another: its pointers are noalias (A's, B's and
; C's allocated and aligned pointers).
; RAISED: define internal void @gemm_nn.raise.0(ptr noalias %0, ptr noalias %1, i64 %2,

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_nn(i32 noundef %M, i32 noundef %N, i32 noundef %K, float noundef %ALPHA, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef readonly captures(none) %B, i32 noundef %ldb, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp36 = icmp sgt i32 %M, 0
  %cmp234 = icmp sgt i32 %K, 0
  %or.cond = and i1 %cmp36, %cmp234
  %cmp632 = icmp sgt i32 %N, 0
  %or.cond67 = and i1 %or.cond, %cmp632
  br i1 %or.cond67, label %for.cond1.preheader.us.us.preheader, label %for.end22

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = sext i32 %ldb to i64
  %1 = sext i32 %lda to i64
  %2 = sext i32 %ldc to i64
  %wide.trip.count61 = zext nneg i32 %M to i64
  %wide.trip.count54 = zext nneg i32 %K to i64
  %wide.trip.count = zext nneg i32 %N to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.inc20_crit_edge.split.us.us.us
  %indvars.iv56 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next57, %for.cond1.for.inc20_crit_edge.split.us.us.us ]
  %3 = mul nsw i64 %indvars.iv56, %1
  %4 = mul nsw i64 %indvars.iv56, %2
  %invariant.gep65 = getelementptr float, ptr %A, i64 %3
  %invariant.gep63 = getelementptr float, ptr %C, i64 %4
  br label %for.body3.us.us.us

for.body3.us.us.us:                               ; preds = %for.cond5.for.end_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv49 = phi i64 [ %indvars.iv.next50, %for.cond5.for.end_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %gep66 = getelementptr float, ptr %invariant.gep65, i64 %indvars.iv49
  %5 = load float, ptr %gep66, align 4, !tbaa !9
  %mul4.us.us.us = fmul float %ALPHA, %5
  %6 = mul nsw i64 %indvars.iv49, %0
  %invariant.gep = getelementptr float, ptr %B, i64 %6
  br label %for.body7.us.us.us

for.body7.us.us.us:                               ; preds = %for.body7.us.us.us, %for.body3.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body7.us.us.us ], [ 0, %for.body3.us.us.us ]
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %7 = load float, ptr %gep, align 4, !tbaa !9
  %gep64 = getelementptr float, ptr %invariant.gep63, i64 %indvars.iv
  %8 = load float, ptr %gep64, align 4, !tbaa !9
  %9 = tail call float @llvm.fmuladd.f32(float %mul4.us.us.us, float %7, float %8)
  store float %9, ptr %gep64, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.end_crit_edge.us.us.us, label %for.body7.us.us.us, !llvm.loop !11

for.cond5.for.end_crit_edge.us.us.us:             ; preds = %for.body7.us.us.us
  %indvars.iv.next50 = add nuw nsw i64 %indvars.iv49, 1
  %exitcond55.not = icmp eq i64 %indvars.iv.next50, %wide.trip.count54
  br i1 %exitcond55.not, label %for.cond1.for.inc20_crit_edge.split.us.us.us, label %for.body3.us.us.us, !llvm.loop !14

for.cond1.for.inc20_crit_edge.split.us.us.us:     ; preds = %for.cond5.for.end_crit_edge.us.us.us
  %indvars.iv.next57 = add nuw nsw i64 %indvars.iv56, 1
  %exitcond62.not = icmp eq i64 %indvars.iv.next57, %wide.trip.count61
  br i1 %exitcond62.not, label %for.end22, label %for.cond1.preheader.us.us, !llvm.loop !15

for.end22:                                        ; preds = %for.cond1.for.inc20_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"clang version 22"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = distinct !{!14, !12, !13}
!15 = distinct !{!15, !12, !13}
