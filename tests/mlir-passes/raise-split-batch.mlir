// raise-split-batch: batched matmul-like generics become loops over the
// batch around a three-loop generic on rank-reduced views, with the body
// unchanged; anything else is left alone.
//
// RUN: raise-opt %s --raise-split-batch | FileCheck %s
// RUN: raise-opt %s --raise-split-batch --raise-tile-matmul | FileCheck %s --check-prefix=TILED

#a = affine_map<(b, i, j, k) -> (b, i, k)>
#b = affine_map<(b, i, j, k) -> (b, k, j)>
#c = affine_map<(b, i, j, k) -> (b, i, j)>

// C[b] += A[b] * B[b], the body an fmuladd.
// CHECK-LABEL: func.func @batched(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?x?xf32>, %[[B:[a-z0-9]+]]: memref<?x?x?xf32>, %[[C:[a-z0-9]+]]: memref<?x?x?xf32>)
// CHECK: %[[NB:.*]] = memref.dim %[[A]], %c0
// CHECK: scf.for %[[IV:.*]] = %c0{{.*}} to %[[NB]] step %c1
// CHECK-DAG: %[[VA:.*]] = memref.subview %[[A]][%[[IV]], 0, 0] [1, {{.*}}] [1, 1, 1] : memref<?x?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[VB:.*]] = memref.subview %[[B]][%[[IV]], 0, 0] [1, {{.*}}] [1, 1, 1]
// CHECK-DAG: %[[VC:.*]] = memref.subview %[[C]][%[[IV]], 0, 0] [1, {{.*}}] [1, 1, 1]
// CHECK: linalg.generic {indexing_maps = [#[[MA:.*]], #[[MB:.*]], #[[MC:.*]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[VA]], %[[VB]] : {{.*}}) outs(%[[VC]] : {{.*}}) attrs = {raise.tactic = "BATCH_GEMM"}
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32):
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[X]], %[[Y]], %[[Z]])
// CHECK-NEXT: linalg.yield %[[R]]
// CHECK-NOT: linalg.generic
// TILED-LABEL: func.func @batched(
// TILED: scf.for
// TILED-NOT: linalg.generic
// TILED: vector.maskedload
// TILED: llvm.intr.fmuladd(%{{.*}}) : (vector<
func.func @batched(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%C : memref<?x?x?xf32>) attrs = {raise.tactic = "BATCH_GEMM"} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// The batch loop need not be outermost, nor its subscript first.
// CHECK-LABEL: func.func @batch_inside(
// CHECK: scf.for %[[IV:.*]] =
// CHECK-DAG: memref.subview %arg0[0, %[[IV]], 0]
// CHECK-DAG: memref.subview %arg1[0, 0, %[[IV]]]
// CHECK-DAG: memref.subview %arg2[%[[IV]], 0, 0]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
func.func @batch_inside(%A: memref<?x?x?xf64>, %B: memref<?x?x?xf64>, %C: memref<?x?x?xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, b, j, k) -> (i, b, k)>,
                                   affine_map<(i, b, j, k) -> (k, j, b)>,
                                   affine_map<(i, b, j, k) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf64>, memref<?x?x?xf64>) outs(%C : memref<?x?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %z, %p : f64
    linalg.yield %r : f64
  }
  return
}

// Not split: a plain GEMM (nothing to split).
// CHECK-LABEL: func.func @gemm(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// The fourth loop indexes only the output and one input: B is shared by
// every batch (a weight matrix applied to each image), and read whole.
// CHECK-LABEL: func.func @not_every_operand(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?x?xf32>, %[[B:[a-z0-9]+]]: memref<?x?xf32>, %[[C:[a-z0-9]+]]: memref<?x?x?xf32>)
// CHECK: scf.for %[[IV:.*]] =
// CHECK-DAG: %[[VA:.*]] = memref.subview %[[A]][%[[IV]], 0, 0] [1, {{.*}}] [1, 1, 1]
// CHECK-DAG: %[[VB:.*]] = memref.subview %[[B]][0, 0] [{{.*}}] [1, 1]
// CHECK-DAG: %[[VC:.*]] = memref.subview %[[C]][%[[IV]], 0, 0] [1, {{.*}}] [1, 1, 1]
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[VA]], %[[VB]] : {{.*}}) outs(%[[VC]] :
// TILED-LABEL: func.func @not_every_operand(
// TILED: scf.for
// TILED-NOT: linalg.generic
// TILED: llvm.intr.fmuladd(%{{.*}}) : (vector<
func.func @not_every_operand(%A: memref<?x?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b, i, k)>,
                                   affine_map<(b, i, j, k) -> (k, j)>,
                                   affine_map<(b, i, j, k) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not split: the batch subscript is not the loop alone (b + k).
// CHECK-LABEL: func.func @shifted_batch(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @shifted_batch(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(b, i, j, k) -> (b + k, i, k)>,
                                   affine_map<(b, i, j, k) -> (b, k, j)>,
                                   affine_map<(b, i, j, k) -> (b, i, j)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%C : memref<?x?x?xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Left alone: the body reads its loop indices (a triangle's cut), which
// would name other loops once the batch loop is dropped.
// CHECK-LABEL: func.func @reads_indices(
// CHECK-NOT: scf.for
// CHECK: linalg.index 1
func.func @reads_indices(%A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>, %d: index) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%C : memref<?x?x?xf32>) attrs = {raise.tactic = "BATCH_GEMM"} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %r = llvm.intr.fmuladd(%x, %y, %z) : (f32, f32, f32) -> f32
    %i = linalg.index 1 : index
    %j = linalg.index 2 : index
    %diff = arith.subi %j, %i : index
    %in = arith.cmpi slt, %diff, %d : index
    %kept = arith.select %in, %r, %z : f32
    linalg.yield %kept : f32
  }
  return
}
