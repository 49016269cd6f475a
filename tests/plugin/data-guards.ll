; The reference BLAS skips work on zeros (SSYRK's `IF (A(J,L).NE.ZERO)`
; around its I loop). Where no write of the nest can change what such a test
; reads, raise versions the nest: loops that only evaluate the test run first
; and leave for the original loops at the first element that fails it; where
; none fails, a copy without the test runs, which Polly models and raising
; raises. A test that a store of the nest may change (C may overlap A, or
; the test reads C), two tests on data, and a copy that is no SCoP either
; (whose version goes again) stay as they are, each with its reason.
; Made from this C with clang-22 -O3 -march=x86-64-v3
; -mllvm -print-before=raise -mllvm -print-module-scope:
;
;   void syrk_skip(int n, int k, float alpha, const float *restrict a,
;                  int lda, float *restrict c, int ldc) {
;     for (int j = 0; j < n; j++)
;       for (int l = 0; l < k; l++)
;         if (a[j + l * lda] != 0.0f) {
;           float t = alpha * a[j + l * lda];
;           for (int i = 0; i <= j; i++)
;             c[i + j * ldc] += t * a[i + l * lda];
;         }
;   }
;   // syrk_alias: the same without restrict.
;   // update_skip_output: `if (c[l + j * ldc] != 0.0f)` around
;   //   `for (i < n) c[i + j * ldc] += a[j + l * lda] * a[i + l * lda];`
;   // gemm_two_tests: `if (b[l + j * k] != 0.0f)` around an i loop that
;   //   tests `a[i + l * n] > 0.0f` too.
;   // skip_unmodelled: `c[i * i + j * n] += a[i + l * n]` under the test.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s
; RUN: %opt -passes=raise -raise-data-guards=false -pass-remarks=raise -pass-remarks-missed=raise -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF

; CHECK: remark: <unknown>:0:0: loop nest in syrk_skip raised to linalg.generic (GEMM_TA; over the triangle j <= i; scaled by a loop invariant)
; CHECK: remark: <unknown>:0:0: SCoP in syrk_skip spliced as syrk_skip.raise.0 behind a run-time check
; CHECK: remark: <unknown>:0:0: loop nest in syrk_skip: 1 test on loaded data dropped in a copy, behind a run-time check that it holds for every element the nest tests
; CHECK: remark: <unknown>:0:0: loop nest in syrk_alias is not a static control part (only part of it is): a branch tests loaded data that a write of the nest may change
; CHECK: remark: <unknown>:0:0: loop nest in update_skip_output is not a static control part (only part of it is): a branch tests loaded data that a write of the nest may change
; CHECK: remark: <unknown>:0:0: loop nest in gemm_two_tests is not a static control part (only part of it is): the nest tests loaded data in more than one branch
; CHECK: remark: <unknown>:0:0: loop nest in skip_unmodelled is not a static control part: The array subscript of "UNKNOWN" is not affine
; CHECK-NOT: remark: {{.*}}multiple exits

