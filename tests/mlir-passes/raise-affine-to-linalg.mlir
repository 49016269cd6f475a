// raise-affine-to-linalg: affine loop nests become linalg operations that
// compute exactly what the loops computed, or stay as they are.
//
// RUN: raise-opt %s --raise-affine-to-linalg | FileCheck %s
// RUN: raise-opt %s --raise-affine-to-linalg=remarks=1 --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: raise-opt %s --raise-affine-to-linalg=named-ops=0 | FileCheck %s --check-prefix=GENERIC
// RUN: raise-opt %s --raise-affine-to-linalg --raise-tactics=%S/Inputs/contraction.tactics | FileCheck %s --check-prefix=USER
// RUN: not raise-opt %s --raise-affine-to-linalg --raise-tactics=%S/Inputs/malformed.tactics 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not raise-opt %s --raise-affine-to-linalg --raise-tactics=%S/Inputs/no-such-file.tactics 2>&1 | FileCheck %s --check-prefix=MISSING

// MALFORMED: malformed.tactics:5:1: error: expected ',' or ')' in the subscripts of 'matmul', found '}'
// MALFORMED-NOT: linalg
// MISSING: no-such-file.tactics{{.*}}error: cannot read tactics file

// Darknet's gemm_nn: alpha applied to A in the k loop, C's update is
// llvm.intr.fmuladd. linalg.matmul would compute mulf+addf, so the exact
// body stays in a linalg.generic, loops in the source order.
// CHECK-LABEL: func.func @gemm_nn
// CHECK-NOT: affine.for
// CHECK: %[[SA:.*]] = memref.subview %arg0[0, 0]
// CHECK: %[[SB:.*]] = memref.subview %arg1[0, 0]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]{{.*}} ins(%[[SA]], %[[SB]] : {{.*}}) outs(%{{.*}} : {{.*}}) attrs = {raise.tactic = "GEMM"}
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.mulf %arg6, %[[A]] : f32
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[S]], %[[B]], %[[C]])
// CHECK-NEXT: linalg.yield %[[R]]
// REMARK: remark: raised to linalg.generic (GEMM; exact body kept: body is llvm.intr.fmuladd; scaled by a loop invariant), i x j x k = arg3 x arg5 x arg4
func.func @gemm_nn(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                   %p0: index, %p1: index, %p2: index, %alpha: f32) {
  affine.for %i = 0 to %p0 {
    affine.for %k = 0 to %p1 {
      %a = affine.load %A[%i, %k] : memref<?x?xf32>
      %s = arith.mulf %alpha, %a : f32
      affine.for %j = 0 to %p2 {
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%s, %b, %c) : (f32, f32, f32) -> f32
        affine.store %r, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// mulf then addf without fast-math flags is exactly linalg.matmul.
// CHECK-LABEL: func.func @matmul_plain
// CHECK: linalg.matmul {raise.tactic = "GEMM"} ins
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.matmul (GEMM), i x j x k = arg3 x arg4 x arg5
// GENERIC-LABEL: func.func @matmul_plain
// GENERIC-NOT: linalg.matmul
// GENERIC: linalg.generic
func.func @matmul_plain(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Transposed forms take linalg.matmul's indexing maps.
// CHECK-LABEL: func.func @matmul_tb
// CHECK: linalg.matmul indexing_maps = [#[[$MK:.*]], #[[$NK:.*]], #[[$MN:.*]]] {raise.tactic = "GEMM_TB"}
// REMARK: remark: raised to linalg.matmul (GEMM_TB; transposed B)
func.func @matmul_tb(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %b, %a : f32
        %s = arith.addf %p, %c : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @matmul_ta
// CHECK: linalg.matmul indexing_maps = {{.*}} {raise.tactic = "GEMM_TA"}
// REMARK: remark: raised to linalg.matmul (GEMM_TA; transposed A)
func.func @matmul_ta(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %M: index, %N: index, %K: index) {
  affine.for %k = 0 to %K {
    affine.for %i = 0 to %M {
      affine.for %j = 0 to %N {
        %a = affine.load %A[%k, %i] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @matmul_tatb
// CHECK: linalg.matmul indexing_maps = {{.*}} {raise.tactic = "GEMM_TATB"}
// REMARK: remark: raised to linalg.matmul (GEMM_TATB; transposed A, transposed B)
func.func @matmul_tatb(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%k, %i] : memref<?x?xf32>
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Fast-math flags are kept: a generic with the flagged body.
// CHECK-LABEL: func.func @matmul_fastmath
// CHECK: linalg.generic
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// REMARK: remark: raised to linalg.generic (GEMM; exact body kept: body has fast-math flags)
func.func @matmul_fastmath(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b fastmath<contract> : f32
        %s = arith.addf %c, %p fastmath<contract> : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Darknet's gemm_nt: the sum starts at 0 and is added to C after the k loop.
// The reduction goes into a zero-filled temporary, then C + sum elementwise.
// CHECK-LABEL: func.func @gemm_nt_local_sum
// CHECK: %[[T:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: linalg.fill ins(%cst : f32) outs(%[[T]] : memref<?x?xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[T]] : memref<?x?xf32>) attrs = {raise.tactic = "GEMM_TB"}
// CHECK: llvm.intr.fmuladd
// CHECK: linalg.generic {{.*}} ins(%[[T]] : memref<?x?xf32>) outs(%{{.*}} : memref<?x?xf32, strided<[?, 1]>>)
// CHECK-NEXT: ^bb0(%[[SUM:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[ADD:.*]] = arith.addf %[[OUT]], %[[SUM]] : f32
// CHECK-NEXT: linalg.yield %[[ADD]]
// CHECK: memref.dealloc %[[T]]
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (GEMM_TB; exact body kept: body is llvm.intr.fmuladd; scaled by a loop invariant; accumulated through a local scalar)
func.func @gemm_nt_local_sum(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index, %alpha: f32) {
  %sum = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %sum[] : memref<f32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %s = arith.mulf %alpha, %a : f32
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %acc = affine.load %sum[] : memref<f32>
        %r = llvm.intr.fmuladd(%s, %b, %acc) : (f32, f32, f32) -> f32
        affine.store %r, %sum[] : memref<f32>
      }
      %v = affine.load %sum[] : memref<f32>
      %c = affine.load %C[%i, %j] : memref<?x?xf32>
      %n = arith.addf %c, %v : f32
      affine.store %n, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// A local sum stored as it is (C[i][j] = sum): accumulate in C after a fill.
// CHECK-LABEL: func.func @gemm_tt_local_sum_stored
// CHECK-NOT: memref.alloc(
// CHECK: linalg.fill ins(%cst : f32) outs(%[[CV:.*]] : memref<?x?xf32, strided<[?, 1]>>)
// CHECK: linalg.matmul indexing_maps = {{.*}} {raise.tactic = "GEMM_TATB"} ins({{.*}}) outs(%[[CV]] :
// CHECK-NOT: affine.for
func.func @gemm_tt_local_sum_stored(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  %sum = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %sum[] : memref<f32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%k, %i] : memref<?x?xf32>
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %acc = affine.load %sum[] : memref<f32>
        %p = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %p : f32
        affine.store %r, %sum[] : memref<f32>
      }
      %v = affine.load %sum[] : memref<f32>
      affine.store %v, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// A local sum that starts from a bias (acc = bias[j]) and is stored as it
// is: C starts as a copy of the bias (with the initialization's own
// arithmetic), then accumulates in place.
// CHECK-LABEL: func.func @gemm_bias_local_sum
// CHECK-NOT: linalg.fill
// CHECK: %[[CV:.*]] = memref.subview %arg3[0, 0]
// CHECK: %[[CI:.*]] = memref.subview %arg3[0, 0]
// CHECK: %[[BV:.*]] = memref.subview %arg2[0]
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]} ins(%[[BV]] : memref<?xf32, strided<[1]>>) outs(%[[CI]] : memref<?x?xf32, strided<[?, 1]>>) attrs = {raise.tactic = "init"}
// CHECK: arith.mulf
// CHECK: linalg.matmul {{.*}}outs(%[[CV]] :
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.matmul (GEMM; accumulated through a local scalar)
func.func @gemm_bias_local_sum(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index, %two: f32) {
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %b = affine.load %bias[%j] : memref<?xf32>
      %b2 = arith.mulf %b, %two : f32
      affine.store %b2, %sum[] : memref<f32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %x = affine.load %B[%k, %j] : memref<?x?xf32>
        %acc = affine.load %sum[] : memref<f32>
        %p = arith.mulf %a, %x : f32
        %r = arith.addf %acc, %p : f32
        affine.store %r, %sum[] : memref<f32>
      }
      %v = affine.load %sum[] : memref<f32>
      affine.store %v, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Negative: the sum starts from another element of the output it is stored
// to (C[j][i]); copying it first would overwrite elements still to be read.
// CHECK-LABEL: func.func @gemm_init_from_output
// CHECK-NOT: linalg.
// CHECK: affine.for
// REMARK: remark: not raised: the output is also an input (read at other elements)
func.func @gemm_init_from_output(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %N: index, %K: index) {
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %N {
    affine.for %j = 0 to %N {
      %c = affine.load %C[%j, %i] : memref<?x?xf32>
      affine.store %c, %sum[] : memref<f32>
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %x = affine.load %B[%k, %j] : memref<?x?xf32>
        %acc = affine.load %sum[] : memref<f32>
        %p = arith.mulf %a, %x : f32
        %r = arith.addf %acc, %p : f32
        affine.store %r, %sum[] : memref<f32>
      }
      %v = affine.load %sum[] : memref<f32>
      affine.store %v, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// A remainder loop's columns start at (n floordiv 8) * 8: a term of the
// region's parameters alone is part of the subscript's offset.
// CHECK-LABEL: func.func @scale_remainder
// CHECK: memref.subview %arg0[%{{.*}}] [%{{.*}}] [1] : memref<?xf32> to memref<?xf32, strided<[1], offset: ?>>
// CHECK: raise.tactic = "SCALE1"
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (SCALE1)
func.func @scale_remainder(%y: memref<?xf32>, %n: index, %a: f32) {
  affine.for %j = 0 to affine_map<()[s0] -> (s0 mod 8)>()[%n] {
    %v = affine.load %y[%j + (symbol(%n) floordiv 8) * 8] : memref<?xf32>
    %m = arith.mulf %v, %a : f32
    affine.store %m, %y[%j + (symbol(%n) floordiv 8) * 8] : memref<?xf32>
  }
  return
}

// Polybench gemm: C *= beta in the i loop before the k, j nest. The nest is
// split (legal: both statements touch row i only) and each part raised.
// CHECK-LABEL: func.func @polybench_gemm
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} outs(%{{.*}} : memref<1000x1100xf64, strided<[1100, 1]>>) attrs = {raise.tactic = "SCALE2"}
// CHECK: arith.mulf %{{.*}}, %arg4 : f64
// CHECK: linalg.generic {{.*}} attrs = {raise.tactic = "GEMM"}
// CHECK: llvm.intr.fmuladd
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (SCALE2), i x j = 1000 x 1100; linalg.generic (GEMM; exact body kept: body is llvm.intr.fmuladd; scaled by a loop invariant), i x j x k = 1000 x 1100 x 1200
func.func @polybench_gemm(%A: memref<?x1200xf64>, %B: memref<?x1100xf64>, %C: memref<?x1100xf64>, %alpha: f64, %beta: f64) {
  affine.for %i = 0 to 1000 {
    affine.for %j = 0 to 1100 {
      %c = affine.load %C[%i, %j] : memref<?x1100xf64>
      %m = arith.mulf %c, %beta : f64
      affine.store %m, %C[%i, %j] : memref<?x1100xf64>
    }
    affine.for %k = 0 to 1200 {
      affine.for %j = 0 to 1100 {
        %a = affine.load %A[%i, %k] : memref<?x1200xf64>
        %aa = arith.mulf %alpha, %a : f64
        %b = affine.load %B[%k, %j] : memref<?x1100xf64>
        %c = affine.load %C[%i, %j] : memref<?x1100xf64>
        %r = llvm.intr.fmuladd(%aa, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %C[%i, %j] : memref<?x1100xf64>
      }
    }
  }
  return
}

// Constant subscript offsets and a non-zero lower bound become subview
// offsets; the trip count of k is K - 1.
// CHECK-LABEL: func.func @submatrix_offsets
// CHECK-DAG: %[[KM1:.*]] = affine.max #{{.*}}()[%arg5]
// CHECK-DAG: memref.subview %arg0[1, 0] [%{{.*}}, %[[KM1]]] [1, 1]
// CHECK-DAG: memref.subview %arg1[1, 2] [%[[KM1]], %{{.*}}] [1, 1]
// CHECK: linalg.matmul
// REMARK: remark: raised to linalg.matmul (GEMM), i x j x k = arg3 x arg4 x arg5 - 1
func.func @submatrix_offsets(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 1 to %K {
        %a = affine.load %A[%i + 1, %k - 1] : memref<?x?xf32>
        %b = affine.load %B[%k, %j + 2] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Polybench atax: y = 0 on its own; tmp = 0, tmp = A x (matvec) and
// y += A^T tmp (vecmat) share the i loop and are split.
// CHECK-LABEL: func.func @atax
// CHECK: linalg.fill {raise.tactic = "FILL1"}
// CHECK: linalg.fill {raise.tactic = "FILL1"}
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}}raise.tactic = "MATVEC"
// CHECK: llvm.intr.fmuladd
// CHECK: linalg.vecmat {raise.tactic = "MATVEC_T"}
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.fill (FILL1), i = arg5
// REMARK: remark: raised to linalg.fill (FILL1), i = arg4; linalg.generic (MATVEC; exact body kept: body is llvm.intr.fmuladd), i x j = arg4 x arg5; linalg.vecmat (MATVEC_T), j x i = arg5 x arg4
func.func @atax(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %tmp: memref<?xf64>, %M: index, %N: index) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %N {
    affine.store %zero, %y[%i] : memref<?xf64>
  }
  affine.for %i = 0 to %M {
    affine.store %zero, %tmp[%i] : memref<?xf64>
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %xv = affine.load %x[%j] : memref<?xf64>
      %t = affine.load %tmp[%i] : memref<?xf64>
      %r = llvm.intr.fmuladd(%a, %xv, %t) : (f64, f64, f64) -> f64
      affine.store %r, %tmp[%i] : memref<?xf64>
    }
    affine.for %j = 0 to %N {
      %yv = affine.load %y[%j] : memref<?xf64>
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %t = affine.load %tmp[%i] : memref<?xf64>
      %p = arith.mulf %a, %t : f64
      %r = arith.addf %yv, %p : f64
      affine.store %r, %y[%j] : memref<?xf64>
    }
  }
  return
}

// Polybench bicg: two updates in one loop body, s = r A and q = A p.
// CHECK-LABEL: func.func @bicg
// CHECK: linalg.vecmat {raise.tactic = "MATVEC_T"}
// CHECK: linalg.matvec {raise.tactic = "MATVEC"}
// CHECK-NOT: affine.for
func.func @bicg(%A: memref<?x?xf32>, %r: memref<?xf32>, %p: memref<?xf32>, %s: memref<?xf32>, %q: memref<?xf32>, %N: index, %M: index) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to %M {
      %sv = affine.load %s[%j] : memref<?xf32>
      %rv = affine.load %r[%i] : memref<?xf32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %m1 = arith.mulf %rv, %a : f32
      %n1 = arith.addf %sv, %m1 : f32
      affine.store %n1, %s[%j] : memref<?xf32>
      %qv = affine.load %q[%i] : memref<?xf32>
      %pv = affine.load %p[%j] : memref<?xf32>
      %m2 = arith.mulf %a, %pv : f32
      %n2 = arith.addf %qv, %m2 : f32
      affine.store %n2, %q[%i] : memref<?xf32>
    }
  }
  return
}

// Polybench gesummv: the two matrix-vector products are raised; the final
// combination matches no tactic and stays a loop of its own, after them.
// CHECK-LABEL: func.func @gesummv
// CHECK-COUNT-2: linalg.fill
// CHECK: linalg.generic {{.*}}raise.tactic = "MATVEC"
// CHECK: linalg.generic {{.*}}raise.tactic = "MATVEC"
// CHECK: affine.for
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.fill (FILL1), i = arg5; linalg.fill (FILL1), i = arg5; linalg.generic (MATVEC; {{.*}}; linalg.generic (MATVEC; {{.*}}; not raised: the stored value is not an accumulation 'out + x' (found 'llvm.intr.fmuladd')
func.func @gesummv(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %tmp: memref<?xf64>, %N: index, %alpha: f64, %beta: f64) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %N {
    affine.store %zero, %tmp[%i] : memref<?xf64>
    affine.store %zero, %y[%i] : memref<?xf64>
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %xv = affine.load %x[%j] : memref<?xf64>
      %t = affine.load %tmp[%i] : memref<?xf64>
      %r = llvm.intr.fmuladd(%a, %xv, %t) : (f64, f64, f64) -> f64
      affine.store %r, %tmp[%i] : memref<?xf64>
      %b = affine.load %B[%i, %j] : memref<?x?xf64>
      %yv = affine.load %y[%i] : memref<?xf64>
      %r2 = llvm.intr.fmuladd(%b, %xv, %yv) : (f64, f64, f64) -> f64
      affine.store %r2, %y[%i] : memref<?xf64>
    }
    %t2 = affine.load %tmp[%i] : memref<?xf64>
    %y2 = affine.load %y[%i] : memref<?xf64>
    %bt = arith.mulf %beta, %y2 : f64
    %f = llvm.intr.fmuladd(%alpha, %t2, %bt) : (f64, f64, f64) -> f64
    affine.store %f, %y[%i] : memref<?xf64>
  }
  return
}

// CHECK-LABEL: func.func @batched
// CHECK: linalg.batch_matmul {{.*}}raise.tactic = "BATCH_GEMM"
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.batch_matmul (BATCH_GEMM), b x i x j x k = arg3 x arg4 x arg5 x arg6
func.func @batched(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>, %P: index, %M: index, %N: index, %K: index) {
  affine.for %b = 0 to %P {
    affine.for %i = 0 to %M {
      affine.for %j = 0 to %N {
        affine.for %k = 0 to %K {
          %a = affine.load %A[%b, %i, %k] : memref<?x?x?xf32>
          %bb = affine.load %B[%b, %k, %j] : memref<?x?x?xf32>
          %c = affine.load %C[%b, %i, %j] : memref<?x?x?xf32>
          %p = arith.mulf %a, %bb : f32
          %s = arith.addf %c, %p : f32
          affine.store %s, %C[%b, %i, %j] : memref<?x?x?xf32>
        }
      }
    }
  }
  return
}

// Direct NCHW convolution with 3x3 filters: the input view spans H + 3 - 1.
// CHECK-LABEL: func.func @conv_nchw
// CHECK: linalg.conv_2d_nchw_fchw {{.*}}raise.tactic = "CONV2D_NCHW_FCHW"
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.conv_2d_nchw_fchw (CONV2D_NCHW_FCHW), n x f x h x w x c x r x s = arg3 x arg4 x arg5 x arg6 x arg7 x 3 x 3
func.func @conv_nchw(%I: memref<?x?x?x?xf32>, %W: memref<?x?x?x?xf32>, %O: memref<?x?x?x?xf32>, %Nn: index, %F: index, %H: index, %Wd: index, %Cc: index) {
  affine.for %n = 0 to %Nn {
    affine.for %f = 0 to %F {
      affine.for %h = 0 to %H {
        affine.for %w = 0 to %Wd {
          affine.for %c = 0 to %Cc {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %x = affine.load %I[%n, %c, %h + %r, %w + %s] : memref<?x?x?x?xf32>
                %k = affine.load %W[%f, %c, %r, %s] : memref<?x?x?x?xf32>
                %o = affine.load %O[%n, %f, %h, %w] : memref<?x?x?x?xf32>
                %p = arith.mulf %x, %k : f32
                %q = arith.addf %o, %p : f32
                affine.store %q, %O[%n, %f, %h, %w] : memref<?x?x?x?xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins({{.*}}) outs({{.*}}) permutation = [1, 0]  {raise.tactic = "TRANSPOSE2"}
func.func @transpose(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %a, %B[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// A contraction no built-in tactic covers (abc-bda-dc; the built-in TTGT
// tactics are tested in raise-affine-to-linalg-ttgt.mlir): raised only with
// the user's tactic from --raise-tactics.
// CHECK-LABEL: func.func @contraction_abc_bda_dc
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: closest tactic
// USER-LABEL: func.func @contraction_abc_bda_dc
// USER: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "reduction"]{{.*}}raise.tactic = "ABC_BDA_DC"
// USER-NOT: affine.for
// USER: return
func.func @contraction_abc_bda_dc(%A: memref<?x?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?x?xf32>, %Na: index, %Nb: index, %Nc: index, %Nd: index) {
  affine.for %a = 0 to %Na {
    affine.for %b = 0 to %Nb {
      affine.for %c = 0 to %Nc {
        affine.for %d = 0 to %Nd {
          %x = affine.load %A[%b, %d, %a] : memref<?x?x?xf32>
          %y = affine.load %B[%d, %c] : memref<?x?xf32>
          %z = affine.load %C[%a, %b, %c] : memref<?x?x?xf32>
          %p = arith.mulf %x, %y : f32
          %q = arith.addf %z, %p : f32
          affine.store %q, %C[%a, %b, %c] : memref<?x?x?xf32>
        }
      }
    }
  }
  return
}

// C -= A*B in both forms: `C - A*B` (flang, or clang without contraction)
// and `fmuladd(-A, B, C)` (clang's contraction). Each is the accumulation
// of the negated term, bit for bit; the raised body keeps the subtraction
// and the negation.
// CHECK-LABEL: func.func @gemm_subtracts
// CHECK: linalg.generic {{.*}}attrs = {raise.tactic = "GEMM"}
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.subf %[[C]], %[[P]] : f32
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK: linalg.generic {{.*}}attrs = {raise.tactic = "GEMM_TB"}
// CHECK-NEXT: ^bb0(%[[A2:.*]]: f32, %[[B2:.*]]: f32, %[[C2:.*]]: f32):
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A2]] : f32
// CHECK-NEXT: %[[R2:.*]] = llvm.intr.fmuladd(%[[N]], %[[B2]], %[[C2]])
// CHECK-NEXT: linalg.yield %[[R2]]
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (GEMM; exact body kept: body is not out + a * b), i x j x k = arg3 x arg4 x arg5
// REMARK: remark: raised to linalg.generic (GEMM_TB; exact body kept: body is llvm.intr.fmuladd), i x j x k = arg3 x arg4 x arg5
func.func @gemm_subtracts(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.subf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %n = arith.negf %a : f32
        %s = llvm.intr.fmuladd(%n, %b, %c) : (f32, f32, f32) -> f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

//===----------------------------------------------------------------------===//
// Negative cases: left exactly as they were.
//===----------------------------------------------------------------------===//

// C += A*B + 1 is not a multiply-accumulate (nor a sum of two products).
// CHECK-LABEL: func.func @not_mac
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: closest tactic SYR2K_T: subscript 1 of 'B' does not fit index 'k'
func.func @not_mac(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %q = arith.addf %p, %one : f32
        %s = arith.addf %c, %q : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// A[i*i] arrives as memref.load.
// CHECK-LABEL: func.func @non_affine
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: an access is not affine (memref.load)
func.func @non_affine(%A: memref<?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %ii = arith.muli %i, %i : index
        %a = memref.load %A[%ii] : memref<?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// C[i][j] += C[i][k] * B[k][j]: the output is also an input.
// CHECK-LABEL: func.func @output_is_input
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: the output is also an input (read at other elements)
func.func @output_is_input(%B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %C[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// (C + D) + A*B: matching C += X would need reassociation.
// CHECK-LABEL: func.func @reassociation
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: closest tactic GEMM: the update adds to the output only after other terms (matching would need reassociation)
func.func @reassociation(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %D: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %d = affine.load %D[%i, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %c, %d : f32
        %s = arith.addf %t, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// A*B - C subtracts the output: no accumulation.
// CHECK-LABEL: func.func @subtracts_output
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: closest tactic GEMM: the stored value is not an accumulation 'out + x' (found 'arith.subf')
func.func @subtracts_output(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.subf %p, %c : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// B[k][i] where a GEMM has B[k][j].
// CHECK-LABEL: func.func @wrong_access
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: closest tactic GEMM: subscript 1 of 'B' does not fit index 'k'
func.func @wrong_access(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %i] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// A product over a triangle (j < i) is raised over the box around it, with
// C kept as it is outside: rows without an element of the triangle (i = 0)
// are left out of the box, and the cut in the box's coordinates is
// j - i < 1.
// CHECK-LABEL: func.func @triangular
// CHECK-NOT: affine.for
// CHECK: %[[SC:.*]] = memref.subview %arg2[1, 0]
// CHECK: %[[SA:.*]] = memref.subview %arg0[1, 0]
// CHECK: %[[SB:.*]] = memref.subview %arg1[0, 0]
// CHECK: %[[D:.*]] = arith.constant 1 : index
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[SA]], %[[SB]] : {{.*}}) outs(%[[SC]] : {{.*}})
// CHECK: %[[SUM:.*]] = arith.addf
// CHECK-NEXT: %[[I:.*]] = linalg.index 0 : index
// CHECK-NEXT: %[[J:.*]] = linalg.index 1 : index
// CHECK-NEXT: %[[DIFF:.*]] = arith.subi %[[J]], %[[I]] : index
// CHECK-NEXT: %[[IN:.*]] = arith.cmpi slt, %[[DIFF]], %[[D]] : index
// CHECK-NEXT: %[[KEPT:.*]] = arith.select %[[IN]], %[[SUM]], %{{.*}} : f32
// CHECK-NEXT: linalg.yield %[[KEPT]] : f32
// REMARK: remark: raised to linalg.generic (GEMM; over the triangle j <= i - 1), i x j x k = arg3 x arg3 x arg4
func.func @triangular(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// PolyBench's syrk: the scaling of the triangle stays a loop nest (only
// products are raised over triangles), the update after it is raised.
// CHECK-LABEL: func.func @syrk_scaled
// CHECK: affine.for
// CHECK: arith.mulf
// CHECK: affine.store
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (GEMM_TB; over the triangle j <= i), i x j x k = arg2 x arg2 x arg3; not raised: the iteration space is a triangle and no product tactic matches it
func.func @syrk_scaled(%A: memref<?x?xf64>, %C: memref<?x?xf64>, %N: index, %M: index, %beta: f64) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %c = affine.load %C[%i, %j] : memref<?x?xf64>
      %s = arith.mulf %c, %beta : f64
      affine.store %s, %C[%i, %j] : memref<?x?xf64>
    }
    affine.for %k = 0 to %M {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %A[%j, %k] : memref<?x?xf64>
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// A cut between the stored row and the summed index (a triangular factor,
// as trmm's k > i) drops terms of each row's sum: the generic runs over the
// box around the triangle and keeps C where k is outside it.
// CHECK-LABEL: func.func @triangle_on_k
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[K:.*]] = linalg.index 2 : index
// CHECK: %[[D:.*]] = arith.subi %[[K]], %[[I]] : index
// CHECK: %[[IN:.*]] = arith.cmpi sge, %[[D]], %{{.*}} : index
// CHECK: arith.select %[[IN]], %{{.*}}, %{{.*}} : f32
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (GEMM_TA; over the triangle k >= i + 1)
func.func @triangle_on_k(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to %M {
        %a = affine.load %A[%k, %i] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// A cut between the summed index and the stored column (k > j, as a
// column-major trmm's), raised the same way.
// CHECK-LABEL: func.func @triangle_on_k_column
// CHECK: linalg.generic
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[K:.*]] = linalg.index 2 : index
// CHECK: arith.subi %[[K]], %[[J]] : index
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (GEMM; over the triangle k >= j + 1)
func.func @triangle_on_k_column(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%j) to %N {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Not raised: the cut is between two summed indices, j and k, neither of
// which the stored element has.
// CHECK-LABEL: func.func @triangle_between_sums
// CHECK-NOT: linalg
// REMARK: remark: not raised: loop bounds depend on an enclosing loop (a triangle raising handles only between two subscripts of the stored element, or between the summed index and one of them)
func.func @triangle_between_sums(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = affine_map<(d0) -> (d0)>(%j) to %N {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %x[%k] : memref<?xf32>
        %c = affine.load %y[%i] : memref<?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %y[%i] : memref<?xf32>
      }
    }
  }
  return
}

// trmm as PolyBench writes it: B updated in place from the rows below the
// one it writes, then scaled. The loops never read an element they have
// written, so the product reads a copy of B; the scaling of row i is
// followed only by products of later rows, which never read row i, so it
// runs after the whole product.
// CHECK-LABEL: func.func @trmm_in_place
// CHECK: %[[COPY:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: linalg.copy ins(%{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%[[COPY]] : memref<?x?xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[COPY]] : {{.*}}) outs(%{{.*}} : {{.*}}) attrs = {raise.tactic = "GEMM_TA"}
// CHECK: memref.dealloc %[[COPY]]
// CHECK: linalg.generic
// CHECK-SAME: raise.tactic = "SCALE2"
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (GEMM_TA; over the triangle k >= i + 1; in place, reading a copy of the output), i x j x k = arg2 x arg3 x arg2; linalg.generic (SCALE2), i x j = arg2 x arg3
func.func @trmm_in_place(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %M: index, %N: index, %alpha: f32) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = affine_map<(d0) -> (d0 + 1)>(%i) to %M {
        %a = affine.load %A[%k, %i] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %B[%i, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
        affine.store %r, %B[%i, %j] : memref<?x?xf32>
      }
      %v = affine.load %B[%i, %j] : memref<?x?xf32>
      %s = arith.mulf %alpha, %v : f32
      affine.store %s, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// LU's update of row i from the rows above it (ludcmp: `A[i][j] -=
// A[i][k] * A[k][j]`, j >= i, k < i): in place, but no write touches an
// element it reads (rows k < i and row i's columns k < i against row i's
// columns j >= i), so the op reads A itself, no copy.
// CHECK-LABEL: func.func @update_from_rows_above
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg.copy
// CHECK: linalg.generic {{.*}}attrs = {raise.tactic = "MATVEC_T"}
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (MATVEC_T; exact body kept: body is not out + a * b), j x i = arg2 - arg1 x arg1
func.func @update_from_rows_above(%A: memref<?x?xf64>, %i: index, %n: index) {
  affine.for %j = %i to %n {
    affine.for %k = 0 to %i {
      %w = affine.load %A[%i, %j] : memref<?x?xf64>
      %a = affine.load %A[%i, %k] : memref<?x?xf64>
      %b = affine.load %A[%k, %j] : memref<?x?xf64>
      %p = arith.mulf %a, %b : f64
      %r = arith.subf %w, %p : f64
      affine.store %r, %A[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A sum through a local scalar cut on the summed index (k < i): every row
// of C gets the sum's initial value, the first one, with no term, too; the
// generic drops the terms outside the cut.
// CHECK-LABEL: func.func @triangle_on_k_local_sum
// CHECK: %[[ROWS:.*]] = affine.max #{{.*}}()[%arg3]
// CHECK: %[[C:.*]] = memref.subview %arg2[0, 0] [%[[ROWS]], %{{.*}}]
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[C]] :
// CHECK: linalg.generic {{.*}} outs(%[[C]] :
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar), i x j x k = arg3 x arg4 x arg3
func.func @triangle_on_k_local_sum(%U: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index) {
  %zero = arith.constant 0.0 : f32
  %s = memref.alloca() : memref<f32>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %s[] : memref<f32>
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %a = affine.load %U[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %acc = affine.load %s[] : memref<f32>
        %r = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
        affine.store %r, %s[] : memref<f32>
      }
      %v = affine.load %s[] : memref<f32>
      affine.store %v, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// symm: the updates of the rows above, C[k][j] for k < i, come first in
// the loop body, but they must run after the statement that computes each
// row from its own sum, which the loops run for row k before any update of
// it: the split runs the local sum's unit first. Both sum over triangles,
// the updates over the outer loop i > k.
// CHECK-LABEL: func.func @symm_lower
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} attrs = {raise.tactic = "GEMM"}
// CHECK: linalg.generic {{.*}} attrs = {raise.tactic = "GEMM"}
// CHECK: linalg.generic {{.*}} attrs = {raise.tactic = "GEMM_TA"}
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.generic (GEMM; over the triangle k <= i - 1; accumulated through a local scalar), i x j x k = arg3 x arg4 x arg3; linalg.generic (GEMM_TA; over the triangle i <= k - 1; scaled by a loop invariant), i x j x k = arg3 x arg4 x arg3
func.func @symm_lower(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %M: index, %N: index, %alpha: f64, %beta: f64) {
  %zero = arith.constant 0.0 : f64
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %t[] : memref<f64>
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %b = affine.load %B[%i, %j] : memref<?x?xf64>
        %ab = arith.mulf %alpha, %b : f64
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %c = affine.load %C[%k, %j] : memref<?x?xf64>
        %u = llvm.intr.fmuladd(%ab, %a, %c) : (f64, f64, f64) -> f64
        affine.store %u, %C[%k, %j] : memref<?x?xf64>
        %acc = affine.load %t[] : memref<f64>
        %bk = affine.load %B[%k, %j] : memref<?x?xf64>
        %a2 = affine.load %A[%i, %k] : memref<?x?xf64>
        %s = llvm.intr.fmuladd(%bk, %a2, %acc) : (f64, f64, f64) -> f64
        affine.store %s, %t[] : memref<f64>
      }
      %sum = affine.load %t[] : memref<f64>
      %ci = affine.load %C[%i, %j] : memref<?x?xf64>
      %bi = affine.load %B[%i, %j] : memref<?x?xf64>
      %abi = arith.mulf %alpha, %bi : f64
      %aii = affine.load %A[%i, %i] : memref<?x?xf64>
      %d = arith.mulf %abi, %aii : f64
      %e = llvm.intr.fmuladd(%beta, %ci, %d) : (f64, f64, f64) -> f64
      %f = llvm.intr.fmuladd(%alpha, %sum, %e) : (f64, f64, f64) -> f64
      affine.store %f, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Not split: every row is updated from each i, its own included, so its
// updates come both before and after the statement that rescales it.
// CHECK-LABEL: func.func @symm_whole_rows
// CHECK-NOT: linalg
// REMARK: remark: not raised: the statements of the nest cannot be separated
func.func @symm_whole_rows(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>, %M: index, %N: index, %alpha: f64, %beta: f64) {
  %zero = arith.constant 0.0 : f64
  %t = memref.alloca() : memref<f64>
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.store %zero, %t[] : memref<f64>
      affine.for %k = 0 to %M {
        %b = affine.load %B[%i, %j] : memref<?x?xf64>
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %c = affine.load %C[%k, %j] : memref<?x?xf64>
        %u = llvm.intr.fmuladd(%b, %a, %c) : (f64, f64, f64) -> f64
        affine.store %u, %C[%k, %j] : memref<?x?xf64>
        %acc = affine.load %t[] : memref<f64>
        %bk = affine.load %B[%k, %j] : memref<?x?xf64>
        %s = llvm.intr.fmuladd(%bk, %a, %acc) : (f64, f64, f64) -> f64
        affine.store %s, %t[] : memref<f64>
      }
      %sum = affine.load %t[] : memref<f64>
      %ci = affine.load %C[%i, %j] : memref<?x?xf64>
      %f = llvm.intr.fmuladd(%beta, %ci, %sum) : (f64, f64, f64) -> f64
      affine.store %f, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// A rank-2k update whose two terms are added to C one after the other, as
// Fortran's C(I,J) = C(I,J) + A(I,L)*TEMP1 + B(I,L)*TEMP2 evaluates, over
// inputs stored with the summed index first: SYR2K_T, the body kept as the
// loops compute it.
// CHECK-LABEL: func.func @syr2k_one_by_one
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: %[[T1:.*]] = arith.mulf
// CHECK: %[[P1:.*]] = arith.mulf %[[T1]], %{{.*}} : f32
// CHECK: %[[S1:.*]] = arith.addf %{{.*}}, %[[P1]] : f32
// CHECK: %[[T2:.*]] = arith.mulf
// CHECK: %[[P2:.*]] = arith.mulf %[[T2]], %{{.*}} : f32
// CHECK: arith.addf %[[S1]], %[[P2]] : f32
// REMARK: remark: raised to linalg.generic (SYR2K_T; scaled by a loop invariant)
func.func @syr2k_one_by_one(%C: memref<?x?xf32>, %B: memref<?x?xf32>, %A: memref<?x?xf32>, %N: index, %K: index, %alpha: f32) {
  affine.for %j = 0 to %N {
    affine.for %l = 0 to %K {
      affine.for %i = 0 to %N {
        %bj = affine.load %B[%l, %j] : memref<?x?xf32>
        %t1 = arith.mulf %alpha, %bj : f32
        %aj = affine.load %A[%l, %j] : memref<?x?xf32>
        %t2 = arith.mulf %alpha, %aj : f32
        %c = affine.load %C[%j, %i] : memref<?x?xf32>
        %ai = affine.load %A[%l, %i] : memref<?x?xf32>
        %p1 = arith.mulf %t1, %ai : f32
        %s1 = arith.addf %c, %p1 : f32
        %bi = affine.load %B[%l, %i] : memref<?x?xf32>
        %p2 = arith.mulf %t2, %bi : f32
        %s2 = arith.addf %s1, %p2 : f32
        affine.store %s2, %C[%j, %i] : memref<?x?xf32>
      }
    }
  }
  return
}

// Not raised: in place from the rows above, which the loops have already
// updated when they read them.
// CHECK-LABEL: func.func @in_place_rows_above
// CHECK-NOT: linalg
// REMARK: remark: not raised: the output is also an input (read at other elements)
func.func @in_place_rows_above(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      affine.for %k = 0 to affine_map<(d0) -> (d0)>(%i) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %B[%i, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
        affine.store %r, %B[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Not raised: the bound is twice the outer index, no triangle.
// CHECK-LABEL: func.func @bound_not_unit
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: loop bounds depend on an enclosing loop (the iteration space is not a box)
func.func @bound_not_unit(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %K: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to affine_map<(d0) -> (d0 * 2)>(%i) {
      affine.for %k = 0 to %K {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Nests Polly versioned on the function's parameters: remarks say which
// version they are about (the else branch of a one-constraint condition is
// its negation, of a larger one "not (...)").
// CHECK-LABEL: func.func @versioned
// CHECK: affine.if
// CHECK: affine.for
// CHECK: } else {
// CHECK: linalg.matmul
// REMARK: remark: (where arg3 <= 0) not raised:
// REMARK: remark: (where arg3 >= 1 and not (arg4 >= 2 and arg4 - 2 * arg5 + 3 == 0)) raised to linalg.matmul (GEMM)
func.func @versioned(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                     %K: index, %M: index, %N: index) {
  affine.if affine_set<()[s0] : (-s0 >= 0)>()[%K] {
    affine.for %i = 0 to %M {
      affine.for %j = 0 to %N {
        %one = arith.constant 1.0 : f32
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %s = arith.addf %c, %one : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  } else {
    affine.if affine_set<()[s0, s1] : (s0 - 2 >= 0, s0 - s1 * 2 + 3 == 0)>()[%M, %N] {
    } else {
      affine.for %i = 0 to %M {
        affine.for %j = 0 to %N {
          affine.for %k = 0 to %K {
            %a = affine.load %A[%i, %k] : memref<?x?xf32>
            %b = affine.load %B[%k, %j] : memref<?x?xf32>
            %c = affine.load %C[%i, %j] : memref<?x?xf32>
            %p = arith.mulf %a, %b : f32
            %s = arith.addf %c, %p : f32
            affine.store %s, %C[%i, %j] : memref<?x?xf32>
          }
        }
      }
    }
  }
  return
}

// What the conditions around a version imply is not repeated: Polly's
// versions on a pointer's sign (p < 0, p == 0, p > 0) inside "not (K == 0
// and p ...)" read K != 0 beside the one sign, K >= 1 and K >= 0 read K >= 1,
// and p >= 0 with p <= 0 reads p == 0.
// REMARK: remark: (where arg4 != 0 and arg3 <= -1) raised to linalg.matmul (GEMM)
// REMARK: remark: (where arg3 == 0 and arg4 >= 1) raised to linalg.matmul (GEMM)
func.func @versions_implied(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                            %C: memref<?x?xf32>, %p: index, %K: index,
                            %M: index, %N: index) {
  affine.if affine_set<()[s0, s1] : (s0 == 0, -s1 - 1 >= 0)>()[%K, %p] {
  } else {
    affine.if affine_set<()[s0] : (-s0 - 1 >= 0)>()[%p] {
      affine.for %i = 0 to %M {
        affine.for %j = 0 to %N {
          affine.for %k = 0 to %K {
            %a = affine.load %A[%i, %k] : memref<?x?xf32>
            %b = affine.load %B[%k, %j] : memref<?x?xf32>
            %c = affine.load %C[%i, %j] : memref<?x?xf32>
            %q = arith.mulf %a, %b : f32
            %s = arith.addf %c, %q : f32
            affine.store %s, %C[%i, %j] : memref<?x?xf32>
          }
        }
      }
    } else {
      affine.if affine_set<()[s0, s1] : (s0 >= 0, -s0 >= 0, s1 - 1 >= 0, s1 >= 0)>()[%p, %K] {
        affine.for %i = 0 to %M {
          affine.for %j = 0 to %N {
            affine.for %k = 0 to %K {
              %a = affine.load %A[%i, %k] : memref<?x?xf32>
              %b = affine.load %B[%k, %j] : memref<?x?xf32>
              %c = affine.load %C[%i, %j] : memref<?x?xf32>
              %q = arith.mulf %a, %b : f32
              %s = arith.addf %c, %q : f32
              affine.store %s, %C[%i, %j] : memref<?x?xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Not split (fuzz seed 103436): the transpose could be raised on its own,
// but a statement in a triangular loop, itself not raisable, writes A where
// the transpose reads it in later iterations; its accesses count all the
// same.
// CHECK-LABEL: func.func @split_nonbox
// CHECK-NOT: linalg.transpose
// CHECK: affine.for
// REMARK: remark: not raised: the statements of the nest cannot be separated
func.func @split_nonbox(%A: memref<?x40xf32>, %B: memref<?x40xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %0 = affine.load %A[%j + 6, %i + 2] : memref<?x40xf32>
      affine.store %0, %B[%i + 2, %j + 5] : memref<?x40xf32>
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %1 = affine.load %A[%i + 4, %j + 4] : memref<?x40xf32>
        %one = arith.constant 1.0 : f32
        %2 = arith.addf %1, %one : f32
        affine.store %2, %A[%i + 4, %j + 4] : memref<?x40xf32>
      }
    }
  }
  return
}

// Split against program order: C = A + 1 reads A[i][j] before the
// transpose overwrites it in the same iteration, and no other iteration
// touches it, so C's loops run first, then the transpose.
// CHECK-LABEL: func.func @split_order
// CHECK: affine.for
// CHECK: arith.addf
// CHECK: linalg.transpose
// CHECK-NOT: affine.for
// CHECK: return
// REMARK: remark: raised to linalg.transpose (TRANSPOSE2), j x i = arg3 x arg3; not raised: the stored value is not an accumulation 'out + x' (found 'arith.addf')
func.func @split_order(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      affine.store %b, %A[%i, %j] : memref<?x?xf32>
      %one = arith.constant 1.0 : f32
      %s = arith.addf %a, %one : f32
      affine.store %s, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Split: the same statements the other way round (A read after the
// transpose wrote it, in the same iteration) keep their order split.
// CHECK-LABEL: func.func @split_in_order
// CHECK: linalg.transpose
// REMARK: remark: raised to linalg.transpose (TRANSPOSE2)
func.func @split_in_order(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      affine.store %b, %A[%i, %j] : memref<?x?xf32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %one = arith.constant 1.0 : f32
      %s = arith.addf %a, %one : f32
      affine.store %s, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// covariance: the product over the upper triangle, then the division and
// the symmetric copy. The copy stores the value the division stored: it
// reads it back from there instead, becomes a copy of its own, and meets
// the product's elements only on the diagonal, in the same iteration, so
// the nest splits and the product is raised.
// CHECK-LABEL: func.func @covariance
// CHECK: affine.for
// CHECK: affine.store %cst
// CHECK: linalg.generic
// CHECK: arith.cmpi sge
// CHECK: affine.for
// CHECK: %[[D:.*]] = arith.divf
// CHECK-NEXT: affine.store %[[D]], %arg0[%[[I:.*]], %[[J:.*]]]
// CHECK: affine.for
// CHECK: %[[BACK:.*]] = affine.load %arg0[%[[I2:arg[0-9]+]], %[[J2:arg[0-9]+]]]
// CHECK-NEXT: affine.store %[[BACK]], %arg0[%[[J2]], %[[I2]]]
// REMARK: remark: raised to linalg.generic (GEMM_TA; over the triangle j >= i), i x j x k = arg2 x arg2 x arg3; not raised: the iteration space is a triangle and no product tactic matches it
func.func @covariance(%cov: memref<?x?xf64>, %data: memref<?x?xf64>, %M: index, %N: index, %n1: f64) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to %M {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %M {
      affine.store %zero, %cov[%i, %j] : memref<?x?xf64>
      affine.for %k = 0 to %N {
        %c = affine.load %cov[%i, %j] : memref<?x?xf64>
        %a = affine.load %data[%k, %i] : memref<?x?xf64>
        %b = affine.load %data[%k, %j] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %cov[%i, %j] : memref<?x?xf64>
      }
      %s = affine.load %cov[%i, %j] : memref<?x?xf64>
      %d = arith.divf %s, %n1 : f64
      affine.store %d, %cov[%i, %j] : memref<?x?xf64>
      affine.store %d, %cov[%j, %i] : memref<?x?xf64>
    }
  }
  return
}

// Not split: over the whole square the copy C[j][i] overwrites elements the
// product of a later iteration reads.
// CHECK-LABEL: func.func @symmetric_square
// CHECK: affine.for
// CHECK-NOT: linalg
// REMARK: remark: not raised: the statements of the nest cannot be separated
func.func @symmetric_square(%cov: memref<?x?xf64>, %data: memref<?x?xf64>, %M: index, %N: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %M {
      affine.for %k = 0 to %N {
        %c = affine.load %cov[%i, %j] : memref<?x?xf64>
        %a = affine.load %data[%k, %i] : memref<?x?xf64>
        %b = affine.load %data[%k, %j] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %cov[%i, %j] : memref<?x?xf64>
      }
      %s = affine.load %cov[%i, %j] : memref<?x?xf64>
      affine.store %s, %cov[%j, %i] : memref<?x?xf64>
    }
  }
  return
}

// correlation: the strict upper triangle (j from i + 1, as Polly counts it:
// j' from i, subscripts j' + 1), its copy into the strict lower one: the two
// never meet, the product is raised.
// CHECK-LABEL: func.func @correlation
// CHECK: linalg.generic
// REMARK: remark: raised to linalg.generic (GEMM_TA; over the triangle j >= i), i x j x k = arg2 - 1 x arg2 - 1 x arg3; not raised: the iteration space is a triangle and no product tactic matches it
func.func @correlation(%corr: memref<?x?xf64>, %data: memref<?x?xf64>, %M: index, %N: index) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to affine_map<()[s0] -> (s0 - 1)>()[%M] {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<()[s0] -> (s0 - 1)>()[%M] {
      affine.store %zero, %corr[%i, %j + 1] : memref<?x?xf64>
      affine.for %k = 0 to %N {
        %c = affine.load %corr[%i, %j + 1] : memref<?x?xf64>
        %a = affine.load %data[%k, %i] : memref<?x?xf64>
        %b = affine.load %data[%k, %j + 1] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %corr[%i, %j + 1] : memref<?x?xf64>
      }
      %s = affine.load %corr[%i, %j + 1] : memref<?x?xf64>
      affine.store %s, %corr[%j + 1, %i] : memref<?x?xf64>
    }
  }
  return
}

// Not split: the copy goes to X[i + 1][j], which a later iteration of the
// product (i + 1, j) accumulates into.
// CHECK-LABEL: func.func @copy_shifted_into_triangle
// CHECK-NOT: linalg
// REMARK: remark: not raised: the statements of the nest cannot be separated
func.func @copy_shifted_into_triangle(%X: memref<?x?xf64>, %data: memref<?x?xf64>, %M: index, %N: index) {
  affine.for %i = 1 to %M {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %M {
      affine.for %k = 0 to %N {
        %c = affine.load %X[%i, %j] : memref<?x?xf64>
        %a = affine.load %data[%k, %i] : memref<?x?xf64>
        %b = affine.load %data[%k, %j] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %X[%i, %j] : memref<?x?xf64>
      }
      %s = affine.load %X[%i, %j] : memref<?x?xf64>
      affine.store %s, %X[%i + 1, %j] : memref<?x?xf64>
    }
  }
  return
}

// Split all the same: the copy goes to X[j - 1][i], which only earlier
// iterations of the product, (i - 1, i) and (i, i), accumulate into; the
// affine dependence test proves that no later one does.
// CHECK-LABEL: func.func @copy_shifted_behind_triangle
// CHECK: linalg.generic
// CHECK-SAME: raise.tactic = "GEMM_TA"
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} - 1, %{{.*}}]
// REMARK: remark: raised to linalg.generic (GEMM_TA; over the triangle j >= i)
func.func @copy_shifted_behind_triangle(%X: memref<?x?xf64>, %data: memref<?x?xf64>, %M: index, %N: index) {
  affine.for %i = 1 to %M {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to %M {
      affine.for %k = 0 to %N {
        %c = affine.load %X[%i, %j] : memref<?x?xf64>
        %a = affine.load %data[%k, %i] : memref<?x?xf64>
        %b = affine.load %data[%k, %j] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
        affine.store %r, %X[%i, %j] : memref<?x?xf64>
      }
      %s = affine.load %X[%i, %j] : memref<?x?xf64>
      affine.store %s, %X[%j - 1, %i] : memref<?x?xf64>
    }
  }
  return
}

// A local sum over a triangle goes through a temporary over the box; the
// epilogue that stores it keeps C outside the triangle too.
// CHECK-LABEL: func.func @triangle_local_sum
// CHECK: %[[T:.*]] = memref.alloc(
// CHECK: linalg.fill {{.*}} outs(%[[T]]
// CHECK: linalg.generic {{.*}} outs(%[[T]]
// CHECK: arith.cmpi slt
// CHECK: linalg.generic {{.*}} ins(%[[T]]
// CHECK: %[[SUM:.*]] = arith.addf
// CHECK: %[[IN:.*]] = arith.cmpi slt
// CHECK-NEXT: arith.select %[[IN]], %[[SUM]], %{{.*}} : f64
// CHECK: memref.dealloc %[[T]]
func.func @triangle_local_sum(%A: memref<?x?xf64>, %C: memref<?x?xf64>, %N: index, %K: index) {
  %zero = arith.constant 0.0 : f64
  %s = memref.alloca() : memref<f64>
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.store %zero, %s[] : memref<f64>
      affine.for %k = 0 to %K {
        %acc = affine.load %s[] : memref<f64>
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %A[%j, %k] : memref<?x?xf64>
        %r = llvm.intr.fmuladd(%a, %b, %acc) : (f64, f64, f64) -> f64
        affine.store %r, %s[] : memref<f64>
      }
      %v = affine.load %s[] : memref<f64>
      %c = affine.load %C[%i, %j] : memref<?x?xf64>
      %n = arith.addf %c, %v : f64
      affine.store %n, %C[%i, %j] : memref<?x?xf64>
    }
  }
  return
}

// Not raised: a batch of triangles (four loops); only products of three
// loops are masked by the tuned GEMM.
// CHECK-LABEL: func.func @batched_triangle
// CHECK-NOT: linalg
// REMARK: remark: not raised: the iteration space is a triangle and no product tactic matches it
func.func @batched_triangle(%A: memref<?x?x?xf32>, %C: memref<?x?x?xf32>, %Nb: index, %N: index, %K: index) {
  affine.for %b = 0 to %Nb {
    affine.for %i = 0 to %N {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        affine.for %k = 0 to %K {
          %x = affine.load %A[%b, %i, %k] : memref<?x?x?xf32>
          %y = affine.load %A[%b, %j, %k] : memref<?x?x?xf32>
          %c = affine.load %C[%b, %i, %j] : memref<?x?x?xf32>
          %r = llvm.intr.fmuladd(%x, %y, %c) : (f32, f32, f32) -> f32
          affine.store %r, %C[%b, %i, %j] : memref<?x?x?xf32>
        }
      }
    }
  }
  return
}

// Not split: two stores use a row's sum (`y[i] = -sum; z[i] = -y[i]`); the
// second, split off from the sum's unit, would read the local scalar after
// the raised product no longer writes it (it did: NaN). raise-split-
// recurrences splits such rows before this pass.
// CHECK-LABEL: func.func @split_local_scalar_reader
// CHECK-NOT: linalg.generic
// CHECK: affine.for
// REMARK: remark: not raised: the statements of the nest cannot be separated
func.func @split_local_scalar_reader(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.store %zero, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    %neg = arith.negf %s : f32
    affine.store %neg, %y[%i] : memref<?xf32>
    %pos = arith.negf %neg : f32
    affine.store %pos, %z[%i] : memref<?xf32>
  }
  return
}

// An int32 GEMM is a linalg.matmul: linalg's integer matmul multiplies and
// adds as the loops do, and the tuned kernels lower it.
// CHECK-LABEL: func.func @integer_gemm
// CHECK: linalg.matmul {{.*}}ins(%{{.*}}, %{{.*}} : memref<?x?xi32, {{.*}}>, memref<?x?xi32, {{.*}}>)
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.matmul (GEMM), i x j x k = arg3 x arg3 x arg3
func.func @integer_gemm(%A: memref<?x?xi32>, %B: memref<?x?xi32>, %C: memref<?x?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xi32>
        %b = affine.load %B[%k, %j] : memref<?x?xi32>
        %c = affine.load %C[%i, %j] : memref<?x?xi32>
        %p = arith.muli %a, %b : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<?x?xi32>
      }
    }
  }
  return
}

// int16 inputs summed in int32 (quantized inference's products): a GEMM
// whose body widens each input; the tuned kernel widens them as it packs.
// CHECK-LABEL: func.func @integer_widened_inputs
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : memref<?x?xi16, strided<[?, 1]>>, memref<?x?xi16, strided<[?, 1]>>) outs(%{{.*}} : memref<?x?xi32, strided<[?, 1]>>)
// CHECK: arith.extsi %{{.*}} : i16 to i32
// CHECK: arith.extsi %{{.*}} : i16 to i32
// CHECK: arith.muli
// CHECK-NOT: affine.for
// REMARK: remark: raised to linalg.generic (GEMM; exact body kept: product is scaled or converted)
func.func @integer_widened_inputs(%A: memref<?x?xi16>, %B: memref<?x?xi16>, %C: memref<?x?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xi16>
        %b = affine.load %B[%k, %j] : memref<?x?xi16>
        %c = affine.load %C[%i, %j] : memref<?x?xi32>
        %a32 = arith.extsi %a : i16 to i32
        %b32 = arith.extsi %b : i16 to i32
        %p = arith.muli %a32, %b32 : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<?x?xi32>
      }
    }
  }
  return
}

// Not raised: int64 inputs truncated into an int32 sum (no tuned kernel
// narrows them) and an integer matvec (no tuned integer matvec): the loops
// vectorize as they are.
// CHECK-LABEL: func.func @integer_narrowed_inputs
// CHECK-NOT: linalg.
// CHECK: affine.for
// REMARK: remark: not raised: a sum of integers that is no 32-bit GEMM over inputs of its own type or narrower
func.func @integer_narrowed_inputs(%A: memref<?x?xi64>, %B: memref<?x?xi64>, %C: memref<?x?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %n {
        %a = affine.load %A[%i, %k] : memref<?x?xi64>
        %b = affine.load %B[%k, %j] : memref<?x?xi64>
        %c = affine.load %C[%i, %j] : memref<?x?xi32>
        %a32 = arith.trunci %a : i64 to i32
        %b32 = arith.trunci %b : i64 to i32
        %p = arith.muli %a32, %b32 : i32
        %s = arith.addi %c, %p : i32
        affine.store %s, %C[%i, %j] : memref<?x?xi32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @integer_matvec
// CHECK-NOT: linalg.
// CHECK: affine.for
// REMARK: remark: not raised: a sum of integers that is no 32-bit GEMM
func.func @integer_matvec(%A: memref<?x?xi32>, %x: memref<?xi32>, %y: memref<?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xi32>
      %b = affine.load %x[%j] : memref<?xi32>
      %c = affine.load %y[%i] : memref<?xi32>
      %p = arith.muli %a, %b : i32
      %s = arith.addi %c, %p : i32
      affine.store %s, %y[%i] : memref<?xi32>
    }
  }
  return
}

// The reference STRMM from the right, lower (`DO J = 1,N`: column J scaled
// by its diagonal element, then updated from the columns right of it,
// which the loop has not reached yet). In place, the update's reads order
// it before the scaling of later columns, and the scaling before the
// update of its own column: the statements cannot be separated. Those
// reads see only values from before the nest, so they read a copy of the
// columns they read (1 to n - 1), taken before it, and the product is
// raised over its triangle.
// CHECK-LABEL: func.func @trmm_right_lower
// CHECK: %[[COPY:.*]] = memref.alloc
// CHECK: affine.for
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %[[COPY]]
// CHECK: %[[CUT:.*]] = memref.subview %[[COPY]][1, 0]
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}}, %[[CUT]] :
// CHECK: memref.dealloc %[[COPY]]
// REMARK: remark: raised to linalg.generic (GEMM; over the triangle k >= i + 1; scaled by a loop invariant), i x j x k = arg3 x arg2 x arg3; not raised:
func.func @trmm_right_lower(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %alpha: f32) {
  affine.for %j = 0 to %n {
    %d = affine.load %A[%j, %j] : memref<?x?xf32>
    %t = arith.mulf %alpha, %d : f32
    affine.for %i = 0 to %m {
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      %s = arith.mulf %t, %b : f32
      affine.store %s, %B[%j, %i] : memref<?x?xf32>
    }
    affine.for %k = affine_map<(d0) -> (d0 + 1)>(%j) to %n {
      %a = affine.load %A[%j, %k] : memref<?x?xf32>
      %ta = arith.mulf %alpha, %a : f32
      affine.for %i = 0 to %m {
        %c = affine.load %B[%j, %i] : memref<?x?xf32>
        %x = affine.load %B[%k, %i] : memref<?x?xf32>
        %p = arith.mulf %ta, %x : f32
        %r = arith.addf %c, %p : f32
        affine.store %r, %B[%j, %i] : memref<?x?xf32>
      }
    }
  }
  return
}

// The same reading the columns left of J, which the loop has updated: no
// copy, nothing raised.
// CHECK-LABEL: func.func @reads_updated_columns
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg
// CHECK: return
// REMARK: remark: not raised:
func.func @reads_updated_columns(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %alpha: f32) {
  affine.for %j = 0 to %n {
    %d = affine.load %A[%j, %j] : memref<?x?xf32>
    %t = arith.mulf %alpha, %d : f32
    affine.for %i = 0 to %m {
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      %s = arith.mulf %t, %b : f32
      affine.store %s, %B[%j, %i] : memref<?x?xf32>
    }
    affine.for %k = 0 to affine_map<(d0) -> (d0)>(%j) {
      %a = affine.load %A[%j, %k] : memref<?x?xf32>
      %ta = arith.mulf %alpha, %a : f32
      affine.for %i = 0 to %m {
        %c = affine.load %B[%j, %i] : memref<?x?xf32>
        %x = affine.load %B[%k, %i] : memref<?x?xf32>
        %p = arith.mulf %ta, %x : f32
        %r = arith.addf %c, %p : f32
        affine.store %r, %B[%j, %i] : memref<?x?xf32>
      }
    }
  }
  return
}

// The reference STRMM from the left, upper, not transposed: column J is
// updated by an AXPY per K, `B(I,J) += TEMP*A(I,K)` for I < K, then
// B(K,J) is overwritten with TEMP = ALPHA*B(K,J), scaled by the diagonal
// or not. TEMP goes to other elements than the one it is loaded from,
// which no store has written yet: it is read from a copy, the scaling
// runs first and the AXPYs become a product over the triangle above the
// diagonal. The unit version sits in the else region of the flag's test,
// whose dependences are tested on a clone outside it.
// CHECK-LABEL: func.func @trmm_left_axpy
// CHECK: affine.if
// CHECK: memref.alloc
// CHECK: linalg.generic
// CHECK: } else {
// CHECK: memref.alloc
// CHECK: linalg.generic
// REMARK: remark: (where arg5 >= 1) raised to linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant), i x j x k = arg3 x arg2 x arg2; not raised: the product has a factor the pattern does not have ('affine.load')
// REMARK: remark: (where arg5 <= 0) raised to linalg.generic (COPY2; exact body kept: stored value is not the input element as it is; scaled by a loop invariant), i x j = arg3 x arg2; linalg.generic (GEMM; over the triangle j <= k - 1; scaled by a loop invariant), i x j x k = arg3 x arg2 x arg2
func.func @trmm_left_axpy(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %alpha: f32, %nounit: index) {
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%nounit] {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %m {
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %t = arith.mulf %alpha, %b : f32
        affine.for %i = 0 to affine_map<(d0) -> (d0)>(%k) {
          %c = affine.load %B[%j, %i] : memref<?x?xf32>
          %a = affine.load %A[%k, %i] : memref<?x?xf32>
          %p = arith.mulf %t, %a : f32
          %r = arith.addf %c, %p : f32
          affine.store %r, %B[%j, %i] : memref<?x?xf32>
        }
        %d = affine.load %A[%k, %k] : memref<?x?xf32>
        %s = arith.mulf %t, %d : f32
        affine.store %s, %B[%j, %k] : memref<?x?xf32>
      }
    }
  } else {
    affine.for %j = 0 to %n {
      affine.for %k = 0 to %m {
        %b = affine.load %B[%j, %k] : memref<?x?xf32>
        %t = arith.mulf %alpha, %b : f32
        affine.for %i = 0 to affine_map<(d0) -> (d0)>(%k) {
          %c = affine.load %B[%j, %i] : memref<?x?xf32>
          %a = affine.load %A[%k, %i] : memref<?x?xf32>
          %p = arith.mulf %t, %a : f32
          %r = arith.addf %c, %p : f32
          affine.store %r, %B[%j, %i] : memref<?x?xf32>
        }
        affine.store %t, %B[%j, %k] : memref<?x?xf32>
      }
    }
  }
  return
}

// The same with the AXPY over every row of the column: B(K,J) is updated
// by the AXPYs of earlier K before it is loaded, so it is no value from
// before the nest; nothing is raised.
// CHECK-LABEL: func.func @axpy_reads_updated
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg
// CHECK: return
// REMARK: remark: not raised: closest tactic FILL2: the product has a factor the pattern does not have ('affine.load')
func.func @axpy_reads_updated(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %alpha: f32) {
  affine.for %j = 0 to %n {
    affine.for %k = 0 to %m {
      %b = affine.load %B[%j, %k] : memref<?x?xf32>
      %t = arith.mulf %alpha, %b : f32
      affine.for %i = 0 to %m {
        %c = affine.load %B[%j, %i] : memref<?x?xf32>
        %a = affine.load %A[%k, %i] : memref<?x?xf32>
        %p = arith.mulf %t, %a : f32
        %r = arith.addf %c, %p : f32
        affine.store %r, %B[%j, %i] : memref<?x?xf32>
      }
      %d = affine.load %A[%k, %k] : memref<?x?xf32>
      %s = arith.mulf %t, %d : f32
      affine.store %s, %B[%j, %k] : memref<?x?xf32>
    }
  }
  return
}

// A sum of every element into a scalar set before the nest and read after
// it (Fortran's `sum(c)`): a reduction, no product, and the remark says so.
// CHECK-LABEL: func.func @whole_sum
// CHECK-NOT: linalg
// CHECK: return
// REMARK: remark: not raised: it sums into local scalars that outlive the nest (a reduction, not a product), which its loops compute in the source's order
func.func @whole_sum(%A: memref<?x?xf32>, %m: index, %n: index, %out: memref<f32>) {
  %s = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %s[] : memref<f32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %v = affine.load %s[] : memref<f32>
      %t = arith.addf %v, %a : f32
      affine.store %t, %s[] : memref<f32>
    }
  }
  %r = affine.load %s[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}
