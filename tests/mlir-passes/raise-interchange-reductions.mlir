// RUN: raise-opt %s --raise-interchange-reductions --split-input-file \
// RUN:   | FileCheck %s

// PolyBench's lu, the trailing update of row i: for each j >= i a sum over
// k < i, in place. The j iterations are independent and each streams along
// j once k is outside: interchanged, each element's sum in its order.
// CHECK-LABEL: func.func @lu_row_update
// CHECK: affine.for %[[I:.*]] = 1 to 400 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to 400 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %{{.*}}[%[[K]], %[[J]]]
// CHECK: llvm.intr.fmuladd
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
#id = affine_map<(d0) -> (d0)>
func.func @lu_row_update(%A: memref<?x400xf64>) {
  affine.for %i = 1 to 400 {
    affine.for %j = #id(%i) to 400 {
      affine.for %k = 0 to #id(%i) {
        %0 = affine.load %A[%i, %j] : memref<?x400xf64>
        %1 = affine.load %A[%i, %k] : memref<?x400xf64>
        %2 = affine.load %A[%k, %j] : memref<?x400xf64>
        %3 = arith.negf %1 : f64
        %4 = llvm.intr.fmuladd(%3, %2, %0) : (f64, f64, f64) -> f64
        affine.store %4, %A[%i, %j] : memref<?x400xf64>
      }
    }
  }
  return
}

// -----

// A vector times a matrix over columns j, the sum over rows i inside:
// y[j] streams along j, so does B[i][j].
// CHECK-LABEL: func.func @vecmat_columns
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %{{.*}} {
#id = affine_map<(d0) -> (d0)>
func.func @vecmat_columns(%x: memref<?xf32>, %B: memref<?x?xf32>,
                          %y: memref<?xf32>, %m: index, %n: index) {
  affine.for %j = 0 to %n {
    affine.for %i = 0 to %m {
      %0 = affine.load %y[%j] : memref<?xf32>
      %1 = affine.load %x[%i] : memref<?xf32>
      %2 = affine.load %B[%i, %j] : memref<?x?xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %0, %3 : f32
      affine.store %4, %y[%j] : memref<?xf32>
    }
  }
  return
}

// -----

// The sum's bounds depend on the loop around it (lu's triangle, k < j): no
// interchange of two loops alone can make it.
// CHECK-LABEL: func.func @triangle
// CHECK: affine.for %[[J:.*]] = 0 to 400 {
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%[[J]]) {
#id = affine_map<(d0) -> (d0)>
func.func @triangle(%A: memref<?x400xf64>, %i: index) {
  affine.for %j = 0 to 400 {
    affine.for %k = 0 to #id(%j) {
      %0 = affine.load %A[%i, %j] : memref<?x400xf64>
      %1 = affine.load %A[%i, %k] : memref<?x400xf64>
      %2 = affine.load %A[%k, %j] : memref<?x400xf64>
      %3 = arith.mulf %1, %2 : f64
      %4 = arith.subf %0, %3 : f64
      affine.store %4, %A[%i, %j] : memref<?x400xf64>
    }
  }
  return
}

// -----

