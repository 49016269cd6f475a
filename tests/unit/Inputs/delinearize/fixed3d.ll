; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void fixed3d(int n, double A[][20][30]) { for (int i = 0; i < n; i++) for (int j = 0; j < 20; j++) for (int k = 0; k < 30; k++) A[i][j][k] *= 2.0; }

define void @fixed3d(i32 %n, ptr %A) {
entry:
  %cmp27 = icmp sgt i32 %n, 0
  br i1 %cmp27, label %for.cond1.preheader.preheader, label %for.cond.cleanup

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.preheader
  %indvars.iv34 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next35, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds nuw [20 x [30 x double]], ptr %A, i64 %indvars.iv34
  br label %for.cond5.preheader

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond5.preheader:                              ; preds = %for.cond.cleanup7, %for.cond1.preheader
  %indvars.iv30 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next31, %for.cond.cleanup7 ]
  %arrayidx10 = getelementptr inbounds nuw [30 x double], ptr %arrayidx, i64 %indvars.iv30
  br label %for.body8

for.cond.cleanup3:                                ; preds = %for.cond.cleanup7
  %indvars.iv.next35 = add nuw nsw i64 %indvars.iv34, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next35, %wide.trip.count
  br i1 %exitcond37.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond.cleanup7:                                ; preds = %for.body8
  %indvars.iv.next31 = add nuw nsw i64 %indvars.iv30, 1
  %exitcond33.not = icmp eq i64 %indvars.iv.next31, 20
  br i1 %exitcond33.not, label %for.cond.cleanup3, label %for.cond5.preheader

for.body8:                                        ; preds = %for.body8, %for.cond5.preheader
  %indvars.iv = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next, %for.body8 ]
  %arrayidx12 = getelementptr inbounds nuw double, ptr %arrayidx10, i64 %indvars.iv
  %0 = load double, ptr %arrayidx12, align 8
  %mul = fmul double %0, 2.000000e+00
  store double %mul, ptr %arrayidx12, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 30
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8
}

