; An array of bytes indexed with `int` sizes (int8 inputs of a quantized
; product) steps by zext(n) per row: no product with the element size around
; the extension, so LLVM's delinearization takes the 32-bit n inside it for
; the row length, and Polly rejects the nest ("the array subscript is not
; affine"). raise freezes such an extent where products inside loops use it,
; Polly takes it as a parameter, the int8 GEMM is raised, and the freezes are
; taken back afterwards. A nest that is no GEMM (C += A - B) is not raised,
; and ends as it began: its extents multiply the indices again, frozen no
; more. A subscript through a table of rows stays no SCoP.
; Made from C with clang -O3 -march=x86-64-v3 -fno-vectorize
; -fno-unroll-loops -fno-discard-value-names -mllvm -print-before=raise
; -mllvm -print-module-scope.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in gemm_i8 raised to linalg.generic (GEMM; exact body kept: product is scaled or converted), i x j x k = M x N x K
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_i8 spliced as gemm_i8.raise.0 behind a run-time check
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in diff_i8 not raised: a sum of integers that is no 32-bit GEMM
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gather_i8 is not a static control part (only part of it is): The array subscript of "A" is not affine
; CHECK-LABEL: define dso_local void @gemm_i8(
; CHECK-NOT: freeze i64
; CHECK: call void @gemm_i8.raise.0(
; CHECK-LABEL: define dso_local void @diff_i8(
; CHECK: %[[N:.*]] = zext nneg i32 %N to i64
; CHECK-NOT: freeze
; CHECK: mul nuw nsw i64 %indvars.iv{{[0-9]*}}, %[[N]]
; CHECK-LABEL: define dso_local void @gather_i8(
; CHECK-NOT: freeze
; CHECK: ret void

; ModuleID = 'bs.c'
source_filename = "bs.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_i8(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp42 = icmp sgt i32 %M, 0
  %cmp240 = icmp sgt i32 %K, 0
  %or.cond = and i1 %cmp42, %cmp240
  %cmp638 = icmp sgt i32 %N, 0
  %or.cond73 = and i1 %or.cond, %cmp638
  br i1 %or.cond73, label %for.cond1.preheader.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = zext nneg i32 %N to i64
  %1 = zext nneg i32 %K to i64
  %wide.trip.count67 = zext nneg i32 %M to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %indvars.iv62 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next63, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %2 = mul nuw nsw i64 %indvars.iv62, %1
  %3 = mul nuw nsw i64 %indvars.iv62, %0
  %invariant.gep71 = getelementptr inbounds nuw i8, ptr %A, i64 %2
  %invariant.gep69 = getelementptr inbounds nuw i32, ptr %C, i64 %3
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv55 = phi i64 [ %indvars.iv.next56, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %gep72 = getelementptr inbounds nuw i8, ptr %invariant.gep71, i64 %indvars.iv55
  %4 = mul nuw nsw i64 %indvars.iv55, %0
  %invariant.gep = getelementptr inbounds nuw i8, ptr %B, i64 %4
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %5 = load i8, ptr %gep72, align 1, !tbaa !9
  %conv.us.us.us = sext i8 %5 to i32
  %gep = getelementptr inbounds nuw i8, ptr %invariant.gep, i64 %indvars.iv
  %6 = load i8, ptr %gep, align 1, !tbaa !9
  %conv13.us.us.us = sext i8 %6 to i32
  %mul14.us.us.us = mul nsw i32 %conv13.us.us.us, %conv.us.us.us
  %gep70 = getelementptr inbounds nuw i32, ptr %invariant.gep69, i64 %indvars.iv
  %7 = load i32, ptr %gep70, align 4, !tbaa !5
  %add19.us.us.us = add nsw i32 %mul14.us.us.us, %7
  store i32 %add19.us.us.us, ptr %gep70, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us, !llvm.loop !10

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next56 = add nuw nsw i64 %indvars.iv55, 1
  %exitcond61.not = icmp eq i64 %indvars.iv.next56, %1
  br i1 %exitcond61.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us, !llvm.loop !13

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %indvars.iv.next63 = add nuw nsw i64 %indvars.iv62, 1
  %exitcond68.not = icmp eq i64 %indvars.iv.next63, %wide.trip.count67
  br i1 %exitcond68.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us, !llvm.loop !14

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @diff_i8(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp41 = icmp sgt i32 %M, 0
  %cmp239 = icmp sgt i32 %K, 0
  %or.cond = and i1 %cmp41, %cmp239
  %cmp637 = icmp sgt i32 %N, 0
  %or.cond72 = and i1 %or.cond, %cmp637
  br i1 %or.cond72, label %for.cond1.preheader.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = zext nneg i32 %N to i64
  %1 = zext nneg i32 %K to i64
  %wide.trip.count66 = zext nneg i32 %M to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %indvars.iv61 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next62, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %2 = mul nuw nsw i64 %indvars.iv61, %1
  %3 = mul nuw nsw i64 %indvars.iv61, %0
  %invariant.gep70 = getelementptr inbounds nuw i8, ptr %A, i64 %2
  %invariant.gep68 = getelementptr inbounds nuw i32, ptr %C, i64 %3
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv54 = phi i64 [ %indvars.iv.next55, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %gep71 = getelementptr inbounds nuw i8, ptr %invariant.gep70, i64 %indvars.iv54
  %4 = mul nuw nsw i64 %indvars.iv54, %0
  %invariant.gep = getelementptr inbounds nuw i8, ptr %B, i64 %4
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %5 = load i8, ptr %gep71, align 1, !tbaa !9
  %conv.us.us.us = sext i8 %5 to i32
  %gep = getelementptr inbounds nuw i8, ptr %invariant.gep, i64 %indvars.iv
  %6 = load i8, ptr %gep, align 1, !tbaa !9
  %conv13.us.us.us = sext i8 %6 to i32
  %sub.us.us.us = sub nsw i32 %conv.us.us.us, %conv13.us.us.us
  %gep69 = getelementptr inbounds nuw i32, ptr %invariant.gep68, i64 %indvars.iv
  %7 = load i32, ptr %gep69, align 4, !tbaa !5
  %add18.us.us.us = add nsw i32 %sub.us.us.us, %7
  store i32 %add18.us.us.us, ptr %gep69, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us, !llvm.loop !15

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next55 = add nuw nsw i64 %indvars.iv54, 1
  %exitcond60.not = icmp eq i64 %indvars.iv.next55, %1
  br i1 %exitcond60.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us, !llvm.loop !16

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %indvars.iv.next62 = add nuw nsw i64 %indvars.iv61, 1
  %exitcond67.not = icmp eq i64 %indvars.iv.next62, %wide.trip.count66
  br i1 %exitcond67.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us, !llvm.loop !17

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gather_i8(i32 noundef %M, i32 noundef %N, ptr noundef readonly captures(none) %Rows, ptr noundef readonly captures(none) %A, ptr noundef captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i32 %M, 0
  %cmp223 = icmp sgt i32 %N, 0
  %or.cond = and i1 %cmp25, %cmp223
  br i1 %or.cond, label %for.cond1.preheader.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %0 = zext nneg i32 %N to i64
  %wide.trip.count34 = zext nneg i32 %M to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.us
  %indvars.iv30 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next31, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %arrayidx.us = getelementptr inbounds nuw i32, ptr %Rows, i64 %indvars.iv30
  %1 = mul nuw nsw i64 %indvars.iv30, %0
  %invariant.gep = getelementptr inbounds nuw i32, ptr %C, i64 %1
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.cond1.preheader.us, %for.body4.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %2 = load i32, ptr %arrayidx.us, align 4, !tbaa !5
  %mul.us = mul nsw i32 %2, %N
  %3 = trunc nuw nsw i64 %indvars.iv to i32
  %add.us = add nsw i32 %mul.us, %3
  %idxprom5.us = sext i32 %add.us to i64
  %arrayidx6.us = getelementptr inbounds i8, ptr %A, i64 %idxprom5.us
  %4 = load i8, ptr %arrayidx6.us, align 1, !tbaa !9
  %conv.us = sext i8 %4 to i32
  %gep = getelementptr inbounds nuw i32, ptr %invariant.gep, i64 %indvars.iv
  %5 = load i32, ptr %gep, align 4, !tbaa !5
  %add11.us = add nsw i32 %5, %conv.us
  store i32 %add11.us, ptr %gep, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us, !llvm.loop !18

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next31 = add nuw nsw i64 %indvars.iv30, 1
  %exitcond35.not = icmp eq i64 %indvars.iv.next31, %wide.trip.count34
  br i1 %exitcond35.not, label %for.cond.cleanup, label %for.cond1.preheader.us, !llvm.loop !19

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !11, !12}
!14 = distinct !{!14, !11, !12}
!15 = distinct !{!15, !11, !12}
!16 = distinct !{!16, !11, !12}
!17 = distinct !{!17, !11, !12}
!18 = distinct !{!18, !11, !12}
!19 = distinct !{!19, !11, !12}
