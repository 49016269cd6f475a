; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void partset(int n, int m, double A[][300]) { for (int i = 0; i < n; i++) { memset(&A[i][0], 0, m * 8 + 4); for (int j = 0; j < n; j++) A[i][j] += 1; } }

define void @partset(i32 %n, i32 %m, ptr %A) {
entry:
  %cmp24 = icmp sgt i32 %n, 0
  br i1 %cmp24, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul = shl nsw i32 %m, 3
  %add = or disjoint i32 %mul, 4
  %conv = sext i32 %add to i64
  %wide.trip.count30 = zext nneg i32 %n to i64
  br label %for.body.us

for.body.us:                                      ; preds = %for.cond2.for.cond.cleanup5_crit_edge.us, %for.body.lr.ph
  %indvars.iv27 = phi i64 [ %indvars.iv.next28, %for.cond2.for.cond.cleanup5_crit_edge.us ], [ 0, %for.body.lr.ph ]
  %arrayidx.us = getelementptr inbounds nuw [300 x double], ptr %A, i64 %indvars.iv27
  tail call void @llvm.memset.p0.i64(ptr %arrayidx.us, i8 0, i64 %conv, i1 false)
  br label %for.body6.us

for.body6.us:                                     ; preds = %for.body6.us, %for.body.us
  %indvars.iv = phi i64 [ 0, %for.body.us ], [ %indvars.iv.next, %for.body6.us ]
  %arrayidx10.us = getelementptr inbounds nuw double, ptr %arrayidx.us, i64 %indvars.iv
  %0 = load double, ptr %arrayidx10.us, align 8
  %add11.us = fadd double %0, 1.000000e+00
  store double %add11.us, ptr %arrayidx10.us, align 8
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

declare void @llvm.memset.p0.i64(ptr , i8, i64, i1 immarg)

