; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; float G[100][200];
; void global2d(int n, int m) { for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) G[i][j] = G[i][j] * 2.0f; }

@G = external global [100 x [200 x float]], align 16

define void @global2d(i32 %n, i32 %m) {
entry:
  %cmp22 = icmp sgt i32 %n, 0
  %cmp220 = icmp sgt i32 %m, 0
  %or.cond = and i1 %cmp22, %cmp220
  br i1 %or.cond, label %for.cond1.preheader.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %wide.trip.count29 = zext nneg i32 %n to i64
  %wide.trip.count = zext nneg i32 %m to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %for.cond1.preheader.us.preheader
  %indvars.iv26 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next27, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %arrayidx.us = getelementptr inbounds nuw [200 x float], ptr @G, i64 %indvars.iv26
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.body4.us, %for.cond1.preheader.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.body4.us ]
  %arrayidx6.us = getelementptr inbounds nuw float, ptr %arrayidx.us, i64 %indvars.iv
  %0 = load float, ptr %arrayidx6.us, align 4
  %mul.us = fmul float %0, 2.000000e+00
  store float %mul.us, ptr %arrayidx6.us, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next27 = add nuw nsw i64 %indvars.iv26, 1
  %exitcond30.not = icmp eq i64 %indvars.iv.next27, %wide.trip.count29
  br i1 %exitcond30.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

