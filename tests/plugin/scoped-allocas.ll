; A C variable-length array of a constant length in a loop body (llm.c's
; matmul_forward: `const int U = 8; float result[U];`) is an alloca between
; a stack save and its restore in every iteration, which Polly rejects. Each
; instance is freed before the next is made, so raise moves it into the
; entry block as one static array with lifetime markers where it and the
; restore were; the stack saves, idle then, go, and the nest is raised
; (rows8, from -Os -march=x86-64-v4). An alloca whose save is restored only
; after the loop (kept) has instances alive together and stays.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK: remark: <unknown>:0:0: loop nest in rows8 raised to linalg.generic (GEMM_TB;
; CHECK: remark: <unknown>:0:0: SCoP in rows8 spliced as rows8.raise.0
; CHECK-NOT: spliced as kept

; CHECK-LABEL: define dso_local void @rows8(
; CHECK-NEXT: entry:
; CHECK-NEXT: %vla78 = alloca [8 x float], align 16
; CHECK-NOT: llvm.stacksave
; CHECK-NOT: llvm.stackrestore
; CHECK: call void @llvm.lifetime.start.p0(ptr %vla78)
; CHECK-NOT: llvm.stacksave
; CHECK-NOT: llvm.stackrestore
; CHECK: call void @llvm.lifetime.end.p0(ptr %vla78)
; CHECK-NOT: llvm.stacksave
; CHECK-NOT: llvm.stackrestore
; CHECK: call void @rows8.raise.0(

; CHECK-LABEL: define void @kept(
; CHECK: loop:
; CHECK: %save = call ptr @llvm.stacksave.p0()
; CHECK-NEXT: %tile = alloca [8 x float], align 16
; CHECK: exit:
; CHECK-NEXT: call void @llvm.stackrestore.p0(ptr %save)

; ModuleID = 'r.c'
source_filename = "r.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree noinline norecurse nosync nounwind optsize uwtable
define dso_local void @rows8(ptr noundef writeonly captures(none) %out, ptr noundef readonly captures(none) %inp, ptr noundef readonly captures(none) %weight, i32 noundef %MT, i32 noundef %OC, i32 noundef %C, ptr noundef readonly captures(none) %bias) local_unnamed_addr #0 {
entry:
  %cmp86 = icmp sgt i32 %MT, 0
  br i1 %cmp86, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp284 = icmp sgt i32 %OC, 0
  %cmp1281 = icmp sgt i32 %C, 0
  %0 = zext i32 %C to i64
  %1 = zext i32 %OC to i64
  %2 = zext nneg i32 %MT to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv114 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next115, %for.cond.cleanup3 ]
  br i1 %cmp284, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.cond.cleanup39, %for.cond1.preheader
  %indvars.iv.next115 = add nuw nsw i64 %indvars.iv114, 8
  %cmp = icmp samesign ult i64 %indvars.iv.next115, %2
  br i1 %cmp, label %for.cond1.preheader, label %for.cond.cleanup, !llvm.loop !9

for.body4:                                        ; preds = %for.cond1.preheader, %for.cond.cleanup39
  %indvars.iv108 = phi i64 [ %indvars.iv.next109, %for.cond.cleanup39 ], [ 0, %for.cond1.preheader ]
  %3 = tail call ptr @llvm.stacksave.p0()
  %vla78 = alloca [8 x float], align 16
  %arrayidx = getelementptr inbounds nuw float, ptr %bias, i64 %indvars.iv108
  %4 = load float, ptr %arrayidx, align 4, !tbaa !11
  br label %for.body8

for.cond11.preheader:                             ; preds = %for.body8
  br i1 %cmp1281, label %for.body14.lr.ph, label %for.cond37.preheader

for.body14.lr.ph:                                 ; preds = %for.cond11.preheader
  %5 = mul nuw nsw i64 %indvars.iv108, %0
  %invariant.gep117 = getelementptr inbounds nuw float, ptr %weight, i64 %5
  br label %for.body14

for.body8:                                        ; preds = %for.body4, %for.body8
  %indvars.iv = phi i64 [ 0, %for.body4 ], [ %indvars.iv.next, %for.body8 ]
  %arrayidx10 = getelementptr inbounds nuw float, ptr %vla78, i64 %indvars.iv
  store float %4, ptr %arrayidx10, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 8
  br i1 %exitcond.not, label %for.cond11.preheader, label %for.body8, !llvm.loop !13

for.cond37.preheader:                             ; preds = %for.cond.cleanup20, %for.cond11.preheader
  %invariant.gep119 = getelementptr inbounds nuw float, ptr %out, i64 %indvars.iv108
  br label %for.body40

for.body14:                                       ; preds = %for.body14.lr.ph, %for.cond.cleanup20
  %indvars.iv96 = phi i64 [ 0, %for.body14.lr.ph ], [ %indvars.iv.next97, %for.cond.cleanup20 ]
  %gep118 = getelementptr inbounds nuw float, ptr %invariant.gep117, i64 %indvars.iv96
  %6 = load float, ptr %gep118, align 4, !tbaa !11
  %invariant.gep = getelementptr inbounds nuw float, ptr %inp, i64 %indvars.iv96
  br label %for.body21

for.cond.cleanup20:                               ; preds = %for.body21
  %indvars.iv.next97 = add nuw nsw i64 %indvars.iv96, 1
  %exitcond100.not = icmp eq i64 %indvars.iv.next97, %0
  br i1 %exitcond100.not, label %for.cond37.preheader, label %for.body14, !llvm.loop !14

for.body21:                                       ; preds = %for.body14, %for.body21
  %indvars.iv89 = phi i64 [ 0, %for.body14 ], [ %indvars.iv.next90, %for.body21 ]
  %7 = add nuw nsw i64 %indvars.iv89, %indvars.iv114
  %8 = mul nuw nsw i64 %7, %0
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %8
  %9 = load float, ptr %gep, align 4, !tbaa !11
  %arrayidx29 = getelementptr inbounds nuw float, ptr %vla78, i64 %indvars.iv89
  %10 = load float, ptr %arrayidx29, align 4, !tbaa !11
  %11 = tail call float @llvm.fmuladd.f32(float %9, float %6, float %10)
  store float %11, ptr %arrayidx29, align 4, !tbaa !11
  %indvars.iv.next90 = add nuw nsw i64 %indvars.iv89, 1
  %exitcond95.not = icmp eq i64 %indvars.iv.next90, 8
  br i1 %exitcond95.not, label %for.cond.cleanup20, label %for.body21, !llvm.loop !15

for.cond.cleanup39:                               ; preds = %for.body40
  call void @llvm.stackrestore.p0(ptr %3)
  %indvars.iv.next109 = add nuw nsw i64 %indvars.iv108, 1
  %exitcond113.not = icmp eq i64 %indvars.iv.next109, %1
  br i1 %exitcond113.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !16

for.body40:                                       ; preds = %for.cond37.preheader, %for.body40
  %indvars.iv101 = phi i64 [ 0, %for.cond37.preheader ], [ %indvars.iv.next102, %for.body40 ]
  %arrayidx42 = getelementptr inbounds nuw float, ptr %vla78, i64 %indvars.iv101
  %12 = load float, ptr %arrayidx42, align 4, !tbaa !11
  %13 = add nuw nsw i64 %indvars.iv101, %indvars.iv114
  %14 = mul nuw nsw i64 %13, %1
  %gep120 = getelementptr inbounds nuw float, ptr %invariant.gep119, i64 %14
  store float %12, ptr %gep120, align 4, !tbaa !11
  %indvars.iv.next102 = add nuw nsw i64 %indvars.iv101, 1
  %exitcond107.not = icmp eq i64 %indvars.iv.next102, 8
  br i1 %exitcond107.not, label %for.cond.cleanup39, label %for.body40, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare ptr @llvm.stacksave.p0() #1

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.stackrestore.p0(ptr) #1

define void @kept(i64 %n, ptr %out) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %save = call ptr @llvm.stacksave.p0()
  %tile = alloca [8 x float], align 16
  store float 1.0, ptr %tile, align 16
  %at = getelementptr inbounds ptr, ptr %out, i64 %i
  store ptr %tile, ptr %at, align 8
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  call void @llvm.stackrestore.p0(ptr %save)
  ret void
}

attributes #0 = { nofree noinline norecurse nosync nounwind optsize uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn }
attributes #2 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

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
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
!17 = distinct !{!17, !10}
