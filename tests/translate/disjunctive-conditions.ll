; An affine.if takes a conjunction only. Polly's AST joins tests of flags
; as `(u <= -1 || u >= 1) && (v <= -1 || v >= 1)` (u != 0 and v != 0, a
; conjunction of disjunctions, as in the reference STRMM's branch on UPLO
; around the test of NOUNIT); the importer distributes it into a chain of
; four conjunctions, `if (D1) S else if (D2) S ...`, so that S runs once
; where several hold. Before, the region was not translated ("not an
; affine expression: p_0 <= -1"). A condition of more than eight
; disjuncts (four flags: sixteen) is refused, the region kept as it was.
;
; RUN: %opt -passes=raise -raise-roundtrip -raise-dump=affine -pass-remarks=raise -pass-remarks-missed=raise -S %s -o /dev/null 2>&1 | FileCheck %s

; CHECK-LABEL: func.func @two_flags.raise.0(
; CHECK: affine.if #{{.*}}()[%[[U:arg[0-9]+]], %[[V:arg[0-9]+]]] {
; CHECK: affine.for
; CHECK: } else {
; CHECK-NEXT: affine.if #{{.*}}()[%[[U]], %[[V]]] {
; CHECK: } else {
; CHECK-NEXT: affine.if #{{.*}}()[%[[U]], %[[V]]] {
; CHECK: } else {
; CHECK-NEXT: affine.if #{{.*}}()[%[[U]], %[[V]]] {
; CHECK-NOT: else
; CHECK: return
; CHECK: loop nest in two_flags (where u >= 1 and v >= 1) raised to
; CHECK: SCoP in two_flags spliced as two_flags.raise.0
; CHECK: SCoP in four_flags not translated: condition with more than eight disjuncts:

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @two_flags(ptr noalias %a, ptr noalias %b, i64 %n, i32 %u, i32 %v) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %outer, label %exit

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner.latch ]
  %fu = icmp ne i32 %u, 0
  br i1 %fu, label %test.v, label %inner.latch

test.v:
  %fv = icmp ne i32 %v, 0
  br i1 %fv, label %body, label %inner.latch

body:
  %row = mul nsw i64 %i, %n
  %idx = add nsw i64 %row, %j
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  %x = load float, ptr %pb, align 4
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %y = fmul float %x, 2.0
  store float %y, ptr %pa, align 4
  br label %inner.latch

inner.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}

define void @four_flags(ptr noalias %a, ptr noalias %b, i64 %n, i32 %u, i32 %v, i32 %w, i32 %x) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %outer, label %exit

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner.latch ]
  %fu = icmp ne i32 %u, 0
  br i1 %fu, label %test.v, label %inner.latch

test.v:
  %fv = icmp ne i32 %v, 0
  br i1 %fv, label %test.w, label %inner.latch

test.w:
  %fw = icmp ne i32 %w, 0
  br i1 %fw, label %test.x, label %inner.latch

test.x:
  %fx = icmp ne i32 %x, 0
  br i1 %fx, label %body, label %inner.latch

body:
  %row = mul nsw i64 %i, %n
  %idx = add nsw i64 %row, %j
  %pb = getelementptr inbounds float, ptr %b, i64 %idx
  %y = load float, ptr %pb, align 4
  %pa = getelementptr inbounds float, ptr %a, i64 %idx
  %z = fmul float %y, 2.0
  store float %z, ptr %pa, align 4
  br label %inner.latch

inner.latch:
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %outer.latch, label %inner

outer.latch:
  %i.next = add nuw nsw i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer

exit:
  ret void
}
