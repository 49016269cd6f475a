; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void kernel_gemm(int ni, int nj, int nk, float alpha, float beta, float C[1000][1100], float A[1000][1200], float B[1200][1100]) {
;   for (int i = 0; i < ni; i++) {
;     for (int j = 0; j < nj; j++) C[i][j] *= beta;
;     for (int k = 0; k < nk; k++)
;       for (int j = 0; j < nj; j++) C[i][j] += alpha * A[i][k] * B[k][j];
;   }
; }

declare float @llvm.fmuladd.f32(float, float, float)

define void @kernel_gemm(i32 %ni, i32 %nj, i32 %nk, float %alpha, float %beta, ptr %C, ptr %A, ptr %B) {
entry:
  %cmp59 = icmp sgt i32 %ni, 0
  br i1 %cmp59, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp857 = icmp sgt i32 %nk, 0
  %cmp1355 = icmp sgt i32 %nj, 0
  br i1 %cmp857, label %for.cond1.preheader.lr.ph.split.us, label %for.cond1.preheader.lr.ph.split

for.cond1.preheader.lr.ph.split.us:               ; preds = %for.cond1.preheader.lr.ph
  br i1 %cmp1355, label %for.cond1.preheader.us.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.us.preheader:           ; preds = %for.cond1.preheader.lr.ph.split.us
  %wide.trip.count126 = zext nneg i32 %ni to i64
  %wide.trip.count111 = zext nneg i32 %nj to i64
  %wide.trip.count121 = zext nneg i32 %nk to i64
  br label %for.cond1.preheader.us.us.us

for.cond1.preheader.us.us.us:                     ; preds = %for.cond7.for.cond.cleanup9_crit_edge.split.us.us.us.us, %for.cond1.preheader.us.us.us.preheader
  %indvars.iv123 = phi i64 [ 0, %for.cond1.preheader.us.us.us.preheader ], [ %indvars.iv.next124, %for.cond7.for.cond.cleanup9_crit_edge.split.us.us.us.us ]
  %arrayidx.us.us.us = getelementptr inbounds nuw [1100 x float], ptr %C, i64 %indvars.iv123
  br label %for.body4.us.us.us

for.body4.us.us.us:                               ; preds = %for.body4.us.us.us, %for.cond1.preheader.us.us.us
  %indvars.iv108 = phi i64 [ 0, %for.cond1.preheader.us.us.us ], [ %indvars.iv.next109, %for.body4.us.us.us ]
  %arrayidx6.us.us.us = getelementptr inbounds nuw float, ptr %arrayidx.us.us.us, i64 %indvars.iv108
  %0 = load float, ptr %arrayidx6.us.us.us, align 4
  %mul.us.us.us = fmul float %beta, %0
  store float %mul.us.us.us, ptr %arrayidx6.us.us.us, align 4
  %indvars.iv.next109 = add nuw nsw i64 %indvars.iv108, 1
  %exitcond112.not = icmp eq i64 %indvars.iv.next109, %wide.trip.count111
  br i1 %exitcond112.not, label %for.cond1.for.cond7.preheader_crit_edge.us.us.us, label %for.body4.us.us.us

for.cond1.for.cond7.preheader_crit_edge.us.us.us: ; preds = %for.body4.us.us.us
  %arrayidx17.us.us.us = getelementptr inbounds nuw [1200 x float], ptr %A, i64 %indvars.iv123
  br label %for.cond12.preheader.us.us.us.us

for.cond12.preheader.us.us.us.us:                 ; preds = %for.cond12.for.cond.cleanup14_crit_edge.us.us.us.us, %for.cond1.for.cond7.preheader_crit_edge.us.us.us
  %indvars.iv118 = phi i64 [ %indvars.iv.next119, %for.cond12.for.cond.cleanup14_crit_edge.us.us.us.us ], [ 0, %for.cond1.for.cond7.preheader_crit_edge.us.us.us ]
  %arrayidx19.us.us.us.us = getelementptr inbounds nuw float, ptr %arrayidx17.us.us.us, i64 %indvars.iv118
  %arrayidx22.us.us.us.us = getelementptr inbounds nuw [1100 x float], ptr %B, i64 %indvars.iv118
  br label %for.body15.us.us.us.us

for.body15.us.us.us.us:                           ; preds = %for.body15.us.us.us.us, %for.cond12.preheader.us.us.us.us
  %indvars.iv113 = phi i64 [ %indvars.iv.next114, %for.body15.us.us.us.us ], [ 0, %for.cond12.preheader.us.us.us.us ]
  %1 = load float, ptr %arrayidx19.us.us.us.us, align 4
  %mul20.us.us.us.us = fmul float %alpha, %1
  %arrayidx24.us.us.us.us = getelementptr inbounds nuw float, ptr %arrayidx22.us.us.us.us, i64 %indvars.iv113
  %2 = load float, ptr %arrayidx24.us.us.us.us, align 4
  %arrayidx29.us.us.us.us = getelementptr inbounds nuw float, ptr %arrayidx.us.us.us, i64 %indvars.iv113
  %3 = load float, ptr %arrayidx29.us.us.us.us, align 4
  %4 = tail call float @llvm.fmuladd.f32(float %mul20.us.us.us.us, float %2, float %3)
  store float %4, ptr %arrayidx29.us.us.us.us, align 4
  %indvars.iv.next114 = add nuw nsw i64 %indvars.iv113, 1
  %exitcond117.not = icmp eq i64 %indvars.iv.next114, %wide.trip.count111
  br i1 %exitcond117.not, label %for.cond12.for.cond.cleanup14_crit_edge.us.us.us.us, label %for.body15.us.us.us.us

for.cond12.for.cond.cleanup14_crit_edge.us.us.us.us: ; preds = %for.body15.us.us.us.us
  %indvars.iv.next119 = add nuw nsw i64 %indvars.iv118, 1
  %exitcond122.not = icmp eq i64 %indvars.iv.next119, %wide.trip.count121
  br i1 %exitcond122.not, label %for.cond7.for.cond.cleanup9_crit_edge.split.us.us.us.us, label %for.cond12.preheader.us.us.us.us

for.cond7.for.cond.cleanup9_crit_edge.split.us.us.us.us: ; preds = %for.cond12.for.cond.cleanup14_crit_edge.us.us.us.us
  %indvars.iv.next124 = add nuw nsw i64 %indvars.iv123, 1
  %exitcond127.not = icmp eq i64 %indvars.iv.next124, %wide.trip.count126
  br i1 %exitcond127.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us.us

for.cond1.preheader.lr.ph.split:                  ; preds = %for.cond1.preheader.lr.ph
  br i1 %cmp1355, label %for.cond1.preheader.us67.preheader, label %for.cond.cleanup

for.cond1.preheader.us67.preheader:               ; preds = %for.cond1.preheader.lr.ph.split
  %wide.trip.count106 = zext nneg i32 %ni to i64
  %wide.trip.count = zext nneg i32 %nj to i64
  br label %for.cond1.preheader.us67

for.cond1.preheader.us67:                         ; preds = %for.cond1.for.cond7.preheader_crit_edge.us82, %for.cond1.preheader.us67.preheader
  %indvars.iv103 = phi i64 [ 0, %for.cond1.preheader.us67.preheader ], [ %indvars.iv.next104, %for.cond1.for.cond7.preheader_crit_edge.us82 ]
  %arrayidx.us81 = getelementptr inbounds nuw [1100 x float], ptr %C, i64 %indvars.iv103
  br label %for.body4.us69

for.body4.us69:                                   ; preds = %for.body4.us69, %for.cond1.preheader.us67
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us67 ], [ %indvars.iv.next, %for.body4.us69 ]
  %arrayidx6.us72 = getelementptr inbounds nuw float, ptr %arrayidx.us81, i64 %indvars.iv
  %5 = load float, ptr %arrayidx6.us72, align 4
  %mul.us73 = fmul float %beta, %5
  store float %mul.us73, ptr %arrayidx6.us72, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond1.for.cond7.preheader_crit_edge.us82, label %for.body4.us69

for.cond1.for.cond7.preheader_crit_edge.us82:     ; preds = %for.body4.us69
  %indvars.iv.next104 = add nuw nsw i64 %indvars.iv103, 1
  %exitcond107.not = icmp eq i64 %indvars.iv.next104, %wide.trip.count106
  br i1 %exitcond107.not, label %for.cond.cleanup, label %for.cond1.preheader.us67

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond7.preheader_crit_edge.us82, %for.cond1.preheader.lr.ph.split, %for.cond7.for.cond.cleanup9_crit_edge.split.us.us.us.us, %for.cond1.preheader.lr.ph.split.us, %entry
  ret void
}

