; B = L B in place, L lower triangular, as C writes it row-major with int
; sizes: rows from the last up (`for (i = m - 1; i >= 0; --i)`), each
; `t = L[i*ldl + i] * B[i*ldb + j]`, then `t += L[i*ldl + k] * B[k*ldb + j]`
; for k < i. The loop's index is 64 bits wide, but the diagonal's row
; `i * ldl` is computed in 32 from the truncated index and extended:
; `sext(ldl * trunc(i))`, which SCEV cannot see through, so Polly took the
; diagonal for no affine subscript and modelled only the loop over the
; columns. The index starts from a `zext nneg` of m and counts down to
; zero without wrapping, so it fits in 32 bits, and the `nsw` product is
; `sext(ldl) * i` (`.wide`). Then raise-reverse-loops counts the rows up
; (the rows above read from a copy, COPY2) and the sum is a product over
; the triangle, after the diagonal's term.
; Where the index may start above 2^31 (a plain `zext`), it may not fit: the
; product stays 32-bit and only the loop over the columns is modelled.
; Made from `clang-22 -O3 -march=x86-64-v3 -mllvm -print-before=raise` of
; the C function, metadata stripped.
;
; RUN: %opt -passes=raise -pass-remarks=raise -pass-remarks-missed=raise -S %s 2>&1 | FileCheck %s

; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmm_down raised to linalg.copy (COPY2), i x j = arg0 - 1 x arg1
; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmm_down raised to linalg.generic (GEMM; over the triangle k <= i; accumulated through a local scalar), i x j x k = arg0 - 1 x arg1 x arg0 - 1
; CHECK-DAG: remark: <unknown>:0:0: SCoP in trmm_down spliced as trmm_down.raise.0 behind a run-time check
; CHECK-DAG: remark: <unknown>:0:0: loop nest in trmm_down_any_start is not a static control part (only part of it is): The array subscript of "UNKNOWN" is not affine

