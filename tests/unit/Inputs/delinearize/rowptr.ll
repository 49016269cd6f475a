; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void rowptr(int n, double *A) { for (int i = 0; i < n; i++) { double *a = A + i*64; for (int k = 0; k < n; k++) a[k] *= 3.0; } }

define void @rowptr(i32 %n, ptr %A) {
entry:
  %cmp16 = icmp sgt i32 %n, 0
  br i1 %cmp16, label %for.body.us.preheader, label %for.cond.cleanup

for.body.us.preheader:                            ; preds = %entry
  %wide.trip.count23 = zext nneg i32 %n to i64
  br label %for.body.us

for.body.us:                                      ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %for.body.us.preheader
  %indvars.iv19 = phi i64 [ 0, %for.body.us.preheader ], [ %indvars.iv.next20, %for.cond1.for.cond.cleanup3_crit_edge.us ]
  %add.ptr.us.idx = shl nsw i64 %indvars.iv19, 9
  %add.ptr.us = getelementptr inbounds nuw i8, ptr %A, i64 %add.ptr.us.idx
  br label %for.body4.us

for.body4.us:                                     ; preds = %for.body4.us, %for.body.us
  %indvars.iv = phi i64 [ 0, %for.body.us ], [ %indvars.iv.next, %for.body4.us ]
  %arrayidx.us = getelementptr inbounds nuw double, ptr %add.ptr.us, i64 %indvars.iv
  %0 = load double, ptr %arrayidx.us, align 8
  %mul5.us = fmul double %0, 3.000000e+00
  store double %mul5.us, ptr %arrayidx.us, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count23
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.us, label %for.body4.us

for.cond1.for.cond.cleanup3_crit_edge.us:         ; preds = %for.body4.us
  %indvars.iv.next20 = add nuw nsw i64 %indvars.iv19, 1
  %exitcond24.not = icmp eq i64 %indvars.iv.next20, %wide.trip.count23
  br i1 %exitcond24.not, label %for.cond.cleanup, label %for.body.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.us, %entry
  ret void
}

