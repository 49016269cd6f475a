; -raise-roundtrip versions the region: Polly's run-time check picks between a
; call to the translated function and the original loops, which stay.
;
; RUN: %opt -passes=raise -raise-roundtrip -pass-remarks=raise -pass-remarks-missed=raise -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
; RUN: %opt -passes=raise -S %s | FileCheck %s --check-prefix=DEFAULT
; RUN: %opt -passes=raise -raise-roundtrip -S %s | %opt -passes=verify -disable-output

; REMARK: remark: <unknown>:0:0: loop nest in scale not raised
; REMARK: remark: <unknown>:0:0: SCoP in scale spliced as scale.raise.0 behind a run-time check (roundtrip through affine MLIR)

; CHECK-LABEL: define void @scale(
; CHECK: polly.split_new_and_old:
; CHECK: br i1 %{{.*}}, label %polly.start, label %
; The original loops remain as the fallback.
; CHECK: fmul double %s
; CHECK: polly.start:
; Each memref is (pointer, pointer, offset, sizes, strides): a is n x lda.
; The leading extent is max(n, 0), the rows the region touches.
; CHECK: call void @scale.raise.0(ptr %a, ptr %a, i64 0, i64 %[[ROWS_A:[0-9]+]], i64 %lda, i64 %lda, i64 1, ptr %b, ptr %b, i64 0, i64 %[[ROWS_B:[0-9]+]], i64 %ldb, i64 %ldb, i64 1, i64 %m, i64 %n, i64 %lda, i64 %ldb, double %s)

; The translated function is internal and compiled for the caller's target.
; CHECK: define internal void @scale.raise.0({{.*}}) #[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = { nounwind "raise-generated" "target-cpu"="skylake-avx512" }

; Without -raise-roundtrip nothing changes.
; DEFAULT-NOT: raise.0

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; b[i*ldb + j] = s * a[i*lda + j] * a[i*lda + j + 1] for i < n, j < m: no
; tactic raises it, so only -raise-roundtrip replaces it.
define void @scale(i64 %n, i64 %m, double %s, ptr %a, i64 %lda, ptr %b, i64 %ldb) #0 {
entry:
  %guard = icmp sgt i64 %n, 0
  %guardm = icmp sgt i64 %m, 0
  %g = and i1 %guard, %guardm
  br i1 %g, label %i.loop, label %exit
i.loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %i.latch ]
  br label %j.loop
j.loop:
  %j = phi i64 [ 0, %i.loop ], [ %j.next, %j.loop ]
  %ia = mul nsw i64 %i, %lda
  %aij = add nsw i64 %ia, %j
  %pa = getelementptr double, ptr %a, i64 %aij
  %x = load double, ptr %pa
  %aij1 = add nsw i64 %aij, 1
  %pa1 = getelementptr double, ptr %a, i64 %aij1
  %x1 = load double, ptr %pa1
  %sx = fmul double %s, %x
  %y = fmul double %sx, %x1
  %ib = mul nsw i64 %i, %ldb
  %bij = add nsw i64 %ib, %j
  %pb = getelementptr double, ptr %b, i64 %bij
  store double %y, ptr %pb
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %m
  br i1 %j.done, label %i.latch, label %j.loop
i.latch:
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %i.loop
exit:
  ret void
}

attributes #0 = { "target-cpu"="skylake-avx512" }