; The original loops, which run where the run-time check fails, with the
; product in 64 bits.
; CHECK-LABEL: define dso_local void @trmm_down(
; CHECK-NOT: trunc i64
; CHECK: %.wide = mul nsw i64 %{{.*}}, %{{.*}}
; CHECK-NEXT: getelementptr float, ptr %{{.*}}, i64 %{{.*}}
; CHECK-NEXT: getelementptr float, ptr %{{.*}}, i64 %.wide
; CHECK-NOT: trunc i64
; CHECK-LABEL: define dso_local void @trmm_down_any_start(
; CHECK-NOT: .wide
; CHECK: mul nsw i32
; CHECK-NOT: .wide
; CHECK-LABEL: define internal void @trmm_down.raise.0(

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local void @trmm_down(i32 noundef %0, i32 noundef %1, ptr noundef readonly captures(none) %2, i32 noundef %3, ptr noundef captures(none) %4, i32 noundef %5) local_unnamed_addr {
  %7 = icmp sgt i32 %0, 0
  %8 = icmp sgt i32 %1, 0
  %9 = and i1 %7, %8
  br i1 %9, label %10, label %62

10:                                               ; preds = %6
  %11 = sext i32 %5 to i64
  %12 = zext nneg i32 %0 to i64
  %13 = sext i32 %3 to i64
  %14 = zext nneg i32 %1 to i64
  br label %15

15:                                               ; preds = %40, %10
  %16 = phi i64 [ %12, %10 ], [ %17, %40 ]
  %17 = add nsw i64 %16, -1
  %18 = trunc i64 %17 to i32
  %19 = mul nsw i32 %3, %18
  %20 = sext i32 %19 to i64
  %21 = getelementptr float, ptr %2, i64 %17
  %22 = getelementptr float, ptr %21, i64 %20
  %23 = mul nsw i64 %17, %11
  %24 = icmp samesign ugt i64 %16, 1
  br i1 %24, label %28, label %25

25:                                               ; preds = %15
  %26 = zext nneg i32 %1 to i64
  %27 = getelementptr float, ptr %4, i64 %23
  br label %32

28:                                               ; preds = %15
  %29 = mul nsw i64 %17, %13
  %30 = getelementptr float, ptr %4, i64 %23
  %31 = getelementptr float, ptr %2, i64 %29
  br label %41

32:                                               ; preds = %25, %32
  %33 = phi i64 [ 0, %25 ], [ %38, %32 ]
  %34 = load float, ptr %22, align 4
  %35 = getelementptr float, ptr %27, i64 %33
  %36 = load float, ptr %35, align 4
  %37 = fmul float %34, %36
  store float %37, ptr %35, align 4
  %38 = add nuw nsw i64 %33, 1
  %39 = icmp eq i64 %38, %26
  br i1 %39, label %62, label %32

40:                                               ; preds = %59
  br label %15

41:                                               ; preds = %28, %59
  %42 = phi i64 [ 0, %28 ], [ %60, %59 ]
  %43 = load float, ptr %22, align 4
  %44 = getelementptr float, ptr %30, i64 %42
  %45 = load float, ptr %44, align 4
  %46 = fmul float %43, %45
  %47 = getelementptr float, ptr %4, i64 %42
  br label %48

48:                                               ; preds = %48, %41
  %49 = phi i64 [ %57, %48 ], [ 0, %41 ]
  %50 = phi float [ %56, %48 ], [ %46, %41 ]
  %51 = getelementptr float, ptr %31, i64 %49
  %52 = load float, ptr %51, align 4
  %53 = mul nsw i64 %49, %11
  %54 = getelementptr float, ptr %47, i64 %53
  %55 = load float, ptr %54, align 4
  %56 = tail call float @llvm.fmuladd.f32(float %52, float %55, float %50)
  %57 = add nuw nsw i64 %49, 1
  %58 = icmp eq i64 %57, %17
  br i1 %58, label %59, label %48

59:                                               ; preds = %48
  store float %56, ptr %44, align 4
  %60 = add nuw nsw i64 %42, 1
  %61 = icmp eq i64 %60, %14
  br i1 %61, label %40, label %41

62:                                               ; preds = %32, %6
  ret void
}

define dso_local void @trmm_down_any_start(i32 noundef %0, i32 noundef %1, ptr noundef readonly captures(none) %2, i32 noundef %3, ptr noundef captures(none) %4, i32 noundef %5) local_unnamed_addr {
  %7 = icmp sgt i32 %0, 0
  %8 = icmp sgt i32 %1, 0
  %9 = and i1 %7, %8
  br i1 %9, label %10, label %62

10:                                               ; preds = %6
  %11 = sext i32 %5 to i64
  %12 = zext i32 %0 to i64
  %13 = sext i32 %3 to i64
  %14 = zext nneg i32 %1 to i64
  br label %15

15:                                               ; preds = %40, %10
  %16 = phi i64 [ %12, %10 ], [ %17, %40 ]
  %17 = add nsw i64 %16, -1
  %18 = trunc i64 %17 to i32
  %19 = mul nsw i32 %3, %18
  %20 = sext i32 %19 to i64
  %21 = getelementptr float, ptr %2, i64 %17
  %22 = getelementptr float, ptr %21, i64 %20
  %23 = mul nsw i64 %17, %11
  %24 = icmp samesign ugt i64 %16, 1
  br i1 %24, label %28, label %25

25:                                               ; preds = %15
  %26 = zext nneg i32 %1 to i64
  %27 = getelementptr float, ptr %4, i64 %23
  br label %32

28:                                               ; preds = %15
  %29 = mul nsw i64 %17, %13
  %30 = getelementptr float, ptr %4, i64 %23
  %31 = getelementptr float, ptr %2, i64 %29
  br label %41

32:                                               ; preds = %25, %32
  %33 = phi i64 [ 0, %25 ], [ %38, %32 ]
  %34 = load float, ptr %22, align 4
  %35 = getelementptr float, ptr %27, i64 %33
  %36 = load float, ptr %35, align 4
  %37 = fmul float %34, %36
  store float %37, ptr %35, align 4
  %38 = add nuw nsw i64 %33, 1
  %39 = icmp eq i64 %38, %26
  br i1 %39, label %62, label %32

40:                                               ; preds = %59
  br label %15

41:                                               ; preds = %28, %59
  %42 = phi i64 [ 0, %28 ], [ %60, %59 ]
  %43 = load float, ptr %22, align 4
  %44 = getelementptr float, ptr %30, i64 %42
  %45 = load float, ptr %44, align 4
  %46 = fmul float %43, %45
  %47 = getelementptr float, ptr %4, i64 %42
  br label %48

48:                                               ; preds = %48, %41
  %49 = phi i64 [ %57, %48 ], [ 0, %41 ]
  %50 = phi float [ %56, %48 ], [ %46, %41 ]
  %51 = getelementptr float, ptr %31, i64 %49
  %52 = load float, ptr %51, align 4
  %53 = mul nsw i64 %49, %11
  %54 = getelementptr float, ptr %47, i64 %53
  %55 = load float, ptr %54, align 4
  %56 = tail call float @llvm.fmuladd.f32(float %52, float %55, float %50)
  %57 = add nuw nsw i64 %49, 1
  %58 = icmp eq i64 %57, %17
  br i1 %58, label %59, label %48

59:                                               ; preds = %48
  store float %56, ptr %44, align 4
  %60 = add nuw nsw i64 %42, 1
  %61 = icmp eq i64 %60, %14
  br i1 %61, label %40, label %41

62:                                               ; preds = %32, %6
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
