; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void unsigned_idx(unsigned n, float *A) { for (unsigned i = 0; i < n; i++) for (unsigned j = 0; j < 64; j++) A[i*64 + j] += 1; }

define void @unsigned_idx(i32 %n, ptr %A) {
entry:
  %cmp14.not = icmp eq i32 %n, 0
  br i1 %cmp14.not, label %for.cond.cleanup, label %for.cond1.preheader.preheader

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext i32 %n to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.preheader
  %indvars.iv18 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next19, %for.cond.cleanup3 ]
  %mul = shl i64 %indvars.iv18, 6
  %0 = and i64 %mul, 4294967232
  %invariant.gep = getelementptr inbounds nuw float, ptr %A, i64 %0
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4
  %indvars.iv.next19 = add nuw nsw i64 %indvars.iv18, 1
  %exitcond21.not = icmp eq i64 %indvars.iv.next19, %wide.trip.count
  br i1 %exitcond21.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4, %for.cond1.preheader
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next, %for.body4 ]
  %gep = getelementptr inbounds nuw float, ptr %invariant.gep, i64 %indvars.iv
  %1 = load float, ptr %gep, align 4
  %add5 = fadd float %1, 1.000000e+00
  store float %add5, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 64
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4
}

