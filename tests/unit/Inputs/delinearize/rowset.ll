; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void rowset(int n, int m, double A[][300]) { for (int i = 0; i < n; i++) { for (int j = 0; j < m; j++) A[i][j] = 0; for (int j = 0; j < m; j++) A[i][j] += 1; } }

define void @rowset(i32 %n, i32 %m, ptr %A) {
entry:
  %cmp35 = icmp sgt i32 %n, 0
  %cmp933 = icmp sgt i32 %m, 0
  %or.cond = and i1 %cmp35, %cmp933
  br i1 %or.cond, label %for.cond1.preheader.us.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.us.preheader:              ; preds = %entry
  %0 = zext nneg i32 %m to i64
  %1 = shl nuw nsw i64 %0, 3
  %wide.trip.count56 = zext nneg i32 %n to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond8.for.cond.cleanup10_crit_edge.us.us, %for.cond1.preheader.us.us.preheader
  %indvar = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvar.next, %for.cond8.for.cond.cleanup10_crit_edge.us.us ]
  %2 = mul nuw nsw i64 %indvar, 2400
  %scevgep = getelementptr nuw i8, ptr %A, i64 %2
  tail call void @llvm.memset.p0.i64(ptr align 8 %scevgep, i8 0, i64 %1, i1 false)
  %arrayidx13.us.us = getelementptr inbounds nuw [300 x double], ptr %A, i64 %indvar
  br label %for.body11.us.us

for.body11.us.us:                                 ; preds = %for.body11.us.us, %for.cond1.preheader.us.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us.us ], [ %indvars.iv.next, %for.body11.us.us ]
  %arrayidx15.us.us = getelementptr inbounds nuw double, ptr %arrayidx13.us.us, i64 %indvars.iv
  %3 = load double, ptr %arrayidx15.us.us, align 8
  %add.us.us = fadd double %3, 1.000000e+00
  store double %add.us.us, ptr %arrayidx15.us.us, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond8.for.cond.cleanup10_crit_edge.us.us, label %for.body11.us.us

for.cond8.for.cond.cleanup10_crit_edge.us.us:     ; preds = %for.body11.us.us
  %indvar.next = add nuw nsw i64 %indvar, 1
  %exitcond57.not = icmp eq i64 %indvar.next, %wide.trip.count56
  br i1 %exitcond57.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us

for.cond.cleanup:                                 ; preds = %for.cond8.for.cond.cleanup10_crit_edge.us.us, %entry
  ret void
}

declare void @llvm.memset.p0.i64(ptr , i8, i64, i1 immarg)

