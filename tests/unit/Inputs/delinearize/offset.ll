; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void offset(int n, int off, float A[][100]) { float *p = &A[0][0] + off; for (int i = 0; i < n; i++) for (int j = 0; j < 50; j++) p[i*100 + j] += 1; }

define void @offset(i32 %n, i32 %off, ptr %A) {
entry:
  %idx.ext = sext i32 %off to i64
  %add.ptr = getelementptr inbounds float, ptr %A, i64 %idx.ext
  %cmp16 = icmp sgt i32 %n, 0
  br i1 %cmp16, label %for.cond2.preheader.preheader, label %for.cond.cleanup

for.cond2.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.cond2.preheader

for.cond2.preheader:                              ; preds = %for.cond.cleanup4, %for.cond2.preheader.preheader
  %indvars.iv20 = phi i64 [ 0, %for.cond2.preheader.preheader ], [ %indvars.iv.next21, %for.cond.cleanup4 ]
  %arrayidx6.idx = mul nuw nsw i64 %indvars.iv20, 400
  %invariant.gep = getelementptr inbounds nuw i8, ptr %add.ptr, i64 %arrayidx6.idx
  br label %for.body5

for.cond.cleanup:                                 ; preds = %for.cond.cleanup4, %entry
  ret void

for.cond.cleanup4:                                ; preds = %for.body5
  %indvars.iv.next21 = add nuw nsw i64 %indvars.iv20, 1
  %exitcond24.not = icmp eq i64 %indvars.iv.next21, %wide.trip.count
  br i1 %exitcond24.not, label %for.cond.cleanup, label %for.cond2.preheader

for.body5:                                        ; preds = %for.body5, %for.cond2.preheader
  %indvars.iv = phi i64 [ 0, %for.cond2.preheader ], [ %indvars.iv.next, %for.body5 ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  %0 = load float, ptr %gep, align 4
  %add7 = fadd float %0, 1.000000e+00
  store float %add7, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 50
  br i1 %exitcond.not, label %for.cond.cleanup4, label %for.body5
}

