// raise-expand-temporaries: a temporary that every iteration of some outer
// loops writes before it reads it gets one copy per iteration, behind a
// check that the copies fit; the last iteration's copy goes back after the
// nest.
//
// RUN: raise-opt %s --raise-expand-temporaries | FileCheck %s
// RUN: raise-opt %s '--raise-expand-temporaries=max-bytes=1024' \
// RUN:   | FileCheck %s --check-prefix=MAX

// MAX-LABEL: func.func @doitgen
// MAX: %[[MAX:.*]] = arith.constant 1024 : index
// MAX-NEXT: arith.cmpi ule, %{{.*}}, %[[MAX]] : index

// PolyBench's doitgen: sum[p] filled and accumulated for each (r, q), then
// copied into A[r][q][p].
// CHECK-LABEL: func.func @doitgen
// CHECK-SAME: (%[[SUM:[^:]*]]: memref<?xf64>, %[[A:[^:]*]]: memref<?x8x16xf64>
// CHECK: %[[DIM:.*]] = memref.dim %[[SUM]], %c0
// CHECK: %[[FITS:.*]] = arith.cmpi ule
// CHECK: scf.if %[[FITS]] {
// CHECK: %[[TMP:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %[[DIM]]) {alignment = 64 : i64} : memref<?x?x?xf64>
// CHECK: affine.for %[[R:.*]] = 0 to 4 {
// CHECK: affine.for %[[Q:.*]] = 0 to 8 {
// CHECK: affine.for %[[P:.*]] = 0 to 16 {
// CHECK-NEXT: affine.store %{{.*}}, %[[TMP]][%[[R]], %[[Q]], %[[P]]]
// CHECK: affine.load %[[TMP]][%[[R]], %[[Q]], %[[P]]]
// CHECK: affine.store %{{.*}}, %[[TMP]][%[[R]], %[[Q]], %[[P]]]
// CHECK: affine.for %[[P2:.*]] = 0 to 16 {
// CHECK-NEXT: %[[V:.*]] = affine.load %[[TMP]][%[[R]], %[[Q]], %[[P2]]]
// CHECK-NEXT: affine.store %[[V]], %[[A]][%[[R]], %[[Q]], %[[P2]]]
// The last iteration's copy back, a loop nest raising does not report.
// CHECK: affine.for %[[LR:.*]] = max #{{.*}}() to 4 {
// CHECK-NEXT: affine.for %[[LQ:.*]] = max #{{.*}}() to 8 {
// CHECK-NEXT: affine.for %[[LP:.*]] = 0 to 16 {
// CHECK-NEXT: %[[LAST:.*]] = affine.load %[[TMP]][%[[LR]], %[[LQ]], %[[LP]]]
// CHECK-NEXT: affine.store %[[LAST]], %[[SUM]][%[[LP]]]
// CHECK: } {raise.not_a_kernel}
// CHECK-NEXT: memref.dealloc %[[TMP]]
// CHECK-NEXT: } else {
// CHECK: affine.store %{{.*}}, %[[SUM]]
// CHECK: raise.version = "arg0 expanded, one copy per iteration", raise.version_else = "arg0 too large to expand"
func.func @doitgen(%sum: memref<?xf64>, %A: memref<?x8x16xf64>, %C4: memref<16x16xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %r = 0 to 4 {
    affine.for %q = 0 to 8 {
      affine.for %p = 0 to 16 {
        affine.store %zero, %sum[%p] : memref<?xf64>
        affine.for %s = 0 to 16 {
          %acc = affine.load %sum[%p] : memref<?xf64>
          %a = affine.load %A[%r, %q, %s] : memref<?x8x16xf64>
          %c = affine.load %C4[%s, %p] : memref<16x16xf64>
          %m = llvm.intr.fmuladd(%a, %c, %acc) : (f64, f64, f64) -> f64
          affine.store %m, %sum[%p] : memref<?xf64>
        }
      }
      affine.for %p = 0 to 16 {
        %v = affine.load %sum[%p] : memref<?xf64>
        affine.store %v, %A[%r, %q, %p] : memref<?x8x16xf64>
      }
    }
  }
  return
}

// A row filled in one loop and accumulated in another below a third: each
// loop of the fill stands for a loop around the update with its bounds.
// CHECK-LABEL: func.func @row_then_product
// CHECK: scf.if
// CHECK: memref.alloc
func.func @row_then_product(%row: memref<?xf32>, %A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index, %k: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.store %zero, %row[%j] : memref<?xf32>
    }
    affine.for %p = 0 to %k {
      affine.for %j = 0 to %n {
        %acc = affine.load %row[%j] : memref<?xf32>
        %a = affine.load %A[%i, %p] : memref<?x?xf32>
        %b = affine.load %B[%p, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
        affine.store %r, %row[%j] : memref<?xf32>
      }
    }
    affine.for %j = 0 to %n {
      %v = affine.load %row[%j] : memref<?xf32>
      affine.store %v, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Not expanded: the row is never reset, each i adds to the previous sums.
// CHECK-LABEL: func.func @running_sum
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @running_sum(%row: memref<?xf32>, %A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index, %k: index) {
  affine.for %i = 0 to %m {
    affine.for %p = 0 to %k {
      affine.for %j = 0 to %n {
        %acc = affine.load %row[%j] : memref<?xf32>
        %a = affine.load %A[%i, %p] : memref<?x?xf32>
        %b = affine.load %B[%p, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%a, %b, %acc) : (f32, f32, f32) -> f32
        affine.store %r, %row[%j] : memref<?xf32>
      }
    }
  }
  return
}

// Not expanded: the fill covers fewer elements (up to %k) than are read.
// CHECK-LABEL: func.func @partial_fill
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @partial_fill(%row: memref<?xf32>, %A: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index, %k: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %k {
      affine.store %zero, %row[%j] : memref<?xf32>
    }
    affine.for %j = 0 to %n {
      %acc = affine.load %row[%j] : memref<?xf32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %r = arith.addf %acc, %a : f32
      affine.store %r, %row[%j] : memref<?xf32>
      affine.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Not expanded: the temporary is indexed by the outer loop too (an output).
// CHECK-LABEL: func.func @indexed_by_band
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @indexed_by_band(%T: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.store %zero, %T[%i, %j] : memref<?x?xf32>
      %acc = affine.load %T[%i, %j] : memref<?x?xf32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %r = arith.addf %acc, %a : f32
      affine.store %r, %T[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
