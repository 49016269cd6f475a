; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void diag(int n, float A[][500]) { for (int i = 0; i < n; i++) { A[i][i] = 1; for (int j = 0; j < n; j++) A[i][j] *= 2; } }

define void @diag(i32 %n, ptr %A) {
entry:
  %cmp24 = icmp sgt i32 %n, 0
  br i1 %cmp24, label %for.body.us.preheader, label %for.cond.cleanup

for.body.us.preheader:                            ; preds = %entry
  %wide.trip.count30 = zext nneg i32 %n to i64
  br label %for.body.us

for.body.us:                                      ; preds = %for.cond3.for.cond.cleanup5_crit_edge.us, %for.body.us.preheader
  %indvars.iv27 = phi i64 [ 0, %for.body.us.preheader ], [ %indvars.iv.next28, %for.cond3.for.cond.cleanup5_crit_edge.us ]
  %arrayidx.us = getelementptr inbounds nuw [500 x float], ptr %A, i64 %indvars.iv27
  %arrayidx2.us = getelementptr inbounds nuw float, ptr %arrayidx.us, i64 %indvars.iv27
  store float 1.000000e+00, ptr %arrayidx2.us, align 4
  br label %for.body6.us

for.body6.us:                                     ; preds = %for.body6.us, %for.body.us
  %indvars.iv = phi i64 [ 0, %for.body.us ], [ %indvars.iv.next, %for.body6.us ]
  %arrayidx10.us = getelementptr inbounds nuw float, ptr %arrayidx.us, i64 %indvars.iv
  %0 = load float, ptr %arrayidx10.us, align 4
  %mul.us = fmul float %0, 2.000000e+00
  store float %mul.us, ptr %arrayidx10.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count30
  br i1 %exitcond.not, label %for.cond3.for.cond.cleanup5_crit_edge.us, label %for.body6.us

for.cond3.for.cond.cleanup5_crit_edge.us:         ; preds = %for.body6.us
  %indvars.iv.next28 = add nuw nsw i64 %indvars.iv27, 1
  %exitcond31.not = icmp eq i64 %indvars.iv.next28, %wide.trip.count30
  br i1 %exitcond31.not, label %for.cond.cleanup, label %for.body.us

for.cond.cleanup:                                 ; preds = %for.cond3.for.cond.cleanup5_crit_edge.us, %entry
  ret void
}

