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

#endif // RAISE_MLIR_PASSES_PASSES_TD
