; Where a multiply with `contract` fuses into an add is the code generator's
; choice: it fuses a multiply of one use into an add of the same block. The
; importer keeps `contract` on a multiply only where that holds in the
; source, so that the raised code fuses what the source's code fuses, and
; nothing else (the reference SGEMM's `ALPHA*TEMP + BETA*C(I,J)`, with
; ALPHA*TEMP shared by two branches, rounded differently otherwise).
;
; RUN: %opt -passes=raise -raise-roundtrip -raise-dump=affine -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: func.func @axpby.raise.0(
; The multiply shared by the two branches loses `contract`; the one used
; once, by the add beside it, keeps it.
; CHECK-DAG: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc,nsz,arcp,afn> : f32
; CHECK-DAG: arith.mulf %{{.*}}, %{{.*}} fastmath<reassoc,nsz,arcp,contract,afn> : f32
; CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,nsz,arcp,contract,afn> : f32

define void @axpby(i64 %n, float %alpha, float %beta, i1 %zero, ptr noalias %x, ptr noalias %y) {
entry:
  %pos = icmp sgt i64 %n, 0
  br i1 %pos, label %loop, label %exit

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %py = getelementptr inbounds float, ptr %y, i64 %i
  %xv = load float, ptr %px, align 4
  %t = fmul reassoc nsz arcp contract afn float %alpha, %xv
  br i1 %zero, label %store.t, label %add

add:
  %yv = load float, ptr %py, align 4
  %by = fmul reassoc nsz arcp contract afn float %beta, %yv
  %sum = fadd reassoc nsz arcp contract afn float %t, %by
  store float %sum, ptr %py, align 4
  br label %latch

store.t:
  store float %t, ptr %py, align 4
  br label %latch

latch:
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
