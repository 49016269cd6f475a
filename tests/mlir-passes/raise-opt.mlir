// raise-opt parses, verifies and prints the upstream dialects raise works
// with (affine, linalg, memref, arith), and runs upstream passes.
//
// RUN: raise-opt %s | FileCheck %s
// RUN: raise-opt %s --lower-affine | FileCheck %s --check-prefix=LOWERED
// RUN: not raise-opt %s --raise-no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK-LABEL: func.func @matmul
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK: affine.load %{{.*}}[%[[I]], %{{.*}}] : memref<?x?xf32>
// LOWERED-LABEL: func.func @matmul
// LOWERED-NOT: affine.
// UNKNOWN: Unknown command line argument '--raise-no-such-pass'
func.func @matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %M = memref.dim %C, %c0 : memref<?x?xf32>
  %N = memref.dim %C, %c1 : memref<?x?xf32>
  %K = memref.dim %A, %c1 : memref<?x?xf32>
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

// CHECK-LABEL: func.func @linalg_matmul
// CHECK: linalg.matmul
func.func @linalg_matmul(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  linalg.matmul ins(%A, %B : memref<?x?xf32>, memref<?x?xf32>) outs(%C : memref<?x?xf32>)
  return
}