// A matrix times a vector: the sum's loop already streams; moving it out
// would make every access to A a column's.
// CHECK-LABEL: func.func @matvec_rows
// CHECK: affine.for %[[I:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[I]]]
func.func @matvec_rows(%A: memref<?x?xf32>, %x: memref<?xf32>,
                       %y: memref<?xf32>, %m: index, %n: index) {
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %0 = affine.load %y[%i] : memref<?xf32>
      %1 = affine.load %A[%i, %j] : memref<?x?xf32>
      %2 = affine.load %x[%j] : memref<?xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %0, %3 : f32
      affine.store %4, %y[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Iterations of j depend on each other (each reads the element before):
// the outer loop is not parallel, nothing moves.
// CHECK-LABEL: func.func @carried_outer
// CHECK: affine.for %[[J:.*]] = 1 to %{{.*}} {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]] - 1]
func.func @carried_outer(%y: memref<?xf32>, %B: memref<?x?xf32>,
                         %m: index, %n: index) {
  affine.for %j = 1 to %n {
    affine.for %k = 0 to %m {
      %0 = affine.load %y[%j - 1] : memref<?xf32>
      %1 = affine.load %y[%j] : memref<?xf32>
      %2 = affine.load %B[%k, %j] : memref<?x?xf32>
      %3 = arith.mulf %0, %2 : f32
      %4 = arith.addf %1, %3 : f32
      affine.store %4, %y[%j] : memref<?xf32>
    }
  }
  return
}

// -----

// The same sum with -ffast-math's flags, whose own loop streams (a dot
// product of rows): LLVM vectorizes it as it is, so it stays inside. The
// product of a row with columns, whose loop does not stream, moves out even
// so.
// CHECK-LABEL: func.func @fast_rows
// CHECK: affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]]]
// CHECK-LABEL: func.func @fast_columns
// CHECK: affine.for %[[K:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to %{{.*}} {
// CHECK-NEXT: affine.load %{{.*}}[%[[J]]]
func.func @fast_rows(%x: memref<?xf32>, %B: memref<?x?xf32>,
                     %y: memref<?xf32>, %m: index, %n: index) {
  affine.for %j = 0 to %n {
    affine.for %k = 0 to %m {
      %0 = affine.load %y[%j] : memref<?xf32>
      %1 = affine.load %x[%k] : memref<?xf32>
      %2 = affine.load %B[%j, %k] : memref<?x?xf32>
      %3 = arith.mulf %1, %2 fastmath<fast> : f32
      %4 = arith.addf %0, %3 fastmath<fast> : f32
      affine.store %4, %y[%j] : memref<?xf32>
    }
  }
  return
}
func.func @fast_columns(%x: memref<?xf32>, %B: memref<?x?xf32>,
                        %y: memref<?xf32>, %m: index, %n: index) {
  affine.for %j = 0 to %n {
    affine.for %k = 0 to %m {
      %0 = affine.load %y[%j] : memref<?xf32>
      %1 = affine.load %x[%k] : memref<?xf32>
      %2 = affine.load %B[%k, %j] : memref<?x?xf32>
      %3 = arith.mulf %1, %2 fastmath<fast> : f32
      %4 = arith.addf %0, %3 fastmath<fast> : f32
      affine.store %4, %y[%j] : memref<?xf32>
    }
  }
  return
}

// -----

// PolyBench's ludcmp: the sum goes through a local scalar, loaded from and
// stored back to A[i][j]. It is summed into A[i][j] in place (the loop
// touches that element nowhere else), then interchanged.
// CHECK-LABEL: func.func @ludcmp_row_update
// CHECK: affine.for %[[I:.*]] = 1 to 400 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to 400 {
// CHECK-NEXT: %[[OLD:.*]] = affine.load %[[A:.*]][%[[I]], %[[J]]]
// CHECK: %[[NEW:.*]] = llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[OLD]])
// CHECK-NEXT: affine.store %[[NEW]], %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
#id = affine_map<(d0) -> (d0)>
func.func @ludcmp_row_update(%A: memref<?x400xf64>) {
  %w = memref.alloca() : memref<f64>
  affine.for %i = 1 to 400 {
    affine.for %j = #id(%i) to 400 {
      %0 = affine.load %A[%i, %j] : memref<?x400xf64>
      affine.store %0, %w[] : memref<f64>
      affine.for %k = 0 to #id(%i) {
        %2 = affine.load %w[] : memref<f64>
        %3 = affine.load %A[%i, %k] : memref<?x400xf64>
        %4 = affine.load %A[%k, %j] : memref<?x400xf64>
        %5 = arith.negf %3 : f64
        %6 = llvm.intr.fmuladd(%5, %4, %2) : (f64, f64, f64) -> f64
        affine.store %6, %w[] : memref<f64>
      }
      %1 = affine.load %w[] : memref<f64>
      affine.store %1, %A[%i, %j] : memref<?x400xf64>
    }
  }
  return
}

// -----

