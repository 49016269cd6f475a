// raise-reroll-lanes: a loop tiled by hand (n lanes, each on its own local
// scalars and on elements a constant apart) becomes the loop over single
// lanes it stands for; anything else is left as it is.
//
// RUN: raise-opt %s --raise-reroll-lanes --canonicalize | FileCheck %s

// Tiled by 2 around accumulators from a bias: j = 2 * jj + t, bias[j],
// B[k][j], C[i][j]; the other lane and its scalar are gone.
// CHECK-LABEL: func.func @tiled2_bias
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to #[[UB:.*]]()[%{{.*}}] {
// CHECK-NEXT: %[[B:.*]] = affine.load %{{.*}}[%[[J]]] : memref<?xf32>
// CHECK-NEXT: affine.store %[[B]], %[[ACC]][]
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to
// CHECK-NEXT: affine.load %[[ACC]][]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[K]], %[[J]]]
// CHECK-NEXT: llvm.intr.fmuladd
// CHECK-NEXT: affine.store %{{.*}}, %[[ACC]][]
// CHECK-NEXT: }
// CHECK-NEXT: %[[V:.*]] = affine.load %[[ACC]][]
// CHECK-NEXT: affine.store %[[V]], %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: }
func.func @tiled2_bias(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %bias: memref<?xf32>, %C: memref<?x?xf32>, %M: index, %N: index, %K: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %i = 0 to %M {
    affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
      %b0 = affine.load %bias[%jj * 2] : memref<?xf32>
      affine.store %b0, %acc0[] : memref<f32>
      %b1 = affine.load %bias[%jj * 2 + 1] : memref<?xf32>
      affine.store %b1, %acc1[] : memref<f32>
      affine.for %k = 0 to %K {
        %s0 = affine.load %acc0[] : memref<f32>
        %s1 = affine.load %acc1[] : memref<f32>
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %x0 = affine.load %B[%k, %jj * 2] : memref<?x?xf32>
        %r0 = llvm.intr.fmuladd(%a, %x0, %s0) : (f32, f32, f32) -> f32
        %x1 = affine.load %B[%k, %jj * 2 + 1] : memref<?x?xf32>
        %r1 = llvm.intr.fmuladd(%a, %x1, %s1) : (f32, f32, f32) -> f32
        affine.store %r1, %acc1[] : memref<f32>
        affine.store %r0, %acc0[] : memref<f32>
      }
      %v0 = affine.load %acc0[] : memref<f32>
      affine.store %v0, %C[%i, %jj * 2] : memref<?x?xf32>
      %v1 = affine.load %acc1[] : memref<f32>
      affine.store %v1, %C[%i, %jj * 2 + 1] : memref<?x?xf32>
    }
  }
  return
}

// The lanes in another order in the body (lane 1's ops first) and a
// subscript with an offset: still j = 2 * jj + t.
// CHECK-LABEL: func.func @tiled2_lanes_swapped
// CHECK: affine.for %[[J:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]] + 3]
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[J]]] : memref<?xf32>
// CHECK-NEXT: }
func.func @tiled2_lanes_swapped(%x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  %two = arith.constant 2.0 : f32
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b1 = affine.load %x[%jj * 2 + 4] : memref<?xf32>
    affine.store %b1, %acc1[] : memref<f32>
    %b0 = affine.load %x[%jj * 2 + 3] : memref<?xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %s1 = affine.load %acc1[] : memref<f32>
    %m1 = arith.mulf %s1, %two : f32
    affine.store %m1, %y[%jj * 2 + 1] : memref<?xf32>
    %s0 = affine.load %acc0[] : memref<f32>
    %m0 = arith.mulf %s0, %two : f32
    affine.store %m0, %y[%jj * 2] : memref<?xf32>
  }
  return
}

// Negative: the lanes are not the same operations (mulf in one, addf in the
// other).
// CHECK-LABEL: func.func @lanes_differ
// CHECK: affine.for %{{.*}} = 0 to #{{.*}}()[%{{.*}}] {
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @lanes_differ(%x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b0 = affine.load %x[%jj * 2] : memref<?xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %x[%jj * 2 + 1] : memref<?xf32>
    affine.store %b1, %acc1[] : memref<f32>
    %s0 = affine.load %acc0[] : memref<f32>
    %m0 = arith.mulf %s0, %s0 : f32
    affine.store %m0, %y[%jj * 2] : memref<?xf32>
    %s1 = affine.load %acc1[] : memref<f32>
    %m1 = arith.addf %s1, %s1 : f32
    affine.store %m1, %y[%jj * 2 + 1] : memref<?xf32>
  }
  return
}

