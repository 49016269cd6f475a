; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void nchw(int N, float *in) { for (int n = 0; n < N; n++) for (int c = 0; c < 3; c++) for (int h = 0; h < 32; h++) for (int w = 0; w < 32; w++) in[((n*3 + c)*32 + h)*32 + w] *= 2.0f; }

define void @nchw(i32 %N, ptr %in) {
entry:
  %cmp38 = icmp sgt i32 %N, 0
  br i1 %cmp38, label %for.cond1.preheader.preheader, label %for.cond.cleanup

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %N to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.preheader
  %indvars.iv52 = phi i64 [ 0, %for.cond1.preheader.preheader ], [ %indvars.iv.next53, %for.cond.cleanup3 ]
  %0 = mul nuw nsw i64 %indvars.iv52, 3
  br label %for.cond5.preheader

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond5.preheader:                              ; preds = %for.cond.cleanup7, %for.cond1.preheader
  %indvars.iv47 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next48, %for.cond.cleanup7 ]
  %1 = add nuw nsw i64 %indvars.iv47, %0
  %2 = trunc nuw nsw i64 %1 to i32
  %3 = shl i32 %2, 10
  %4 = sext i32 %3 to i64
  %invariant.gep59 = getelementptr float, ptr %in, i64 %4
  br label %for.cond9.preheader

for.cond.cleanup3:                                ; preds = %for.cond.cleanup7
  %indvars.iv.next53 = add nuw nsw i64 %indvars.iv52, 1
  %exitcond56.not = icmp eq i64 %indvars.iv.next53, %wide.trip.count
  br i1 %exitcond56.not, label %for.cond.cleanup, label %for.cond1.preheader

for.cond9.preheader:                              ; preds = %for.cond.cleanup11, %for.cond5.preheader
  %indvars.iv42 = phi i64 [ 0, %for.cond5.preheader ], [ %indvars.iv.next43, %for.cond.cleanup11 ]
  %.idx = shl i64 %indvars.iv42, 7
  %gep = getelementptr i8, ptr %invariant.gep59, i64 %.idx
  br label %for.body12

for.cond.cleanup7:                                ; preds = %for.cond.cleanup11
  %indvars.iv.next48 = add nuw nsw i64 %indvars.iv47, 1
  %exitcond51.not = icmp eq i64 %indvars.iv.next48, 3
  br i1 %exitcond51.not, label %for.cond.cleanup3, label %for.cond5.preheader

for.cond.cleanup11:                               ; preds = %for.body12
  %indvars.iv.next43 = add nuw nsw i64 %indvars.iv42, 1
  %exitcond46.not = icmp eq i64 %indvars.iv.next43, 32
  br i1 %exitcond46.not, label %for.cond.cleanup7, label %for.cond9.preheader

for.body12:                                       ; preds = %for.body12, %for.cond9.preheader
  %indvars.iv = phi i64 [ 0, %for.cond9.preheader ], [ %indvars.iv.next, %for.body12 ]
  %gep58 = getelementptr float, ptr %gep, i64 %indvars.iv
  %5 = load float, ptr %gep58, align 4
  %mul17 = fmul float %5, 2.000000e+00
  store float %mul17, ptr %gep58, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 32
  br i1 %exitcond.not, label %for.cond.cleanup11, label %for.body12
}

