; -raise-row-offsets: a sub-matrix at a run-time offset, B[offb + k*ldb + j],
; adds a parameter that is no multiple of the leading dimension to the
; subscript. Polly takes it as part of the column and checks at run time that
; the column stays below ldb, which fails where offb spans rows. raise
; versions such a nest: the copy adds (q * ldb + r - offb) * 4 bytes, zero, to
; each such address, with q = floor(offb / ldb) and r = offb - q * ldb frozen
; before the nest, so that Polly sees row q + k and column r + j; it runs
; where the check proves ldb positive. Offsets that are multiples of the
; dimension (a first row k0 * ldb) and arrays without a run-time stride are
; left alone. Made from C with clang -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names, at the vectorizer-start extension point.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s
; RUN: %opt -passes=raise -raise-row-offsets=false -pass-remarks=raise -pass-remarks-missed=raise -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: loop nest in gemm_offset raised to linalg.generic (GEMM; exact body kept: body is llvm.intr.fmuladd), i x j x k = M x N x K
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_offset spliced as gemm_offset.raise.0 behind a run-time check
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gemm_offset: 1 run-time offset split into rows and columns, behind a run-time check that its row length is positive
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gemm_row_start raised to linalg.generic (GEMM;
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_row_start spliced as gemm_row_start.raise.0 behind a run-time check
; CHECK-NOT: loop nest in shift
; CHECK: remark: <unknown>:0:0: loop nest in gemm_lbound raised to linalg.generic (GEMM;
; CHECK-NEXT: remark: <unknown>:0:0: SCoP in gemm_lbound spliced as gemm_lbound.raise.0 behind a run-time check
; CHECK-NEXT: remark: <unknown>:0:0: loop nest in gemm_lbound: 1 run-time offset split into rows and columns

; Without the split, the nest is raised too, but its check fails wherever
; offb spans a row.
; OFF: remark: <unknown>:0:0: loop nest in gemm_offset raised to linalg.generic (GEMM;
; OFF-NOT: split into rows and columns

; CHECK-LABEL: define dso_local void @gemm_offset(
; CHECK: %[[LD:.*]] = sext i32 %ldb to i64
; CHECK: %[[OFFSET:.*]] = sext i32 %offb to i64
; CHECK: %[[POSITIVE:.*]] = icmp sgt i128 %{{.*}}, 0
; CHECK: %raise.offsets.check = freeze i1 %[[POSITIVE]]
; CHECK: br i1 %raise.offsets.check, label %[[COPY:.*]], label %[[ORIG:.*]]
; CHECK: [[COPY]]:
; CHECK: %[[REM:.*]] = srem i64 %[[OFFSET]], %[[LD]]
; CHECK: %[[BELOW:.*]] = icmp slt i64 %[[REM]], 0
; CHECK: %[[DIV:.*]] = sdiv i64 %[[OFFSET]], %[[LD]]
; CHECK: %raise.offset.rows = freeze i64
; CHECK: %raise.offset.column = freeze i64
; CHECK: %[[ROWS:.*]] = mul i64 %raise.offset.rows, %[[LD]]
; CHECK: %[[SUM:.*]] = add i64 %[[ROWS]], %raise.offset.column
; CHECK: %[[ZERO:.*]] = sub i64 %[[SUM]], %[[OFFSET]]
; CHECK: %raise.offset.zero = mul i64 %[[ZERO]], 4
; The copy, which the raised code's check guards, reads B at the split address.
; CHECK: %[[B:.*]] = getelementptr i8, ptr %{{.*}}, i64 %raise.offset.zero
; CHECK-NEXT: load float, ptr %[[B]]
; CHECK: [[ORIG]]:
; CHECK-NOT: raise.offset.zero
; CHECK: ret void

; CHECK-LABEL: define dso_local void @gemm_row_start(
; CHECK-NOT: raise.offset
; CHECK: ret void

; CHECK-LABEL: define dso_local void @shift(
; CHECK-NOT: raise.offset
; CHECK: ret void

; CHECK-LABEL: define dso_local void @gemm_lbound(
; CHECK: %[[OFFSET:.*]] = sub i64 0, %lb
; CHECK: %[[FIRST:.*]] = add i64 %[[OFFSET]], 1
; CHECK: srem i64 %[[FIRST]], %[[LD:.*]]
; CHECK: sdiv i64 %[[FIRST]], %[[LD]]
; CHECK: %raise.offset.rows = freeze i64
; CHECK: %[[SPANNED:.*]] = mul i64 %raise.offset.rows, %[[LD]]
; CHECK: %[[COLUMN:.*]] = sub i64 %[[OFFSET]], %[[SPANNED]]
; CHECK: %raise.offset.column = freeze i64 %[[COLUMN]]
; CHECK: ret void

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @gemm_offset(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef readonly captures(none) %B, i32 noundef %ldb, i32 noundef %offb, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp38 = icmp sgt i32 %M, 0
  %cmp236 = icmp sgt i32 %K, 0
  %or.cond = and i1 %cmp38, %cmp236
  %cmp634 = icmp sgt i32 %N, 0
  %or.cond70 = and i1 %or.cond, %cmp634
  br i1 %or.cond70, label %for.cond1.preheader.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = sext i32 %ldb to i64
  %1 = sext i32 %offb to i64
  %2 = sext i32 %lda to i64
  %3 = sext i32 %ldc to i64
  %wide.trip.count64 = zext nneg i32 %M to i64
  %wide.trip.count57 = zext nneg i32 %K to i64
  %wide.trip.count = zext nneg i32 %N to i64
  %invariant.gep68 = getelementptr float, ptr %B, i64 %1
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %indvars.iv59 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next60, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %4 = mul nsw i64 %indvars.iv59, %2
  %5 = mul nsw i64 %indvars.iv59, %3
  %invariant.gep66 = getelementptr float, ptr %A, i64 %4
  %invariant.gep = getelementptr float, ptr %C, i64 %5
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv51 = phi i64 [ %indvars.iv.next52, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %gep67 = getelementptr float, ptr %invariant.gep66, i64 %indvars.iv51
  %6 = mul nsw i64 %indvars.iv51, %0
  %gep69 = getelementptr float, ptr %invariant.gep68, i64 %6
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %7 = load float, ptr %gep67, align 4
  %arrayidx13.us.us.us = getelementptr float, ptr %gep69, i64 %indvars.iv
  %8 = load float, ptr %arrayidx13.us.us.us, align 4
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %9 = load float, ptr %gep, align 4
  %10 = tail call float @llvm.fmuladd.f32(float %7, float %8, float %9)
  store float %10, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next52 = add nuw nsw i64 %indvars.iv51, 1
  %exitcond58.not = icmp eq i64 %indvars.iv.next52, %wide.trip.count57
  br i1 %exitcond58.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %indvars.iv.next60 = add nuw nsw i64 %indvars.iv59, 1
  %exitcond65.not = icmp eq i64 %indvars.iv.next60, %wide.trip.count64
  br i1 %exitcond65.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

define dso_local void @gemm_row_start(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef readonly captures(none) %B, i32 noundef %ldb, i32 noundef %k0, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp38 = icmp sgt i32 %M, 0
  %cmp236 = icmp sgt i32 %K, 0
  %or.cond = and i1 %cmp38, %cmp236
  %cmp634 = icmp sgt i32 %N, 0
  %or.cond70 = and i1 %or.cond, %cmp634
  br i1 %or.cond70, label %for.cond1.preheader.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = sext i32 %k0 to i64
  %1 = sext i32 %ldb to i64
  %2 = sext i32 %lda to i64
  %3 = sext i32 %ldc to i64
  %wide.trip.count64 = zext nneg i32 %M to i64
  %wide.trip.count57 = zext nneg i32 %K to i64
  %wide.trip.count = zext nneg i32 %N to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.preheader.us.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us
  %indvars.iv59 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next60, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %4 = mul nsw i64 %indvars.iv59, %2
  %5 = mul nsw i64 %indvars.iv59, %3
  %invariant.gep68 = getelementptr float, ptr %A, i64 %4
  %invariant.gep66 = getelementptr float, ptr %C, i64 %5
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv51 = phi i64 [ %indvars.iv.next52, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %gep69 = getelementptr float, ptr %invariant.gep68, i64 %indvars.iv51
  %6 = add nsw i64 %indvars.iv51, %0
  %7 = mul nsw i64 %6, %1
  %invariant.gep = getelementptr float, ptr %B, i64 %7
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %8 = load float, ptr %gep69, align 4
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %9 = load float, ptr %gep, align 4
  %gep67 = getelementptr float, ptr %invariant.gep66, i64 %indvars.iv
  %10 = load float, ptr %gep67, align 4
  %11 = tail call float @llvm.fmuladd.f32(float %8, float %9, float %10)
  store float %11, ptr %gep67, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %indvars.iv.next52 = add nuw nsw i64 %indvars.iv51, 1
  %exitcond58.not = icmp eq i64 %indvars.iv.next52, %wide.trip.count57
  br i1 %exitcond58.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %indvars.iv.next60 = add nuw nsw i64 %indvars.iv59, 1
  %exitcond65.not = icmp eq i64 %indvars.iv.next60, %wide.trip.count64
  br i1 %exitcond65.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

define dso_local void @shift(i32 noundef %n, ptr noundef readonly captures(none) %x, i32 noundef %off, ptr noundef writeonly captures(none) %y) local_unnamed_addr #0 {
entry:
  %cmp6 = icmp sgt i32 %n, 0
  br i1 %cmp6, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %off to i64
  %wide.trip.count = zext nneg i32 %n to i64
  %invariant.gep = getelementptr float, ptr %x, i64 %0
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %1 = load float, ptr %gep, align 4
  %arrayidx2 = getelementptr inbounds nuw float, ptr %y, i64 %indvars.iv
  store float %1, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; A Fortran-style subscript: `B(j, k)` with lower bound lb at
; `k * ldb + j - lb`, j from 1. The offset -lb is negative, and splitting it
; alone (q = -1, r = ldb - 1) would put the first column, r + 1, at ldb; the
; split is of the first column the nest reaches, 1 - lb, so that it is r + 1
; with r = -lb - q * ldb.
define dso_local void @gemm_lbound(i32 noundef %M, i32 noundef %N, i32 noundef %K, ptr noundef readonly captures(none) %A, i32 noundef %lda, ptr noundef readonly captures(none) %B, i32 noundef %ldb, i64 noundef %lb, ptr noundef captures(none) %C, i32 noundef %ldc) local_unnamed_addr #0 {
entry:
  %cmp39 = icmp sgt i32 %M, 0
  br i1 %cmp39, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp237 = icmp slt i32 %K, 1
  %conv9 = sext i32 %ldb to i64
  %cmp6.not35 = icmp slt i32 %N, 1
  %or.cond = or i1 %cmp237, %cmp6.not35
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %for.cond1.preheader.lr.ph
  %0 = add nuw i32 %N, 1
  %1 = sext i32 %lda to i64
  %2 = sext i32 %ldc to i64
  %wide.trip.count62 = zext nneg i32 %M to i64
  %wide.trip.count55 = zext nneg i32 %K to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us45
  %indvars.iv57 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next58, %for.cond1.for.cond.cleanup3_crit_edge.split.us45 ]
  %3 = mul nsw i64 %indvars.iv57, %1
  %4 = mul nsw i64 %indvars.iv57, %2
  %invariant.gep64 = getelementptr float, ptr %A, i64 %3
  %invariant.gep = getelementptr float, ptr %C, i64 %4
  br label %for.cond5.preheader.us41

for.body8.us:                                     ; preds = %for.cond5.preheader.us41, %for.body8.us
  %indvars.iv = phi i64 [ 1, %for.cond5.preheader.us41 ], [ %indvars.iv.next, %for.body8.us ]
  %5 = load float, ptr %gep65, align 4
  %arrayidx13.us = getelementptr float, ptr %9, i64 %indvars.iv
  %6 = load float, ptr %arrayidx13.us, align 4
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %arrayidx19.us = getelementptr i8, ptr %gep, i64 -4
  %7 = load float, ptr %arrayidx19.us, align 4
  %8 = tail call float @llvm.fmuladd.f32(float %5, float %6, float %7)
  store float %8, ptr %arrayidx19.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us, label %for.body8.us

for.cond5.preheader.us41:                         ; preds = %for.cond1.preheader.us, %for.cond5.for.cond.cleanup7_crit_edge.us
  %indvars.iv51 = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next52, %for.cond5.for.cond.cleanup7_crit_edge.us ]
  %gep65 = getelementptr float, ptr %invariant.gep64, i64 %indvars.iv51
  %mul10.us = mul nsw i64 %indvars.iv51, %conv9
  %add12.us = sub i64 %mul10.us, %lb
  %9 = getelementptr float, ptr %B, i64 %add12.us
  br label %for.body8.us

for.cond5.for.cond.cleanup7_crit_edge.us:         ; preds = %for.body8.us
  %indvars.iv.next52 = add nuw nsw i64 %indvars.iv51, 1
  %exitcond56.not = icmp eq i64 %indvars.iv.next52, %wide.trip.count55
  br i1 %exitcond56.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us45, label %for.cond5.preheader.us41

for.cond1.for.cond.cleanup3_crit_edge.split.us45: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us
  %indvars.iv.next58 = add nuw nsw i64 %indvars.iv57, 1
  %exitcond63.not = icmp eq i64 %indvars.iv.next58, %wide.trip.count62
  br i1 %exitcond63.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us45, %for.cond1.preheader.lr.ph, %entry
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)

attributes #0 = { nounwind uwtable }
