; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void disagree(int n, float *A) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i*100 + j] = A[i*120 + j] + 1; }

define void @disagree(i32 %n, ptr %A) {
entry:
  %cmp23 = icmp sgt i32 %n, 0
  br i1 %cmp23, label %for.cond1.preheader.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %wide.trip.count33 = zext nneg i32 %n to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %for.cond1.preheader.us.preheader
  %indvars.iv28 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next29, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %arrayidx.us.idx = mul nuw nsw i64 %indvars.iv28, 480
  %invariant.gep = getelementptr inbounds nuw i8, ptr %A, i64 %arrayidx.us.idx
  %arrayidx9.us.idx = mul nuw nsw i64 %indvars.iv28, 400
  %invariant.gep35 = getelementptr inbounds nuw i8, ptr %A, i64 %arrayidx9.us.idx
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.body4.us, %for.cond1.preheader.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  %0 = load float, ptr %gep, align 4
  %add5.us = fadd float %0, 1.000000e+00
  %gep36 = getelementptr inbounds nuw float, ptr %invariant.gep35, i64 %indvars.iv
  store float %add5.us, ptr %gep36, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count33
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1
  %exitcond34.not = icmp eq i64 %indvars.iv.next29, %wide.trip.count33
  br i1 %exitcond34.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

