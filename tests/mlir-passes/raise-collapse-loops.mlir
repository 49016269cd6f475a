// raise-collapse-loops: parallel loops of a reduction that every operand
// indexes as adjacent dimensions become one loop over views with those
// dimensions merged, behind a run-time check of the strides; the original
// operation is the fallback. Anything else is left alone.
//
// RUN: raise-opt %s --raise-collapse-loops | FileCheck %s
// RUN: raise-opt %s --raise-collapse-loops --raise-split-batch --raise-tile-matmul \
// RUN:   | FileCheck %s --check-prefix=TILED

// out[b][t][o] = sum_i inp[b][t][i] * w[o][i] (llm.c's matmul_forward_naive):
// b and t are one row index of B * T rows where inp's and out's strides
// say so.
// CHECK-LABEL: func.func @rows_over_two_loops(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?x?xf32>, %[[W:[a-z0-9]+]]: memref<?x?xf32>, %[[C:[a-z0-9]+]]: memref<?x?x?xf32>)
// CHECK-DAG: %[[BA:.*]], %[[OA:.*]], %[[SA:.*]]:3, %[[TA:.*]]:3 = memref.extract_strided_metadata %[[A]]
// CHECK-DAG: %[[BC:.*]], %[[OC:.*]], %[[SC:.*]]:3, %[[TC:.*]]:3 = memref.extract_strided_metadata %[[C]]
// CHECK-DAG: %[[RA:.*]] = arith.muli %[[SA]]#0, %[[SA]]#1
// CHECK-DAG: %[[EA:.*]] = arith.muli %[[TA]]#1, %[[SA]]#1
// CHECK-DAG: arith.cmpi eq, %[[TA]]#0, %[[EA]]
// CHECK-DAG: %[[VA:.*]] = memref.reinterpret_cast %[[A]] to offset: [%[[OA]]], sizes: [%[[RA]], %[[SA]]#2], strides: [%[[TA]]#1, %[[TA]]#2]
// CHECK-DAG: %[[VC:.*]] = memref.reinterpret_cast %[[C]] to offset: [%[[OC]]], sizes: [{{.*}}, %[[SC]]#2], strides: [%[[TC]]#1, %[[TC]]#2]
// CHECK: scf.if
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[MA:.*]], #[[MW:.*]], #[[MC:.*]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[VA]], %[[W]] : memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>) outs(%[[VC]] : {{.*}}) attrs = {raise.tactic = "GEMM_3D_TB"}
// CHECK: llvm.intr.fmuladd
// CHECK: } else {
// CHECK-NEXT: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[W]] :
// The merged generic is a GEMM the kernels take; the fallback is a loop
// over b around one (raise-split-batch).
// TILED-LABEL: func.func @rows_over_two_loops(
// TILED: scf.if
// TILED-NOT: linalg.generic
// TILED: llvm.intr.fmuladd(%{{.*}}) : (vector<
// TILED: } else {
// TILED: scf.for
// TILED-NOT: linalg.generic
// TILED: llvm.intr.fmuladd(%{{.*}}) : (vector<
func.func @rows_over_two_loops(%A: memref<?x?x?xf32>, %W: memref<?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, t, o, i) -> (b, t, i)>,
                                   affine_map<(b, t, o, i) -> (o, i)>,
                                   affine_map<(b, t, o, i) -> (b, t, o)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %W : memref<?x?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?x?xf32>) attrs = {raise.tactic = "GEMM_3D_TB"} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not collapsed: t and b are adjacent in both, but in the other order in A
// than in C.
// CHECK-LABEL: func.func @swapped(
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
func.func @swapped(%A: memref<?x?x?xf32>, %W: memref<?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, t, o, i) -> (t, b, i)>,
                                   affine_map<(b, t, o, i) -> (o, i)>,
                                   affine_map<(b, t, o, i) -> (b, t, o)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %W : memref<?x?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not collapsed: the two reduction loops of a contraction (merging them
// would be exact too, but is not what this pass does), and a generic
// without a reduction (an element-wise copy gains nothing).
// CHECK-LABEL: func.func @reductions(
// CHECK-NOT: scf.if
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
func.func @reductions(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k, l) -> (i, k, l)>,
                                   affine_map<(i, j, k, l) -> (k, l, j)>,
                                   affine_map<(i, j, k, l) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @copy(
// CHECK-NOT: scf.if
// CHECK: linalg.generic
func.func @copy(%A: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, t, o) -> (b, t, o)>,
                                   affine_map<(b, t, o) -> (b, t, o)>],
                  iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%A : memref<?x?x?xf32>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %z: f32):
    linalg.yield %x : f32
  }
  return
}
