; -raise-widen-subscripts: C code with unsigned sizes computes each subscript
; (i*ldc + j) in 32 bits and zero-extends it, which hides the nest from Polly
; ("the array subscript is not affine"). raise versions such a nest: a copy
; computing the subscripts in 64 bits runs behind a check that none of them
; would wrap (in 128-bit arithmetic, every loop under 2^32 iterations), and
; is raised. A nest in which nothing is raised keeps only its original loops;
; subscripts that stay non-affine in 64 bits (a gathered row) are left alone.
; Made from C with clang -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names, at the vectorizer-start extension point.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s
; RUN: %opt -passes=raise -raise-widen-subscripts=false -pass-remarks=raise -pass-remarks-missed=raise -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: loop nest in gemm_unsigned raised to linalg.generic (GEMM; exact body kept: body is llvm.intr.fmuladd), i x j x k = M x N x K
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_unsigned spliced as gemm_unsigned.raise.0 behind a run-time check
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gemm_unsigned: 3 subscripts widened to 64 bits, behind a run-time check that they do not wrap
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in add_one not raised: closest tactic GEMM: the stored value is not an accumulation 'out + x' (found 'arith.addf')
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gather is not a static control part (only part of it is): The array subscript of "A" is not affine
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in row_before_nest raised to linalg.generic (GEMM;{{.*}}one of 2 partial sums kept)
; CHECK: remark: <unknown>:0:0: loop nest in row_before_nest: 1 subscript widened to 64 bits, behind a run-time check that it does not wrap
; CHECK: remark: <unknown>:0:0: loop nest in rows_by_blocks raised to linalg.generic (GEMM;{{.*}}), i x j x k = nb x n x p
; CHECK: remark: <unknown>:0:0: loop nest in rows_by_blocks: 1 subscript widened to 64 bits, behind a run-time check that it does not wrap

; OFF: remark: <unknown>:0:0: loop nest in gemm_unsigned is not a static control part: The array subscript of "C" is not affine
; OFF-NOT: widened

