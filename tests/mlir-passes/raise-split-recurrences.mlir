// RUN: raise-opt %s --raise-split-recurrences | FileCheck %s
//
// raise-split-recurrences: a running total updated after each row's last
// inner loop goes, with the rest of the row, into a second loop; the first
// keeps per row what the rest reads (the row's sum, values computed before
// it) and the second reads it back, row by row in the same order. So does a
// row whose sum two stores use.

// Rodinia's bpnn_hidden_error as translated: h = hidden[j + 1] before the
// product, the sum in a local scalar, then delta_h[j + 1] and the total,
// also stored through err. hidden is loaded again in the second loop
// (nothing writes it); the sum is kept.
// CHECK-LABEL: func.func @hidden_error(
// CHECK-SAME: %[[HIDDEN:[a-z0-9]+]]: memref<?xf32>, %[[DO:[a-z0-9]+]]: memref<?xf32>, %[[W:[a-z0-9]+]]: memref<?x?xf32>, %[[DH:[a-z0-9]+]]: memref<?xf32>, %[[ERR:[a-z0-9]+]]: memref<f32>, %[[NO:[a-z0-9]+]]: index, %[[NH:[a-z0-9]+]]: index)
// CHECK: %[[TOTAL:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[COUNT:.*]] = arith.maxsi
// CHECK: %[[SUMS:.*]] = memref.alloc(%[[COUNT]]) {alignment = 64 : i64} : memref<?xf32>
// CHECK: affine.for %[[J:.*]] = 0 to %[[NH]] {
// CHECK-NOT: %[[HIDDEN]]
// CHECK: affine.store %{{.*}}, %[[SUM]][]
// CHECK: affine.for
// CHECK: }
// CHECK-NEXT: %[[S:.*]] = affine.load %[[SUM]][]
// CHECK-NEXT: affine.store %[[S]], %[[SUMS]][%[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[J2:.*]] = 0 to %[[NH]] {
// CHECK-NEXT: %[[H:.*]] = affine.load %[[HIDDEN]][%[[J2]] + 1]
// CHECK-NEXT: %[[T:.*]] = affine.load %[[TOTAL]][]
// CHECK-NEXT: %[[S2:.*]] = affine.load %[[SUMS]][%[[J2]]]
// CHECK: arith.extf %[[H]]
// CHECK: arith.extf %[[S2]]
// CHECK: affine.store %{{.*}}, %[[DH]][%[[J2]] + 1]
// CHECK: %[[NEW:.*]] = arith.addf %[[T]], %{{.*}} : f32
// CHECK-NEXT: affine.store %[[NEW]], %[[TOTAL]][]
// CHECK-NEXT: affine.store %[[NEW]], %[[ERR]][]
// CHECK-NEXT: } {raise.not_a_kernel}
// CHECK-NEXT: memref.dealloc %[[SUMS]]
func.func @hidden_error(%hidden: memref<?xf32>, %delta_o: memref<?xf32>, %w: memref<?x?xf32>, %delta_h: memref<?xf32>, %err: memref<f32>, %no: index, %nh: index) {
  %tiny = arith.constant 7.0064923216240854E-46 : f64
  %one = arith.constant 1.000000e+00 : f64
  %zero = arith.constant 0.000000e+00 : f32
  %total = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  affine.store %zero, %total[] : memref<f32>
  affine.for %j = 0 to %nh {
    %h = affine.load %hidden[%j + 1] : memref<?xf32>
    %t = affine.load %total[] : memref<f32>
    affine.store %zero, %sum[] : memref<f32>
    affine.for %k = 0 to %no {
      %acc = affine.load %sum[] : memref<f32>
      %d = affine.load %delta_o[%k + 1] : memref<?xf32>
      %x = affine.load %w[%j, %k + 1] : memref<?x?xf32>
      %f = llvm.intr.fmuladd(%d, %x, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    %hd = arith.extf %h : f32 to f64
    %omh = arith.subf %one, %hd : f64
    %hh = arith.mulf %omh, %hd : f64
    %sd = arith.extf %s : f32 to f64
    %p = arith.mulf %hh, %sd : f64
    %v = arith.truncf %p : f64 to f32
    affine.store %v, %delta_h[%j + 1] : memref<?xf32>
    %pos = arith.cmpf ogt, %p, %tiny : f64
    %neg = arith.negf %v : f32
    %abs = arith.select %pos, %v, %neg : f32
    %new = arith.addf %t, %abs : f32
    affine.store %new, %total[] : memref<f32>
    affine.store %new, %err[] : memref<f32>
  }
  return
}

// A value computed before the inner loop from what the loop writes (y) is
// kept in an array of its own.
// CHECK-LABEL: func.func @kept_value(
// CHECK: %[[VALS:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xf32>
// CHECK: affine.for %[[I:.*]] =
// CHECK: %[[Y:.*]] = affine.load
// CHECK-NEXT: affine.store %[[Y]], %[[VALS]][%[[I]]]
// CHECK: affine.load %[[VALS]]
// CHECK: arith.addf
// CHECK: } {raise.not_a_kernel}
func.func @kept_value(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %out: memref<f32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %total = memref.alloca() : memref<f32>
  affine.store %zero, %total[] : memref<f32>
  affine.for %i = 0 to %m {
    %old = affine.load %y[%i] : memref<?xf32>
    affine.for %j = 0 to %n {
      %acc = affine.load %y[%i] : memref<?xf32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %y[%i] : memref<?xf32>
    }
    %t = affine.load %total[] : memref<f32>
    %new = arith.addf %t, %old : f32
    affine.store %new, %total[] : memref<f32>
    affine.store %new, %out[] : memref<f32>
  }
  return
}

// The total starts each row: the rows depend on each other. Nothing moves.
// CHECK-LABEL: func.func @total_first(
// CHECK-NOT: memref.alloc(
// CHECK-NOT: raise.not_a_kernel
// CHECK: return
func.func @total_first(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %total = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  affine.store %zero, %total[] : memref<f32>
  affine.for %i = 0 to %m {
    %t = affine.load %total[] : memref<f32>
    affine.store %t, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    affine.store %s, %y[%i] : memref<?xf32>
    %new = arith.addf %t, %s : f32
    affine.store %new, %total[] : memref<f32>
  }
  return
}

// The rest of the row writes what the inner loop reads (x, read by the
// next rows): it cannot run after all of them.
// CHECK-LABEL: func.func @rest_writes_input(
// CHECK-NOT: raise.not_a_kernel
// CHECK: return
func.func @rest_writes_input(%A: memref<?x?xf32>, %x: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %total = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  affine.store %zero, %total[] : memref<f32>
  affine.for %i = 0 to %m {
    affine.store %zero, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    affine.store %s, %x[%i] : memref<?xf32>
    %t = affine.load %total[] : memref<f32>
    %new = arith.addf %t, %s : f32
    affine.store %new, %total[] : memref<f32>
  }
  return
}

// No running total, but two stores of what a row's sum gives: split, the
// sums kept.
// CHECK-LABEL: func.func @two_stores(
// CHECK: %[[SUMS:.*]] = memref.alloc(
// CHECK: affine.for
// CHECK: affine.for
// CHECK: }
// CHECK-NEXT: %[[S:.*]] = affine.load %{{.*}}[] : memref<f32>
// CHECK-NEXT: affine.store %[[S]], %[[SUMS]]
// CHECK-NEXT: }
// CHECK-NEXT: affine.for
// CHECK-NEXT: %[[S2:.*]] = affine.load %[[SUMS]]
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[S2]]
// CHECK-NEXT: affine.store %[[NEG]]
// CHECK-NEXT: %[[POS:.*]] = arith.negf %[[NEG]]
// CHECK-NEXT: affine.store %[[POS]]
// CHECK-NEXT: } {raise.not_a_kernel}
func.func @two_stores(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.store %zero, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    %neg = arith.negf %s : f32
    affine.store %neg, %y[%i] : memref<?xf32>
    %pos = arith.negf %neg : f32
    affine.store %pos, %z[%i] : memref<?xf32>
  }
  return
}

// No running total and one store: the sum's own epilogue; the loop stays
// whole.
// CHECK-LABEL: func.func @no_total(
// CHECK-NOT: raise.not_a_kernel
// CHECK: return
func.func @no_total(%A: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.store %zero, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %f = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
      affine.store %f, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    affine.store %s, %y[%i] : memref<?xf32>
  }
  return
}
