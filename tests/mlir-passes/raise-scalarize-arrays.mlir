// raise-scalarize-arrays: a small local array indexed by the indices of
// loops with constant trip counts gets a scalar per element, its loops
// unrolled; any other array is left as it is.
//
// RUN: raise-opt %s --raise-scalarize-arrays --canonicalize | FileCheck %s
// RUN: raise-opt %s --raise-scalarize-arrays=max-elements=32 --canonicalize | FileCheck %s --check-prefix=LARGER

// Accumulators tiled by hand and kept in memory (-Os): initialized from a
// bias, updated over k, written back; each element a scalar of its own, in
// the order of the unrolled loops.
// CHECK-LABEL: func.func @accumulators
// CHECK-COUNT-4: memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[JJ:.*]] = 0 to
// CHECK-NEXT: %[[B0:.*]] = affine.load %{{.*}}[%[[JJ]] * 4] : memref<?xf32>
// CHECK-NEXT: affine.store %[[B0]], %[[A0:.*]][] : memref<f32>
// CHECK-NEXT: %[[B1:.*]] = affine.load %{{.*}}[%[[JJ]] * 4 + 1] : memref<?xf32>
// CHECK-NEXT: affine.store %[[B1]], %[[A1:.*]][] : memref<f32>
// CHECK: affine.for %[[K:.*]] = 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[K]], %[[JJ]] * 4]
// CHECK-NEXT: affine.load %[[A0]][]
// CHECK-NEXT: arith.addf
// CHECK-NEXT: affine.store %{{.*}}, %[[A0]][]
// CHECK-NEXT: affine.load %{{.*}}[%[[K]], %[[JJ]] * 4 + 1]
// CHECK-NEXT: affine.load %[[A1]][]
// CHECK: affine.load %[[A0]][]
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[JJ]] * 4] : memref<?xf32>
// CHECK-NOT: memref<4xf32>
// CHECK: return
func.func @accumulators(%bias: memref<?xf32>, %B: memref<?x?xf32>, %C: memref<?xf32>, %N: index, %K: index) {
  %acc = memref.alloca() : memref<4xf32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 4)>()[%N] {
    affine.for %t = 0 to 4 {
      %b = affine.load %bias[%jj * 4 + %t] : memref<?xf32>
      affine.store %b, %acc[%t] : memref<4xf32>
    }
    affine.for %k = 0 to %K {
      affine.for %t = 0 to 4 {
        %x = affine.load %B[%k, %jj * 4 + %t] : memref<?x?xf32>
        %s = affine.load %acc[%t] : memref<4xf32>
        %r = arith.addf %s, %x : f32
        affine.store %r, %acc[%t] : memref<4xf32>
      }
    }
    affine.for %t = 0 to 4 {
      %v = affine.load %acc[%t] : memref<4xf32>
      affine.store %v, %C[%jj * 4 + %t] : memref<?xf32>
    }
  }
  return
}

// Two dimensions, one indexed by a constant: a scalar per element used.
// CHECK-LABEL: func.func @two_dimensions
// CHECK-COUNT-2: memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK-NOT: memref<2x3xf32>
// CHECK: return
func.func @two_dimensions(%x: memref<?xf32>) {
  %acc = memref.alloca() : memref<2x3xf32>
  affine.for %t = 0 to 2 {
    %v = affine.load %x[%t] : memref<?xf32>
    affine.store %v, %acc[%t, 2] : memref<2x3xf32>
  }
  affine.for %t = 0 to 2 {
    %v = affine.load %acc[%t, 2] : memref<2x3xf32>
    affine.store %v, %x[%t + 2] : memref<?xf32>
  }
  return
}

// A loop with a bound only known at run time indexes the array: no constant
// subscripts, left as it is, its loops too.
// CHECK-LABEL: func.func @variable_trip_count
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: affine.for %{{.*}} = 0 to min
// CHECK: affine.for %{{.*}} = 0 to 4 {
func.func @variable_trip_count(%x: memref<?xf32>, %n: index) {
  %acc = memref.alloca() : memref<4xf32>
  affine.for %t = 0 to min affine_map<()[s0] -> (s0, 4)>()[%n] {
    %v = affine.load %x[%t] : memref<?xf32>
    affine.store %v, %acc[%t] : memref<4xf32>
  }
  affine.for %t = 0 to 4 {
    %v = affine.load %acc[%t] : memref<4xf32>
    affine.store %v, %x[%t + 4] : memref<?xf32>
  }
  return
}

// The array goes to an operation other than an affine access: left as it
// is, its loops too.
// CHECK-LABEL: func.func @other_use
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: affine.for
// CHECK: memref.copy
func.func @other_use(%x: memref<4xf32>) {
  %acc = memref.alloca() : memref<4xf32>
  affine.for %t = 0 to 4 {
    %v = affine.load %x[%t] : memref<4xf32>
    affine.store %v, %acc[%t] : memref<4xf32>
  }
  memref.copy %acc, %x : memref<4xf32> to memref<4xf32>
  return
}

// More elements than max-elements (16 unless given): left as it is.
// CHECK-LABEL: func.func @too_large
// CHECK: memref.alloca() : memref<32xf32>
// LARGER-LABEL: func.func @too_large
// LARGER-NOT: memref<32xf32>
// LARGER: return
func.func @too_large(%x: memref<?xf32>) {
  %acc = memref.alloca() : memref<32xf32>
  affine.for %t = 0 to 32 {
    %v = affine.load %x[%t] : memref<?xf32>
    affine.store %v, %acc[%t] : memref<32xf32>
  }
  affine.for %t = 0 to 32 {
    %v = affine.load %acc[%t] : memref<32xf32>
    affine.store %v, %x[%t + 32] : memref<?xf32>
  }
  return
}
