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
; At -Os a GEMM tiled by hand keeps its accumulators in a local array,
; `float acc[8]`, copied in from the bias and out to C by memcpys of the
; whole array (tiled8, from -Os -march=x86-64-v4): each becomes a loop of
; element copies for Polly, the nest is raised, and the memcpys are back in
; the original code. A memcpy of part of the array (half_copied) is left.
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
; CHECK: remark: <unknown>:0:0: copy of a local array in tiled8 modelled as a loop of element copies for Polly (the memcpy stays)
; CHECK: remark: <unknown>:0:0: loop nest in tiled8 raised to linalg.generic (GEMM;
; CHECK: remark: <unknown>:0:0: SCoP in tiled8 spliced as tiled8.raise.0
; CHECK: remark: <unknown>:0:0: SCoP in half_copied not translated: memory intrinsic call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%acc, ptr {{.*}}%add.ptr{{.*}}, i64 16, i1 false)
; CHECK-NOT: spliced as half_copied

; OFF: remark: <unknown>:0:0: Polly detected a SCoP in gemm_sum but could not model it (its assumptions are infeasible)
; OFF-NOT: zeroing memset
; OFF-NOT: copy of a local array

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

; CHECK-LABEL: define dso_local void @tiled8(
; Both versions of the nest (subscripts widened or not) copy by memcpy again.
; CHECK-NOT: raise.memcpy.column
; CHECK: raise.memcpy.preheader:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%acc, ptr {{.*}}, i64 32, i1 false)
; CHECK-NOT: raise.memcpy.column
; CHECK: call void @tiled8.raise.0(
; CHECK-NOT: raise.memcpy.column

; CHECK-LABEL: define dso_local void @half_copied(
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr {{.*}}%acc, ptr {{.*}}%add.ptr, i64 16, i1 false)
; CHECK-NOT: raise.memcpy.column
; CHECK-NOT: half_copied.raise

; ModuleID = 'llvm-link'
source_filename = "llvm-link"
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

for.cond1.preheader.us.us:                        ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %for.cond1.preheader.us.us.preheader
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

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #2

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

for.cond2.preheader.us.us:                        ; preds = %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, %entry
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

for.cond2.preheader.us.us:                        ; preds = %for.cond2.for.cond.cleanup4_crit_edge.split.us.us.us, %entry
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

for.cond2.preheader.us:                           ; preds = %for.cond2.for.cond.cleanup4_crit_edge.us, %entry
  %i.016.us = phi i64 [ %inc12.us, %for.cond2.for.cond.cleanup4_crit_edge.us ], [ 0, %entry ]
  %mul6.us = mul i64 %i.016.us, %N
  br label %for.body5.us

for.body5.us:                                     ; preds = %for.body5.us, %for.cond2.preheader.us
  %j.014.us = phi i64 [ 0, %for.cond2.preheader.us ], [ %inc.us, %for.body5.us ]
  %add.us = add i64 %j.014.us, %mul6.us
  %arrayidx.us = getelementptr inbounds nuw float, ptr %A, i64 %add.us
  %0 = load float, ptr %arrayidx.us, align 4, !tbaa !9
  %call.us = tail call float @scale(i64 noundef %j.014.us) #8
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

; Function Attrs: nofree norecurse nosync nounwind optsize memory(argmem: readwrite) uwtable
define dso_local void @tiled8(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef readonly captures(none) %bias, ptr noundef writeonly captures(none) %C) local_unnamed_addr #5 {
entry:
  %acc = alloca [8 x float], align 16
  %cmp89 = icmp sgt i32 %M, 0
  br i1 %cmp89, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not86 = icmp slt i32 %N, 8
  %cmp1383 = icmp sgt i32 %K, 0
  %0 = zext i32 %N to i64
  %1 = add i32 %N, -8
  %2 = lshr i32 %1, 3
  %3 = add nuw nsw i32 %2, 1
  %wide.trip.count120 = zext nneg i32 %M to i64
  %wide.trip.count116 = zext nneg i32 %3 to i64
  %wide.trip.count = zext nneg i32 %K to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.lr.ph
  %indvar102 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvar.next103, %for.cond.cleanup3 ]
  br i1 %cmp2.not86, label %for.cond.cleanup3, label %for.body4.lr.ph

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %4 = mul nuw nsw i64 %indvar102, %0
  %5 = trunc i64 %indvar102 to i32
  %6 = mul i32 %K, %5
  %7 = zext i32 %6 to i64
  %8 = shl i64 %4, 2
  %invariant.gep = getelementptr inbounds nuw float, ptr %A, i64 %7
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.cond39.preheader, %for.cond1.preheader
  %indvar.next103 = add nuw nsw i64 %indvar102, 1
  %exitcond121.not = icmp eq i64 %indvar.next103, %wide.trip.count120
  br i1 %exitcond121.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !23

