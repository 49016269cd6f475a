// RUN: raise-opt %s --raise-hoist-guards --split-input-file | FileCheck %s
// RUN: raise-opt %s '--raise-hoist-guards=max-hoists=0' --split-input-file \
// RUN:   | FileCheck %s --check-prefix=NONE

// A guard on a size inside the nest (-O2's gemm_nt: the accumulator starts
// only where the k loop runs) becomes a version of the nest on that size;
// each scalar the versions share gets one copy per version, also the one the
// version for k <= 0 reads before it writes (in a loop that never runs).
// CHECK-LABEL: func.func @guarded_init
// CHECK: %[[ELSE_SUM:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[ELSE_ACC:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.if #{{.*}}()[%arg3] {
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store %{{.*}}, %[[SUM]][]
// CHECK-NEXT: affine.store %{{.*}}, %[[ACC]][]
// CHECK-NOT: affine.if
// CHECK: } else {
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.store %{{.*}}, %[[ELSE_SUM]][]
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[ELSE_ACC]][]
// NONE-LABEL: func.func @guarded_init
// NONE: affine.for
// NONE: affine.for
// NONE: affine.if
#k_positive = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @guarded_init(%A: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index,
                        %k: index) {
  %zero = arith.constant 0.0 : f32
  %sum = memref.alloca() : memref<f32>
  %acc = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %m {
      affine.store %zero, %sum[] : memref<f32>
      affine.if #k_positive()[%k] {
        affine.store %zero, %acc[] : memref<f32>
      }
      affine.for %l = 0 to %k {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %l] : memref<?x?xf32>
        %v = arith.addf %s, %a : f32
        affine.store %v, %acc[] : memref<f32>
        affine.store %v, %sum[] : memref<f32>
      }
      %r = affine.load %sum[] : memref<f32>
      affine.store %r, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// A condition on a loop index is not the same for the whole nest: it stays.
// CHECK-LABEL: func.func @index_guard
// CHECK: affine.for
// CHECK-NEXT: affine.if
#below = affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>
func.func @index_guard(%C: memref<?xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 100 {
    affine.if #below(%i)[%n] {
      affine.store %zero, %C[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A guard already around the whole nest is not inside a loop: unchanged,
// and its branches share a scalar that carries a value in: not split.
// CHECK-LABEL: func.func @carried_in
// CHECK-COUNT-1: memref.alloca
// CHECK-NOT: memref.alloca
#pos = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @carried_in(%C: memref<?xf32>, %n: index) {
  %t = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %t[] : memref<f32>
  affine.if #pos()[%n] {
    affine.for %i = 0 to %n {
      %v = affine.load %t[] : memref<f32>
      affine.store %v, %C[%i] : memref<?xf32>
    }
  } else {
    affine.for %i = 0 to 4 {
      %v = affine.load %t[] : memref<f32>
      affine.store %v, %C[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// LLVM tests one size before each loop that needs it: once the first guard
// on `k > 0` is hoisted, the second is decided in each version (then-branch
// where k > 0, else-branch otherwise) and needs no hoist of its own: with
// max-hoists=1 neither version keeps a guard.
// RUN: raise-opt %s '--raise-hoist-guards=max-hoists=1' --split-input-file \
// RUN:   | FileCheck %s --check-prefix=ONE
// ONE-LABEL: func.func @repeated_guard
// ONE: affine.if #{{.*}}()[%arg2] {
// ONE-NEXT: affine.for
// ONE-NEXT: affine.store %{{.*}}, %arg0[%{{.*}}]
// ONE-NEXT: affine.store %{{.*}}, %arg1[%{{.*}}]
// ONE-NEXT: }
// ONE-NEXT: } else {
// ONE-NEXT: affine.for
// ONE-NEXT: affine.store %{{.*}}, %arg1[%{{.*}}]
// ONE-NEXT: }
// ONE-NEXT: }
// ONE-NEXT: return
// A guard on another size is not decided by it.
// ONE-LABEL: func.func @different_guards
// ONE: affine.if #{{.*}}()[%arg2] {
// ONE: affine.if #{{.*}}()[%arg3] {
// ONE: } else {
// ONE: affine.if #{{.*}}()[%arg3] {
#k_pos = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @repeated_guard(%A: memref<?xf32>, %B: memref<?xf32>, %k: index,
                          %m: index) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %m {
    affine.if #k_pos()[%k] {
      affine.store %zero, %A[%i] : memref<?xf32>
    }
    affine.if #k_pos()[%k] {
      affine.store %zero, %B[%i] : memref<?xf32>
    } else {
      affine.store %one, %B[%i] : memref<?xf32>
    }
  }
  return
}

func.func @different_guards(%A: memref<?xf32>, %B: memref<?xf32>, %k: index,
                            %n: index, %m: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    affine.if #k_pos()[%k] {
      affine.store %zero, %A[%i] : memref<?xf32>
    }
    affine.if #k_pos()[%n] {
      affine.store %zero, %B[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A guard another condition on the same size decides (`k != 0` written as
// k >= 1 or k <= -1 by Polly, `k >= 0` beside `k > 0`): in the version where
// k > 0, `k >= 0` holds; where k <= 0, `k >= 1` cannot. No version is left
// whose condition contradicts the one around it (the else-version, left
// with nothing to do, is removed).
// ONE-LABEL: func.func @implied_guards
// ONE: affine.if #{{.*}}()[%arg2] {
// ONE-NEXT: affine.for
// ONE-NEXT: affine.store %{{.*}}, %arg0[%{{.*}}]
// ONE-NEXT: affine.store %{{.*}}, %arg1[%{{.*}}]
// ONE-NEXT: }
// ONE-NEXT: }
// ONE-NEXT: return
#k_pos2 = affine_set<()[s0] : (s0 - 1 >= 0)>
#k_nonneg = affine_set<()[s0] : (s0 >= 0)>
#k_ge2 = affine_set<()[s0] : (s0 - 2 >= 0)>
func.func @implied_guards(%A: memref<?xf32>, %B: memref<?xf32>, %k: index,
                          %m: index) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %m {
    affine.if #k_pos2()[%k] {
      affine.store %zero, %A[%i] : memref<?xf32>
      affine.if #k_nonneg()[%k] {
        affine.store %zero, %B[%i] : memref<?xf32>
      }
    } else {
      affine.if #k_ge2()[%k] {
        affine.store %zero, %B[%i] : memref<?xf32>
      }
    }
  }
  return
}