// Negative: the loop reads the array it writes (lane 1 reads what lane 0
// stored), so the lanes may not run one after another.
// CHECK-LABEL: func.func @reads_what_it_writes
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2] : memref<?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2 + 1] : memref<?xf32>
func.func @reads_what_it_writes(%y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b0 = affine.load %y[%jj * 2 + 1] : memref<?xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %y[%jj * 2 + 2] : memref<?xf32>
    affine.store %b1, %acc1[] : memref<f32>
    %s0 = affine.load %acc0[] : memref<f32>
    affine.store %s0, %y[%jj * 2] : memref<?xf32>
    %s1 = affine.load %acc1[] : memref<f32>
    affine.store %s1, %y[%jj * 2 + 1] : memref<?xf32>
  }
  return
}

// Negative: the accumulators carry their values from one iteration of the
// loop to the next (no store starts them), so lane 1 cannot reuse lane 0's.
// CHECK-LABEL: func.func @carried_accumulators
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2] : memref<?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2 + 1] : memref<?xf32>
func.func @carried_accumulators(%x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %s0 = affine.load %acc0[] : memref<f32>
    %b0 = affine.load %x[%jj * 2] : memref<?xf32>
    %r0 = arith.addf %s0, %b0 : f32
    affine.store %r0, %acc0[] : memref<f32>
    affine.store %r0, %y[%jj * 2] : memref<?xf32>
    %s1 = affine.load %acc1[] : memref<f32>
    %b1 = affine.load %x[%jj * 2 + 1] : memref<?xf32>
    %r1 = arith.addf %s1, %b1 : f32
    affine.store %r1, %acc1[] : memref<f32>
    affine.store %r1, %y[%jj * 2 + 1] : memref<?xf32>
  }
  return
}

// Negative: the loop steps by 4 while its lanes are 1 apart (two lanes of a
// tile of 4): rerolled, lanes 2 and 3 would be skipped.
// CHECK-LABEL: func.func @gaps_between_tiles
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 4] : memref<?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 4 + 1] : memref<?xf32>
func.func @gaps_between_tiles(%x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 4)>()[%N] {
    %b0 = affine.load %x[%jj * 4] : memref<?xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %x[%jj * 4 + 1] : memref<?xf32>
    affine.store %b1, %acc1[] : memref<f32>
    %s0 = affine.load %acc0[] : memref<f32>
    affine.store %s0, %y[%jj * 4] : memref<?xf32>
    %s1 = affine.load %acc1[] : memref<f32>
    affine.store %s1, %y[%jj * 4 + 1] : memref<?xf32>
  }
  return
}

// Two versions of the nest (raise-hoist-guards' copies) share the scalars:
// they never both run, so the version in the then-branch is rerolled; the
// else-branch keeps both scalars.
// CHECK-LABEL: func.func @versions_share_scalars
// CHECK: %[[ACC0:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[ACC1:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.if
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT: affine.store %{{.*}}, %[[ACC0]][]
// CHECK-NEXT: affine.load %[[ACC0]][]
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK: affine.store %{{.*}}, %[[ACC1]][]
func.func @versions_share_scalars(%x: memref<?xf32>, %y: memref<?xf32>, %N: index, %K: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.if affine_set<()[s0] : (s0 - 1 >= 0)>()[%K] {
    affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
      %b0 = affine.load %x[%jj * 2] : memref<?xf32>
      affine.store %b0, %acc0[] : memref<f32>
      %b1 = affine.load %x[%jj * 2 + 1] : memref<?xf32>
      affine.store %b1, %acc1[] : memref<f32>
      %s0 = affine.load %acc0[] : memref<f32>
      affine.store %s0, %y[%jj * 2] : memref<?xf32>
      %s1 = affine.load %acc1[] : memref<f32>
      affine.store %s1, %y[%jj * 2 + 1] : memref<?xf32>
    }
  } else {
    %c = arith.constant 1.0 : f32
    affine.store %c, %acc1[] : memref<f32>
    %s = affine.load %acc1[] : memref<f32>
    affine.store %s, %y[0] : memref<?xf32>
  }
  return
}

// Negative: a scalar's last value is read after the loop.
// CHECK-LABEL: func.func @scalar_read_after
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2] : memref<?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2 + 1] : memref<?xf32>
func.func @scalar_read_after(%x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b0 = affine.load %x[%jj * 2] : memref<?xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %x[%jj * 2 + 1] : memref<?xf32>
    affine.store %b1, %acc1[] : memref<f32>
    %s0 = affine.load %acc0[] : memref<f32>
    affine.store %s0, %y[%jj * 2] : memref<?xf32>
    %s1 = affine.load %acc1[] : memref<f32>
    affine.store %s1, %y[%jj * 2 + 1] : memref<?xf32>
  }
  %last = affine.load %acc1[] : memref<f32>
  affine.store %last, %y[0] : memref<?xf32>
  return
}