for.body4:                                        ; preds = %for.cond39.preheader, %for.body4.lr.ph
  %indvars.iv111 = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next112, %for.cond39.preheader ]
  %indvar = phi i64 [ 0, %for.body4.lr.ph ], [ %indvar.next, %for.cond39.preheader ]
  %9 = shl i64 %indvar, 5
  %10 = add i64 %9, %8
  %11 = and i64 %10, 17179869180
  %scevgep104 = getelementptr i8, ptr %C, i64 %11
  %12 = shl nuw nsw i64 %indvar, 5
  %scevgep = getelementptr nuw i8, ptr %bias, i64 %12
  call void @llvm.lifetime.start.p0(ptr nonnull %acc) #8
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(32) %acc, ptr noundef nonnull align 4 dereferenceable(32) %scevgep, i64 32, i1 false), !tbaa !9
  br i1 %cmp1383, label %for.cond17.preheader.preheader, label %for.cond39.preheader

for.cond17.preheader.preheader:                   ; preds = %for.body4
  %invariant.gep122 = getelementptr inbounds nuw float, ptr %B, i64 %indvars.iv111
  br label %for.cond17.preheader

for.cond39.preheader:                             ; preds = %for.cond.cleanup19, %for.body4
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(32) %scevgep104, ptr noundef nonnull align 16 dereferenceable(32) %acc, i64 32, i1 false), !tbaa !9
  call void @llvm.lifetime.end.p0(ptr nonnull %acc) #8
  %indvar.next = add nuw nsw i64 %indvar, 1
  %indvars.iv.next112 = add nuw nsw i64 %indvars.iv111, 8
  %exitcond117 = icmp eq i64 %indvar.next, %wide.trip.count116
  br i1 %exitcond117, label %for.cond.cleanup3, label %for.body4, !llvm.loop !24

for.cond17.preheader:                             ; preds = %for.cond.cleanup19, %for.cond17.preheader.preheader
  %indvars.iv95 = phi i64 [ 0, %for.cond17.preheader.preheader ], [ %indvars.iv.next96, %for.cond.cleanup19 ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv95
  %13 = load float, ptr %gep, align 4, !tbaa !9
  %14 = mul nuw nsw i64 %indvars.iv95, %0
  %gep123 = getelementptr inbounds nuw float, ptr %invariant.gep122, i64 %14
  br label %for.body20

for.cond.cleanup19:                               ; preds = %for.body20
  %indvars.iv.next96 = add nuw nsw i64 %indvars.iv95, 1
  %exitcond101.not = icmp eq i64 %indvars.iv.next96, %wide.trip.count
  br i1 %exitcond101.not, label %for.cond39.preheader, label %for.cond17.preheader, !llvm.loop !25

for.body20:                                       ; preds = %for.body20, %for.cond17.preheader
  %indvars.iv = phi i64 [ 0, %for.cond17.preheader ], [ %indvars.iv.next, %for.body20 ]
  %arrayidx28 = getelementptr inbounds nuw float, ptr %gep123, i64 %indvars.iv
  %15 = load float, ptr %arrayidx28, align 4, !tbaa !9
  %arrayidx31 = getelementptr inbounds nuw float, ptr %acc, i64 %indvars.iv
  %16 = load float, ptr %arrayidx31, align 4, !tbaa !9
  %17 = tail call float @llvm.fmuladd.f32(float %13, float %15, float %16)
  store float %17, ptr %arrayidx31, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 8
  br i1 %exitcond.not, label %for.cond.cleanup19, label %for.body20, !llvm.loop !26
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #6

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #7

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #6

; Function Attrs: nofree norecurse nosync nounwind optsize memory(argmem: readwrite) uwtable
define dso_local void @half_copied(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef readonly captures(none) %bias, ptr noundef writeonly captures(none) %C) local_unnamed_addr #5 {
entry:
  %acc = alloca [8 x float], align 16
  %cmp78 = icmp sgt i32 %M, 0
  br i1 %cmp78, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not75 = icmp slt i32 %N, 8
  %add.ptr6 = getelementptr inbounds nuw i8, ptr %acc, i64 16
  %cmp1072 = icmp sgt i32 %K, 0
  %0 = zext i32 %N to i64
  %1 = sext i32 %N to i64
  %wide.trip.count104 = zext nneg i32 %M to i64
  %wide.trip.count = zext nneg i32 %K to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.lr.ph
  %indvars.iv100 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next101, %for.cond.cleanup3 ]
  %2 = trunc nuw nsw i64 %indvars.iv100 to i32
  %3 = mul i32 %N, %2
  br i1 %cmp2.not75, label %for.cond.cleanup3, label %for.body4.lr.ph

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %4 = trunc i64 %indvars.iv100 to i32
  %5 = mul i32 %K, %4
  %6 = zext i32 %5 to i64
  %invariant.gep = getelementptr inbounds nuw float, ptr %A, i64 %6
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.cond30.preheader, %for.cond1.preheader
  %indvars.iv.next101 = add nuw nsw i64 %indvars.iv100, 1
  %exitcond105.not = icmp eq i64 %indvars.iv.next101, %wide.trip.count104
  br i1 %exitcond105.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !27