// The same sum where the loop also reads the element it sums into (k runs
// up to i, and A[k][j] is A[i][j] where k = i = j is not excluded): the
// scalar holds the old value, so nothing changes.
// CHECK-LABEL: func.func @reads_its_element
// CHECK: affine.for %[[J:.*]] = #{{.*}}(%{{.*}}) to 400 {
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[] : memref<f64>
// CHECK-NEXT: affine.for %{{.*}} = 0 to #{{.*}}(%{{.*}}) {
#next = affine_map<(d0) -> (d0 + 1)>
#id = affine_map<(d0) -> (d0)>
func.func @reads_its_element(%A: memref<?x400xf64>) {
  %w = memref.alloca() : memref<f64>
  affine.for %i = 1 to 399 {
    affine.for %j = #id(%i) to 400 {
      %0 = affine.load %A[%i, %j] : memref<?x400xf64>
      affine.store %0, %w[] : memref<f64>
      affine.for %k = 0 to #next(%i) {
        %2 = affine.load %w[] : memref<f64>
        %3 = affine.load %A[%i, %k] : memref<?x400xf64>
        %4 = affine.load %A[%k, %j] : memref<?x400xf64>
        %5 = arith.negf %3 : f64
        %6 = llvm.intr.fmuladd(%5, %4, %2) : (f64, f64, f64) -> f64
        affine.store %6, %w[] : memref<f64>
      }
      %1 = affine.load %w[] : memref<f64>
      affine.store %1, %A[%i, %j] : memref<?x400xf64>
    }
  }
  return
}

// -----

// The scalar's last value is read after the nest: it is no local of the
// loop's body, and stays.
// CHECK-LABEL: func.func @scalar_read_after
// CHECK: affine.for %{{.*}} = 0 to 400 {
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store %{{.*}}, %{{.*}}[] : memref<f64>
func.func @scalar_read_after(%A: memref<?x400xf64>, %x: memref<?xf64>,
                             %out: memref<f64>) {
  %w = memref.alloca() : memref<f64>
  affine.for %j = 0 to 400 {
    %0 = affine.load %A[0, %j] : memref<?x400xf64>
    affine.store %0, %w[] : memref<f64>
    affine.for %k = 1 to 400 {
      %2 = affine.load %w[] : memref<f64>
      %3 = affine.load %x[%k] : memref<?xf64>
      %4 = affine.load %A[%k, %j] : memref<?x400xf64>
      %6 = llvm.intr.fmuladd(%3, %4, %2) : (f64, f64, f64) -> f64
      affine.store %6, %w[] : memref<f64>
    }
    %1 = affine.load %w[] : memref<f64>
    affine.store %1, %A[0, %j] : memref<?x400xf64>
  }
  %last = affine.load %w[] : memref<f64>
  affine.store %last, %out[] : memref<f64>
  return
}

// -----

// A forward substitution, a row of ludcmp's L: element j of row i sums over
// the finished elements k < j, then is divided by the diagonal. Moved out,
// the loop over k finishes element k, then updates the later elements of
// the row with it, which streams along j; each element's operations keep
// their order (its updates for k < j, then its division).
// CHECK-LABEL: func.func @ludcmp_row_of_l
// CHECK: affine.for %[[I:.*]] = 1 to 400 {
// CHECK-NEXT: affine.for %[[K:.*]] = 0 to #{{.*}}(%[[I]]) {
// CHECK-NEXT: %[[X:.*]] = affine.load %[[A:.*]][%[[I]], %[[K]]]
// CHECK-NEXT: %[[D:.*]] = affine.load %[[A]][%[[K]], %[[K]]]
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[X]], %[[D]]
// CHECK-NEXT: affine.store %[[Q]], %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT: affine.for %[[J:.*]] = #[[NEXT:.*]](%[[K]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT: affine.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: affine.load %[[A]][%[[I]], %[[K]]]
// CHECK-NEXT: affine.load %[[A]][%[[K]], %[[J]]]
// CHECK: affine.store %{{.*}}, %[[A]][%[[I]], %[[J]]]
#id = affine_map<(d0) -> (d0)>
func.func @ludcmp_row_of_l(%A: memref<?x400xf64>) {
  %w = memref.alloca() : memref<f64>
  affine.for %i = 1 to 400 {
    affine.for %j = 0 to #id(%i) {
      %0 = affine.load %A[%i, %j] : memref<?x400xf64>
      affine.store %0, %w[] : memref<f64>
      affine.for %k = 0 to #id(%j) {
        %4 = affine.load %w[] : memref<f64>
        %5 = affine.load %A[%i, %k] : memref<?x400xf64>
        %6 = affine.load %A[%k, %j] : memref<?x400xf64>
        %7 = arith.negf %5 : f64
        %8 = llvm.intr.fmuladd(%7, %6, %4) : (f64, f64, f64) -> f64
        affine.store %8, %w[] : memref<f64>
      }
      %1 = affine.load %w[] : memref<f64>
      %2 = affine.load %A[%j, %j] : memref<?x400xf64>
      %3 = arith.divf %1, %2 : f64
      affine.store %3, %A[%i, %j] : memref<?x400xf64>
    }
  }
  return
}

