//===- Passes.td - The MLIR passes of raise ----------------*- tablegen -*-===//
//
// Declarations of raise's MLIR passes; mlir-tblgen -gen-pass-decls turns them
// into Passes.h.inc (options structs, base classes, registration).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_PASSES_TD
#define RAISE_MLIR_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaiseAffineToLinalg : Pass<"raise-affine-to-linalg", "func::FuncOp"> {
  let summary = "Raise affine loop nests to linalg operations with tactics";
  let description = [{
    Matches every outermost `affine.for` nest of the function against the
    tactics (Einstein-notation patterns, see BuiltinTactics.tactics) and
    replaces the statements that match by linalg operations: a named
    operation (`linalg.matmul`, `linalg.matvec`, ...) where its arithmetic is
    exactly the statement's, otherwise a `linalg.generic` that carries the
    statement's own scalar body (`llvm.intr.fmuladd`, fast-math flags and
    scale factors are kept). Per output element, the raised operation
    performs the same floating-point operations in the same order as the
    loops, so results are bit-identical.

    Statements of one nest are raised separately when splitting the nest is
    legal; statements that match no tactic stay as affine loops of their own.
    A nest in which nothing matches is left untouched. Distinct memref
    arguments are assumed not to alias (the plugin versions each region on a
    run-time check of that).

    User tactics (option `tactics`, or `--raise-tactics` in raise-opt) are
    tried before the built-in ones. A malformed tactics file fails the pass
    before anything is changed, with file:line:column and what was expected.
  }];
  let dependentDialects = [
    "affine::AffineDialect",
    "arith::ArithDialect",
    "linalg::LinalgDialect",
    "memref::MemRefDialect",
  ];
  let options = [
    ListOption<"tacticFiles", "tactics", "std::string",
               "Tactics files tried before the built-in tactics">,
    Option<"namedOps", "named-ops", "bool", /*default=*/"true",
           "Use named linalg operations where they are exact">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Report per loop nest what was raised (remark) or why not">,
  ];
  let statistics = [
    Statistic<"numNests", "nests", "Loop nests examined">,
    Statistic<"numNestsRaised", "nests-raised",
              "Loop nests in which something was raised">,
    Statistic<"numNamedOps", "named-ops", "Named linalg operations created">,
    Statistic<"numGenericOps", "generic-ops", "linalg.generic operations created">,
  ];
}

def RaiseForwardScalars : Pass<"raise-forward-scalars", "func::FuncOp"> {
  let summary = "Forward the scalars an imported region passes through memory";
  let description = [{
    Imported regions pass scalars between statements through 0-d memrefs, as
    Polly models them. Such a scalar is private to the function, so where a
    store certainly precedes a load with no store in between (nor in a loop
    around the load), the load is the stored value. This turns `A_PART =
    ALPHA*A[i][k]` stored before the j loop and read in it back into SSA.

    A reduction `sum += ...` comes with two scalars:
    the accumulator, and a copy of its last value that the code after the
    loop reads:

    ```mlir
    affine.for %k = 0 to %n {
      %s = affine.load %sum[] : memref<f32>
      %v = llvm.intr.fmuladd(%a, %b, %s) : (f32, f32, f32) -> f32
      affine.store %v, %sum[] : memref<f32>
      affine.store %v, %last[] : memref<f32>
    }
    %r = affine.load %last[] : memref<f32>
    ```

    When every store to `%last` is in one loop's body, right where the same
    value is stored to `%sum`, and nothing stores to `%sum` later in that
    body, a load of `%last` after the loop reads what `%sum` holds: it is
    replaced by a load of `%sum`, and `%last`, now never read, is erased
    with its stores. This leaves the
    accumulation in the form the tactics match. (If the loop runs no
    iteration, `%last` was never written; reading `%sum` then refines an
    undefined value.)
  }];
  let dependentDialects = ["affine::AffineDialect", "memref::MemRefDialect"];
  let statistics = [
    Statistic<"numForwarded", "forwarded", "Loads of a last value forwarded">,
  ];
}

#endif // RAISE_MLIR_PASSES_PASSES_TD
