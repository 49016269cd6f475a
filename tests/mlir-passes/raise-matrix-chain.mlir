// raise-matrix-chain: chains of matmuls through dead temporaries are
// recomputed in the cheapest order, only when reassociation is allowed.
//
// RUN: raise-opt %s --raise-matrix-chain=allow-reassoc=1 | FileCheck %s
// RUN: raise-opt %s --raise-matrix-chain="allow-reassoc=1 remarks=1" --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: raise-opt %s --raise-matrix-chain | FileCheck %s --check-prefix=OFF
// RUN: raise-opt %s --raise-matrix-chain=remarks=1 --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF-REMARK

// Without allow-reassoc nothing changes, and the remark says why.
// OFF-LABEL: func.func @chain3_static
// OFF: %[[T:.*]] = memref.alloc() : memref<100x50xf32>
// OFF: linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%[[T]] : memref<100x50xf32>)
// OFF: linalg.matmul ins(%arg0, %[[T]] : {{.*}}) outs(%arg3 : memref<10x50xf32>)
// OFF-NOT: memref<10x5xf32>
// OFF-LABEL: func.func @chain4_static
// OFF-NOT: scf.if
// OFF-NOT: scf.index_switch
// OFF-REMARK: remark: matrix chain of 3 matrices (M0 (M1 M2)) not reordered: reassociation is not allowed (allow-reassoc=false)

// D += A*(B*C) with A 10x100, B 100x5, C 5x50: 25000 + 50000
// multiplications; (A*B)*C needs 5000 + 2500.
// CHECK-LABEL: func.func @chain3_static
// CHECK-NOT: memref<100x50xf32>
// CHECK: %[[T:.*]] = memref.alloc() : memref<10x5xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<10x5xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg1 : memref<10x100xf32>, memref<100x5xf32>) outs(%[[T]] : memref<10x5xf32>)
// CHECK: linalg.matmul ins(%[[T]], %arg2 : memref<10x5xf32>, memref<5x50xf32>) outs(%arg3 : memref<10x50xf32>)
// CHECK: memref.dealloc %[[T]]
// CHECK-NOT: linalg.matmul
// CHECK-NOT: memref<100x50xf32>
// CHECK: return
// REMARK: remark: matrix chain of 3 matrices (M0 (M1 M2)) reordered to ((M0 M1) M2): 75000 -> 7500 multiplications
func.func @chain3_static(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<100x50xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%B, %C : memref<100x5xf32>, memref<5x50xf32>) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%A, %T : memref<10x100xf32>, memref<100x50xf32>) outs(%D : memref<10x50xf32>)
  memref.dealloc %T : memref<100x50xf32>
  return
}

// Four matrices 40x20, 20x30, 30x10, 10x30 computed as ((M0 M1) M2) M3:
// 24000 + 12000 + 12000 = 48000; the cheapest is (M0 (M1 M2)) M3:
// 6000 + 8000 + 12000 = 26000.
// CHECK-LABEL: func.func @chain4_static
// CHECK: %[[T1:.*]] = memref.alloc() : memref<20x10xf64>
// CHECK: linalg.matmul ins(%arg1, %arg2 : memref<20x30xf64>, memref<30x10xf64>) outs(%[[T1]] : memref<20x10xf64>)
// CHECK: %[[T2:.*]] = memref.alloc() : memref<40x10xf64>
// CHECK: linalg.matmul ins(%arg0, %[[T1]] : memref<40x20xf64>, memref<20x10xf64>) outs(%[[T2]] : memref<40x10xf64>)
// CHECK: linalg.matmul ins(%[[T2]], %arg3 : memref<40x10xf64>, memref<10x30xf64>) outs(%arg4 : memref<40x30xf64>)
// CHECK-DAG: memref.dealloc %[[T1]]
// CHECK-DAG: memref.dealloc %[[T2]]
// CHECK-NOT: linalg.matmul
// CHECK: return
// REMARK: remark: matrix chain of 4 matrices (((M0 M1) M2) M3) reordered to ((M0 (M1 M2)) M3): 48000 -> 26000 multiplications
func.func @chain4_static(%A: memref<40x20xf64>, %B: memref<20x30xf64>, %C: memref<30x10xf64>, %E: memref<10x30xf64>, %D: memref<40x30xf64>) {
  %zero = arith.constant 0.0 : f64
  %T1 = memref.alloca() : memref<40x30xf64>
  %T2 = memref.alloca() : memref<40x10xf64>
  linalg.fill ins(%zero : f64) outs(%T1 : memref<40x30xf64>)
  linalg.matmul ins(%A, %B : memref<40x20xf64>, memref<20x30xf64>) outs(%T1 : memref<40x30xf64>)
  linalg.fill ins(%zero : f64) outs(%T2 : memref<40x10xf64>)
  linalg.matmul ins(%T1, %C : memref<40x30xf64>, memref<30x10xf64>) outs(%T2 : memref<40x10xf64>)
  linalg.matmul ins(%T2, %E : memref<40x10xf64>, memref<10x30xf64>) outs(%D : memref<40x30xf64>)
  return
}

