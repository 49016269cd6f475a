; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void wideset(int n, int m, double A[][300], double *x) { for (int i = 0; i < n; i++) { memset(&A[i][0], 0, m * sizeof(double)); for (int j = 0; j < n; j++) A[i][0] += x[j]; } }

declare void @llvm.memset.p0.i64(ptr , i8, i64, i1 immarg)

define void @wideset(i32 %n, i32 %m, ptr %A, ptr %x) {
entry:
  %cmp24 = icmp sgt i32 %n, 0
  br i1 %cmp24, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %conv = sext i32 %m to i64
  %mul = shl nsw i64 %conv, 3
  %wide.trip.count30 = zext nneg i32 %n to i64
  br label %for.body.us

for.body.us:                                      ; preds = %for.cond2.for.cond.cleanup5_crit_edge.us, %for.body.lr.ph
  %indvars.iv27 = phi i64 [ %indvars.iv.next28, %for.cond2.for.cond.cleanup5_crit_edge.us ], [ 0, %for.body.lr.ph ]
  %arrayidx.us = getelementptr inbounds nuw [300 x double], ptr %A, i64 %indvars.iv27
  tail call void @llvm.memset.p0.i64(ptr align 8 %arrayidx.us, i8 0, i64 %mul, i1 false)
  %arrayidx.promoted.us = load double, ptr %arrayidx.us, align 8
  br label %for.body6.us

for.body6.us:                                     ; preds = %for.body6.us, %for.body.us
  %indvars.iv = phi i64 [ 0, %for.body.us ], [ %indvars.iv.next, %for.body6.us ]
  %0 = phi double [ %arrayidx.promoted.us, %for.body.us ], [ %add.us, %for.body6.us ]
  %arrayidx8.us = getelementptr inbounds nuw double, ptr %x, i64 %indvars.iv
  %1 = load double, ptr %arrayidx8.us, align 8
  %add.us = fadd double %1, %0
  store double %add.us, ptr %arrayidx.us, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count30
  br i1 %exitcond.not, label %for.cond2.for.cond.cleanup5_crit_edge.us, label %for.body6.us

for.cond2.for.cond.cleanup5_crit_edge.us:         ; preds = %for.body6.us
  %indvars.iv.next28 = add nuw nsw i64 %indvars.iv27, 1
  %exitcond31.not = icmp eq i64 %indvars.iv.next28, %wide.trip.count30
  br i1 %exitcond31.not, label %for.cond.cleanup, label %for.body.us

for.cond.cleanup:                                 ; preds = %for.cond2.for.cond.cleanup5_crit_edge.us, %entry
  ret void
}

