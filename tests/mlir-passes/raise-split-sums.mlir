// RUN: raise-opt %s --raise-split-sums --canonicalize | FileCheck %s

// Two partial sums, the first iteration peeled, K odd (the last k added to
// s0 after the loop): each sum runs over a stride-2 view from 0, into its
// own temporary, then the combination as written; the original stays for
// K < 2.
// CHECK-LABEL: func.func @split2
// CHECK: affine.if
// CHECK: memref.subview %arg0[0, 0] [%{{.*}}, %{{.*}}] [1, 2]
// CHECK: memref.subview %arg0[0, 1] [%{{.*}}, %{{.*}}] [1, 2]
// CHECK: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store %cst, %[[S0:.*]][]
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}()[%arg3]
// CHECK: llvm.intr.fmuladd
// CHECK: affine.store %{{.*}}, %alloc[%{{.*}}, %{{.*}}]
// CHECK: llvm.intr.fmuladd
// CHECK: affine.store %{{.*}}, %alloc_1[%{{.*}}, %{{.*}}]
// CHECK: %[[P0:.*]] = affine.load %alloc[
// CHECK: %[[P1:.*]] = affine.load %alloc_1[
// CHECK: arith.subf %[[P1]], %[[P0]]
// CHECK: raise.partial_sums = 2
// CHECK: } else {
// CHECK: raise.split_sums_kept
#set = affine_set<()[s0] : ((s0 + 1) mod 2 == 0)>
func.func @split2(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.if #set()[%arg3] {
    affine.for %i = 0 to %arg5 {
      affine.for %j = 0 to %arg4 {
        affine.store %cst, %s0[] : memref<f32>
        affine.store %cst, %s1[] : memref<f32>
        %0 = affine.load %arg0[%i, 0] : memref<?x?xf32>
        %1 = affine.load %arg1[0, %j] : memref<?x?xf32>
        %2 = llvm.intr.fmuladd(%0, %1, %cst) : (f32, f32, f32) -> f32
        affine.store %2, %s0[] : memref<f32>
        %3 = affine.load %arg0[%i, 1] : memref<?x?xf32>
        %4 = affine.load %arg1[1, %j] : memref<?x?xf32>
        %5 = llvm.intr.fmuladd(%3, %4, %cst) : (f32, f32, f32) -> f32
        affine.store %5, %s1[] : memref<f32>
        affine.for %k = 1 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
          %12 = affine.load %s0[] : memref<f32>
          %13 = affine.load %arg0[%i, %k * 2] : memref<?x?xf32>
          %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
          %15 = llvm.intr.fmuladd(%13, %14, %12) : (f32, f32, f32) -> f32
          affine.store %15, %s0[] : memref<f32>
          %16 = affine.load %s1[] : memref<f32>
          %17 = affine.load %arg0[%i, %k * 2 + 1] : memref<?x?xf32>
          %18 = affine.load %arg1[%k * 2 + 1, %j] : memref<?x?xf32>
          %19 = llvm.intr.fmuladd(%17, %18, %16) : (f32, f32, f32) -> f32
          affine.store %19, %s1[] : memref<f32>
        }
        %6 = affine.load %s0[] : memref<f32>
        %7 = affine.load %arg0[%i, symbol(%arg3) - 1] : memref<?x?xf32>
        %8 = affine.load %arg1[symbol(%arg3) - 1, %j] : memref<?x?xf32>
        %9 = llvm.intr.fmuladd(%7, %8, %6) : (f32, f32, f32) -> f32
        %10 = affine.load %s1[] : memref<f32>
        %11 = arith.subf %10, %9 : f32
        affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// Negative: s0 is stored twice (a third use): not split.
// CHECK-LABEL: func.func @third_use
// CHECK-NOT: memref.subview
// CHECK-NOT: raise.partial_sums
// CHECK: return
func.func @third_use(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %arg5 {
    affine.for %j = 0 to %arg4 {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %k = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
        %12 = affine.load %s0[] : memref<f32>
        %13 = affine.load %arg0[%i, %k * 2] : memref<?x?xf32>
        %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
        %15 = llvm.intr.fmuladd(%13, %14, %12) : (f32, f32, f32) -> f32
        affine.store %15, %s0[] : memref<f32>
        %16 = affine.load %s1[] : memref<f32>
        %17 = affine.load %arg0[%i, %k * 2 + 1] : memref<?x?xf32>
        %18 = affine.load %arg1[%k * 2 + 1, %j] : memref<?x?xf32>
        %19 = llvm.intr.fmuladd(%17, %18, %16) : (f32, f32, f32) -> f32
        affine.store %19, %s1[] : memref<f32>
      }
      %6 = affine.load %s0[] : memref<f32>
      %10 = affine.load %s1[] : memref<f32>
      %11 = arith.addf %10, %6 : f32
      affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
      %20 = affine.load %s0[] : memref<f32>
      affine.store %20, %arg2[%i, 0] : memref<?x?xf32>
    }
  }
  return
}

// Negative: a subscript that steps with k also uses i (a linearized
// array): no view can stand for it.
// CHECK-LABEL: func.func @linearized
// CHECK-NOT: memref.subview
// CHECK: return
func.func @linearized(%arg0: memref<?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %arg5 {
    affine.for %j = 0 to %arg4 {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %k = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
        %12 = affine.load %s0[] : memref<f32>
        %13 = affine.load %arg0[%i * 64 + %k * 2] : memref<?xf32>
        %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
        %15 = llvm.intr.fmuladd(%13, %14, %12) : (f32, f32, f32) -> f32
        affine.store %15, %s0[] : memref<f32>
        %16 = affine.load %s1[] : memref<f32>
        %17 = affine.load %arg0[%i * 64 + %k * 2 + 1] : memref<?xf32>
        %18 = affine.load %arg1[%k * 2 + 1, %j] : memref<?x?xf32>
        %19 = llvm.intr.fmuladd(%17, %18, %16) : (f32, f32, f32) -> f32
        affine.store %19, %s1[] : memref<f32>
      }
      %6 = affine.load %s0[] : memref<f32>
      %10 = affine.load %s1[] : memref<f32>
      %11 = arith.addf %10, %6 : f32
      affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Under reassociation (every operation `reassoc` and `nsz`), the sums and
// the add of them merge into one sum over every k: one loop over views of
// step 1, no temporaries, the sum stored where the add's result was.
// CHECK-LABEL: func.func @merged
// CHECK-NOT: memref.alloc(
// CHECK: memref.subview %arg0[0, 0] [%{{.*}}, %{{.*}}] [1, 1]
// CHECK: affine.store %cst, %[[S:.*]][]
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}()[%arg3]
// CHECK: arith.addf {{.*}} fastmath<fast>
// CHECK: %[[V:.*]] = affine.load %[[S]][]
// CHECK-NEXT: affine.store %[[V]], %arg2
// CHECK: raise.partial_sums_merged = 2
func.func @merged(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %arg5 {
    affine.for %j = 0 to %arg4 {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %k = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
        %12 = affine.load %s0[] : memref<f32>
        %13 = affine.load %arg0[%i, %k * 2] : memref<?x?xf32>
        %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
        %p0 = arith.mulf %13, %14 fastmath<fast> : f32
        %15 = arith.addf %p0, %12 fastmath<fast> : f32
        affine.store %15, %s0[] : memref<f32>
        %16 = affine.load %s1[] : memref<f32>
        %17 = affine.load %arg0[%i, %k * 2 + 1] : memref<?x?xf32>
        %18 = affine.load %arg1[%k * 2 + 1, %j] : memref<?x?xf32>
        %p1 = arith.mulf %17, %18 fastmath<fast> : f32
        %19 = arith.addf %p1, %16 fastmath<fast> : f32
        affine.store %19, %s1[] : memref<f32>
      }
      %6 = affine.load %s0[] : memref<f32>
      %10 = affine.load %s1[] : memref<f32>
      %11 = arith.addf %10, %6 fastmath<fast> : f32
      affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Negative for merging: the combination is s1 - s0, not a sum: the partial
// sums are kept (split exactly), even with fast-math flags.
// CHECK-LABEL: func.func @not_a_sum
// CHECK: memref.alloc(
// CHECK: arith.subf
// CHECK: raise.partial_sums = 2
func.func @not_a_sum(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %arg5 {
    affine.for %j = 0 to %arg4 {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %k = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
        %12 = affine.load %s0[] : memref<f32>
        %13 = affine.load %arg0[%i, %k * 2] : memref<?x?xf32>
        %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
        %p0 = arith.mulf %13, %14 fastmath<fast> : f32
        %15 = arith.addf %p0, %12 fastmath<fast> : f32
        affine.store %15, %s0[] : memref<f32>
        %16 = affine.load %s1[] : memref<f32>
        %17 = affine.load %arg0[%i, %k * 2 + 1] : memref<?x?xf32>
        %18 = affine.load %arg1[%k * 2 + 1, %j] : memref<?x?xf32>
        %p1 = arith.mulf %17, %18 fastmath<fast> : f32
        %19 = arith.addf %p1, %16 fastmath<fast> : f32
        affine.store %19, %s1[] : memref<f32>
      }
      %6 = affine.load %s0[] : memref<f32>
      %10 = affine.load %s1[] : memref<f32>
      %11 = arith.subf %10, %6 fastmath<fast> : f32
      affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Negative: the two sums are not the same computation (s1 adds a product
// of A with itself): each is kept on its own, nothing merged.
// CHECK-LABEL: func.func @uneven
// CHECK: raise.partial_sums = 2
func.func @uneven(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %arg5: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %arg5 {
    affine.for %j = 0 to %arg4 {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %k = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%arg3] {
        %12 = affine.load %s0[] : memref<f32>
        %13 = affine.load %arg0[%i, %k * 2] : memref<?x?xf32>
        %14 = affine.load %arg1[%k * 2, %j] : memref<?x?xf32>
        %p0 = arith.mulf %13, %14 fastmath<fast> : f32
        %15 = arith.addf %p0, %12 fastmath<fast> : f32
        affine.store %15, %s0[] : memref<f32>
        %16 = affine.load %s1[] : memref<f32>
        %17 = affine.load %arg0[%i, %k * 2 + 1] : memref<?x?xf32>
        %p1 = arith.mulf %17, %17 fastmath<fast> : f32
        %19 = arith.addf %p1, %16 fastmath<fast> : f32
        affine.store %19, %s1[] : memref<f32>
      }
      %6 = affine.load %s0[] : memref<f32>
      %10 = affine.load %s1[] : memref<f32>
      %11 = arith.addf %10, %6 fastmath<fast> : f32
      affine.store %11, %arg2[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// A remainder loop after the combination (retrolm's _matmul): it moves to a
// nest of its own after this one, where the sum starts from C's element;
// here the combination is stored to C, and the two partial sums are split.
// CHECK-LABEL: func.func @remainder
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: } {raise.partial_sums = 2 : i64}
// CHECK: affine.for %[[I2:.*]] = 0 to
// CHECK-NEXT: affine.for %[[J2:.*]] = 0 to
// CHECK-NEXT: %[[E:.*]] = affine.load %arg2[%[[I2]], %[[J2]]]
// CHECK-NEXT: affine.store %[[E]], %[[SUM:.*]][]
// CHECK-NEXT: affine.for
// CHECK: }
// CHECK-NEXT: %[[F:.*]] = affine.load %[[SUM]][]
// CHECK-NEXT: affine.store %[[F]], %arg2[%[[I2]], %[[J2]]]
func.func @remainder(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                     %m: index, %n: index, %k: index) {
  %zero = arith.constant 0.0 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.store %zero, %s0[] : memref<f32>
      affine.store %zero, %s1[] : memref<f32>
      affine.for %kk = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%k] {
        %a0 = affine.load %s0[] : memref<f32>
        %x0 = affine.load %A[%i, %kk * 2] : memref<?x?xf32>
        %y0 = affine.load %B[%kk * 2, %j] : memref<?x?xf32>
        %r0 = llvm.intr.fmuladd(%x0, %y0, %a0) : (f32, f32, f32) -> f32
        affine.store %r0, %s0[] : memref<f32>
        %a1 = affine.load %s1[] : memref<f32>
        %x1 = affine.load %A[%i, %kk * 2 + 1] : memref<?x?xf32>
        %y1 = affine.load %B[%kk * 2 + 1, %j] : memref<?x?xf32>
        %r1 = llvm.intr.fmuladd(%x1, %y1, %a1) : (f32, f32, f32) -> f32
        affine.store %r1, %s1[] : memref<f32>
      }
      %f0 = affine.load %s0[] : memref<f32>
      %f1 = affine.load %s1[] : memref<f32>
      %c = arith.addf %f0, %f1 : f32
      affine.store %c, %sum[] : memref<f32>
      affine.for %t = 0 to affine_map<()[s0] -> (s0 mod 2)>()[%k] {
        %a = affine.load %sum[] : memref<f32>
        %x = affine.load %A[%i, %t + (symbol(%k) floordiv 2) * 2] : memref<?x?xf32>
        %y = affine.load %B[%t + (symbol(%k) floordiv 2) * 2, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%x, %y, %a) : (f32, f32, f32) -> f32
        affine.store %r, %sum[] : memref<f32>
      }
      %last = affine.load %sum[] : memref<f32>
      affine.store %last, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Not moved: the remainder loop also writes an array (C's row), so the nest
// stays as it is.
// CHECK-LABEL: func.func @remainder_writes
// CHECK-NOT: raise.partial_sums
// CHECK: arith.addf
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK-NEXT: affine.for
func.func @remainder_writes(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                            %m: index, %n: index, %k: index) {
  %zero = arith.constant 0.0 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.store %zero, %s0[] : memref<f32>
      affine.store %zero, %s1[] : memref<f32>
      affine.for %kk = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%k] {
        %a0 = affine.load %s0[] : memref<f32>
        %x0 = affine.load %A[%i, %kk * 2] : memref<?x?xf32>
        %y0 = affine.load %B[%kk * 2, %j] : memref<?x?xf32>
        %r0 = llvm.intr.fmuladd(%x0, %y0, %a0) : (f32, f32, f32) -> f32
        affine.store %r0, %s0[] : memref<f32>
        %a1 = affine.load %s1[] : memref<f32>
        %x1 = affine.load %A[%i, %kk * 2 + 1] : memref<?x?xf32>
        %y1 = affine.load %B[%kk * 2 + 1, %j] : memref<?x?xf32>
        %r1 = llvm.intr.fmuladd(%x1, %y1, %a1) : (f32, f32, f32) -> f32
        affine.store %r1, %s1[] : memref<f32>
      }
      %f0 = affine.load %s0[] : memref<f32>
      %f1 = affine.load %s1[] : memref<f32>
      %c = arith.addf %f0, %f1 : f32
      affine.store %c, %sum[] : memref<f32>
      affine.for %t = 0 to affine_map<()[s0] -> (s0 mod 2)>()[%k] {
        %a = affine.load %sum[] : memref<f32>
        %x = affine.load %A[%i, %t + (symbol(%k) floordiv 2) * 2] : memref<?x?xf32>
        %y = affine.load %B[%t + (symbol(%k) floordiv 2) * 2, %j] : memref<?x?xf32>
        %r = llvm.intr.fmuladd(%x, %y, %a) : (f32, f32, f32) -> f32
        affine.store %r, %sum[] : memref<f32>
        affine.store %r, %C[%i, %t] : memref<?x?xf32>
      }
      %last = affine.load %sum[] : memref<f32>
      affine.store %last, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// SYR2K with A and B stored transposed (the reference BLAS's TRANS = 'T'):
// two dot products over the upper triangle i <= j, combined as the
// library does. The temporaries are laid out as C, each sum at its element
// (their extents C's), and the new nest keeps the triangle's bounds on its
// own outer index.
// CHECK-LABEL: func.func @syr2k_upper
// CHECK: %[[ROWS:.*]] = memref.dim %arg0, %c0
// CHECK: %[[COLS:.*]] = memref.dim %arg0, %c1
// CHECK: %[[T0:.*]] = memref.alloc(%[[ROWS]], %[[COLS]])
// CHECK: %[[T1:.*]] = memref.alloc(%[[ROWS]], %[[COLS]])
// CHECK: affine.for %[[J:.*]] = 0 to %arg3 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to #{{.*}}(%[[J]]) {
// CHECK: affine.store %{{.*}}, %[[T0]][%[[J]], %[[I]]]
// CHECK: affine.store %{{.*}}, %[[T1]][%[[J]], %[[I]]]
// CHECK: affine.load %[[T0]][%[[J]], %[[I]]]
// CHECK: affine.load %[[T1]][%[[J]], %[[I]]]
// CHECK: affine.store %{{.*}}, %arg0[%[[J]], %[[I]]]
// CHECK: raise.partial_sums = 2
func.func @syr2k_upper(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %alpha: f32) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %j = 0 to %arg3 {
    affine.for %i = 0 to affine_map<(d0) -> (d0 + 1)>(%j) {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %l = 0 to %arg4 {
        %0 = affine.load %s0[] : memref<f32>
        %1 = affine.load %arg1[%i, %l] : memref<?x?xf32>
        %2 = affine.load %arg2[%j, %l] : memref<?x?xf32>
        %3 = arith.mulf %1, %2 fastmath<contract> : f32
        %4 = arith.addf %0, %3 fastmath<contract> : f32
        affine.store %4, %s0[] : memref<f32>
        %5 = affine.load %s1[] : memref<f32>
        %6 = affine.load %arg2[%i, %l] : memref<?x?xf32>
        %7 = affine.load %arg1[%j, %l] : memref<?x?xf32>
        %8 = arith.mulf %6, %7 fastmath<contract> : f32
        %9 = arith.addf %5, %8 fastmath<contract> : f32
        affine.store %9, %s1[] : memref<f32>
      }
      %10 = affine.load %s0[] : memref<f32>
      %11 = affine.load %s1[] : memref<f32>
      %12 = arith.mulf %alpha, %10 : f32
      %13 = arith.mulf %alpha, %11 fastmath<contract> : f32
      %14 = arith.addf %13, %12 fastmath<contract> : f32
      affine.store %14, %arg0[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// The lower triangle as Polly counts it: i from 0 to n - j, C's element
// (j, j + i). The temporaries hold each sum at that element too, so that
// raise-align-triangles sees the same subscripts in them as in C.
// CHECK-LABEL: func.func @syr2k_lower
// CHECK: affine.for %[[J:.*]] = 0 to %arg3 {
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to #{{.*}}(%[[J]])[%arg3] {
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[J]], %[[J]] + %[[I]]]
// CHECK: raise.partial_sums = 2
func.func @syr2k_lower(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index, %alpha: f32) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %j = 0 to %arg3 {
    affine.for %i = 0 to affine_map<(d0)[s0] -> (s0 - d0)>(%j)[%arg3] {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %l = 0 to %arg4 {
        %0 = affine.load %s0[] : memref<f32>
        %1 = affine.load %arg1[%j + %i, %l] : memref<?x?xf32>
        %2 = affine.load %arg2[%j, %l] : memref<?x?xf32>
        %3 = arith.mulf %1, %2 fastmath<contract> : f32
        %4 = arith.addf %0, %3 fastmath<contract> : f32
        affine.store %4, %s0[] : memref<f32>
        %5 = affine.load %s1[] : memref<f32>
        %6 = affine.load %arg2[%j + %i, %l] : memref<?x?xf32>
        %7 = affine.load %arg1[%j, %l] : memref<?x?xf32>
        %8 = arith.mulf %6, %7 fastmath<contract> : f32
        %9 = arith.addf %5, %8 fastmath<contract> : f32
        affine.store %9, %s1[] : memref<f32>
      }
      %10 = affine.load %s0[] : memref<f32>
      %11 = affine.load %s1[] : memref<f32>
      %12 = arith.mulf %alpha, %10 : f32
      %13 = arith.mulf %alpha, %11 fastmath<contract> : f32
      %14 = arith.addf %13, %12 fastmath<contract> : f32
      affine.store %14, %arg0[%j, %j + %i] : memref<?x?xf32>
    }
  }
  return
}

// A bound that is no linear function of the outer index: not split.
// CHECK-LABEL: func.func @syr2k_not_linear
// CHECK-NOT: raise.partial_sums
// CHECK: return
func.func @syr2k_not_linear(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %arg2: memref<?x?xf32>, %arg3: index, %arg4: index) {
  %cst = arith.constant 0.000000e+00 : f32
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  affine.for %j = 0 to %arg3 {
    affine.for %i = 0 to affine_map<(d0) -> (d0 floordiv 2)>(%j) {
      affine.store %cst, %s0[] : memref<f32>
      affine.store %cst, %s1[] : memref<f32>
      affine.for %l = 0 to %arg4 {
        %0 = affine.load %s0[] : memref<f32>
        %1 = affine.load %arg1[%i, %l] : memref<?x?xf32>
        %2 = arith.addf %0, %1 : f32
        affine.store %2, %s0[] : memref<f32>
        %5 = affine.load %s1[] : memref<f32>
        %6 = affine.load %arg2[%i, %l] : memref<?x?xf32>
        %9 = arith.addf %5, %6 : f32
        affine.store %9, %s1[] : memref<f32>
      }
      %10 = affine.load %s0[] : memref<f32>
      %11 = affine.load %s1[] : memref<f32>
      %14 = arith.addf %11, %10 : f32
      affine.store %14, %arg0[%j, %i] : memref<?x?xf32>
    }
  }
  return
}
