// raise-strided-views: an array argument whose every subscript in a
// dimension steps by a constant n (and starts at the same remainder r) is
// accessed through a view with offset r and stride n there; any other
// array is left as it is.
//
// RUN: raise-opt %s --raise-strided-views | FileCheck %s
// RUN: raise-opt %s --raise-prepare-for-raising --raise-affine-to-linalg \
// RUN:   | FileCheck %s --check-prefix=RAISED

// Each view's size: the elements from the offset on, every n-th.
// CHECK-DAG: #[[HALF:.*]] = affine_map<()[s0] -> (s0 ceildiv 2, 0)>
// CHECK-DAG: #[[THIRD:.*]] = affine_map<()[s0] -> ((s0 - 1) ceildiv 3, 0)>

// A Fortran GEMM on sections once inlined (flang -O2: every other row of A
// and of C, column-major): A and C through views of stride 2 in their
// inner dimension, B as it was.
// CHECK-LABEL: func.func @sections
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x?xf32>, %[[B:[^:]*]]: memref<?x?xf32>, %[[C:[^:]*]]: memref<?x?xf32>,
// CHECK-DAG: %[[CD1:.*]] = memref.dim %[[C]], %c1{{.*}} : memref<?x?xf32>
// CHECK-DAG: %[[CH:.*]] = affine.max #[[HALF]]()[%[[CD1]]]
// CHECK-DAG: %[[VC:.*]] = memref.subview %[[C]][0, 0] [%{{.*}}, %[[CH]]] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
// CHECK-DAG: %[[VA:.*]] = memref.subview %[[A]][0, 0] [%{{.*}}, %{{.*}}] [1, 2] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 2]>>
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: affine.for %[[L:.*]] = 0 to
// CHECK: affine.load %[[B]][%[[J]], %[[L]]] : memref<?x?xf32>
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.load %[[VC]][%[[J]], %[[I]]] : memref<?x?xf32, strided<[?, 2]>>
// CHECK: affine.load %[[VA]][%[[L]], %[[I]]] : memref<?x?xf32, strided<[?, 2]>>
// CHECK: affine.store %{{.*}}, %[[VC]][%[[J]], %[[I]]] : memref<?x?xf32, strided<[?, 2]>>
// CHECK: return
// RAISED-LABEL: func.func @sections
// RAISED: linalg.generic
// RAISED-SAME: ins(%{{.*}}, %{{.*}} : memref<?x?xf32, strided<[?, 1]>>, memref<?x?xf32, strided<[?, 2]>>)
// RAISED-SAME: outs(%{{.*}} : memref<?x?xf32, strided<[?, 2]>>)
func.func @sections(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  %half = arith.constant 5.000000e-01 : f32
  affine.for %j = 0 to %N {
    affine.for %l = 0 to %K {
      %b = affine.load %B[%j, %l] : memref<?x?xf32>
      affine.for %i = 0 to %M {
        %c = affine.load %C[%j, %i * 2] : memref<?x?xf32>
        %a = affine.load %A[%l, %i * 2] : memref<?x?xf32>
        %s = arith.mulf %a, %half : f32
        %p = arith.mulf %b, %s : f32
        %r = arith.addf %c, %p : f32
        affine.store %r, %C[%j, %i * 2] : memref<?x?xf32>
      }
    }
  }
  return
}

// Every third row from the second on, and a symbol's multiple in the
// subscript: offset 1, stride 3, each subscript `3 * e + 1` now `e`.
// CHECK-LABEL: func.func @offset_rows
// CHECK: %[[ROWS:.*]] = affine.max #[[THIRD]]()
// CHECK: %[[V:.*]] = memref.subview %{{.*}}[1, 0] [%[[ROWS]], %{{.*}}] [3, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.load %[[V]][%[[I]] + %{{.*}}, %{{.*}}]
// CHECK: affine.store %{{.*}}, %[[V]][%[[I]], %{{.*}}]
func.func @offset_rows(%X: memref<?x?xf64>, %Y: memref<?xf64>, %M: index, %N: index, %S: index) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %x = affine.load %X[%i * 3 + %S * 3 + 1, %j] : memref<?x?xf64>
      affine.store %x, %X[%i * 3 + 1, %j] : memref<?x?xf64>
    }
  }
  return
}

// Left alone: interleaved partial sums (`2k` and `2k + 1`, different
// remainders), a subscript with a division, a step of one in another
// access, and an array the function allocates.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.subview
// CHECK: affine.load %{{.*}}[%{{.*}}, %{{.*}} * 2] : memref<?x?xf32>
// CHECK: affine.load %{{.*}}[%{{.*}}, %{{.*}} * 2 + 1] : memref<?x?xf32>
// CHECK: affine.load %{{.*}}[(%{{.*}} floordiv 2) * 2] : memref<?xf32>
// CHECK: affine.load %{{.*}}[%{{.*}} * 2] : memref<?xf32>
// CHECK: affine.load %{{.*}}[%{{.*}} + 1] : memref<?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2] : memref<64xf32>
// CHECK: return
func.func @left_alone(%A: memref<?x?xf32>, %D: memref<?xf32>, %E: memref<?xf32>, %M: index, %K: index) {
  %t = memref.alloca() : memref<64xf32>
  affine.for %i = 0 to %M {
    affine.for %k = 0 to %K {
      %a0 = affine.load %A[%i, %k * 2] : memref<?x?xf32>
      %a1 = affine.load %A[%i, %k * 2 + 1] : memref<?x?xf32>
      %d = affine.load %D[(%k floordiv 2) * 2] : memref<?xf32>
      %e0 = affine.load %E[%k * 2] : memref<?xf32>
      %e1 = affine.load %E[%k + 1] : memref<?xf32>
      %s0 = arith.addf %a0, %a1 : f32
      %s1 = arith.addf %d, %e0 : f32
      %s2 = arith.addf %s0, %s1 : f32
      %s3 = arith.addf %s2, %e1 : f32
      affine.store %s3, %t[%k * 2] : memref<64xf32>
    }
  }
  return
}
