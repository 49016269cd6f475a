; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void short_rows(int n, const float *A, const float *B, float *C) {
;   int ld = 2 * n + 1;
;   for (int i = 0; i < n; ++i)
;     for (int k = 0; k < n; ++k)
;       for (int j = 0; j < n; ++j)
;         C[i * ld + j] += A[i * ld + k] * B[k * ld + j];
; }

define void @short_rows(i32 %n, ptr %A, ptr %B, ptr %C) {
entry:
  %cmp44 = icmp sgt i32 %n, 0
  br i1 %cmp44, label %for.cond1.preheader.us.preheader, label %for.cond.cleanup

for.cond1.preheader.us.preheader:                 ; preds = %entry
  %mul = shl nuw nsw i32 %n, 1
  %add = or disjoint i32 %mul, 1
  %0 = zext nneg i32 %add to i64
  %wide.trip.count60 = zext nneg i32 %n to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us:                           ; preds = %for.cond1.preheader.us.preheader, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us
  %indvars.iv56 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next57, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us ]
  %1 = mul nuw nsw i64 %indvars.iv56, %0
  %invariant.gep64 = getelementptr inbounds nuw float, ptr %A, i64 %1
  %invariant.gep62 = getelementptr inbounds nuw float, ptr %C, i64 %1
  br label %for.cond5.preheader.us.us

for.cond5.preheader.us.us:                        ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us, %for.cond1.preheader.us
  %indvars.iv49 = phi i64 [ %indvars.iv.next50, %for.cond5.for.cond.cleanup7_crit_edge.us.us ], [ 0, %for.cond1.preheader.us ]
  %gep65 = getelementptr inbounds nuw float, ptr %invariant.gep64, i64 %indvars.iv49
  %2 = mul nuw nsw i64 %indvars.iv49, %0
  %invariant.gep = getelementptr inbounds nuw float, ptr %B, i64 %2
  br label %for.body8.us.us

for.body8.us.us:                                  ; preds = %for.body8.us.us, %for.cond5.preheader.us.us
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8.us.us ], [ 0, %for.cond5.preheader.us.us ]
  %3 = load float, ptr %gep65, align 4
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  %4 = load float, ptr %gep, align 4
  %gep63 = getelementptr inbounds nuw float, ptr %invariant.gep62, i64 %indvars.iv
  %5 = load float, ptr %gep63, align 4
  %6 = tail call float @llvm.fmuladd.f32(float %3, float %4, float %5)
  store float %6, ptr %gep63, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count60
  br i1 %exitcond.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us, label %for.body8.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us:      ; preds = %for.body8.us.us
  %indvars.iv.next50 = add nuw nsw i64 %indvars.iv49, 1
  %exitcond55.not = icmp eq i64 %indvars.iv.next50, %wide.trip.count60
  br i1 %exitcond55.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us, label %for.cond5.preheader.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us
  %indvars.iv.next57 = add nuw nsw i64 %indvars.iv56, 1
  %exitcond61.not = icmp eq i64 %indvars.iv.next57, %wide.trip.count60
  br i1 %exitcond61.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us, %entry
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