for.body4:                                        ; preds = %for.cond30.preheader, %for.body4.lr.ph
  %indvars.iv95 = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next96, %for.cond30.preheader ]
  %indvars.iv93 = phi i64 [ 8, %for.body4.lr.ph ], [ %indvars.iv.next94, %for.cond30.preheader ]
  %7 = trunc nuw nsw i64 %indvars.iv95 to i32
  %8 = add i32 %3, %7
  %9 = zext i32 %8 to i64
  %10 = shl nuw nsw i64 %9, 2
  %scevgep = getelementptr i8, ptr %C, i64 %10
  call void @llvm.lifetime.start.p0(ptr nonnull %acc) #8
  %add.ptr = getelementptr inbounds nuw float, ptr %bias, i64 %indvars.iv95
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %acc, ptr noundef nonnull align 4 dereferenceable(16) %add.ptr, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 16 dereferenceable(16) %add.ptr6, ptr noundef nonnull align 4 dereferenceable(16) %add.ptr, i64 16, i1 false)
  br i1 %cmp1072, label %for.cond13.preheader.preheader, label %for.cond30.preheader

for.cond13.preheader.preheader:                   ; preds = %for.body4
  %invariant.gep106 = getelementptr inbounds nuw float, ptr %B, i64 %indvars.iv95
  br label %for.cond13.preheader

for.cond30.preheader:                             ; preds = %for.cond.cleanup15, %for.body4
  call void @llvm.memcpy.p0.p0.i64(ptr noundef nonnull align 4 dereferenceable(32) %scevgep, ptr noundef nonnull align 16 dereferenceable(32) %acc, i64 32, i1 false), !tbaa !9
  call void @llvm.lifetime.end.p0(ptr nonnull %acc) #8
  %indvars.iv.next94 = add nuw nsw i64 %indvars.iv93, 8
  %cmp2.not = icmp sgt i64 %indvars.iv.next94, %1
  %indvars.iv.next96 = add nuw nsw i64 %indvars.iv95, 8
  br i1 %cmp2.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !28

for.cond13.preheader:                             ; preds = %for.cond.cleanup15, %for.cond13.preheader.preheader
  %indvars.iv82 = phi i64 [ 0, %for.cond13.preheader.preheader ], [ %indvars.iv.next83, %for.cond.cleanup15 ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv82
  %11 = load float, ptr %gep, align 4, !tbaa !9
  %12 = mul nuw nsw i64 %indvars.iv82, %0
  %gep107 = getelementptr inbounds nuw float, ptr %invariant.gep106, i64 %12
  br label %for.body16

for.cond.cleanup15:                               ; preds = %for.body16
  %indvars.iv.next83 = add nuw nsw i64 %indvars.iv82, 1
  %exitcond88.not = icmp eq i64 %indvars.iv.next83, %wide.trip.count
  br i1 %exitcond88.not, label %for.cond30.preheader, label %for.cond13.preheader, !llvm.loop !29

for.body16:                                       ; preds = %for.body16, %for.cond13.preheader
  %indvars.iv = phi i64 [ 0, %for.cond13.preheader ], [ %indvars.iv.next, %for.body16 ]
  %arrayidx22 = getelementptr inbounds nuw float, ptr %gep107, i64 %indvars.iv
  %13 = load float, ptr %arrayidx22, align 4, !tbaa !9
  %arrayidx25 = getelementptr inbounds nuw float, ptr %acc, i64 %indvars.iv
  %14 = load float, ptr %arrayidx25, align 4, !tbaa !9
  %15 = tail call float @llvm.fmuladd.f32(float %11, float %13, float %14)
  store float %15, ptr %arrayidx25, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 8
  br i1 %exitcond.not, label %for.cond.cleanup15, label %for.body16, !llvm.loop !30
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #2 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #4 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #5 = { nofree norecurse nosync nounwind optsize memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v4" "target-features"="+avx,+avx2,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512vl,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #6 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #7 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #8 = { nounwind }

!llvm.ident = !{!0}
!llvm.errno.tbaa = !{!1}
!llvm.module.flags = !{!5, !6, !7, !8}

!0 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"Simple C/C++ TBAA"}
!5 = !{i32 1, !"wchar_size", i32 4}
!6 = !{i32 8, !"PIC Level", i32 2}
!7 = !{i32 7, !"PIE Level", i32 2}
!8 = !{i32 7, !"uwtable", i32 2}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !3, i64 0}
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
!23 = distinct !{!23, !12}
!24 = distinct !{!24, !12}
!25 = distinct !{!25, !12}
!26 = distinct !{!26, !12}
!27 = distinct !{!27, !12}
!28 = distinct !{!28, !12}
!29 = distinct !{!29, !12}
!30 = distinct !{!30, !12}
