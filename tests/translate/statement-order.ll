; Polly splits a block into statements. Joining a loop-carried PHI with its
; incoming value after ordering the statements can give one statement the
; block's first and last accesses, run before those in between (fuzz seed
; 130433; Polly's own code generator miscompiles such a SCoP). The importer
; refuses the region instead of translating it out of order.
;
; RUN: %opt -passes=raise -raise-roundtrip -pass-remarks=raise -pass-remarks-missed=raise -S %s -o - 2>%t.remarks | FileCheck %s
; RUN: FileCheck %s --check-prefix=REMARK < %t.remarks

; REMARK: SCoP in carried not translated: Polly ordered the statements of one block against the block's order (at statement {{.*}})
; REMARK: SCoP in in_order spliced as in_order.raise.0

; CHECK-LABEL: define void @carried(
; CHECK-NOT: call void @carried.raise.0
; CHECK: ret void
; CHECK-LABEL: define void @in_order(
; CHECK: call void @in_order.raise.0

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; for (i) { x = 0; for (j) { c[i][j] = x; b[i][j] += 1; x = 2 * b[i][j]; } }
define void @carried(ptr noalias %b, ptr noalias %c) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %rowb = getelementptr inbounds [64 x float], ptr %b, i64 %i
  %rowc = getelementptr inbounds [64 x float], ptr %c, i64 %i
  br label %inner

inner:
  %x = phi float [ 0.0, %outer ], [ %x.next, %inner ]
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %pc = getelementptr inbounds float, ptr %rowc, i64 %j
  store float %x, ptr %pc
  %pb = getelementptr inbounds float, ptr %rowb, i64 %j
  %v = load float, ptr %pb
  %v.inc = fadd float %v, 1.0
  store float %v.inc, ptr %pb
  %w = load float, ptr %pb
  %x.next = fmul float %w, 2.0
  %j.next = add nuw nsw i64 %j, 1
  %cmp = icmp slt i64 %j.next, 64
  br i1 %cmp, label %inner, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %cmp.i = icmp slt i64 %i.next, 64
  br i1 %cmp.i, label %outer, label %exit

exit:
  ret void
}

; for (i) { x = 0; for (j) { c[i][j] = x; b[i][j] += 1; x = 2 * (b[i][j] + 1); } }
define void @in_order(ptr noalias %b, ptr noalias %c) {
entry:
  br label %outer

outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %rowb = getelementptr inbounds [64 x float], ptr %b, i64 %i
  %rowc = getelementptr inbounds [64 x float], ptr %c, i64 %i
  br label %inner

inner:
  %x = phi float [ 0.0, %outer ], [ %x.next, %inner ]
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %pc = getelementptr inbounds float, ptr %rowc, i64 %j
  store float %x, ptr %pc
  %pb = getelementptr inbounds float, ptr %rowb, i64 %j
  %v = load float, ptr %pb
  %v.inc = fadd float %v, 1.0
  store float %v.inc, ptr %pb
  %x.next = fmul float %v.inc, 2.0
  %j.next = add nuw nsw i64 %j, 1
  %cmp = icmp slt i64 %j.next, 64
  br i1 %cmp, label %inner, label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %cmp.i = icmp slt i64 %i.next, 64
  br i1 %cmp.i, label %outer, label %exit

exit:
  ret void
}