// Negative: a product split into two partial sums (even and odd k) that are
// added at the end. The final add reads both sums, so they are one lane:
// rerolling the k loop would change which terms each sum adds.
// CHECK-LABEL: func.func @split_partial_sums
// CHECK: affine.for %[[KK:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK: affine.load %{{.*}}[%[[KK]] * 2] : memref<?xf32>
// CHECK: affine.load %{{.*}}[%[[KK]] * 2 + 1] : memref<?xf32>
// CHECK: arith.addf
func.func @split_partial_sums(%a: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %N: index) {
  %s0 = memref.alloca() : memref<f32>
  %s1 = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %s0[] : memref<f32>
  affine.store %zero, %s1[] : memref<f32>
  affine.for %kk = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %v0 = affine.load %s0[] : memref<f32>
    %a0 = affine.load %a[%kk * 2] : memref<?xf32>
    %x0 = affine.load %x[%kk * 2] : memref<?xf32>
    %r0 = llvm.intr.fmuladd(%a0, %x0, %v0) : (f32, f32, f32) -> f32
    affine.store %r0, %s0[] : memref<f32>
    %v1 = affine.load %s1[] : memref<f32>
    %a1 = affine.load %a[%kk * 2 + 1] : memref<?xf32>
    %x1 = affine.load %x[%kk * 2 + 1] : memref<?xf32>
    %r1 = llvm.intr.fmuladd(%a1, %x1, %v1) : (f32, f32, f32) -> f32
    affine.store %r1, %s1[] : memref<f32>
  }
  %f0 = affine.load %s0[] : memref<f32>
  %f1 = affine.load %s1[] : memref<f32>
  %sum = arith.addf %f0, %f1 : f32
  affine.store %sum, %y[0] : memref<?xf32>
  return
}

// Tiled by 2 over rows outside the loop over columns (llm.c's
// matmul_forward): each lane's accumulator is written first in the body of
// the loop over o, then updated over k and stored; the rows become the
// rerolled loop, o and k stay inside it.
// CHECK-LABEL: func.func @tiled_rows_outside
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[R:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT: affine.for %[[O:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: %[[B:.*]] = affine.load %{{.*}}[%[[O]]] : memref<?xf32>
// CHECK-NEXT: affine.store %[[B]], %[[ACC]][]
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK: affine.load %{{.*}}[%[[R]], %[[K]]] : memref<?x?xf32>
// CHECK-NOT: affine.load %{{.*}}[%[[R]] + 1
// CHECK: affine.store %{{.*}}, %{{.*}}[%[[R]], %[[O]]] : memref<?x?xf32>
// CHECK-NOT: affine.store
func.func @tiled_rows_outside(%inp: memref<?x?xf32>, %w: memref<?x?xf32>, %bias: memref<?xf32>, %out: memref<?x?xf32>, %MT: index, %OC: index, %C: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %rr = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%MT] {
    affine.for %o = 0 to %OC {
      %b = affine.load %bias[%o] : memref<?xf32>
      affine.store %b, %acc0[] : memref<f32>
      affine.store %b, %acc1[] : memref<f32>
      affine.for %k = 0 to %C {
        %s0 = affine.load %acc0[] : memref<f32>
        %s1 = affine.load %acc1[] : memref<f32>
        %wk = affine.load %w[%o, %k] : memref<?x?xf32>
        %a0 = affine.load %inp[%rr * 2, %k] : memref<?x?xf32>
        %r0 = llvm.intr.fmuladd(%a0, %wk, %s0) : (f32, f32, f32) -> f32
        %a1 = affine.load %inp[%rr * 2 + 1, %k] : memref<?x?xf32>
        %r1 = llvm.intr.fmuladd(%a1, %wk, %s1) : (f32, f32, f32) -> f32
        affine.store %r0, %acc0[] : memref<f32>
        affine.store %r1, %acc1[] : memref<f32>
      }
      %v0 = affine.load %acc0[] : memref<f32>
      affine.store %v0, %out[%rr * 2, %o] : memref<?x?xf32>
      %v1 = affine.load %acc1[] : memref<f32>
      affine.store %v1, %out[%rr * 2 + 1, %o] : memref<?x?xf32>
    }
  }
  return
}

// Negative: the same, but each accumulator is read before the body of the
// loop over o writes it (it carries the last column's sum into the next):
// the lanes must stay interleaved.
// CHECK-LABEL: func.func @tiled_rows_carried
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2, %{{.*}}] : memref<?x?xf32>
// CHECK: affine.store %{{.*}}, %{{.*}}[%{{.*}} * 2 + 1, %{{.*}}] : memref<?x?xf32>
func.func @tiled_rows_carried(%inp: memref<?x?xf32>, %out: memref<?x?xf32>, %MT: index, %OC: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %rr = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%MT] {
    affine.for %o = 0 to %OC {
      %s0 = affine.load %acc0[] : memref<f32>
      %a0 = affine.load %inp[%rr * 2, %o] : memref<?x?xf32>
      %r0 = arith.addf %s0, %a0 : f32
      affine.store %r0, %acc0[] : memref<f32>
      affine.store %r0, %out[%rr * 2, %o] : memref<?x?xf32>
      %s1 = affine.load %acc1[] : memref<f32>
      %a1 = affine.load %inp[%rr * 2 + 1, %o] : memref<?x?xf32>
      %r1 = arith.addf %s1, %a1 : f32
      affine.store %r1, %acc1[] : memref<f32>
      affine.store %r1, %out[%rr * 2 + 1, %o] : memref<?x?xf32>
    }
  }
  return
}

