// RUN: raise-opt %s --raise-forward-scalars --split-input-file | FileCheck %s

// A reduction's last value read after the loop is the accumulator's value;
// the copy dies with its stores.
// CHECK-LABEL: func.func @last_value
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %[[SUM]][]
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = affine.load %[[SUM]][] : memref<f32>
// CHECK-NEXT: affine.store %[[R]], %{{.*}}[] : memref<f32>
func.func @last_value(%a: memref<?xf32>, %out: memref<f32>, %n: index) {
  %sum = memref.alloca() : memref<f32>
  %last = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %sum[] : memref<f32>
  affine.for %k = 0 to %n {
    %s = affine.load %sum[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %v = arith.addf %s, %x : f32
    affine.store %v, %sum[] : memref<f32>
    affine.store %v, %last[] : memref<f32>
  }
  %r = affine.load %last[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// -O2 starts the last value and the accumulator with one store each of the
// same value before the loop: the two hold one value after the loop even
// when it runs no trip, so the last value is forwarded.
// CHECK-LABEL: func.func @last_value_started_together
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %[[SUM]][]
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = affine.load %[[SUM]][] : memref<f32>
// CHECK-NEXT: affine.store %[[R]], %{{.*}}[] : memref<f32>
func.func @last_value_started_together(%a: memref<?xf32>, %out: memref<f32>,
                                       %n: index) {
  %sum = memref.alloca() : memref<f32>
  %last = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %last[] : memref<f32>
  affine.store %zero, %sum[] : memref<f32>
  affine.for %k = 0 to %n {
    %s = affine.load %sum[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %v = arith.addf %s, %x : f32
    affine.store %v, %sum[] : memref<f32>
    affine.store %v, %last[] : memref<f32>
  }
  %r = affine.load %last[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// The same with the last value allocated first (as hoisting guards leaves a
// version's copies): the accumulator is the scalar the loop reads, and the
// last value is never made its accumulator in turn.
// CHECK-LABEL: func.func @last_value_allocated_first
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for
// CHECK: affine.store %{{.*}}, %[[SUM]][]
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = affine.load %[[SUM]][] : memref<f32>
// CHECK-NEXT: affine.store %[[R]], %{{.*}}[] : memref<f32>
func.func @last_value_allocated_first(%a: memref<?xf32>, %out: memref<f32>,
                                      %n: index) {
  %last = memref.alloca() : memref<f32>
  %sum = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %last[] : memref<f32>
  affine.store %zero, %sum[] : memref<f32>
  affine.for %k = 0 to %n {
    %s = affine.load %sum[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %v = arith.addf %s, %x : f32
    affine.store %v, %sum[] : memref<f32>
    affine.store %v, %last[] : memref<f32>
  }
  %r = affine.load %last[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// A product tiled by hand at -O2: two lanes' accumulators and last values
// all start from one bias, the four stores in a row. Each last value starts
// with its accumulator (only stores of other scalars between them), and
// both are forwarded.
// CHECK-LABEL: func.func @lanes_started_together
// CHECK-COUNT-2: memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: affine.for
// CHECK: }
// CHECK-NEXT: %[[R0:.*]] = affine.load %[[S0:.*]][] : memref<f32>
// CHECK-NEXT: affine.store %[[R0]], %{{.*}}[0] : memref<2xf32>
// CHECK-NEXT: %[[R1:.*]] = affine.load %[[S1:.*]][] : memref<f32>
// CHECK-NEXT: affine.store %[[R1]], %{{.*}}[1] : memref<2xf32>
func.func @lanes_started_together(%a: memref<?x2xf32>, %out: memref<2xf32>,
                                  %bias: f32, %n: index) {
  %sum0 = memref.alloca() : memref<f32>
  %sum1 = memref.alloca() : memref<f32>
  %last0 = memref.alloca() : memref<f32>
  %last1 = memref.alloca() : memref<f32>
  affine.store %bias, %last0[] : memref<f32>
  affine.store %bias, %last1[] : memref<f32>
  affine.store %bias, %sum0[] : memref<f32>
  affine.store %bias, %sum1[] : memref<f32>
  affine.for %k = 0 to %n {
    %s0 = affine.load %sum0[] : memref<f32>
    %s1 = affine.load %sum1[] : memref<f32>
    %x0 = affine.load %a[%k, 0] : memref<?x2xf32>
    %x1 = affine.load %a[%k, 1] : memref<?x2xf32>
    %v0 = arith.addf %s0, %x0 : f32
    %v1 = arith.addf %s1, %x1 : f32
    affine.store %v0, %sum0[] : memref<f32>
    affine.store %v1, %sum1[] : memref<f32>
    affine.store %v0, %last0[] : memref<f32>
    affine.store %v1, %last1[] : memref<f32>
  }
  %r0 = affine.load %last0[] : memref<f32>
  affine.store %r0, %out[0] : memref<2xf32>
  %r1 = affine.load %last1[] : memref<f32>
  affine.store %r1, %out[1] : memref<2xf32>
  return
}

// -----

// The same with the last value stored once more, with another value,
// between its start and the accumulator's: with no trip the two differ, and
// that last value is kept.
// CHECK-LABEL: func.func @lanes_started_apart
// CHECK: %[[LAST0:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.load %[[LAST0]][]
func.func @lanes_started_apart(%a: memref<?x2xf32>, %out: memref<2xf32>,
                               %bias: f32, %n: index) {
  %last0 = memref.alloca() : memref<f32>
  %sum0 = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %bias, %last0[] : memref<f32>
  affine.store %zero, %last0[] : memref<f32>
  affine.store %bias, %sum0[] : memref<f32>
  affine.for %k = 0 to %n {
    %s0 = affine.load %sum0[] : memref<f32>
    %x0 = affine.load %a[%k, 0] : memref<?x2xf32>
    %v0 = arith.addf %s0, %x0 : f32
    affine.store %v0, %sum0[] : memref<f32>
    affine.store %v0, %last0[] : memref<f32>
  }
  %r0 = affine.load %last0[] : memref<f32>
  affine.store %r0, %out[0] : memref<2xf32>
  return
}

// -----

// The accumulator changes between the two starts and the loop: with no
// trip, the last value and the accumulator differ; nothing is forwarded.
// CHECK-LABEL: func.func @started_apart
// CHECK: %[[LAST:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.load %[[LAST]][]
func.func @started_apart(%a: memref<?xf32>, %out: memref<f32>, %n: index) {
  %sum = memref.alloca() : memref<f32>
  %last = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.store %zero, %last[] : memref<f32>
  affine.store %zero, %sum[] : memref<f32>
  affine.store %one, %sum[] : memref<f32>
  affine.for %k = 0 to %n {
    %s = affine.load %sum[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %v = arith.addf %s, %x : f32
    affine.store %v, %sum[] : memref<f32>
    affine.store %v, %last[] : memref<f32>
  }
  %r = affine.load %last[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// The accumulator changes after the copy in the loop body: the copy holds
// another value than the accumulator, nothing is forwarded.
// CHECK-LABEL: func.func @changed_after_copy
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK: %[[LAST:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.load %[[LAST]][]
func.func @changed_after_copy(%a: memref<?xf32>, %out: memref<f32>, %n: index) {
  %sum = memref.alloca() : memref<f32>
  %last = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %sum[] : memref<f32>
  affine.for %k = 0 to %n {
    %s = affine.load %sum[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %v = arith.addf %s, %x : f32
    affine.store %v, %sum[] : memref<f32>
    affine.store %v, %last[] : memref<f32>
    affine.store %x, %sum[] : memref<f32>
  }
  %r = affine.load %last[] : memref<f32>
  affine.store %r, %out[] : memref<f32>
  return
}

// -----

// A scalar stored in lockstep with C[i][j] (as LLVM leaves E[i][j] += ... in
// 3mm) is read from C[i][j]; the scalar dies.
// CHECK-LABEL: func.func @mirror
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: affine.for %[[K:.*]] = 0 to
// CHECK: %[[C:.*]] = affine.load %{{.*}}[%[[I]], %[[J]]] : memref<?x?xf32>
// CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[C]])
func.func @mirror(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>,
                  %n: index) {
  %acc = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      affine.store %zero, %acc[] : memref<f32>
      affine.for %k = 0 to %n {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %v = llvm.intr.fmuladd(%a, %b, %s) : (f32, f32, f32) -> f32
        affine.store %v, %C[%i, %j] : memref<?x?xf32>
        affine.store %v, %acc[] : memref<f32>
      }
    }
  }
  return
}

// -----

// C[i][j] is also stored without the scalar: the two may differ, so the
// scalar stays.
// CHECK-LABEL: func.func @element_stored_alone
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.load %[[ACC]][]
func.func @element_stored_alone(%A: memref<?x?xf32>, %C: memref<?x?xf32>,
                                %n: index) {
  %acc = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      affine.store %zero, %acc[] : memref<f32>
      affine.for %k = 0 to %n {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %v = arith.addf %a, %s : f32
        affine.store %v, %C[%i, %j] : memref<?x?xf32>
        affine.store %v, %acc[] : memref<f32>
        affine.store %one, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// A scalar stored before a loop and only read in it is the stored value
// (Darknet's A_PART); the scalar dies.
// CHECK-LABEL: func.func @stored_value
// CHECK-NOT: memref.alloca
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: affine.for
// CHECK: arith.addf %{{.*}}, %[[P]]
func.func @stored_value(%a: memref<?xf32>, %c: memref<?xf32>, %alpha: f32,
                        %n: index) {
  %part = memref.alloca() : memref<f32>
  affine.for %k = 0 to %n {
    %x = affine.load %a[%k] : memref<?xf32>
    %p = arith.mulf %alpha, %x : f32
    affine.store %p, %part[] : memref<f32>
    affine.for %j = 0 to %n {
      %s = affine.load %part[] : memref<f32>
      %y = affine.load %c[%j] : memref<?xf32>
      %r = arith.addf %y, %s : f32
      affine.store %r, %c[%j] : memref<?xf32>
    }
  }
  return
}

// -----

// The loop around the load stores the scalar again: a later trip reads that
// value, not the one stored before the loop.
// CHECK-LABEL: func.func @stored_again_in_loop
// CHECK: %[[S:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.for
// CHECK-NEXT: affine.load %[[S]][]
func.func @stored_again_in_loop(%a: memref<?xf32>, %n: index) {
  %s = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %s[] : memref<f32>
  affine.for %k = 0 to %n {
    %v = affine.load %s[] : memref<f32>
    %x = affine.load %a[%k] : memref<?xf32>
    %r = arith.addf %v, %x : f32
    affine.store %r, %s[] : memref<f32>
    affine.store %r, %a[%k] : memref<?xf32>
  }
  return
}

// -----

// y[i] kept in a register across the j loop (as LICM leaves a matvec): the
// scalar starts as a copy of y[i] and is stored with it; it reads y[i].
// CHECK-LABEL: func.func @loaded_then_mirrored
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: %[[Y:.*]] = affine.load %{{.*}}[%[[I]]] : memref<?xf32>
// CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[Y]])
func.func @loaded_then_mirrored(%A: memref<?x?xf32>, %x: memref<?xf32>,
                                %y: memref<?xf32>, %n: index) {
  %acc = memref.alloca() : memref<f32>
  affine.for %i = 0 to %n {
    %y0 = affine.load %y[%i] : memref<?xf32>
    affine.store %y0, %acc[] : memref<f32>
    affine.for %j = 0 to %n {
      %s = affine.load %acc[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %b = affine.load %x[%j] : memref<?xf32>
      %v = llvm.intr.fmuladd(%a, %b, %s) : (f32, f32, f32) -> f32
      affine.store %v, %y[%i] : memref<?xf32>
      affine.store %v, %acc[] : memref<f32>
    }
  }
  return
}

// -----

// gemver: x[i] kept in a register across the j loop, and x stored again by
// the next loop nest. That store is outside the i loop, which holds every
// use of the scalar and starts each trip by storing it: it cannot come
// between a store of the scalar and a load. The scalar reads x[i].
// CHECK-LABEL: func.func @mirrored_then_stored_later
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.for %[[J:.*]] = 0 to
// CHECK: %[[X:.*]] = affine.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[X]])
func.func @mirrored_then_stored_later(%A: memref<?x?xf64>, %x: memref<?xf64>,
                                      %y: memref<?xf64>, %z: memref<?xf64>,
                                      %n: index) {
  %acc = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    %x0 = affine.load %x[%i] : memref<?xf64>
    affine.store %x0, %acc[] : memref<f64>
    affine.for %j = 0 to %n {
      %s = affine.load %acc[] : memref<f64>
      %a = affine.load %A[%j, %i] : memref<?x?xf64>
      %b = affine.load %y[%j] : memref<?xf64>
      %v = llvm.intr.fmuladd(%a, %b, %s) : (f64, f64, f64) -> f64
      affine.store %v, %x[%i] : memref<?xf64>
      affine.store %v, %acc[] : memref<f64>
    }
  }
  affine.for %i = 0 to %n {
    %x1 = affine.load %x[%i] : memref<?xf64>
    %z1 = affine.load %z[%i] : memref<?xf64>
    %w = arith.addf %x1, %z1 : f64
    affine.store %w, %x[%i] : memref<?xf64>
  }
  return
}

// -----

// x is stored inside the i loop by another statement (x[j] in the j
// loop): it may change x[i] behind the scalar, which stays.
// CHECK-LABEL: func.func @stored_inside_scope
// CHECK: memref.alloca
// CHECK: affine.load %{{.*}}[] : memref<f64>
func.func @stored_inside_scope(%A: memref<?x?xf64>, %x: memref<?xf64>,
                               %y: memref<?xf64>, %n: index) {
  %acc = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    %x0 = affine.load %x[%i] : memref<?xf64>
    affine.store %x0, %acc[] : memref<f64>
    affine.for %j = 0 to %n {
      %s = affine.load %acc[] : memref<f64>
      %a = affine.load %A[%j, %i] : memref<?x?xf64>
      %b = affine.load %y[%j] : memref<?xf64>
      %v = llvm.intr.fmuladd(%a, %b, %s) : (f64, f64, f64) -> f64
      affine.store %v, %x[%i] : memref<?xf64>
      affine.store %v, %acc[] : memref<f64>
      affine.store %b, %x[%j] : memref<?xf64>
    }
  }
  return
}

// -----

// A load of the scalar no store dominates (the j loop may not run before
// it is read in the next trip of i): the other nest's store could come in
// between, so the scalar stays.
// CHECK-LABEL: func.func @load_not_dominated
// CHECK: memref.alloca
func.func @load_not_dominated(%x: memref<?xf64>, %n: index) {
  %acc = memref.alloca() : memref<f64>
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to %n {
    %s = affine.load %acc[] : memref<f64>
    affine.for %j = 0 to %n {
      %v = arith.addf %s, %one : f64
      affine.store %v, %x[%i] : memref<?xf64>
      affine.store %v, %acc[] : memref<f64>
    }
  }
  affine.for %i = 0 to %n {
    affine.store %one, %x[%i] : memref<?xf64>
  }
  return
}

// -----

// C[a][b] kept in a register across two loops (a contraction over c and d):
// the outer scalar starts as a copy of the element and is refreshed from it
// after each inner loop, the inner one is stored with the element. Both
// read the element.
// CHECK-LABEL: func.func @two_level_register
// CHECK-NOT: memref.alloca
// CHECK-COUNT-4: affine.for
// CHECK-NEXT: %[[E:.*]] = affine.load %arg0[%{{.*}}, %{{.*}}] : memref<?x?xf32>
// CHECK: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[E]])
func.func @two_level_register(%Cm: memref<?x?xf32>, %A: memref<?x?x?xf32>,
                              %B: memref<?x?x?xf32>, %n: index) {
  %outer = memref.alloca() : memref<f32>
  %inner = memref.alloca() : memref<f32>
  affine.for %a = 0 to %n {
    affine.for %b = 0 to %n {
      %0 = affine.load %Cm[%a, %b] : memref<?x?xf32>
      affine.store %0, %outer[] : memref<f32>
      affine.for %c = 0 to %n {
        %1 = affine.load %outer[] : memref<f32>
        affine.store %1, %inner[] : memref<f32>
        affine.for %d = 0 to %n {
          %s = affine.load %inner[] : memref<f32>
          %x = affine.load %A[%c, %a, %d] : memref<?x?x?xf32>
          %y = affine.load %B[%d, %c, %b] : memref<?x?x?xf32>
          %v = llvm.intr.fmuladd(%x, %y, %s) : (f32, f32, f32) -> f32
          affine.store %v, %Cm[%a, %b] : memref<?x?xf32>
          affine.store %v, %inner[] : memref<f32>
        }
        %2 = affine.load %Cm[%a, %b] : memref<?x?xf32>
        affine.store %2, %outer[] : memref<f32>
      }
    }
  }
  return
}

// -----

// The same, but the element is overwritten after the outer scalar was
// refreshed: at the next trip the scalar holds the old value, so it stays.
// CHECK-LABEL: func.func @two_level_overwritten
// CHECK: %[[OUTER:.*]] = memref.alloca() : memref<f32>
// CHECK: affine.load %[[OUTER]][] : memref<f32>
func.func @two_level_overwritten(%Cm: memref<?x?xf32>, %A: memref<?x?x?xf32>,
                                 %n: index) {
  %outer = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %a = 0 to %n {
    affine.for %b = 0 to %n {
      %0 = affine.load %Cm[%a, %b] : memref<?x?xf32>
      affine.store %0, %outer[] : memref<f32>
      affine.for %c = 0 to %n {
        %1 = affine.load %outer[] : memref<f32>
        %x = affine.load %A[%c, %a, %b] : memref<?x?x?xf32>
        %v = arith.addf %1, %x : f32
        affine.store %v, %A[%c, %a, %b] : memref<?x?x?xf32>
        %2 = affine.load %Cm[%a, %b] : memref<?x?xf32>
        affine.store %2, %outer[] : memref<f32>
        affine.store %zero, %Cm[%a, %b] : memref<?x?xf32>
      }
    }
  }
  return
}

// -----

// y[i] is stored between the copy and the scalar store: the copy may hold
// an old value, so the scalar stays.
// CHECK-LABEL: func.func @stored_between_load_and_copy
// CHECK: memref.alloca
func.func @stored_between_load_and_copy(%y: memref<?xf32>, %n: index) {
  %acc = memref.alloca() : memref<f32>
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    %y0 = affine.load %y[%i] : memref<?xf32>
    affine.store %one, %y[%i] : memref<?xf32>
    affine.store %y0, %acc[] : memref<f32>
    affine.for %j = 0 to %n {
      %s = affine.load %acc[] : memref<f32>
      %v = arith.addf %s, %one : f32
      affine.store %v, %y[%i] : memref<?xf32>
      affine.store %v, %acc[] : memref<f32>
    }
  }
  return
}

// -----

// The last value of y[i], kept in a register across j and stored with y[i]
// every trip, read after the loop (gesummv): it is y[i].
// CHECK-LABEL: func.func @last_element
// CHECK-NOT: memref.alloca
// CHECK: affine.for %[[I:.*]] = 0 to
// CHECK: affine.for
// CHECK: }
// CHECK-NEXT: %[[Y:.*]] = affine.load %{{.*}}[%[[I]]] : memref<?xf64>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[Y]]
func.func @last_element(%A: memref<?x?xf64>, %x: memref<?xf64>,
                        %y: memref<?xf64>, %out: memref<?xf64>,
                        %alpha: f64, %n: index) {
  %last = memref.alloca() : memref<f64>
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %n {
      %a = affine.load %A[%i, %j] : memref<?x?xf64>
      %b = affine.load %x[%j] : memref<?xf64>
      %c = affine.load %y[%i] : memref<?xf64>
      %v = llvm.intr.fmuladd(%a, %b, %c) : (f64, f64, f64) -> f64
      affine.store %v, %y[%i] : memref<?xf64>
      affine.store %v, %last[] : memref<f64>
    }
    %l = affine.load %last[] : memref<f64>
    %r = arith.mulf %alpha, %l : f64
    affine.store %r, %out[%i] : memref<?xf64>
  }
  return
}

// -----

// C[i][j] is also stored, alone, in a version of the nest that runs only
// when the other cannot (LLVM's version for a trip count of 0, as in 2mm):
// the mirror still holds where the scalar lives.
// CHECK-LABEL: func.func @other_version
// CHECK-NOT: memref.alloca
#never_k = affine_set<()[s0] : (-s0 >= 0)>
#some_k = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @other_version(%A: memref<?x?xf32>, %C: memref<?x?xf32>, %n: index,
                         %k: index) {
  %acc = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.if #never_k()[%k] {
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        affine.store %zero, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  affine.if #some_k()[%k] {
    affine.for %i = 0 to %n {
      affine.for %j = 0 to %n {
        affine.store %zero, %C[%i, %j] : memref<?x?xf32>
        affine.store %zero, %acc[] : memref<f32>
        affine.for %l = 0 to %k {
          %s = affine.load %acc[] : memref<f32>
          %a = affine.load %A[%i, %l] : memref<?x?xf32>
          %v = arith.addf %s, %a : f32
          affine.store %v, %C[%i, %j] : memref<?x?xf32>
          affine.store %v, %acc[] : memref<f32>
        }
      }
    }
  }
  return
}

// -----

// The lone store is in the other branch of a condition on a loop variable:
// both branches run, in different trips, so the scalar is no mirror of
// C[0][0] everywhere. But each trip through the else branch stores both
// before the loop that reads the scalar, so there it reads C[0][0].
// CHECK-LABEL: func.func @branch_on_loop_variable
// CHECK-NOT: memref.alloca
// CHECK: } else {
// CHECK: affine.for
// CHECK-NEXT: %[[E:.*]] = affine.load %arg1[0, 0] : memref<?x?xf32>
// CHECK: arith.addf %[[E]],
#first = affine_set<(d0) : (-d0 >= 0)>
func.func @branch_on_loop_variable(%A: memref<?x?xf32>, %C: memref<?x?xf32>,
                                   %n: index) {
  %acc = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.if #first(%i) {
      affine.store %one, %C[0, 0] : memref<?x?xf32>
    } else {
      affine.store %zero, %C[0, 0] : memref<?x?xf32>
      affine.store %zero, %acc[] : memref<f32>
      affine.for %l = 0 to %n {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %l] : memref<?x?xf32>
        %v = arith.addf %s, %a : f32
        affine.store %v, %C[0, 0] : memref<?x?xf32>
        affine.store %v, %acc[] : memref<f32>
      }
    }
  }
  return
}

// -----

// A sum over two loops as LLVM leaves it with int trip counts: the inner
// loop's accumulator is copied in from the outer one and out again under a
// guard that its loop ran, the last value is read under another guard, and
// the sum is stored back to its element under a guard that the outer loop
// ran. Each guarded store changes nothing when its loop runs no trip (the
// scalars still hold what they were copied from): the guards go, the copies
// coalesce, and one accumulator is left, read back once.
// CHECK-LABEL: func.func @sum_over_two_loops
// CHECK: %[[SUM:.*]] = memref.alloca() : memref<f32>
// CHECK-NOT: memref.alloca
// CHECK: %[[C:.*]] = affine.load %arg0[%{{.*}}] : memref<?xf32>
// CHECK-NEXT: affine.store %[[C]], %[[SUM]][]
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.for
// CHECK-NEXT: affine.load %[[SUM]][]
// CHECK: affine.store %{{.*}}, %[[SUM]][]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = affine.load %[[SUM]][]
// CHECK-NEXT: affine.store %[[R]], %arg0[%{{.*}}]
// CHECK-NOT: affine.if
#runs = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @sum_over_two_loops(%out: memref<?xf32>, %a: memref<?x?x?xf32>,
                              %p: index, %q: index, %n: index) {
  %sum = memref.alloca() : memref<f32>
  %inner = memref.alloca() : memref<f32>
  %last = memref.alloca() : memref<f32>
  affine.for %i = 0 to %n {
    %c = affine.load %out[%i] : memref<?xf32>
    affine.store %c, %sum[] : memref<f32>
    affine.for %k = 0 to %p {
      %s = affine.load %sum[] : memref<f32>
      affine.store %s, %inner[] : memref<f32>
      affine.for %l = 0 to %q {
        %t = affine.load %inner[] : memref<f32>
        %x = affine.load %a[%i, %k, %l] : memref<?x?x?xf32>
        %v = arith.addf %t, %x : f32
        affine.store %v, %last[] : memref<f32>
        affine.store %v, %inner[] : memref<f32>
      }
      affine.if #runs()[%q] {
        %r = affine.load %last[] : memref<f32>
        affine.store %r, %sum[] : memref<f32>
      }
    }
    affine.if #runs()[%p] {
      %r = affine.load %last[] : memref<f32>
      affine.store %r, %out[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Negative: the guard is not the trip count of the loop before it (q, not
// p): with p = 0 and q >= 1 the store would run, with q = 0 it would not, so
// it stays guarded.
// CHECK-LABEL: func.func @guard_on_another_count
// CHECK: affine.if
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store %{{.*}}, %arg0[%{{.*}}]
#runs2 = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @guard_on_another_count(%out: memref<?xf32>, %a: memref<?x?xf32>,
                                  %p: index, %q: index, %n: index) {
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %n {
    %c = affine.load %out[%i] : memref<?xf32>
    affine.store %c, %sum[] : memref<f32>
    affine.for %k = 0 to %p {
      %s = affine.load %sum[] : memref<f32>
      %x = affine.load %a[%i, %k] : memref<?x?xf32>
      %v = arith.addf %s, %x : f32
      affine.store %v, %sum[] : memref<f32>
    }
    affine.if #runs2()[%q] {
      %r = affine.load %sum[] : memref<f32>
      affine.store %r, %out[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Negative: the loop also stores to the array the sum goes back to, so with
// no trip skipped the element may no longer hold the sum's start: the
// guarded store stays guarded.
// CHECK-LABEL: func.func @loop_stores_the_array
// CHECK: affine.if
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store %{{.*}}, %arg0[%{{.*}}]
#runs3 = affine_set<()[s0] : (s0 - 1 >= 0)>
func.func @loop_stores_the_array(%out: memref<?xf32>, %a: memref<?x?xf32>,
                                 %p: index, %n: index) {
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %n {
    %c = affine.load %out[%i] : memref<?xf32>
    affine.store %c, %sum[] : memref<f32>
    affine.for %k = 0 to %p {
      %s = affine.load %sum[] : memref<f32>
      %x = affine.load %a[%i, %k] : memref<?x?xf32>
      %v = arith.addf %s, %x : f32
      affine.store %v, %sum[] : memref<f32>
      affine.store %x, %out[%k] : memref<?xf32>
    }
    affine.if #runs3()[%p] {
      %r = affine.load %sum[] : memref<f32>
      affine.store %r, %out[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// A sum read twice after its loop (stored, then its magnitude added to a
// total) is read once; a load after a store to the scalar, or after a loop
// that writes it, is not forwarded from before.
// CHECK-LABEL: func.func @loaded_twice
// CHECK: affine.for
// CHECK: }
// CHECK-NEXT: %[[S:.*]] = affine.load %[[SUM:.*]][] : memref<f32>
// CHECK-NEXT: affine.store %[[S]], %{{.*}}[%{{.*}}]
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %[[S]] : f32
// CHECK-NEXT: affine.store %[[NEG]], %{{.*}}[%{{.*}}]
// CHECK-NEXT: affine.for
// CHECK: }
// CHECK-NEXT: %[[AGAIN:.*]] = affine.load %[[SUM]][] : memref<f32>
// CHECK-NEXT: affine.store %[[AGAIN]], %{{.*}}[%{{.*}}]
func.func @loaded_twice(%A: memref<?x?xf32>, %y: memref<?xf32>, %z: memref<?xf32>, %w: memref<?xf32>, %m: index, %n: index) {
  %zero = arith.constant 0.000000e+00 : f32
  %sum = memref.alloca() : memref<f32>
  affine.for %i = 0 to %m {
    affine.store %zero, %sum[] : memref<f32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %r = arith.addf %acc, %a : f32
      affine.store %r, %sum[] : memref<f32>
    }
    %s = affine.load %sum[] : memref<f32>
    affine.store %s, %y[%i] : memref<?xf32>
    %s2 = affine.load %sum[] : memref<f32>
    %neg = arith.negf %s2 : f32
    affine.store %neg, %z[%i] : memref<?xf32>
    affine.for %j = 0 to %n {
      %acc = affine.load %sum[] : memref<f32>
      %a = affine.load %A[%i, %j] : memref<?x?xf32>
      %r = arith.mulf %acc, %a : f32
      affine.store %r, %sum[] : memref<f32>
    }
    %s3 = affine.load %sum[] : memref<f32>
    affine.store %s3, %w[%i] : memref<?xf32>
  }
  return
}

// -----

// The start of a loop-carried sum under a guard that its loop runs a trip
// (Polly's, for a Fortran TRMM's TEMP = B(I,J) before DO K = I + 1,M;
// written `-(d0 + 2) + s0`): only the loop reads the accumulator, so the
// copy runs unguarded, and the accumulator becomes the sum itself.
// CHECK-LABEL: func.func @entry_guard
// CHECK: affine.for
// CHECK-NOT: affine.if
// CHECK: return
func.func @entry_guard(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %m: index, %n: index) {
  %temp = memref.alloca() : memref<f32>
  %acc = memref.alloca() : memref<f32>
  affine.for %j = 0 to %n {
    affine.for %i = 0 to %m {
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      affine.store %b, %temp[] : memref<f32>
      affine.if affine_set<(d0)[s0] : (-(d0 + 2) + s0 >= 0)>(%i)[%m] {
        %t = affine.load %temp[] : memref<f32>
        affine.store %t, %acc[] : memref<f32>
      }
      affine.for %k = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%i)[%m] {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %i + %k + 1] : memref<?x?xf32>
        %r = arith.addf %s, %a : f32
        affine.store %r, %acc[] : memref<f32>
        affine.store %r, %temp[] : memref<f32>
      }
      %v = affine.load %temp[] : memref<f32>
      affine.store %v, %B[%j, %i] : memref<?x?xf32>
    }
  }
  return
}

// -----

// Negative: the accumulator is read after the loop too, where the loop ran
// no trip it would read the unguarded copy: the guard stays.
// CHECK-LABEL: func.func @entry_guard_read_after
// CHECK: affine.if
// CHECK: affine.for
func.func @entry_guard_read_after(%B: memref<?x?xf32>, %A: memref<?x?xf32>, %y: memref<?xf32>, %m: index, %n: index) {
  %acc = memref.alloca() : memref<f32>
  %zero = arith.constant 0.0 : f32
  affine.for %j = 0 to %n {
    affine.store %zero, %acc[] : memref<f32>
    affine.for %i = 0 to %m {
      %b = affine.load %B[%j, %i] : memref<?x?xf32>
      affine.if affine_set<(d0)[s0] : (-(d0 + 2) + s0 >= 0)>(%i)[%m] {
        affine.store %b, %acc[] : memref<f32>
      }
      affine.for %k = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%i)[%m] {
        %s = affine.load %acc[] : memref<f32>
        %a = affine.load %A[%i, %i + %k + 1] : memref<?x?xf32>
        %r = arith.addf %s, %a : f32
        affine.store %r, %acc[] : memref<f32>
      }
    }
    %v = affine.load %acc[] : memref<f32>
    affine.store %v, %y[%j] : memref<?xf32>
  }
  return
}
