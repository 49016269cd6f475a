; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void sizet_idx(size_t n, double *A) { for (size_t i = 0; i < n; i++) for (size_t j = 0; j < n; j++) A[i*128 + j] += 1; }

define void @sizet_idx(i64 %n, ptr %A) {
entry:
  %cmp15.not = icmp eq i64 %n, 0
  br i1 %cmp15.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %entry
  %i.016 = phi i64 [ %inc7, %for.cond.cleanup3 ], [ 0, %entry ]
  %.idx = shl i64 %i.016, 10
  %0 = getelementptr i8, ptr %A, i64 %.idx
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4
  %inc7 = add nuw i64 %i.016, 1
  %exitcond17.not = icmp eq i64 %inc7, %n
  br i1 %exitcond17.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4, %for.cond1.preheader
  %j.014 = phi i64 [ 0, %for.cond1.preheader ], [ %inc, %for.body4 ]
  %arrayidx = getelementptr double, ptr %0, i64 %j.014
  %1 = load double, ptr %arrayidx, align 8
  %add5 = fadd double %1, 1.000000e+00
  store double %add5, ptr %arrayidx, align 8
  %inc = add nuw i64 %j.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4
}