// Polly splits the bias row into rows of 2 (`bias[jj][t]` on a `?x2` array
// for `bias[2 * jj + t]`): the rerolled load reads the collapsed row.
// CHECK-LABEL: func.func @bias_in_rows_of_lanes
// CHECK-SAME: %[[BIAS:[a-z0-9]+]]: memref<?x2xf32>
// CHECK: %[[ROW:.*]] = memref.collapse_shape %[[BIAS]] {{\[\[}}0, 1]] : memref<?x2xf32> into memref<?xf32>
// CHECK: affine.for %[[J:.*]] = 0 to #{{.*}}()[%{{.*}}] {
// CHECK-NEXT: affine.load %[[ROW]][%[[J]]] : memref<?xf32>
// CHECK-NOT: memref<?x2xf32>
// CHECK: return
func.func @bias_in_rows_of_lanes(%bias: memref<?x2xf32>, %B: memref<?x?xf32>, %C: memref<?xf32>, %N: index, %K: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b0 = affine.load %bias[%jj, 0] : memref<?x2xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %bias[%jj, 1] : memref<?x2xf32>
    affine.store %b1, %acc1[] : memref<f32>
    affine.for %k = 0 to %K {
      %s0 = affine.load %acc0[] : memref<f32>
      %x0 = affine.load %B[%k, %jj * 2] : memref<?x?xf32>
      %r0 = arith.addf %s0, %x0 : f32
      affine.store %r0, %acc0[] : memref<f32>
      %s1 = affine.load %acc1[] : memref<f32>
      %x1 = affine.load %B[%k, %jj * 2 + 1] : memref<?x?xf32>
      %r1 = arith.addf %s1, %x1 : f32
      affine.store %r1, %acc1[] : memref<f32>
    }
    %v0 = affine.load %acc0[] : memref<f32>
    affine.store %v0, %C[%jj * 2] : memref<?xf32>
    %v1 = affine.load %acc1[] : memref<f32>
    affine.store %v1, %C[%jj * 2 + 1] : memref<?xf32>
  }
  return
}

// Rows of 4 where the lanes are 2: lane 1 of iteration jj is element
// 4 * jj + 1, no element of a loop over single lanes. Left as it is.
// CHECK-LABEL: func.func @bias_rows_longer_than_lanes
// CHECK-NOT: memref.collapse_shape
// CHECK: affine.load %{{.*}}[%{{.*}}, 1] : memref<?x4xf32>
// CHECK: return
func.func @bias_rows_longer_than_lanes(%bias: memref<?x4xf32>, %B: memref<?x?xf32>, %C: memref<?xf32>, %N: index, %K: index) {
  %acc0 = memref.alloca() : memref<f32>
  %acc1 = memref.alloca() : memref<f32>
  affine.for %jj = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%N] {
    %b0 = affine.load %bias[%jj, 0] : memref<?x4xf32>
    affine.store %b0, %acc0[] : memref<f32>
    %b1 = affine.load %bias[%jj, 1] : memref<?x4xf32>
    affine.store %b1, %acc1[] : memref<f32>
    affine.for %k = 0 to %K {
      %s0 = affine.load %acc0[] : memref<f32>
      %x0 = affine.load %B[%k, %jj * 2] : memref<?x?xf32>
      %r0 = arith.addf %s0, %x0 : f32
      affine.store %r0, %acc0[] : memref<f32>
      %s1 = affine.load %acc1[] : memref<f32>
      %x1 = affine.load %B[%k, %jj * 2 + 1] : memref<?x?xf32>
      %r1 = arith.addf %s1, %x1 : f32
      affine.store %r1, %acc1[] : memref<f32>
    }
    %v0 = affine.load %acc0[] : memref<f32>
    affine.store %v0, %C[%jj * 2] : memref<?xf32>
    %v1 = affine.load %acc1[] : memref<f32>
    affine.store %v1, %C[%jj * 2 + 1] : memref<?xf32>
  }
  return
}