// Already the cheapest order: left alone.
// CHECK-LABEL: func.func @chain3_already_cheapest
// CHECK: linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[T:.*]] : memref<10x5xf32>)
// CHECK: linalg.matmul ins(%[[T]], %arg2 : {{.*}}) outs(%arg3 : memref<10x50xf32>)
// REMARK: remark: matrix chain of 3 matrices ((M0 M1) M2) is already in the cheapest order (7500 multiplications)
func.func @chain3_already_cheapest(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<10x5xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<10x5xf32>)
  linalg.matmul ins(%A, %B : memref<10x100xf32>, memref<100x5xf32>) outs(%T : memref<10x5xf32>)
  linalg.matmul ins(%T, %C : memref<10x5xf32>, memref<5x50xf32>) outs(%D : memref<10x50xf32>)
  memref.dealloc %T : memref<10x5xf32>
  return
}

// Sizes known only at run time: both orders are emitted, the cheaper one
// runs; on a tie the source's order (the else branch) runs.
// CHECK-LABEL: func.func @chain3_dynamic
// CHECK-DAG: %[[P0:.*]] = memref.dim %arg0, %c0
// CHECK-DAG: %[[P1:.*]] = memref.dim %arg1, %c0
// CHECK-DAG: %[[P2:.*]] = memref.dim %arg2, %c0
// CHECK-DAG: %[[P3:.*]] = memref.dim %arg2, %c1
// CHECK: %[[CHEAPER:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[CHEAPER]] {
// CHECK:   %[[U:.*]] = memref.alloc(%[[P1]], %[[P3]]) : memref<?x?xf32>
// CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[U]] : memref<?x?xf32>)
// CHECK:   linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%[[U]] : memref<?x?xf32>)
// CHECK:   linalg.matmul ins(%arg0, %[[U]] : {{.*}}) outs(%arg3 : memref<?x?xf32>)
// CHECK:   memref.dealloc %[[U]]
// CHECK: } else {
// CHECK:   %[[T:.*]] = memref.alloc(%[[P0]], %[[P2]]) : memref<?x?xf32>
// CHECK:   linalg.fill ins(%{{.*}} : f32) outs(%[[T]] : memref<?x?xf32>)
// CHECK:   linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[T]] : memref<?x?xf32>)
// CHECK:   linalg.matmul ins(%[[T]], %arg2 : {{.*}}) outs(%arg3 : memref<?x?xf32>)
// CHECK:   memref.dealloc %[[T]]
// CHECK: }
// CHECK-NOT: linalg.matmul
// CHECK: return
// REMARK: remark: matrix chain of 3 matrices ((M0 M1) M2): the cheapest of 2 orders is chosen at run time
func.func @chain3_dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %D: memref<?x?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc(%m, %n) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%T : memref<?x?xf32>)
  linalg.matmul ins(%T, %C : memref<?x?xf32>, memref<?x?xf32>) outs(%D : memref<?x?xf32>)
  memref.dealloc %T : memref<?x?xf32>
  return
}

// Four matrices of run-time sizes: five orders, an scf.index_switch on the
// cheapest (the source's order is the default case).
// CHECK-LABEL: func.func @chain4_dynamic
// CHECK: scf.index_switch
// CHECK-COUNT-4: case
// CHECK: default
// CHECK: return
// REMARK: remark: matrix chain of 4 matrices ((M0 M1) (M2 M3)): the cheapest of 5 orders is chosen at run time
func.func @chain4_dynamic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %E: memref<?x?xf32>, %D: memref<?x?xf32>, %m: index, %n: index, %p: index) {
  %zero = arith.constant 0.0 : f32
  %T1 = memref.alloc(%m, %n) : memref<?x?xf32>
  %T2 = memref.alloc(%n, %p) : memref<?x?xf32>
  linalg.fill ins(%zero : f32) outs(%T1 : memref<?x?xf32>)
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%T1 : memref<?x?xf32>)
  linalg.fill ins(%zero : f32) outs(%T2 : memref<?x?xf32>)
  linalg.matmul ins(%C, %E : memref<?x?xf32>, memref<?x?xf32>) outs(%T2 : memref<?x?xf32>)
  linalg.matmul ins(%T1, %T2 : memref<?x?xf32>, memref<?x?xf32>) outs(%D : memref<?x?xf32>)
  memref.dealloc %T1 : memref<?x?xf32>
  memref.dealloc %T2 : memref<?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// Negative cases: left exactly as they were.