// -----

// PolyBench's trisolv: x[i] starts from b[i], sums over the finished x[j],
// j < i, and is divided by the diagonal. Moved out, the loop over i would
// read a column of L; the sums stream along j instead, and run eight rows
// side by side: each row of a block starts, the eight sums over the x[j]
// before the block run in one loop (in registers), then row by row the sums
// over the block's own earlier x[j] and the division. The rows after the
// last whole block (none of 400) run as before.
// CHECK-LABEL: func.func @trisolv
// CHECK: affine.for %[[B:.*]] = 0 to 400 step 8 {
// CHECK-NEXT: %[[R0:.*]] = affine.apply #{{.*}}(%[[B]])
// CHECK-COUNT-6: affine.apply
// CHECK-NEXT: %[[R7:.*]] = affine.apply #{{.*}}(%[[B]])
// CHECK-NEXT: affine.load %{{.*}}[%[[R0]]]
// CHECK-NEXT: affine.store %{{.*}}, %[[X:.*]][%[[R0]]]
// CHECK: %[[S0:.*]] = affine.load %[[X]][%[[R0]]]
// CHECK-COUNT-6: affine.load %[[X]]
// CHECK-NEXT: %[[S7:.*]] = affine.load %[[X]][%[[R7]]]
// CHECK-NEXT: %[[SUMS:.*]]:8 = affine.for %[[J:.*]] = 0 to #{{.*}}(%[[B]]) iter_args(%[[A0:.*]] = %[[S0]], {{.*}}, %[[A7:.*]] = %[[S7]])
// CHECK-NEXT: affine.load %{{.*}}[%[[R0]], %[[J]]]
// CHECK-NEXT: affine.load %[[X]][%[[J]]]
// CHECK-NEXT: arith.negf
// CHECK-NEXT: llvm.intr.fmuladd(%{{.*}}, %{{.*}}, %[[A0]])
// CHECK: affine.yield
// CHECK: affine.store %[[SUMS]]#0, %[[X]][%[[R0]]]
// CHECK: affine.store %[[SUMS]]#7, %[[X]][%[[R7]]]
// CHECK-NEXT: affine.for %[[I:.*]] = #{{.*}}(%[[B]]) to #{{.*}}(%[[B]]) {
// CHECK-NEXT: affine.for %[[K:.*]] = #{{.*}}(%[[B]]) to #{{.*}}(%[[I]]) {
// CHECK: arith.divf
// CHECK: affine.for %[[REST:.*]] = 400 to 400 {
#id = affine_map<(d0) -> (d0)>
func.func @trisolv(%b: memref<?xf64>, %x: memref<?xf64>,
                   %L: memref<?x400xf64>) {
  affine.for %i = 0 to 400 {
    %0 = affine.load %b[%i] : memref<?xf64>
    affine.store %0, %x[%i] : memref<?xf64>
    affine.for %j = 0 to #id(%i) {
      %4 = affine.load %x[%i] : memref<?xf64>
      %5 = affine.load %L[%i, %j] : memref<?x400xf64>
      %6 = affine.load %x[%j] : memref<?xf64>
      %7 = arith.negf %5 : f64
      %8 = llvm.intr.fmuladd(%7, %6, %4) : (f64, f64, f64) -> f64
      affine.store %8, %x[%i] : memref<?xf64>
    }
    %1 = affine.load %x[%i] : memref<?xf64>
    %2 = affine.load %L[%i, %i] : memref<?x400xf64>
    %3 = arith.divf %1, %2 : f64
    affine.store %3, %x[%i] : memref<?xf64>
  }
  return
}

