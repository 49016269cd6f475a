; Delinearization input: clang-22 -O3 -fno-vectorize -fno-unroll-loops
; -fno-discard-value-names -S -emit-llvm of
;
; void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb, float *C, int ldc) {
;   for (int i = 0; i < M; ++i)
;     for (int j = 0; j < N; ++j) {
;       float sum = 0;
;       for (int k = 0; k < K; ++k) sum += ALPHA * A[i * lda + k] * B[j * ldb + k];
;       C[i * ldc + j] += sum;
;     }
; }

define void @gemm_nt(i32 %M, i32 %N, i32 %K, float %ALPHA, ptr %A, i32 %lda, ptr %B, i32 %ldb, ptr %C, i32 %ldc) {
entry:
  %cmp41 = icmp sgt i32 %M, 0
  %cmp239 = icmp sgt i32 %N, 0
  %or.cond = and i1 %cmp41, %cmp239
  br i1 %or.cond, label %for.cond1.preheader.lr.ph.split.us, label %for.cond.cleanup

for.cond1.preheader.lr.ph.split.us:               ; preds = %entry
  %cmp636 = icmp sgt i32 %K, 0
  br i1 %cmp636, label %for.cond1.preheader.us.us.preheader, label %for.cond1.preheader.us.preheader

for.cond1.preheader.us.preheader:                 ; preds = %for.cond1.preheader.lr.ph.split.us
  %0 = sext i32 %ldc to i64
  %wide.trip.count61 = zext nneg i32 %M to i64
  %wide.trip.count = zext nneg i32 %N to i64
  br label %for.cond1.preheader.us

for.cond1.preheader.us.us.preheader:              ; preds = %for.cond1.preheader.lr.ph.split.us
  %1 = sext i32 %ldb to i64
  %2 = sext i32 %lda to i64
  %3 = sext i32 %ldc to i64
  %wide.trip.count82 = zext nneg i32 %M to i64
  %wide.trip.count75 = zext nneg i32 %N to i64
  %wide.trip.count68 = zext nneg i32 %K to i64
  br label %for.cond1.preheader.us.us

for.cond1.preheader.us.us:                        ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %for.cond1.preheader.us.us.preheader
  %indvars.iv77 = phi i64 [ 0, %for.cond1.preheader.us.us.preheader ], [ %indvars.iv.next78, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us ]
  %4 = mul nsw i64 %indvars.iv77, %2
  %5 = mul nsw i64 %indvars.iv77, %3
  %invariant.gep85 = getelementptr float, ptr %A, i64 %4
  %invariant.gep89 = getelementptr float, ptr %C, i64 %5
  br label %for.cond5.preheader.us.us.us

for.cond5.preheader.us.us.us:                     ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, %for.cond1.preheader.us.us
  %indvars.iv70 = phi i64 [ %indvars.iv.next71, %for.cond5.for.cond.cleanup7_crit_edge.us.us.us ], [ 0, %for.cond1.preheader.us.us ]
  %6 = mul nsw i64 %indvars.iv70, %1
  %invariant.gep87 = getelementptr float, ptr %B, i64 %6
  br label %for.body8.us.us.us

for.body8.us.us.us:                               ; preds = %for.body8.us.us.us, %for.cond5.preheader.us.us.us
  %indvars.iv63 = phi i64 [ %indvars.iv.next64, %for.body8.us.us.us ], [ 0, %for.cond5.preheader.us.us.us ]
  %sum.037.us.us.us = phi float [ %9, %for.body8.us.us.us ], [ 0.000000e+00, %for.cond5.preheader.us.us.us ]
  %gep86 = getelementptr float, ptr %invariant.gep85, i64 %indvars.iv63
  %7 = load float, ptr %gep86, align 4
  %mul9.us.us.us = fmul float %ALPHA, %7
  %gep88 = getelementptr float, ptr %invariant.gep87, i64 %indvars.iv63
  %8 = load float, ptr %gep88, align 4
  %9 = tail call float @llvm.fmuladd.f32(float %mul9.us.us.us, float %8, float %sum.037.us.us.us)
  %indvars.iv.next64 = add nuw nsw i64 %indvars.iv63, 1
  %exitcond69.not = icmp eq i64 %indvars.iv.next64, %wide.trip.count68
  br i1 %exitcond69.not, label %for.cond5.for.cond.cleanup7_crit_edge.us.us.us, label %for.body8.us.us.us

for.cond5.for.cond.cleanup7_crit_edge.us.us.us:   ; preds = %for.body8.us.us.us
  %gep90 = getelementptr float, ptr %invariant.gep89, i64 %indvars.iv70
  %10 = load float, ptr %gep90, align 4
  %add19.us.us.us = fadd float %9, %10
  store float %add19.us.us.us, ptr %gep90, align 4
  %indvars.iv.next71 = add nuw nsw i64 %indvars.iv70, 1
  %exitcond76.not = icmp eq i64 %indvars.iv.next71, %wide.trip.count75
  br i1 %exitcond76.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, label %for.cond5.preheader.us.us.us

for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us: ; preds = %for.cond5.for.cond.cleanup7_crit_edge.us.us.us
  %indvars.iv.next78 = add nuw nsw i64 %indvars.iv77, 1
  %exitcond83.not = icmp eq i64 %indvars.iv.next78, %wide.trip.count82
  br i1 %exitcond83.not, label %for.cond.cleanup, label %for.cond1.preheader.us.us

for.cond1.preheader.us:                           ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us51, %for.cond1.preheader.us.preheader
  %indvars.iv57 = phi i64 [ 0, %for.cond1.preheader.us.preheader ], [ %indvars.iv.next58, %for.cond1.for.cond.cleanup3_crit_edge.split.us51 ]
  %11 = mul nsw i64 %indvars.iv57, %0
  %invariant.gep = getelementptr float, ptr %C, i64 %11
  br label %for.cond5.preheader.us43

for.cond5.preheader.us43:                         ; preds = %for.cond5.preheader.us43, %for.cond1.preheader.us
  %indvars.iv = phi i64 [ 0, %for.cond1.preheader.us ], [ %indvars.iv.next, %for.cond5.preheader.us43 ]
  %gep = getelementptr float, ptr %invariant.gep, i64 %indvars.iv
  %12 = load float, ptr %gep, align 4
  %add19.us48 = fadd float %12, 0.000000e+00
  store float %add19.us48, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond1.for.cond.cleanup3_crit_edge.split.us51, label %for.cond5.preheader.us43

for.cond1.for.cond.cleanup3_crit_edge.split.us51: ; preds = %for.cond5.preheader.us43
  %indvars.iv.next58 = add nuw nsw i64 %indvars.iv57, 1
  %exitcond62.not = icmp eq i64 %indvars.iv.next58, %wide.trip.count61
  br i1 %exitcond62.not, label %for.cond.cleanup, label %for.cond1.preheader.us

for.cond.cleanup:                                 ; preds = %for.cond1.for.cond.cleanup3_crit_edge.split.us51, %for.cond1.for.cond.cleanup3_crit_edge.split.us.us.us, %entry
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)

