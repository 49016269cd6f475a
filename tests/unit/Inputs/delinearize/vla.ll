; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void vla(int n, float (*A)[n]) { for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) A[i][j] += 1.0f; }

define void @vla(i32 %n, ptr %A) {
entry:
  %0 = zext i32 %n to i64
  %cmp18 = icmp sgt i32 %n, 0
  br i1 %cmp18, label %for.cond1.preheader.us, label %for.cond.cleanup

for.cond1.preheader.us:                           ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  %indvars.iv21 = phi i64 [ %indvars.iv.next22, %for.cond1.for.cond.cleanup3_crit_edge.us ], [ 0, %entry ]
  %1 = mul nuw nsw i64 %indvars.iv21, %0
  %arrayidx.us = getelementptr inbounds nuw float, ptr %A, i64 %1
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.body4.us, %for.cond1.preheader.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %arrayidx6.us = getelementptr inbounds nuw float, ptr %arrayidx.us, i64 %indvars.iv
  %2 = load float, ptr %arrayidx6.us, align 4
  %add.us = fadd float %2, 1.000000e+00
  store float %add.us, ptr %arrayidx6.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next22 = add nuw nsw i64 %indvars.iv21, 1
  %exitcond25.not = icmp eq i64 %indvars.iv.next22, %0
  br i1 %exitcond25.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