// -----

// The same substitution over the transposed factor (x[i] sums U[j][i] *
// x[j]), which streams along i once moved out; its start from b[i] runs
// first, in a loop of its own.
// CHECK-LABEL: func.func @substitution_columns
// CHECK: affine.for %[[I0:.*]] = 0 to 400 {
// CHECK-NEXT: affine.load %{{.*}}[%[[I0]]]
// CHECK-NEXT: affine.store
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 400 {
// CHECK: arith.divf
// CHECK: affine.for %[[I:.*]] = #{{.*}}(%[[J]]) to 400 {
#id = affine_map<(d0) -> (d0)>
func.func @substitution_columns(%b: memref<?xf64>, %x: memref<?xf64>,
                                %U: memref<?x400xf64>) {
  affine.for %i = 0 to 400 {
    %0 = affine.load %b[%i] : memref<?xf64>
    affine.store %0, %x[%i] : memref<?xf64>
    affine.for %j = 0 to #id(%i) {
      %4 = affine.load %x[%i] : memref<?xf64>
      %5 = affine.load %U[%j, %i] : memref<?x400xf64>
      %6 = affine.load %x[%j] : memref<?xf64>
      %7 = arith.negf %5 : f64
      %8 = llvm.intr.fmuladd(%7, %6, %4) : (f64, f64, f64) -> f64
      affine.store %8, %x[%i] : memref<?xf64>
    }
    %1 = affine.load %x[%i] : memref<?xf64>
    %2 = affine.load %U[%i, %i] : memref<?x400xf64>
    %3 = arith.divf %1, %2 : f64
    affine.store %3, %x[%i] : memref<?xf64>
  }
  return
}

// -----

// Not a substitution: the sum reads x[j + 1], which for j = i - 1 is the
// element being summed (and otherwise one not finished yet); and the
// division uses the starting value from before the loop.
// CHECK-LABEL: func.func @unfinished_element
// CHECK: affine.for %[[I:.*]] = 0 to 399 {
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store
// CHECK-NEXT: affine.for
// CHECK-LABEL: func.func @uses_the_start
// CHECK: affine.for %[[I:.*]] = 0 to 400 {
// CHECK-NEXT: affine.load
// CHECK-NEXT: affine.store
// CHECK-NEXT: affine.for
#id = affine_map<(d0) -> (d0)>
func.func @unfinished_element(%b: memref<?xf64>, %x: memref<?xf64>,
                              %U: memref<?x400xf64>) {
  affine.for %i = 0 to 399 {
    %0 = affine.load %b[%i] : memref<?xf64>
    affine.store %0, %x[%i] : memref<?xf64>
    affine.for %j = 0 to #id(%i) {
      %4 = affine.load %x[%i] : memref<?xf64>
      %5 = affine.load %U[%j, %i] : memref<?x400xf64>
      %6 = affine.load %x[%j + 1] : memref<?xf64>
      %8 = llvm.intr.fmuladd(%5, %6, %4) : (f64, f64, f64) -> f64
      affine.store %8, %x[%i] : memref<?xf64>
    }
  }
  return
}
func.func @uses_the_start(%b: memref<?xf64>, %x: memref<?xf64>,
                          %U: memref<?x400xf64>) {
  affine.for %i = 0 to 400 {
    %0 = affine.load %b[%i] : memref<?xf64>
    affine.store %0, %x[%i] : memref<?xf64>
    affine.for %j = 0 to #id(%i) {
      %4 = affine.load %x[%i] : memref<?xf64>
      %5 = affine.load %U[%j, %i] : memref<?x400xf64>
      %6 = affine.load %x[%j] : memref<?xf64>
      %8 = llvm.intr.fmuladd(%5, %6, %4) : (f64, f64, f64) -> f64
      affine.store %8, %x[%i] : memref<?xf64>
    }
    %1 = affine.load %x[%i] : memref<?xf64>
    %3 = arith.divf %1, %0 : f64
    affine.store %3, %x[%i] : memref<?xf64>
  }
  return
}
