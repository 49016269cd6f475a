; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void batch(int B, float *C) { for (int b = 0; b < B; b++) for (int i = 0; i < 16; i++) for (int j = 0; j < 32; j++) C[b*16*32 + i*32 + j] += 1.0f; }

define void @batch(i32 %B, ptr %C) {
entry:
  %cmp27 = icmp sgt i32 %B, 0
  br i1 %cmp27, label %for.cond1.preheader.preheader, label %for.cond.cleanup

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %B to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.preheader
  %indvars.iv37 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next38, %for.cond.cleanup3 ]
  %arrayidx.idx = shl nsw i64 %indvars.iv37, 11
  %invariant.gep44 = getelementptr inbounds nuw i8, ptr %C, i64 %arrayidx.idx
  br label %for.cond5.preheader

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond5.preheader:                              ; preds = %for.cond.cleanup7, %for.cond1.preheader
  %indvars.iv31 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next32, %for.cond.cleanup7 ]
  %.idx = shl nuw nsw i64 %indvars.iv31, 7
  %gep = getelementptr inbounds nuw i8, ptr %invariant.gep44, i64 %.idx
  br label %for.body8

for.cond.cleanup3:                                ; preds = %for.cond.cleanup7
  %indvars.iv.next38 = add nuw nsw i64 %indvars.iv37, 1
  %exitcond41.not = icmp eq i64 %indvars.iv.next38, %wide.trip.count
  br i1 %exitcond41.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond.cleanup7:                                ; preds = %for.body8
  %indvars.iv.next32 = add nuw nsw i64 %indvars.iv31, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next32, 16
  br i1 %exitcond36.not, label %for.cond.cleanup3, label %for.cond5.preheader

for.body8:                                        ; preds = %for.body8, %for.cond5.preheader
  %indvars.iv = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next, %for.body8 ]
  %gep43 = getelementptr inbounds nuw float, ptr %gep, i64 %indvars.iv
  %0 = load float, ptr %gep43, align 4
  %add12 = fadd float %0, 1.000000e+00
  store float %add12, ptr %gep43, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 32
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8
}