; CHECK-LABEL: define dso_local void @gemm_unsigned(
; Every loop runs fewer than 2^32 times, and (M-1)*ldc + N-1 fits in 32 bits.
; CHECK: icmp ult i128 %{{.*}}, 4294967296
; CHECK: %[[LDC:.*]] = zext i32 %ldc to i128
; CHECK: %[[ROWS:.*]] = mul i128 %[[LDC]], %{{.*}}
; CHECK: %[[LAST:.*]] = add i128 %[[ROWS]], %{{.*}}
; CHECK: icmp sle i128 %[[LAST]], 4294967295
; CHECK: %raise.widen.check = freeze i1
; CHECK: br i1 %raise.widen.check, label %[[WIDE:.*]], label %[[ORIG:.*]]
; CHECK: [[WIDE]]:
; The widened copy (the raised code's own fallback) indexes in 64 bits.
; CHECK: for.cond1.preheader.us.us.raise.widened:
; CHECK: %[[I:.*]] = zext i32 %i.038.us.us.raise.widened to i64
; CHECK: mul i64 %[[I]], %{{.*}}
; CHECK: [[ORIG]]:
; CHECK: %idxprom16.us.us.us = zext i32 %add15.us.us.us to i64
; CHECK: call void @gemm_unsigned.raise.0(

; CHECK-LABEL: define dso_local void @add_one(
; CHECK-NOT: raise.widen
; CHECK: for.cond1.preheader.us.preheader:
; CHECK-NEXT: %wide.trip.count = zext i32 %N to i64
; CHECK-NEXT: br label %for.cond1.preheader.us
; CHECK: %idxprom.us = zext i32 %add.us to i64
; CHECK-NOT: raise.widen
; CHECK: ret void

; CHECK-LABEL: define dso_local void @gather(
; CHECK-NOT: raise.widen
; CHECK: ret void

; A row the remainder of a split sum reads, B + (K & ~1) * N in 32 bits,
; which LICM computed before the nest (at -march=znver5): the copy computes
; the address again from the product in 64 bits, so that Polly sees row
; K & ~1 of B, not a column (K & ~1) * N that its run-time check would find
; out of bounds.
; CHECK-LABEL: define dso_local void @row_before_nest(
; CHECK: %[[ROW:.*]] = mul nuw nsw i32 %{{.*}}, %N
; CHECK-NEXT: %[[EXT:.*]] = zext nneg i32 %[[ROW]] to i64
; CHECK-NEXT: %[[NARROW:.*]] = getelementptr inbounds nuw float, ptr %B, i64 %[[EXT]]
; CHECK: %[[N64:.*]] = zext i32 %N to i64
; CHECK-NEXT: %[[WIDE:.*]] = mul i64 %{{.*}}, %[[N64]]
; CHECK-NEXT: %[[ADDR:.*]] = getelementptr inbounds nuw float, ptr %B, i64 %[[WIDE]]
; CHECK: %raise.widen.check = freeze i1
; CHECK: for.cond1.preheader.us.us.raise.widened:
; CHECK: getelementptr inbounds nuw float, ptr %[[ADDR]]
; CHECK: for.cond1.preheader.us.us:
; CHECK: getelementptr inbounds nuw float, ptr %[[NARROW]]

; Every 8th row, 8 * b computed in 32 bits and scaled by a row length in 64
; (`(long)i * n` with `int i = b * 8u`, how clang's OpenMP chunk loop for
; `obt += 8` computes a hand-tiled product's row): the copy scales 8 * b
; computed in 64 bits.
; CHECK-LABEL: define dso_local void @rows_by_blocks(
; CHECK: %raise.widen.check = freeze i1
; CHECK: .raise.widened:
; CHECK: shl i64 %{{.*}}, 3
; CHECK: mul nsw i64 %{{.*}}, %conv9

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_unsigned(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef readonly captures(none) %B, i32 noundef %ldb, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp37.not = icmp eq i32 %M, 0
  %cmp235.not = icmp eq i32 %N, 0
  %or.cond = or i1 %cmp37.not, %cmp235.not
  %cmp633.not = icmp eq i32 %K, 0
  %or.cond54 = or i1 %or.cond, %cmp633.not
  br i1 %or.cond54, label %for.cond.cleanup, label %for.cond1.preheader.us.us.preheader

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %wide.trip.count51 = zext i32 %N to i64
  %wide.trip.count = zext i32 %K to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %i.038.us.us = phi i32 [ %inc22.us.us, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ], [ 0, %for.cond1.preheader.us.us.preheader ]
  %mul.us.us = mul i32 %i.038.us.us, %lda
  %mul14.us.us = mul i32 %i.038.us.us, %ldc
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv48 = phi i64 [ %indvars.iv.next49, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %0 = trunc nuw i64 %indvars.iv48 to i32
  %add15.us.us.us = add i32 %mul14.us.us, %0
  %idxprom16.us.us.us = zext i32 %add15.us.us.us to i64
  %arrayidx17.us.us.us = getelementptr inbounds nuw float, ptr %C, i64 %idxprom16.us.us.us
  %arrayidx17.promoted.us.us.us = load float, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %1 = phi float [ %5, %for.body8.us.us.us ], [ %arrayidx17.promoted.us.us.us, %for.cond5.preheader.us.us.us ]
  %2 = trunc nuw i64 %indvars.iv to i32
  %add.us.us.us = add i32 %mul.us.us, %2
  %idxprom.us.us.us = zext i32 %add.us.us.us to i64
  %arrayidx.us.us.us = getelementptr inbounds nuw float, ptr %A, i64 %idxprom.us.us.us
  %3 = load float, ptr %arrayidx.us.us.us, align 4, !tbaa !9
  %mul9.us.us.us = mul i32 %ldb, %2
  %add10.us.us.us = add i32 %mul9.us.us.us, %0
  %idxprom11.us.us.us = zext i32 %add10.us.us.us to i64
  %arrayidx12.us.us.us = getelementptr inbounds nuw float, ptr %B, i64 %idxprom11.us.us.us
  %4 = load float, ptr %arrayidx12.us.us.us, align 4, !tbaa !9
  %5 = tail call float @llvm.fmuladd.f32(float %3, float %4, float %1)
  store float %5, ptr %arrayidx17.us.us.us, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us, !llvm.loop !11

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next49 = add nuw nsw i64 %indvars.iv48, 1
  %exitcond52.not = icmp eq i64 %indvars.iv.next49, %wide.trip.count51
  br i1 %exitcond52.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us, !llvm.loop !14

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %inc22.us.us = add nuw i32 %i.038.us.us, 1
  %exitcond53.not = icmp eq i32 %inc22.us.us, %M
  br i1 %exitcond53.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us, !llvm.loop !15

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @add_one(i32 noundef %M, i32 noundef %N, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef writeonly captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp21.not = icmp eq i32 %M, 0
  %cmp219.not = icmp eq i32 %N, 0
  %or.cond = or i1 %cmp21.not, %cmp219.not
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %wide.trip.count = zext i32 %N to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.us
  %i.022.us = phi i32 [ %inc11.us, %for.cond1.for.cond.cleanup3_crit_edge.us ], [ 0, %for.cond1.preheader.us.preheader ]
  %mul.us = mul i32 %i.022.us, %lda
  %mul6.us = mul i32 %i.022.us, %ldc
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.cond1.preheader.us, %for.body4.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %0 = trunc nuw i64 %indvars.iv to i32
  %add.us = add i32 %mul.us, %0
  %idxprom.us = zext i32 %add.us to i64
  %arrayidx.us = getelementptr inbounds nuw float, ptr %A, i64 %idxprom.us
  %1 = load float, ptr %arrayidx.us, align 4, !tbaa !9
  %add5.us = fadd float %1, 1.000000e+00
  %add7.us = add i32 %mul6.us, %0
  %idxprom8.us = zext i32 %add7.us to i64
  %arrayidx9.us = getelementptr inbounds nuw float, ptr %C, i64 %idxprom8.us
  store float %add5.us, ptr %arrayidx9.us, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us, !llvm.loop !16

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %inc11.us = add nuw i32 %i.022.us, 1
  %exitcond25.not = icmp eq i32 %inc11.us, %M
  br i1 %exitcond25.not, label %for.cond.cleanup, label %for.cond1.preheader.us, !llvm.loop !17

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gather(i32 noundef %M, i32 noundef %N, ptr noundef readonly captures(none) %idx, ptr noundef readonly captures(none) %A, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp24.not = icmp eq i32 %M, 0
  %cmp222.not = icmp eq i32 %N, 0
  %or.cond = or i1 %cmp24.not, %cmp222.not
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %wide.trip.count31 = zext i32 %M to i64
  %wide.trip.count = zext i32 %N to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.us
  %indvars.iv28 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next29, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %arrayidx.us = getelementptr inbounds nuw i32, ptr %idx, i64 %indvars.iv28
  %0 = load i32, ptr %arrayidx.us, align 4, !tbaa !5
  %mul.us = mul i32 %0, %ldc
  %1 = trunc nuw i64 %indvars.iv28 to i32
  %mul7.us = mul i32 %ldc, %1
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.cond1.preheader.us, %for.body4.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %2 = trunc nuw i64 %indvars.iv to i32
  %add.us = add i32 %mul.us, %2
  %idxprom5.us = zext i32 %add.us to i64
  %arrayidx6.us = getelementptr inbounds nuw float, ptr %A, i64 %idxprom5.us
  %3 = load float, ptr %arrayidx6.us, align 4, !tbaa !9
  %add8.us = add i32 %mul7.us, %2
  %idxprom9.us = zext i32 %add8.us to i64
  %arrayidx10.us = getelementptr inbounds nuw float, ptr %C, i64 %idxprom9.us
  %4 = load float, ptr %arrayidx10.us, align 4, !tbaa !9
  %add11.us = fadd float %3, %4
  store float %add11.us, ptr %arrayidx10.us, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us, !llvm.loop !18

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1
  %exitcond32.not = icmp eq i64 %indvars.iv.next29, %wide.trip.count31
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.cond1.preheader.us, !llvm.loop !19

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

define dso_local void @row_before_nest(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef writeonly captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp101 = icmp sgt i32 %M, 0
  br i1 %cmp101, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp286 = icmp sgt i32 %N, 0
  %cmp26 = icmp sgt i32 %K, 0
  br i1 %cmp286, label %for.cond1.preheader.lr.ph.split.us, label %for.cond.cleanup

for.cond1.preheader.lr.ph.split.us:               ; preds = %for.cond1.preheader.lr.ph
  %cmp679 = icmp sgt i32 %K, 1
  %0 = zext nneg i32 %N to i64
  br i1 %cmp679, label %for.cond1.preheader.us.us.preheader, label %for.cond1.preheader.lr.ph.split.us.split

for.cond1.preheader.us.us.preheader:              ; preds = %for.cond1.preheader.lr.ph.split.us
  %1 = zext nneg i32 %K to i64
  %2 = and i32 %K, 2147483646
  %3 = zext nneg i32 %K to i64
  %wide.trip.count162 = zext nneg i32 %M to i64
  %cmp26.us.us.us = icmp slt i32 %2, %K
  %4 = zext nneg i32 %2 to i64
  %invariant.gep176 = getelementptr inbounds nuw float, ptr %A, i64 %4
  %mul31.us.us.us = mul nuw nsw i32 %2, %N
  %5 = zext nneg i32 %mul31.us.us.us to i64
  %invariant.gep172 = getelementptr inbounds nuw float, ptr %B, i64 %5
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %indvars.iv155 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next156, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %6 = mul nuw nsw i64 %indvars.iv155, %3
  %7 = mul nuw nsw i64 %indvars.iv155, %0
  %invariant.gep166 = getelementptr inbounds nuw float, ptr %A, i64 %6
  %gep177 = getelementptr inbounds nuw float, ptr %invariant.gep176, i64 %6
  %invariant.gep174 = getelementptr inbounds nuw float, ptr %C, i64 %7
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %if.end.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv148 = phi i64 [ %indvars.iv.next149, %if.end.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %invariant.gep168 = getelementptr inbounds nuw float, ptr %B, i64 %indvars.iv148
  %invariant.gep170 = getelementptr inbounds nuw float, ptr %B, i64 %indvars.iv148
  br label %for.body7.us.us.us

if.then.us.us.us:                                 ; preds = %for.cond5.for.end_crit_edge.us.us.us
  %8 = load float, ptr %gep177, align 4
  %gep173 = getelementptr inbounds nuw float, ptr %invariant.gep172, i64 %indvars.iv148
  %9 = load float, ptr %gep173, align 4
  %10 = tail call float @llvm.fmuladd.f32(float %8, float %9, float %15)
  br label %if.end.us.us.us

if.end.us.us.us:                                  ; preds = %for.cond5.for.end_crit_edge.us.us.us, %if.then.us.us.us
  %s0.1.us.us.us = phi float [ %10, %if.then.us.us.us ], [ %15, %for.cond5.for.end_crit_edge.us.us.us ]
  %add36.us.us.us = fadd float %19, %s0.1.us.us.us
  %gep175 = getelementptr inbounds nuw float, ptr %invariant.gep174, i64 %indvars.iv148
  store float %add36.us.us.us, ptr %gep175, align 4
  %indvars.iv.next149 = add nuw nsw i64 %indvars.iv148, 1
  %exitcond154.not = icmp eq i64 %indvars.iv.next149, %0
  br i1 %exitcond154.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us

for.body7.us.us.us:                               ; preds = %for.body7.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv138 = phi i64 [ %indvars.iv.next139, %for.body7.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %s1.081.us.us.us = phi float [ %19, %for.body7.us.us.us ], [ 0.000000e+00, %for.cond5.preheader.us.us.us ]
  %s0.080.us.us.us = phi float [ %15, %for.body7.us.us.us ], [ 0.000000e+00, %for.cond5.preheader.us.us.us ]
  %11 = or disjoint i64 %indvars.iv138, 1
  %gep167 = getelementptr inbounds nuw float, ptr %invariant.gep166, i64 %indvars.iv138
  %12 = load float, ptr %gep167, align 4
  %13 = mul nuw nsw i64 %indvars.iv138, %0
  %gep169 = getelementptr inbounds nuw float, ptr %invariant.gep168, i64 %13
  %14 = load float, ptr %gep169, align 4
  %15 = tail call float @llvm.fmuladd.f32(float %12, float %14, float %s0.080.us.us.us)
  %arrayidx18.us.us.us = getelementptr i8, ptr %gep167, i64 4
  %16 = load float, ptr %arrayidx18.us.us.us, align 4
  %17 = mul nuw nsw i64 %11, %0
  %gep171 = getelementptr inbounds nuw float, ptr %invariant.gep170, i64 %17
  %18 = load float, ptr %gep171, align 4
  %19 = tail call float @llvm.fmuladd.f32(float %16, float %18, float %s1.081.us.us.us)
  %indvars.iv.next139 = add nuw nsw i64 %indvars.iv138, 2
  %20 = or disjoint i64 %indvars.iv.next139, 1
  %cmp6.us.us.us = icmp samesign ult i64 %20, %1
  br i1 %cmp6.us.us.us, label %for.body7.us.us.us, label %for.cond5.for.end_crit_edge.us.us.us

for.cond5.for.end_crit_edge.us.us.us:             ; preds = %for.body7.us.us.us
  br i1 %cmp26.us.us.us, label %if.then.us.us.us, label %if.end.us.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %if.end.us.us.us
  %indvars.iv.next156 = add nuw nsw i64 %indvars.iv155, 1
  %exitcond163.not = icmp eq i64 %indvars.iv.next156, %wide.trip.count162
  br i1 %exitcond163.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us

for.cond1.preheader.lr.ph.split.us.split:         ; preds = %for.cond1.preheader.lr.ph.split.us
  %wide.trip.count136 = zext nneg i32 %M to i64
  br i1 %cmp26, label %for.cond1.preheader.us.us116, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %for.cond1.preheader.lr.ph.split.us.split
  %21 = mul nuw nsw i64 %0, %wide.trip.count136
  %22 = shl nuw i64 %21, 2
  call void @llvm.memset.p0.i64(ptr align 4 %C, i8 0, i64 %22, i1 false)
  br label %for.cond.cleanup

for.cond1.preheader.us.us116:                     ; preds = %for.cond1.preheader.lr.ph.split.us.split, %for.cond1.for.cond.cleanup3_crit_edge.split.split.us.us.us
  %indvars.iv131 = phi i64 [ %indvars.iv.next132, %for.cond1.for.cond.cleanup3_crit_edge.split.split.us.us.us ], [ 0, %for.cond1.preheader.lr.ph.split.us.split ]
  %23 = mul nuw nsw i64 %indvars.iv131, %0
  %arrayidx30.us113.us = getelementptr inbounds nuw float, ptr %A, i64 %indvars.iv131
  %invariant.gep = getelementptr inbounds nuw float, ptr %C, i64 %23
  br label %for.cond5.preheader.us88.us.us

for.cond5.preheader.us88.us.us:                   ; preds = %for.cond5.preheader.us88.us.us, %for.cond1.preheader.us.us116
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.cond5.preheader.us88.us.us ], [ 0, %for.cond1.preheader.us.us116 ]
  %24 = load float, ptr %arrayidx30.us113.us, align 4
  %arrayidx34.us92.us.us = getelementptr inbounds nuw float, ptr %B, i64 %indvars.iv
  %25 = load float, ptr %arrayidx34.us92.us.us, align 4
  %26 = tail call float @llvm.fmuladd.f32(float %24, float %25, float 0.000000e+00)
  %add36.us95.us.us = fadd float %26, 0.000000e+00
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  store float %add36.us95.us.us, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.split.us.us.us, label %for.cond5.preheader.us88.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.split.us.us.us: ; preds = %for.cond5.preheader.us88.us.us
  %indvars.iv.next132 = add nuw nsw i64 %indvars.iv131, 1
  %exitcond137.not = icmp eq i64 %indvars.iv.next132, %wide.trip.count136
  br i1 %exitcond137.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us116

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.split.us.us.us, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %for.cond1.preheader.lr.ph, %for.cond1.preheader.us.preheader, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rows_by_blocks(i32 noundef %nb, i32 noundef %n, i32 noundef %p, ptr noundef readonly captures(none) %A, ptr noundef readonly captures(none) %B, ptr noundef captures(none) %C) local_unnamed_addr #0 {
entry:
  %cmp47.not = icmp eq i32 %nb, 0
  br i1 %cmp47.not, label %for.cond.cleanup, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  %cmp245 = icmp sgt i32 %n, 0
  %conv9 = sext i32 %p to i64
  %conv13 = sext i32 %n to i64
  %cmp643 = icmp sgt i32 %p, 0
  %or.cond = and i1 %cmp245, %cmp643
  br i1 %or.cond, label %for.body.us.us.preheader, label %for.cond.cleanup

for.body.us.us.preheader:                         ; preds = %for.body.lr.ph
  %wide.trip.count61 = zext nneg i32 %n to i64
  %wide.trip.count = zext nneg i32 %p to i64
  br label %for.body.us.us

for.body.us.us:                                   ; preds = %for.body.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %b.048.us.us = phi i32 [ %inc29.us.us, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ], [ 0, %for.body.us.us.preheader ]
  %mul.us.us = shl i32 %b.048.us.us, 3
  %conv.us.us = sext i32 %mul.us.us to i64
  %mul10.us.us = mul nsw i64 %conv.us.us, %conv9
  %0 = getelementptr float, ptr %A, i64 %mul10.us.us
  %mul21.us.us = mul nsw i64 %conv.us.us, %conv13
  %1 = getelementptr float, ptr %C, i64 %mul21.us.us
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.body.us.us
  %indvars.iv58 = phi i64 [ %indvars.iv.next59, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.body.us.us ]
  %invariant.gep.us.us.us = getelementptr float, ptr %B, i64 %indvars.iv58
  %arrayidx24.us.us.us = getelementptr float, ptr %1, i64 %indvars.iv58
  %arrayidx24.promoted.us.us.us = load float, ptr %arrayidx24.us.us.us, align 4
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %2 = phi float [ %5, %for.body8.us.us.us ], [ %arrayidx24.promoted.us.us.us, %for.cond5.preheader.us.us.us ]
  %arrayidx.us.us.us = getelementptr float, ptr %0, i64 %indvars.iv
  %3 = load float, ptr %arrayidx.us.us.us, align 4
  %mul14.us.us.us = mul nuw nsw i64 %indvars.iv, %conv13
  %gep.us.us.us = getelementptr float, ptr %invariant.gep.us.us.us, i64 %mul14.us.us.us
  %4 = load float, ptr %gep.us.us.us, align 4
  %5 = tail call float @llvm.fmuladd.f32(float %3, float %4, float %2)
  store float %5, ptr %arrayidx24.us.us.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next59 = add nuw nsw i64 %indvars.iv58, 1
  %exitcond62.not = icmp eq i64 %indvars.iv.next59, %wide.trip.count61
  br i1 %exitcond62.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %inc29.us.us = add nuw i32 %b.048.us.us, 1
  %exitcond63.not = icmp eq i32 %inc29.us.us, %nb
  br i1 %exitcond63.not, label %for.cond.cleanup, label %for.body.us.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %for.body.lr.ph, %entry
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

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
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = distinct !{!14, !12, !13}
!15 = distinct !{!15, !12, !13}
!16 = distinct !{!16, !12, !13}
!17 = distinct !{!17, !12, !13}
!18 = distinct !{!18, !12, !13}
!19 = distinct !{!19, !12, !13}
