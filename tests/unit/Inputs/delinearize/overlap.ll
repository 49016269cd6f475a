; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void overlap(int n, float *A, float *B) { for (int i = 0; i < n; i++) for (int j = 0; j < 200; j++) B[i*200 + j] = A[i*100 + j]; }

define void @overlap(i32 %n, ptr %A, ptr %B) {
entry:
  %cmp19 = icmp sgt i32 %n, 0
  br i1 %cmp19, label %for.cond1.preheader.preheader, label %for.cond.cleanup

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.preheader
  %indvars.iv25 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next26, %for.cond.cleanup3 ]
  %arrayidx.idx = mul nuw nsw i64 %indvars.iv25, 400
  %invariant.gep = getelementptr inbounds nuw i8, ptr %A, i64 %arrayidx.idx
  %arrayidx8.idx = mul nuw nsw i64 %indvars.iv25, 800
  %invariant.gep31 = getelementptr inbounds nuw i8, ptr %B, i64 %arrayidx8.idx
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4
  %indvars.iv.next26 = add nuw nsw i64 %indvars.iv25, 1
  %exitcond30.not = icmp eq i64 %indvars.iv.next26, %wide.trip.count
  br i1 %exitcond30.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4, %for.cond1.preheader
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next, %for.body4 ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  %0 = load float, ptr %gep, align 4
  %gep32 = getelementptr inbounds nuw float, ptr %invariant.gep31, i64 %indvars.iv
  store float %0, ptr %gep32, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 200
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4
}

