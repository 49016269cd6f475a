// raise-align-triangles: loops Polly counts from zero, with the index of an
// enclosing loop subtracted in their upper bound, start at that index
// again; their subscripts read the index as the source wrote it.
//
// RUN: raise-opt %s --raise-align-triangles | FileCheck %s

// The upper triangle `for (j = i; j < n; ++j)` as Polly's AST has it.
// CHECK-LABEL: func.func @upper
// CHECK: affine.for %[[I:.*]] = 0 to %[[N:[^ ]*]] {
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to %[[N]] {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[J]], %[[K]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
func.func @upper(%C: memref<?x?xf32>, %A: memref<?x?xf32>, %K: index, %N: index) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0)[s0] -> (-d0 + s0)>(%i)[%N] {
      affine.for %k = 0 to %K {
        %c = affine.load %C[%i, %i + %j] : memref<?x?xf32>
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %A[%i + %j, %k] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %b, %c) : (f32, f32, f32) -> f32
        affine.store %r, %C[%i, %i + %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Left as it is: the index is used as a value, not only in subscripts.
// CHECK-LABEL: func.func @index_as_value
// CHECK: affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}})[%{{.*}}] {
func.func @index_as_value(%C: memref<?x?xindex>, %N: index) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0)[s0] -> (-d0 + s0)>(%i)[%N] {
      affine.store %j, %C[%i, %i + %j] : memref<?x?xindex>
    }
  }
  return
}

// Left as it is: the outer index enters the bound twice (`n - 2i`).
// CHECK-LABEL: func.func @twice
// CHECK: affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}})[%{{.*}}] {
func.func @twice(%C: memref<?x?xf32>, %N: index, %v: f32) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0)[s0] -> (d0 * -2 + s0)>(%i)[%N] {
      affine.store %v, %C[%i, %i + %j] : memref<?x?xf32>
    }
  }
  return
}

// Left as it is: the loop does not start at zero.
// CHECK-LABEL: func.func @not_from_zero
// CHECK: affine.for %{{.*}} = 1 to #{{.*}}(%{{.*}})[%{{.*}}] {
func.func @not_from_zero(%C: memref<?x?xf32>, %N: index, %v: f32) {
  affine.for %i = 0 to %N {
    affine.for %j = 1 to affine_map<(d0)[s0] -> (-d0 + s0)>(%i)[%N] {
      affine.store %v, %C[%i, %i + %j] : memref<?x?xf32>
    }
  }
  return
}

// An access reading the index twice is rewritten once.
// CHECK-LABEL: func.func @diagonal
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[J]], %[[J]]]
func.func @diagonal(%C: memref<?x?xf32>, %N: index, %v: f32) {
  affine.for %i = 0 to %N {
    affine.for %j = 0 to affine_map<(d0)[s0] -> (-d0 + s0)>(%i)[%N] {
      affine.store %v, %C[%i + %j, %i + %j] : memref<?x?xf32>
    }
  }
  return
}
