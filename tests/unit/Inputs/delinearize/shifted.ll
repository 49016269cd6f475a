; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void shifted(int n, float A[][1100], float B[][1100]) { for (int i = 0; i < n; i++) for (int k = 1; k < n; k++) B[i][k] = A[i+1][k-1]; }

define void @shifted(i32 %n, ptr %A, ptr %B) {
entry:
  %or.cond = icmp slt i32 %n, 2
  br i1 %or.cond, label %for.cond.cleanup, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %wide.trip.count31 = zext nneg i32 %n to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %for.cond1.preheader.us.preheader
  %indvars.iv28 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next29, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %0 = getelementptr inbounds nuw [1100 x float], ptr %A, i64 %indvars.iv28
  %arrayidx8.us = getelementptr inbounds nuw [1100 x float], ptr %B, i64 %indvars.iv28
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.body4.us, %for.cond1.preheader.us
  %indvars.iv = phi i64 [ 1, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %1 = getelementptr float, ptr %0, i64 %indvars.iv
  %arrayidx6.us = getelementptr i8, ptr %1, i64 4396
  %2 = load float, ptr %arrayidx6.us, align 4
  %arrayidx10.us = getelementptr inbounds nuw float, ptr %arrayidx8.us, i64 %indvars.iv
  store float %2, ptr %arrayidx10.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count31
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1
  %exitcond32.not = icmp eq i64 %indvars.iv.next29, %wide.trip.count31
  br i1 %exitcond32.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

