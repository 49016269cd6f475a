// raise-reverse-loops: a loop the source counts down (`m - 1 - t` in every
// subscript) counts up where the order of its iterations does not matter
// once the loads of values from before the nest read a copy.
//
// RUN: raise-opt %s --raise-reverse-loops --canonicalize | FileCheck %s

// The reference STRMM, left side, upper, transposed (`DO I = M,1,-1`
// around `DO K = 1,I - 1`): each B(I,J) sums the rows above it, which the
// loop has not written yet. Those loads read a copy of the rows they read
// (rows 0 to m - 2), and the loop runs up.
// CHECK-LABEL: func.func @trmm_upper
// CHECK-SAME: (%[[B:.*]]: memref<?x?xf32>, %[[A:.*]]: memref<?x?xf32>, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK: %[[COPY:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: affine.for %[[CJ:.*]] = 0 to %[[N]] {
// CHECK-NEXT: affine.for %[[CI:.*]] = 0 to #{{.*}}()[%[[M]]] {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[B]][%[[CJ]], %[[CI]]]
// CHECK-NEXT: affine.store %[[V]], %[[COPY]][%[[CJ]], %[[CI]]]
// CHECK: affine.for %[[J:.*]] = 0 to %[[N]] {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to %[[M]] {
// CHECK-NEXT: affine.load %[[B]][%[[J]], %[[I]]]
// CHECK: affine.for %[[K:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK: affine.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %[[COPY]][%[[J]], %[[K]]]
// CHECK: affine.store %{{.*}}, %[[B]][%[[J]], %[[I]]]
// CHECK: memref.dealloc %[[COPY]]
func.func @trmm_upper(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %alpha: f32) {
  %acc = memref.alloca() : memref<f32>
  affine.for %j = 0 to %n {
    affine.for %t = 0 to %m {
      %b = affine.load %B[%j, -%t + symbol(%m) - 1] : memref<?x?xf32>
      affine.store %b, %acc[] : memref<f32>
      affine.for %k = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%t)[%m] {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[-%t + symbol(%m) - 1, %k] : memref<?x?xf32>
        %x = affine.load %B[%j, %k] : memref<?x?xf32>
        %p = arith.mulf %a, %x : f32
        %r = arith.addf %s, %p : f32
        affine.store %r, %acc[] : memref<f32>
      }
      %s = affine.load %acc[] : memref<f32>
      %o = arith.mulf %s, %alpha : f32
      affine.store %o, %B[%j, -%t + symbol(%m) - 1] : memref<?x?xf32>
    }
  }
  return
}

// The same product as C writes it row-major (`for (i = m - 1; i >= 0; --i)`
// around the columns, then `k < i`): the row's sum is set at the start of
// each iteration of the loop over the columns, inside the loop reversed.
// CHECK-LABEL: func.func @trmm_rows
// CHECK-SAME: (%[[B:.*]]: memref<?x?xf32>, %[[L:.*]]: memref<?x?xf32>, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK: %[[COPY:.*]] = memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?xf32>
// CHECK: affine.for %[[I:.*]] = 0 to %[[M]] {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %[[N]] {
// CHECK-NEXT: affine.load %[[L]][%[[I]], %[[I]]]
// CHECK-NEXT: affine.load %[[B]][%[[I]], %[[J]]]
// CHECK: affine.for %[[K:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK: affine.load %[[L]][%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %[[COPY]][%[[K]], %[[J]]]
// CHECK: affine.store %{{.*}}, %[[B]][%[[I]], %[[J]]]
func.func @trmm_rows(%B: memref<?x?xf32>, %L: memref<?x?xf32>, %m: index, %n: index) {
  %acc = memref.alloca() : memref<f32>
  affine.for %t = 0 to %m {
    affine.for %j = 0 to %n {
      %d = affine.load %L[-%t + symbol(%m) - 1, -%t + symbol(%m) - 1] : memref<?x?xf32>
      %b = affine.load %B[-%t + symbol(%m) - 1, %j] : memref<?x?xf32>
      %p = arith.mulf %d, %b : f32
      affine.store %p, %acc[] : memref<f32>
      affine.for %k = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%t)[%m] {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %L[-%t + symbol(%m) - 1, %k] : memref<?x?xf32>
        %x = affine.load %B[%k, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %x, %s) : (f32, f32, f32) -> f32
        affine.store %r, %acc[] : memref<f32>
      }
      %s = affine.load %acc[] : memref<f32>
      affine.store %s, %B[-%t + symbol(%m) - 1, %j] : memref<?x?xf32>
    }
  }
  return
}

// The same with a sum that goes on from the previous row (the scalar is
// read before it is set in the loop over the columns): the order of the
// rows matters, the loop stays.
// CHECK-LABEL: func.func @sum_across_rows
// CHECK-NOT: memref.alloc(
// CHECK: affine.load %{{.*}}[-%{{.*}} + symbol(%{{.*}}) - 1, %{{.*}}]
func.func @sum_across_rows(%B: memref<?x?xf32>, %m: index, %n: index) {
  %acc = memref.alloca() : memref<f32>
  affine.for %t = 0 to %m {
    affine.for %j = 0 to %n {
      %s = affine.load %acc[] : memref<f32>
      %b = affine.load %B[-%t + symbol(%m) - 1, %j] : memref<?x?xf32>
      %r = arith.addf %s, %b : f32
      affine.store %r, %acc[] : memref<f32>
      affine.store %r, %B[-%t + symbol(%m) - 1, %j] : memref<?x?xf32>
    }
  }
  return
}