//===----------------------------------------------------------------------===//

// The intermediate is also copied out: it is not dead after the chain.
// CHECK-LABEL: func.func @intermediate_used_elsewhere
// CHECK: linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%[[T:.*]] : memref<100x50xf32>)
// CHECK: linalg.matmul ins(%arg0, %[[T]] : {{.*}}) outs(%arg3 : memref<10x50xf32>)
// CHECK: memref.copy %[[T]], %arg4
func.func @intermediate_used_elsewhere(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>, %Out: memref<100x50xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<100x50xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%B, %C : memref<100x5xf32>, memref<5x50xf32>) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%A, %T : memref<10x100xf32>, memref<100x50xf32>) outs(%D : memref<10x50xf32>)
  memref.copy %T, %Out : memref<100x50xf32> to memref<100x50xf32>
  memref.dealloc %T : memref<100x50xf32>
  return
}

// The intermediate is an argument (the caller can read it): not a chain.
// CHECK-LABEL: func.func @intermediate_is_argument
// CHECK: linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%arg4 : memref<100x50xf32>)
// CHECK: linalg.matmul ins(%arg0, %arg4 : {{.*}}) outs(%arg3 : memref<10x50xf32>)
func.func @intermediate_is_argument(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>, %T: memref<100x50xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%B, %C : memref<100x5xf32>, memref<5x50xf32>) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%A, %T : memref<10x100xf32>, memref<100x50xf32>) outs(%D : memref<10x50xf32>)
  return
}

// The intermediate starts from 1, not 0: T = 1 + B*C is not a product.
// CHECK-LABEL: func.func @intermediate_not_zero
// CHECK: linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%[[T:.*]] : memref<100x50xf32>)
// CHECK: linalg.matmul ins(%arg0, %[[T]] : {{.*}}) outs(%arg3 : memref<10x50xf32>)
func.func @intermediate_not_zero(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>) {
  %one = arith.constant 1.0 : f32
  %T = memref.alloc() : memref<100x50xf32>
  linalg.fill ins(%one : f32) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%B, %C : memref<100x5xf32>, memref<5x50xf32>) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%A, %T : memref<10x100xf32>, memref<100x50xf32>) outs(%D : memref<10x50xf32>)
  memref.dealloc %T : memref<100x50xf32>
  return
}

// A matrix of the chain is written between its matmuls: reading it at the
// end instead would read the new values.
// CHECK-LABEL: func.func @operand_written_in_between
// CHECK: linalg.matmul ins(%arg1, %arg2 : {{.*}}) outs(%[[T:.*]] : memref<100x50xf32>)
// CHECK: linalg.fill
// CHECK: linalg.matmul ins(%arg0, %[[T]] : {{.*}}) outs(%arg3 : memref<10x50xf32>)
// REMARK: remark: matrix chain not reordered: an operation between the chain's matmuls may write memory ('linalg.fill')
func.func @operand_written_in_between(%A: memref<10x100xf32>, %B: memref<100x5xf32>, %C: memref<5x50xf32>, %D: memref<10x50xf32>) {
  %zero = arith.constant 0.0 : f32
  %T = memref.alloc() : memref<100x50xf32>
  linalg.fill ins(%zero : f32) outs(%T : memref<100x50xf32>)
  linalg.matmul ins(%B, %C : memref<100x5xf32>, memref<5x50xf32>) outs(%T : memref<100x50xf32>)
  linalg.fill ins(%zero : f32) outs(%B : memref<100x5xf32>)
  linalg.matmul ins(%A, %T : memref<10x100xf32>, memref<100x50xf32>) outs(%D : memref<10x50xf32>)
  memref.dealloc %T : memref<100x50xf32>
  return
}