; The loops that test A: its loads and the test, nothing stored; then the
; branch to the copy, which is raised.
; CHECK-LABEL: define dso_local void @syrk_skip(
; CHECK: .raise.tests:
; CHECK-NOT: store
; CHECK: %[[A:.*]] = load float, ptr %{{.*}}, align 4
; CHECK-NEXT: %[[TEST:.*]] = fcmp une float %[[A]], 0.000000e+00
; CHECK-NEXT: br i1 %[[TEST]], label %{{.*}}, label %raise.tests.fail
; CHECK-NOT: store
; CHECK: raise.tests.fail:
; CHECK-NEXT: br label %[[ORIGINAL:.*]]
; CHECK: br i1 true, label %{{.*}}, label %[[ORIGINAL]]
; CHECK: call void @syrk_skip.raise.0(
; CHECK-LABEL: define dso_local void @syrk_alias(
; CHECK-NOT: raise.tests
; CHECK-LABEL: define dso_local void @update_skip_output(
; CHECK-NOT: raise.tests
; CHECK-LABEL: define dso_local void @gemm_two_tests(
; CHECK-NOT: raise.tests
; CHECK-LABEL: define dso_local void @skip_unmodelled(
; CHECK-NOT: raise.tests
; CHECK-NOT: raise.widened
; CHECK-LABEL: define internal void @syrk_skip.raise.0(

; OFF-NOT: raised to
; OFF: remark: <unknown>:0:0: loop nest in syrk_skip is not a static control part (only part of it is): Unspecified error.
; OFF-NOT: raised to

; ModuleID = 'dg.c'
source_filename = "dg.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @syrk_skip(i32 noundef %0, i32 noundef %1, float noundef %2, ptr noalias noundef readonly captures(none) %3, i32 noundef %4, ptr noalias noundef captures(none) %5, i32 noundef %6) local_unnamed_addr #0 {
  %8 = icmp sgt i32 %0, 0
  %9 = icmp sgt i32 %1, 0
  %10 = and i1 %8, %9
  br i1 %10, label %11, label %47

11:                                               ; preds = %7
  %12 = sext i32 %4 to i64
  %13 = sext i32 %6 to i64
  %14 = zext nneg i32 %0 to i64
  %15 = zext nneg i32 %1 to i64
  br label %16

16:                                               ; preds = %11, %43
  %17 = phi i64 [ 0, %11 ], [ %44, %43 ]
  %18 = phi i64 [ 1, %11 ], [ %45, %43 ]
  %19 = mul nsw i64 %17, %13
  %20 = getelementptr float, ptr %3, i64 %17
  %21 = getelementptr float, ptr %5, i64 %19
  br label %22

22:                                               ; preds = %16, %40
  %23 = phi i64 [ 0, %16 ], [ %41, %40 ]
  %24 = mul nsw i64 %23, %12
  %25 = getelementptr float, ptr %20, i64 %24
  %26 = load float, ptr %25, align 4, !tbaa !9
  %27 = fcmp une float %26, 0.000000e+00
  br i1 %27, label %28, label %40

28:                                               ; preds = %22
  %29 = fmul float %2, %26
  %30 = getelementptr float, ptr %3, i64 %24
  br label %31

31:                                               ; preds = %31, %28
  %32 = phi i64 [ %38, %31 ], [ 0, %28 ]
  %33 = getelementptr float, ptr %30, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !9
  %35 = getelementptr float, ptr %21, i64 %32
  %36 = load float, ptr %35, align 4, !tbaa !9
  %37 = tail call float @llvm.fmuladd.f32(float %29, float %34, float %36)
  store float %37, ptr %35, align 4, !tbaa !9
  %38 = add nuw nsw i64 %32, 1
  %39 = icmp eq i64 %38, %18
  br i1 %39, label %40, label %31, !llvm.loop !11

40:                                               ; preds = %31, %22
  %41 = add nuw nsw i64 %23, 1
  %42 = icmp eq i64 %41, %15
  br i1 %42, label %43, label %22, !llvm.loop !13

43:                                               ; preds = %40
  %44 = add nuw nsw i64 %17, 1
  %45 = add nuw nsw i64 %18, 1
  %46 = icmp eq i64 %44, %14
  br i1 %46, label %47, label %16, !llvm.loop !14

47:                                               ; preds = %43, %7
  ret void
}

; Function Attrs: mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @syrk_alias(i32 noundef %0, i32 noundef %1, float noundef %2, ptr noundef readonly captures(none) %3, i32 noundef %4, ptr noundef captures(none) %5, i32 noundef %6) local_unnamed_addr #0 {
  %8 = icmp sgt i32 %0, 0
  %9 = icmp sgt i32 %1, 0
  %10 = and i1 %8, %9
  br i1 %10, label %11, label %47

11:                                               ; preds = %7
  %12 = sext i32 %4 to i64
  %13 = sext i32 %6 to i64
  %14 = zext nneg i32 %0 to i64
  %15 = zext nneg i32 %1 to i64
  br label %16

16:                                               ; preds = %11, %43
  %17 = phi i64 [ 0, %11 ], [ %44, %43 ]
  %18 = phi i64 [ 1, %11 ], [ %45, %43 ]
  %19 = mul nsw i64 %17, %13
  %20 = getelementptr float, ptr %3, i64 %17
  %21 = getelementptr float, ptr %5, i64 %19
  br label %22

22:                                               ; preds = %16, %40
  %23 = phi i64 [ 0, %16 ], [ %41, %40 ]
  %24 = mul nsw i64 %23, %12
  %25 = getelementptr float, ptr %20, i64 %24
  %26 = load float, ptr %25, align 4, !tbaa !9
  %27 = fcmp une float %26, 0.000000e+00
  br i1 %27, label %28, label %40

28:                                               ; preds = %22
  %29 = fmul float %2, %26
  %30 = getelementptr float, ptr %3, i64 %24
  br label %31

31:                                               ; preds = %31, %28
  %32 = phi i64 [ %38, %31 ], [ 0, %28 ]
  %33 = getelementptr float, ptr %30, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !9
  %35 = getelementptr float, ptr %21, i64 %32
  %36 = load float, ptr %35, align 4, !tbaa !9
  %37 = tail call float @llvm.fmuladd.f32(float %29, float %34, float %36)
  store float %37, ptr %35, align 4, !tbaa !9
  %38 = add nuw nsw i64 %32, 1
  %39 = icmp eq i64 %38, %18
  br i1 %39, label %40, label %31, !llvm.loop !15

40:                                               ; preds = %31, %22
  %41 = add nuw nsw i64 %23, 1
  %42 = icmp eq i64 %41, %15
  br i1 %42, label %43, label %22, !llvm.loop !16

43:                                               ; preds = %40
  %44 = add nuw nsw i64 %17, 1
  %45 = add nuw nsw i64 %18, 1
  %46 = icmp eq i64 %44, %14
  br i1 %46, label %47, label %16, !llvm.loop !17

47:                                               ; preds = %43, %7
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @update_skip_output(i32 noundef %0, i32 noundef %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3, ptr noalias noundef captures(none) %4, i32 noundef %5) local_unnamed_addr #0 {
  %7 = icmp sgt i32 %0, 0
  %8 = icmp sgt i32 %1, 0
  %9 = and i1 %7, %8
  br i1 %9, label %10, label %46

10:                                               ; preds = %6
  %11 = sext i32 %3 to i64
  %12 = sext i32 %5 to i64
  %13 = zext nneg i32 %0 to i64
  %14 = zext nneg i32 %1 to i64
  br label %15

15:                                               ; preds = %10, %43
  %16 = phi i64 [ 0, %10 ], [ %44, %43 ]
  %17 = mul nsw i64 %16, %12
  %18 = getelementptr float, ptr %4, i64 %17
  %19 = getelementptr float, ptr %2, i64 %16
  %20 = getelementptr float, ptr %4, i64 %17
  br label %21

21:                                               ; preds = %26, %15
  %22 = phi i64 [ %27, %26 ], [ 0, %15 ]
  %23 = getelementptr float, ptr %18, i64 %22
  %24 = load float, ptr %23, align 4, !tbaa !9
  %25 = fcmp une float %24, 0.000000e+00
  br i1 %25, label %38, label %26

26:                                               ; preds = %29, %21
  %27 = add nuw nsw i64 %22, 1
  %28 = icmp eq i64 %27, %14
  br i1 %28, label %43, label %21, !llvm.loop !18

29:                                               ; preds = %38, %29
  %30 = phi i64 [ 0, %38 ], [ %36, %29 ]
  %31 = getelementptr float, ptr %42, i64 %30
  %32 = load float, ptr %31, align 4, !tbaa !9
  %33 = getelementptr float, ptr %20, i64 %30
  %34 = load float, ptr %33, align 4, !tbaa !9
  %35 = tail call float @llvm.fmuladd.f32(float %41, float %32, float %34)
  store float %35, ptr %33, align 4, !tbaa !9
  %36 = add nuw nsw i64 %30, 1
  %37 = icmp eq i64 %36, %13
  br i1 %37, label %26, label %29, !llvm.loop !19

38:                                               ; preds = %21
  %39 = mul nsw i64 %22, %11
  %40 = getelementptr float, ptr %19, i64 %39
  %41 = load float, ptr %40, align 4, !tbaa !9
  %42 = getelementptr float, ptr %2, i64 %39
  br label %29

43:                                               ; preds = %26
  %44 = add nuw nsw i64 %16, 1
  %45 = icmp eq i64 %44, %13
  br i1 %45, label %46, label %15, !llvm.loop !20

46:                                               ; preds = %43, %6
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gemm_two_tests(i32 noundef %0, i32 noundef %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef readonly captures(none) %3, ptr noalias noundef captures(none) %4) local_unnamed_addr #0 {
  %6 = icmp sgt i32 %0, 0
  %7 = icmp sgt i32 %1, 0
  %8 = and i1 %6, %7
  br i1 %8, label %9, label %44

9:                                                ; preds = %5
  %10 = zext nneg i32 %0 to i64
  %11 = zext nneg i32 %1 to i64
  br label %12

12:                                               ; preds = %9, %41
  %13 = phi i64 [ 0, %9 ], [ %42, %41 ]
  %14 = mul nuw nsw i64 %13, %11
  %15 = mul nuw nsw i64 %13, %10
  %16 = getelementptr inbounds nuw float, ptr %3, i64 %14
  %17 = getelementptr inbounds nuw float, ptr %4, i64 %15
  br label %18

18:                                               ; preds = %23, %12
  %19 = phi i64 [ %24, %23 ], [ 0, %12 ]
  %20 = getelementptr inbounds nuw float, ptr %16, i64 %19
  %21 = load float, ptr %20, align 4, !tbaa !9
  %22 = fcmp une float %21, 0.000000e+00
  br i1 %22, label %38, label %23

23:                                               ; preds = %35, %18
  %24 = add nuw nsw i64 %19, 1
  %25 = icmp eq i64 %24, %11
  br i1 %25, label %41, label %18, !llvm.loop !21

26:                                               ; preds = %38, %35
  %27 = phi i64 [ 0, %38 ], [ %36, %35 ]
  %28 = getelementptr inbounds nuw float, ptr %40, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !9
  %30 = fcmp ogt float %29, 0.000000e+00
  br i1 %30, label %31, label %35

31:                                               ; preds = %26
  %32 = getelementptr inbounds nuw float, ptr %17, i64 %27
  %33 = load float, ptr %32, align 4, !tbaa !9
  %34 = tail call float @llvm.fmuladd.f32(float %29, float %21, float %33)
  store float %34, ptr %32, align 4, !tbaa !9
  br label %35

35:                                               ; preds = %31, %26
  %36 = add nuw nsw i64 %27, 1
  %37 = icmp eq i64 %36, %10
  br i1 %37, label %23, label %26, !llvm.loop !22

38:                                               ; preds = %18
  %39 = mul nuw nsw i64 %19, %10
  %40 = getelementptr inbounds nuw float, ptr %2, i64 %39
  br label %26

41:                                               ; preds = %23
  %42 = add nuw nsw i64 %13, 1
  %43 = icmp eq i64 %42, %10
  br i1 %43, label %44, label %12, !llvm.loop !23

44:                                               ; preds = %41, %5
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @skip_unmodelled(i32 noundef %0, i32 noundef %1, ptr noalias noundef readonly captures(none) %2, ptr noalias noundef captures(none) %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %0, 0
  %6 = icmp sgt i32 %1, 0
  %7 = and i1 %5, %6
  br i1 %7, label %8, label %40

8:                                                ; preds = %4
  %9 = zext nneg i32 %0 to i64
  %10 = zext nneg i32 %1 to i64
  br label %11

11:                                               ; preds = %8, %37
  %12 = phi i64 [ 0, %8 ], [ %38, %37 ]
  %13 = mul nuw nsw i64 %12, %9
  %14 = getelementptr inbounds nuw float, ptr %2, i64 %12
  %15 = getelementptr inbounds nuw float, ptr %3, i64 %13
  br label %16

16:                                               ; preds = %24, %11
  %17 = phi i64 [ %25, %24 ], [ 0, %11 ]
  %18 = mul nuw nsw i64 %17, %9
  %19 = getelementptr inbounds nuw float, ptr %14, i64 %18
  %20 = load float, ptr %19, align 4, !tbaa !9
  %21 = fcmp une float %20, 0.000000e+00
  br i1 %21, label %22, label %24

22:                                               ; preds = %16
  %23 = getelementptr inbounds nuw float, ptr %2, i64 %18
  br label %27

24:                                               ; preds = %27, %16
  %25 = add nuw nsw i64 %17, 1
  %26 = icmp eq i64 %25, %10
  br i1 %26, label %37, label %16, !llvm.loop !24

27:                                               ; preds = %22, %27
  %28 = phi i64 [ 0, %22 ], [ %35, %27 ]
  %29 = getelementptr inbounds nuw float, ptr %23, i64 %28
  %30 = load float, ptr %29, align 4, !tbaa !9
  %31 = mul nuw nsw i64 %28, %28
  %32 = getelementptr inbounds nuw float, ptr %15, i64 %31
  %33 = load float, ptr %32, align 4, !tbaa !9
  %34 = fadd float %30, %33
  store float %34, ptr %32, align 4, !tbaa !9
  %35 = add nuw nsw i64 %28, 1
  %36 = icmp eq i64 %35, %9
  br i1 %36, label %24, label %27, !llvm.loop !25

37:                                               ; preds = %24
  %38 = add nuw nsw i64 %12, 1
  %39 = icmp eq i64 %38, %9
  br i1 %39, label %40, label %11, !llvm.loop !26

40:                                               ; preds = %37, %4
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64-v3" "target-features"="+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave" }
attributes #1 = { mustprogress nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
!13 = distinct !{!13, !12}
!14 = distinct !{!14, !12}
!15 = distinct !{!15, !12}
!16 = distinct !{!16, !12}
!17 = distinct !{!17, !12}
!18 = distinct !{!18, !12}
!19 = distinct !{!19, !12}
!20 = distinct !{!20, !12}
!21 = distinct !{!21, !12}
!22 = distinct !{!22, !12}
!23 = distinct !{!23, !12}
!24 = distinct !{!24, !12}
!25 = distinct !{!25, !12}
!26 = distinct !{!26, !12}