// -----

// Polly versions a nest on a parameter as a chain of else-branches: each
// version, nested or not, gets its own copy of a scalar the versions write
// before they read.
// CHECK-LABEL: func.func @version_chain
// CHECK-COUNT-3: memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
#neg = affine_set<()[s0] : (-s0 - 1 >= 0)>
#pos = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @version_chain(%x: memref<?xf32>, %y: memref<?xf32>, %n: index, %p: index) {
  %t = memref.alloca() : memref<f32>
  affine.if #neg()[%p] {
    affine.for %i = 0 to %n {
      %a = affine.load %x[%i] : memref<?xf32>
      affine.store %a, %t[] : memref<f32>
      %v = affine.load %t[] : memref<f32>
      affine.store %v, %y[%i] : memref<?xf32>
    }
  } else {
    affine.if #pos()[%p] {
      affine.for %i = 0 to %n {
        %a = affine.load %x[%i] : memref<?xf32>
        affine.store %a, %t[] : memref<f32>
        %v = affine.load %t[] : memref<f32>
        affine.store %v, %y[%i] : memref<?xf32>
      }
    } else {
      affine.for %i = 0 to %n {
        %a = affine.load %x[%i] : memref<?xf32>
        affine.store %a, %t[] : memref<f32>
        %v = affine.load %t[] : memref<f32>
        affine.store %v, %y[%i] : memref<?xf32>
      }
    }
  }
  return
}

// -----

// Polly guards a sum's start on the flag its nest is versioned on and on
// the loop after it running a trip (the reference TRMM's `IF (NOUNIT)`):
// inside the version for p <= -1 the guard is the trip alone, and the one
// for p >= 1 never holds. A parameter no version decides (%q) stays in the
// guard.
// CHECK-DAG: #[[TRIP:.*]] = affine_set<(d0)[s0, s1] : (-d0 + s1 - 2 >= 0)>
// CHECK-DAG: #[[QTRIP:.*]] = affine_set<(d0)[s0, s1] : (s0 - 1 >= 0, -d0 + s1 - 2 >= 0)>
// CHECK-LABEL: func.func @flag_and_trip
// CHECK: affine.for %[[I:.*]] = 0 to %arg2 {
// CHECK-NEXT: affine.if #[[TRIP]](%[[I]])[%arg3, %arg2] {
// CHECK-NEXT: affine.store %{{.*}}, %arg0[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: affine.if #[[QTRIP]](%[[I]])[%arg4, %arg2] {
// CHECK-NEXT: affine.store %{{.*}}, %arg1[%[[I]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
#neg_flag = affine_set<()[s0] : (-s0 - 1 >= 0)>
#neg_trip = affine_set<(d0)[s0, s1] : (-s0 - 1 >= 0, -d0 + s1 - 2 >= 0)>
#pos_trip = affine_set<(d0)[s0, s1] : (s0 - 1 >= 0, -d0 + s1 - 2 >= 0)>
func.func @flag_and_trip(%A: memref<?xf32>, %B: memref<?xf32>, %n: index,
                         %p: index, %q: index) {
  %zero = arith.constant 0.0 : f32
  affine.if #neg_flag()[%p] {
    affine.for %i = 0 to %n {
      affine.if #neg_trip(%i)[%p, %n] {
        affine.store %zero, %A[%i] : memref<?xf32>
      } else {
        affine.if #pos_trip(%i)[%p, %n] {
          affine.store %zero, %A[%i] : memref<?xf32>
        }
      }
      affine.if #pos_trip(%i)[%q, %n] {
        affine.store %zero, %B[%i] : memref<?xf32>
      }
    }
  }
  return
}

// -----

// A test inside the else-branch of the same test (an equality, whose
// negation is no conjunction) never holds there: its then-branch goes.
// CHECK-LABEL: func.func @same_test_in_else
// CHECK: affine.if
// CHECK: arith.constant 1.000000e+00
// CHECK: } else {
// CHECK-NOT: arith.constant 2.000000e+00
// CHECK: arith.constant 3.000000e+00
// CHECK-NOT: affine.if
// CHECK: return
func.func @same_test_in_else(%A: memref<?xf32>, %n: index, %k: index) {
  affine.if affine_set<()[s0] : (s0 == 0)>()[%k] {
    %one = arith.constant 1.0 : f32
    affine.for %i = 0 to %n {
      affine.store %one, %A[%i] : memref<?xf32>
    }
  } else {
    affine.if affine_set<()[s0] : (s0 == 0)>()[%k] {
      %two = arith.constant 2.0 : f32
      affine.for %i = 0 to %n {
        affine.store %two, %A[%i] : memref<?xf32>
      }
    } else {
      %three = arith.constant 3.0 : f32
      affine.for %i = 0 to %n {
        affine.store %three, %A[%i] : memref<?xf32>
      }
    }
  }
  return
}
