; -raise-expand-memsets: LLVM turns the loops that zero an array into one
; memset of rows x columns bytes, here on the path that loop unswitching made
; for an empty reduction (K == 0) of an i-j-k GEMM with a local sum and
; size_t sizes. Polly cannot fit that byte range to the rows the nest
; writes and finds the SCoP's assumptions infeasible. raise models the
; memset as two loops of zero stores, raises the nest (a fill where K == 0, a
; GEMM elsewhere) behind a run-time check that also bounds the sizes (so
; that M*N*4 does not wrap, as the memset's length would), and puts the
; memset back in the original code, which runs where the check fails.
; Memsets that are not the rows the nest strides (a leading dimension ldc),
; of a byte other than zero, or next to a nest that is no SCoP, are left as
; they are.
; Made from C with clang -O3 -fno-discard-value-names, at the vectorizer-start
; extension point.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -pass-remarks-analysis=raise -S %s 2>&1 | FileCheck %s
; RUN: %opt -passes=raise -raise-expand-memsets=false -pass-remarks=raise -pass-remarks-missed=raise -pass-remarks-analysis=raise -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: zeroing memset in gemm_sum modelled as 2 loops of zero stores for Polly (the memset stays)
; CHECK: remark: <unknown>:0:0: loop nest in gemm_sum (where K >= 1) raised to linalg.generic (GEMM;
; CHECK: remark: <unknown>:0:0: loop nest in gemm_sum (where K <= 0) raised to linalg.fill (FILL2), i x j = M x N
; CHECK: remark: <unknown>:0:0: SCoP in gemm_sum spliced as gemm_sum.raise.0 behind a run-time check
; CHECK-NOT: zeroing memset in
; CHECK: remark: <unknown>:0:0: SCoP in gemm_ldc spliced as gemm_ldc.raise.0
; CHECK-NOT: zeroing memset in
; CHECK: remark: <unknown>:0:0: SCoP in gemm_ones spliced as gemm_ones.raise.0
; CHECK-NOT: zeroing memset in
; CHECK: remark: <unknown>:0:0: loop nest in scaled_rows is not a static control part: This function call cannot be handled.
; CHECK-NOT: spliced as scaled_rows

; OFF: remark: <unknown>:0:0: Polly detected a SCoP in gemm_sum but could not model it (its assumptions are infeasible)
; OFF-NOT: zeroing memset

; CHECK-LABEL: define dso_local void @gemm_sum(
; The run-time check bounds both sizes of the zeroed range: 4*M*N < 2^62.
; CHECK: polly.split_new_and_old:
; CHECK-DAG: icmp sle i64 %N, 1073741823
; CHECK-DAG: icmp sle i64 %M, 1073741823
; The original code, where the check fails, has its memset back and no loop
; of raise's.
; CHECK-NOT: raise.memset.row
; CHECK-NOT: raise.memset.column
; CHECK: raise.memset.preheader:
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %{{.*}}, i1 false)
; CHECK-NEXT: br label %raise.memset.exit
; CHECK-NOT: raise.memset.row
; CHECK-NOT: raise.memset.column
; CHECK: call void @gemm_sum.raise.0(

; CHECK-LABEL: define dso_local void @gemm_ldc(
; CHECK-NEXT: entry:
; CHECK-NEXT: %mul = shl i64 %M, 2
; CHECK-NEXT: %mul1 = mul i64 %mul, %N
; CHECK-NEXT: tail call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %mul1, i1 false)
; CHECK-NOT: raise.memset
; CHECK: call void @gemm_ldc.raise.0(

; CHECK-LABEL: define dso_local void @gemm_ones(
; CHECK: tail call void @llvm.memset.p0.i64(ptr align 4 %C, i8 1, i64 %mul1, i1 false)
; CHECK-NOT: raise.memset
; CHECK: call void @gemm_ones.raise.0(

; CHECK-LABEL: define dso_local void @scaled_rows(
; CHECK: call void @llvm.memset.p0.i64(
; CHECK-NOT: raise.memset
; CHECK-NOT: raise.0
; CHECK: ret void

; ModuleID = 'em.O0.ll'
source_filename = "em.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_sum(i64 noundef %M, i64 noundef %N, i64 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp19.not = icmp eq i64 %M, 0
  %cmp217.not = icmp eq i64 %N, 0
  %or.cond = or i1 %cmp19.not, %cmp217.not
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond1.preheader.lr.ph.split.us

for.cond1.preheader.lr.ph.split.us:               ; preds = %entry
  %cmp614.not = icmp eq i64 %K, 0
  br i1 %cmp614.not, label %for.cond1.preheader.us.preheader, label %for.cond1.preheader.us.us.preheader

for.cond1.preheader.us.us.preheader:              ; preds = %for.cond1.preheader.lr.ph.split.us
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.preheader:                 ; preds = %for.cond1.preheader.lr.ph.split.us
  %0 = mul i64 %N, %M
  %1 = shl i64 %0, 2
  call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %1, i1 false), !tbaa !9
  br label %for.cond.cleanup

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %i.020.us.us = phi i64 [ %inc20.us.us, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ], [ 0, %for.cond1.preheader.us.us.preheader ]
  %mul.us.us = mul i64 %i.020.us.us, %K
  %2 = getelementptr float, ptr %A, i64 %mul.us.us
  %mul13.us.us = mul i64 %i.020.us.us, %N
  %3 = getelementptr float, ptr %C, i64 %mul13.us.us
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %j.018.us.us.us = phi i64 [ 0, %for.cond1.preheader.us.us ], [ %inc17.us.us.us, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ]
  %invariant.gep.us.us.us = getelementptr float, ptr %B, i64 %j.018.us.us.us
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %k.016.us.us.us = phi i64 [ 0, %for.cond5.preheader.us.us.us ], [ %inc.us.us.us, %for.body8.us.us.us ]
  %sum.015.us.us.us = phi float [ 0.000000e+00, %for.cond5.preheader.us.us.us ], [ %6, %for.body8.us.us.us ]
  %arrayidx.us.us.us = getelementptr float, ptr %2, i64 %k.016.us.us.us
  %4 = load float, ptr %arrayidx.us.us.us, align 4, !tbaa !9
  %mul9.us.us.us = mul i64 %k.016.us.us.us, %N
  %gep.us.us.us = getelementptr float, ptr %invariant.gep.us.us.us, i64 %mul9.us.us.us
  %5 = load float, ptr %gep.us.us.us, align 4, !tbaa !9
  %6 = tail call float @llvm.fmuladd.f32(float %4, float %5, float %sum.015.us.us.us)
  %inc.us.us.us = add nuw i64 %k.016.us.us.us, 1
  %exitcond.not = icmp eq i64 %inc.us.us.us, %K
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us, !llvm.loop !11

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %.lcssa = phi float [ %6, %for.body8.us.us.us ]
  %arrayidx15.us.us.us = getelementptr float, ptr %3, i64 %j.018.us.us.us
  store float %.lcssa, ptr %arrayidx15.us.us.us, align 4, !tbaa !9
  %inc17.us.us.us = add nuw i64 %j.018.us.us.us, 1
  %exitcond30.not = icmp eq i64 %inc17.us.us.us, %N
  br i1 %exitcond30.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us, !llvm.loop !13

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %inc20.us.us = add nuw i64 %i.020.us.us, 1
  %exitcond31.not = icmp eq i64 %inc20.us.us, %M
  br i1 %exitcond31.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader.us.us, !llvm.loop !14

for.cond.cleanup.loopexit:                        ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %for.cond1.preheader.us.preheader, %entry
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_ldc(i64 noundef %M, i64 noundef %N, i64 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef captures(none) %C, i64 noundef %ldc) local_unnamed_addr #0 {
entry:
  %mul = shl i64 %M, 2
  %mul1 = mul i64 %mul, %N
  tail call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %mul1, i1 false)
  %cmp21.not = icmp eq i64 %M, 0
  %cmp317.not = icmp eq i64 %K, 0
  %or.cond = or i1 %cmp21.not, %cmp317.not
  %cmp715.not = icmp eq i64 %N, 0
  %or.cond33 = or i1 %or.cond, %cmp715.not
  br i1 %or.cond33, label %for.cond.cleanup, label %for.cond2.preheader.us.us

for.cond2.preheader.us.us:                        ; preds = %entry, %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us
  %i.022.us.us = phi i64 [ %inc22.us.us, %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us ], [ 0, %entry ]
  %mul10.us.us = mul i64 %i.022.us.us, %K
  %invariant.gep19.us.us = getelementptr float, ptr %A, i64 %mul10.us.us
  %mul15.us.us = mul i64 %i.022.us.us, %ldc
  %0 = getelementptr float, ptr %C, i64 %mul15.us.us
  br label %for.cond6.preheader.us.us.us

for.cond6.preheader.us.us.us:                     ; preds = %for.cond6.for.cond.cleanup8_crit_edge.us.us.us, %for.cond2.preheader.us.us
  %k.018.us.us.us = phi i64 [ 0, %for.cond2.preheader.us.us ], [ %inc19.us.us.us, %for.cond6.for.cond.cleanup8_crit_edge.us.us.us ]
  %gep20.us.us.us = getelementptr float, ptr %invariant.gep19.us.us, i64 %k.018.us.us.us
  %mul11.us.us.us = mul i64 %k.018.us.us.us, %N
  %1 = getelementptr float, ptr %B, i64 %mul11.us.us.us
  br label %for.body9.us.us.us

for.body9.us.us.us:                               ; preds = %for.body9.us.us.us, %for.cond6.preheader.us.us.us
  %j.016.us.us.us = phi i64 [ 0, %for.cond6.preheader.us.us.us ], [ %inc.us.us.us, %for.body9.us.us.us ]
  %2 = load float, ptr %gep20.us.us.us, align 4, !tbaa !9
  %arrayidx13.us.us.us = getelementptr float, ptr %1, i64 %j.016.us.us.us
  %3 = load float, ptr %arrayidx13.us.us.us, align 4, !tbaa !9
  %arrayidx17.us.us.us = getelementptr float, ptr %0, i64 %j.016.us.us.us
  %4 = load float, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  %5 = tail call float @llvm.fmuladd.f32(float %2, float %3, float %4)
  store float %5, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  %inc.us.us.us = add nuw i64 %j.016.us.us.us, 1
  %exitcond.not = icmp eq i64 %inc.us.us.us, %N
  br i1 %exitcond.not, label %for.cond6.for.cond.cleanup8_crit_edge.us.us.us, label %for.body9.us.us.us, !llvm.loop !15

for.cond6.for.cond.cleanup8_crit_edge.us.us.us:   ; preds = %for.body9.us.us.us
  %inc19.us.us.us = add nuw i64 %k.018.us.us.us, 1
  %exitcond31.not = icmp eq i64 %inc19.us.us.us, %K
  br i1 %exitcond31.not, label %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, label %for.cond6.preheader.us.us.us, !llvm.loop !16

for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us: ; preds = %for.cond6.for.cond.cleanup8_crit_edge.us.us.us
  %inc22.us.us = add nuw i64 %i.022.us.us, 1
  %exitcond32.not = icmp eq i64 %inc22.us.us, %M
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.cond2.preheader.us.us, !llvm.loop !17

for.cond.cleanup:                                 ; preds = %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: mustprogress nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #2

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_ones(i64 noundef %M, i64 noundef %N, i64 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef captures(none) %C) local_unnamed_addr #0 {
entry:
  %mul = shl i64 %M, 2
  %mul1 = mul i64 %mul, %N
  tail call void @llvm.memset.p0.i64(ptr align 4 %C, i8 1, i64 %mul1, i1 false)
  %cmp22.not = icmp eq i64 %M, 0
  %cmp318.not = icmp eq i64 %K, 0
  %or.cond = or i1 %cmp22.not, %cmp318.not
  %cmp716.not = icmp eq i64 %N, 0
  %or.cond34 = or i1 %or.cond, %cmp716.not
  br i1 %or.cond34, label %for.cond.cleanup, label %for.cond2.preheader.us.us

for.cond2.preheader.us.us:                        ; preds = %entry, %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us
  %i.023.us.us = phi i64 [ %inc22.us.us, %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us ], [ 0, %entry ]
  %mul10.us.us = mul i64 %i.023.us.us, %K
  %invariant.gep20.us.us = getelementptr float, ptr %A, i64 %mul10.us.us
  %mul15.us.us = mul i64 %i.023.us.us, %N
  %0 = getelementptr float, ptr %C, i64 %mul15.us.us
  br label %for.cond6.preheader.us.us.us

for.cond6.preheader.us.us.us:                     ; preds = %for.cond6.for.cond.cleanup8_crit_edge.us.us.us, %for.cond2.preheader.us.us
  %k.019.us.us.us = phi i64 [ 0, %for.cond2.preheader.us.us ], [ %inc19.us.us.us, %for.cond6.for.cond.cleanup8_crit_edge.us.us.us ]
  %gep21.us.us.us = getelementptr float, ptr %invariant.gep20.us.us, i64 %k.019.us.us.us
  %mul11.us.us.us = mul i64 %k.019.us.us.us, %N
  %1 = getelementptr float, ptr %B, i64 %mul11.us.us.us
  br label %for.body9.us.us.us

for.body9.us.us.us:                               ; preds = %for.body9.us.us.us, %for.cond6.preheader.us.us.us
  %j.017.us.us.us = phi i64 [ 0, %for.cond6.preheader.us.us.us ], [ %inc.us.us.us, %for.body9.us.us.us ]
  %2 = load float, ptr %gep21.us.us.us, align 4, !tbaa !9
  %arrayidx13.us.us.us = getelementptr float, ptr %1, i64 %j.017.us.us.us
  %3 = load float, ptr %arrayidx13.us.us.us, align 4, !tbaa !9
  %arrayidx17.us.us.us = getelementptr float, ptr %0, i64 %j.017.us.us.us
  %4 = load float, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  %5 = tail call float @llvm.fmuladd.f32(float %2, float %3, float %4)
  store float %5, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  %inc.us.us.us = add nuw i64 %j.017.us.us.us, 1
  %exitcond.not = icmp eq i64 %inc.us.us.us, %N
  br i1 %exitcond.not, label %for.cond6.for.cond.cleanup8_crit_edge.us.us.us, label %for.body9.us.us.us, !llvm.loop !18

for.cond6.for.cond.cleanup8_crit_edge.us.us.us:   ; preds = %for.body9.us.us.us
  %inc19.us.us.us = add nuw i64 %k.019.us.us.us, 1
  %exitcond32.not = icmp eq i64 %inc19.us.us.us, %K
  br i1 %exitcond32.not, label %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, label %for.cond6.preheader.us.us.us, !llvm.loop !19

for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us: ; preds = %for.cond6.for.cond.cleanup8_crit_edge.us.us.us
  %inc22.us.us = add nuw i64 %i.023.us.us, 1
  %exitcond33.not = icmp eq i64 %inc22.us.us, %M
  br i1 %exitcond33.not, label %for.cond.cleanup, label %for.cond2.preheader.us.us, !llvm.loop !20

for.cond.cleanup:                                 ; preds = %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: nounwind uwtable
define dso_local void @scaled_rows(i64 noundef %M, i64 noundef %N, ptr noalias noundef captures(none) %C, ptr noundef readonly captures(none) %A) local_unnamed_addr #3 {
entry:
  %mul = shl i64 %M, 2
  %mul1 = mul i64 %mul, %N
  tail call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %mul1, i1 false)
  %cmp15.not = icmp eq i64 %M, 0
  %cmp313.not = icmp eq i64 %N, 0
  %or.cond = or i1 %cmp15.not, %cmp313.not
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond2.preheader.us

for.cond2.preheader.us:                           ; preds = %entry, %for.cond2.for.cond.cleanup4_crit_edge.us
  %i.016.us = phi i64 [ %inc12.us, %for.cond2.for.cond.cleanup4_crit_edge.us ], [ 0, %entry ]
  %mul6.us = mul i64 %i.016.us, %N
  br label %for.body5.us

for.body5.us:                                     ; preds = %for.cond2.preheader.us, %for.body5.us
  %j.014.us = phi i64 [ 0, %for.cond2.preheader.us ], [ %inc.us, %for.body5.us ]
  %add.us = add i64 %j.014.us, %mul6.us
  %arrayidx.us = getelementptr inbounds nuw float, ptr %A, i64 %add.us
  %0 = load float, ptr %arrayidx.us, align 4, !tbaa !9
  %call.us = tail call float @scale(i64 noundef %j.014.us) #5
  %arrayidx10.us = getelementptr inbounds nuw float, ptr %C, i64 %add.us
  %1 = load float, ptr %arrayidx10.us, align 4, !tbaa !9
  %2 = tail call float @llvm.fmuladd.f32(float %0, float %call.us, float %1)
  store float %2, ptr %arrayidx10.us, align 4, !tbaa !9
  %inc.us = add nuw i64 %j.014.us, 1
  %exitcond.not = icmp eq i64 %inc.us, %N
  br i1 %exitcond.not, label %for.cond2.for.cond.cleanup4_crit_edge.us, label %for.body5.us, !llvm.loop !21

for.cond2.for.cond.cleanup4_crit_edge.us:         ; preds = %for.body5.us
  %inc12.us = add nuw i64 %i.016.us, 1
  %exitcond18.not = icmp eq i64 %inc12.us, %M
  br i1 %exitcond18.not, label %for.cond.cleanup, label %for.cond2.preheader.us, !llvm.loop !22

for.cond.cleanup:                                 ; preds = %for.cond2.for.cond.cleanup4_crit_edge.us, %entry
  ret void
}

declare float @scale(i64 noundef) local_unnamed_addr #4

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { mustprogress nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #3 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #5 = { nounwind }

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
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !12}
!14 = distinct !{!14, !12}
!15 = distinct !{!15, !12}
!16 = distinct !{!16, !12}
!17 = distinct !{!17, !12}
!18 = distinct !{!18, !12}
!19 = distinct !{!19, !12}
!20 = distinct !{!20, !12}
!21 = distinct !{!21, !12}
!22 = distinct !{!22, !12}
