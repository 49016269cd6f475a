; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void triangle_rows(int n, int ld, const float *A, float *C) {
;   for (int i = 0; i < n; ++i)
;     for (int j = i; j < n; ++j)
;       for (int k = 0; k < n; ++k)
;         C[i * ld + j] += A[i * ld + k] * A[j * ld + k];
; }

define void @triangle_rows(i32 %n, i32 %ld, ptr %A, ptr %C) {
entry:
  %cmp42 = icmp sgt i32 %n, 0
  br i1 %cmp42, label %for.cond1.preheader.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %0 = sext i32 %ld to i64
  %wide.trip.count58 = zext nneg i32 %n to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond.cleanup3.split.us.us
  %indvars.iv47 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next48, %for.cond.cleanup3.split.us.us ]
  %1 = mul nsw i64 %indvars.iv47, %0
  %invariant.gep62 = getelementptr float, ptr %C, i64 %1
  %invariant.gep = getelementptr float, ptr %A, i64 %1
  br label %for.cond5.preheader.us.us

for.cond5.preheader.us.us:                        ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us, %for.cond1.preheader.us
  %indvars.iv49 = phi i64 [ %indvars.iv.next50, %for.cond5.for.cond.cleanup7_crit_edge.us.us ], [ %indvars.iv47, %for.cond1.preheader.us ]
  %2 = mul nsw i64 %indvars.iv49, %0
  %gep63 = getelementptr float, ptr %invariant.gep62, i64 %indvars.iv49
  %arrayidx17.promoted.us.us = load float, ptr %gep63, align 4
  %invariant.gep60 = getelementptr float, ptr %A, i64 %2
  br label %for.body8.us.us

for.body8.us.us:                                  ; preds = %for.body8.us.us, %for.cond5.preheader.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us ], [ 0, %for.cond5.preheader.us.us ]
  %3 = phi float [ %6, %for.body8.us.us ], [ %arrayidx17.promoted.us.us, %for.cond5.preheader.us.us ]
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %4 = load float, ptr %gep, align 4
  %gep61 = getelementptr float, ptr %invariant.gep60, i64 %indvars.iv
  %5 = load float, ptr %gep61, align 4
  %6 = tail call float @llvm.fmuladd.f32(float %4, float %5, float %3)
  store float %6, ptr %gep63, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count58
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us, label %for.body8.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us:      ; preds = %for.body8.us.us
  %indvars.iv.next50 = add nuw nsw i64 %indvars.iv49, 1
  %exitcond55.not = icmp eq i64 %indvars.iv.next50, %wide.trip.count58
  br i1 %exitcond55.not, label %for.cond.cleanup3.split.us.us, label %for.cond5.preheader.us.us

for.cond.cleanup3.split.us.us:                    ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us
  %indvars.iv.next48 = add nuw nsw i64 %indvars.iv47, 1
  %exitcond59.not = icmp eq i64 %indvars.iv.next48, %wide.trip.count58
  br i1 %exitcond59.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3.split.us.us, %entry
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
