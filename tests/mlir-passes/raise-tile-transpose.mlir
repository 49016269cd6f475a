// raise-tile-transpose: a linalg.transpose that swaps the last two
// dimensions of contiguous memrefs becomes loops over square blocks, each
// loaded along the input's rows, transposed in registers and stored along
// the output's rows; the columns and rows after the last whole block are
// copied one element at a time. Other transposes are left alone.
//
// RUN: raise-opt %s --raise-tile-transpose=vector-bits=128 | FileCheck %s
// RUN: raise-opt %s --raise-tile-transpose=vector-bits=64 | FileCheck %s --check-prefix=NARROW
// RUN: raise-opt %s --raise-tile-transpose=vector-bits=256 | FileCheck %s --check-prefix=WIDE

// Its loops are marked so that LLVM neither unrolls nor vectorizes them.
// CHECK: #[[ASIS:.*]] = #llvm.loop_annotation<vectorize = #{{.*}}, unroll = #{{.*}}>
// CHECK-LABEL: func.func @swap_last_two(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<?x?x?xf32, strided<[?, ?, 1]>>, %[[OUT:[a-z0-9]+]]: memref<?x?x?xf32>)
// CHECK: scf.for %[[A:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[R0:.*]] = %{{.*}} to %[[ROWS:.*]] step %c4{{.*}} {
// CHECK: scf.for %[[C0:.*]] = %{{.*}} to %[[COLS:.*]] step %c4{{.*}} {
// CHECK-COUNT-4: vector.load %[[IN]][%[[A]], %{{.*}}, %[[C0]]] : memref<?x?x?xf32, strided<[?, ?, 1]>>, vector<4xf32>
// CHECK-COUNT-8: vector.shuffle
// CHECK-COUNT-4: vector.store %{{.*}}, %[[OUT]][%[[A]], %{{.*}}, %[[R0]]] : memref<?x?x?xf32>, vector<4xf32>
// CHECK-NEXT: } {loop_annotation = #[[ASIS]]}
// The columns after the last whole block.
// CHECK: scf.for %[[ROW:.*]] = %[[R0]] to
// CHECK: scf.for %[[COL:.*]] = %[[COLS]] to
// CHECK: %[[V:.*]] = memref.load %[[IN]][%[[A]], %[[ROW]], %[[COL]]]
// CHECK: memref.store %[[V]], %[[OUT]][%[[A]], %[[COL]], %[[ROW]]]
// The rows after the last whole block.
// CHECK: scf.for %{{.*}} = %[[ROWS]] to
// CHECK: memref.load %[[IN]]
// CHECK-NOT: linalg.transpose
// An 8 x 8 f32 block: 32-bit lanes interleaved within 128-bit chunks, then
// pairs of them, then the chunks swapped: three rounds of eight shuffles,
// each one unpack or permute instruction on x86 (AVX2: unpcklps, unpcklpd,
// vperm2f128).
// WIDE-LABEL: func.func @swap_last_two(
// WIDE-COUNT-8: vector.load
// WIDE-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{0, 8, 1, 9, 4, 12, 5, 13|2, 10, 3, 11, 6, 14, 7, 15}}]
// WIDE-COUNT-4: vector.shuffle %{{.*}}, %{{.*}} [{{0, 1, 8, 9, 4, 5, 12, 13|2, 3, 10, 11, 6, 7, 14, 15}}]
// WIDE-COUNT-8: vector.shuffle %{{.*}}, %{{.*}} [{{0, 1, 2, 3, 8, 9, 10, 11|4, 5, 6, 7, 12, 13, 14, 15}}]
// WIDE-COUNT-8: vector.store
// NARROW-LABEL: func.func @swap_last_two(
// NARROW: linalg.transpose
func.func @swap_last_two(%in: memref<?x?x?xf32, strided<[?, ?, 1]>>, %out: memref<?x?x?xf32>) {
  linalg.transpose ins(%in : memref<?x?x?xf32, strided<[?, ?, 1]>>) outs(%out : memref<?x?x?xf32>) permutation = [0, 2, 1]
  return
}

// f64 with 128-bit vectors: two lanes, too few; left alone.
// CHECK-LABEL: func.func @f64_two_lanes(
// CHECK: linalg.transpose
func.func @f64_two_lanes(%in: memref<?x?xf64>, %out: memref<?x?xf64>) {
  linalg.transpose ins(%in : memref<?x?xf64>) outs(%out : memref<?x?xf64>) permutation = [1, 0]
  return
}

// Left alone: the last dimension stays (a copy of whole rows vectorizes as
// it is).
// CHECK-LABEL: func.func @leading_dims(
// CHECK: linalg.transpose
func.func @leading_dims(%in: memref<?x?x?xf32>, %out: memref<?x?x?xf32>) {
  linalg.transpose ins(%in : memref<?x?x?xf32>) outs(%out : memref<?x?x?xf32>) permutation = [1, 0, 2]
  return
}

// Left alone: the input's rows are strided.
// CHECK-LABEL: func.func @strided_rows(
// CHECK: linalg.transpose
func.func @strided_rows(%in: memref<?x?xf32, strided<[?, 2]>>, %out: memref<?x?xf32>) {
  linalg.transpose ins(%in : memref<?x?xf32, strided<[?, 2]>>) outs(%out : memref<?x?xf32>) permutation = [1, 0]
  return
}