// A loop counting down over independent elements: no copy.
// CHECK-LABEL: func.func @scale_down
// CHECK-NOT: memref.alloc
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[I]]]
func.func @scale_down(%X: memref<?xf32>, %n: index, %alpha: f32) {
  affine.for %t = 0 to %n {
    %x = affine.load %X[-%t + symbol(%n) - 1] : memref<?xf32>
    %y = arith.mulf %x, %alpha : f32
    affine.store %y, %X[-%t + symbol(%n) - 1] : memref<?xf32>
  }
  return
}

// Each element reads the one the previous iteration wrote (a running sum
// down the array): the order matters, the loop stays.
// CHECK-LABEL: func.func @suffix_sum
// CHECK-NOT: memref.alloc
// CHECK: affine.load %{{.*}}[-%{{.*}} + symbol(%{{.*}})]
func.func @suffix_sum(%X: memref<?xf32>, %n: index) {
  affine.for %t = 0 to %n {
    %x = affine.load %X[-%t + symbol(%n)] : memref<?xf32>
    %y = affine.load %X[-%t + symbol(%n) - 1] : memref<?xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %X[-%t + symbol(%n) - 1] : memref<?xf32>
  }
  return
}

// A scalar the caller reads after the loop gets the value of its last
// iteration, which reversing would change: the loop stays.
// CHECK-LABEL: func.func @last_value
// CHECK: affine.load %{{.*}}[-%{{.*}} + symbol(%{{.*}}) - 1]
func.func @last_value(%X: memref<?xf32>, %out: memref<f32>, %n: index) {
  affine.for %t = 0 to %n {
    %x = affine.load %X[-%t + symbol(%n) - 1] : memref<?xf32>
    affine.store %x, %out[] : memref<f32>
  }
  return
}

// A loop that counts up stays as it is.
// CHECK-LABEL: func.func @counts_up
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
func.func @counts_up(%X: memref<?xf32>, %n: index, %alpha: f32) {
  affine.for %t = 0 to %n {
    %x = affine.load %X[%t] : memref<?xf32>
    %y = arith.mulf %x, %alpha : f32
    affine.store %y, %X[%t] : memref<?xf32>
  }
  return
}

// An affine.if in the nest: the dependence test cannot tell its branches
// apart, the loop stays.
// CHECK-LABEL: func.func @guarded
// CHECK: affine.load %{{.*}}[-%{{.*}} + symbol(%{{.*}}) - 1]
func.func @guarded(%X: memref<?xf32>, %n: index, %alpha: f32) {
  affine.for %t = 0 to %n {
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%t) {
      %x = affine.load %X[-%t + symbol(%n) - 1] : memref<?xf32>
      %y = arith.mulf %x, %alpha : f32
      affine.store %y, %X[-%t + symbol(%n) - 1] : memref<?xf32>
    }
  }
  return
}

// A version in the else region of an affine.if (raise-hoist-guards makes
// them): MLIR's dependence test would take the branch's condition for its
// opposite and find no dependence at all; the nest is tested outside the
// if, and its rows above still read a copy.
// CHECK-LABEL: func.func @trmm_in_else
// CHECK: } else {
// CHECK: %[[COPY:.*]] = memref.alloc
// CHECK: affine.load %[[COPY]]
// CHECK: memref.dealloc %[[COPY]]
func.func @trmm_in_else(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index, %flag: index) {
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%flag] {
  } else {
    affine.for %j = 0 to %n {
      affine.for %t = 0 to %m {
        affine.for %k = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%t)[%m] {
          %b = affine.load %B[%j, -%t + symbol(%m) - 1] : memref<?x?xf32>
          %a = affine.load %A[-%t + symbol(%m) - 1, %k] : memref<?x?xf32>
          %x = affine.load %B[%j, %k] : memref<?x?xf32>
          %p = arith.mulf %a, %x : f32
          %r = arith.addf %b, %p : f32
          affine.store %r, %B[%j, -%t + symbol(%m) - 1] : memref<?x?xf32>
        }
      }
    }
  }
  return
}

// The suffix sum in an else region stays as it is.
// CHECK-LABEL: func.func @suffix_sum_in_else
// CHECK-NOT: memref.alloc
// CHECK: affine.load %{{.*}}[-%{{.*}} + symbol(%{{.*}})]
func.func @suffix_sum_in_else(%X: memref<?xf32>, %n: index, %flag: index) {
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%flag] {
  } else {
    affine.for %t = 0 to %n {
      %x = affine.load %X[-%t + symbol(%n)] : memref<?xf32>
      %y = affine.load %X[-%t + symbol(%n) - 1] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      affine.store %s, %X[-%t + symbol(%n) - 1] : memref<?xf32>
    }
  }
  return
}
