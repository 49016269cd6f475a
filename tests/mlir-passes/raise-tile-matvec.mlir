// raise-tile-matvec: matrix-vector generics with the reduction along the
// matrix's rows become blocks of rows with one accumulator each, carried
// through a j loop that applies every row's body in j order; the remaining
// rows go one at a time. Transposed products (A(j,i)) become blocks of
// outputs updated row by row of A. Anything else is left alone.
//
// RUN: raise-opt %s --raise-tile-matvec="rows=4 columns=256" | FileCheck %s
// RUN: not raise-opt %s --raise-tile-matvec=columns=0 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: raise-tile-matvec: rows and columns must be positive

// y(i) = fmuladd(A(i,j), x(j), y(i)), as the tactics raise a matvec.
// CHECK-LABEL: func.func @matvec(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// CHECK: %[[FULL:.*]] = arith.muli
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[FULL]] step %c4
// CHECK-COUNT-4: memref.load %[[Y]]
// CHECK: %[[R:.*]]:4 = scf.for %[[J:.*]] = %{{.*}} iter_args(%[[Y0:.*]] = %{{.*}}, %[[Y1:.*]] = %{{.*}}, %[[Y2:.*]] = %{{.*}}, %[[Y3:.*]] = %{{.*}}) -> (f32, f32, f32, f32)
// CHECK: %[[XJ:.*]] = memref.load %[[X]][%[[J]]]
// CHECK: %[[A0:.*]] = memref.load %[[A]][%{{.*}}, %[[J]]]
// CHECK-NEXT: %[[S0:.*]] = llvm.intr.fmuladd(%[[A0]], %[[XJ]], %[[Y0]])
// CHECK: llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y1]])
// CHECK: llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y2]])
// CHECK: %[[S3:.*]] = llvm.intr.fmuladd(%{{.*}}, %[[XJ]], %[[Y3]])
// CHECK-NEXT: scf.yield %[[S0]], %{{.*}}, %{{.*}}, %[[S3]]
// CHECK-COUNT-4: memref.store %[[R]]#{{[0-3]}}, %[[Y]]
// The remaining rows, one at a time.
// CHECK: scf.for %{{.*}} = %[[FULL]] to
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// CHECK-NOT: linalg.generic
func.func @matvec(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// A scaled body (alpha * A(i,j) * x(j) + y(i), f64, separate multiply and
// add) is cloned per row as it is.
// CHECK-LABEL: func.func @scaled(
// CHECK: scf.for {{.*}} -> (f64, f64, f64, f64)
// CHECK: %[[M:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[M]], %{{.*}} : f64
// CHECK-NEXT: arith.addf %{{.*}}, %[[P]] : f64
func.func @scaled(%A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %alpha: f64) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf64>, memref<?xf64>) outs(%y : memref<?xf64>) {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %m = arith.mulf %alpha, %a : f64
    %p = arith.mulf %m, %b : f64
    %r = arith.addf %c, %p : f64
    linalg.yield %r : f64
  }
  return
}

// The transposed product: j outside, a block of 256 outputs inside, read
// from and written to memory in place (the loop vectorizes along A's row).
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[X:[a-z0-9]+]]: memref<?xf32>, %[[Y:[a-z0-9]+]]: memref<?xf32>)
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: scf.for %[[I0:.*]] = %{{.*}} to %[[M:.*]] step %[[C256]] {
// CHECK: %[[END:.*]] = arith.minui %{{.*}}, %[[M]]
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[XJ:.*]] = memref.load %[[X]][%[[J]]]
// CHECK: scf.for %[[I:.*]] = %[[I0]] to %[[END]] step %{{.*}} {
// CHECK-NEXT: %[[AJI:.*]] = memref.load %[[A]][%[[J]], %[[I]]]
// CHECK-NEXT: %[[YI:.*]] = memref.load %[[Y]][%[[I]]]
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%[[AJI]], %[[XJ]], %[[YI]])
// CHECK-NEXT: memref.store %[[R]], %[[Y]][%[[I]]]
// CHECK-NOT: linalg.generic
func.func @transposed(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %x : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: the transposed product's output is also its vector.
// CHECK-LABEL: func.func @transposed_output_is_input(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @transposed_output_is_input(%A: memref<?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %y : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: the output is also the vector.
// CHECK-LABEL: func.func @output_is_input(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @output_is_input(%A: memref<?x?xf32>, %y: memref<?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%A, %y : memref<?x?xf32>, memref<?xf32>) outs(%y : memref<?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}

// Not tiled: a reduction over two loops (a GEMM is raise-tile-matmul's).
// CHECK-LABEL: func.func @gemm(
// CHECK-NOT: scf.for
// CHECK: linalg.generic
func.func @gemm(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
    linalg.yield %r : f32
  }
  return
}
