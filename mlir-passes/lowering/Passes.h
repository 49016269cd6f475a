//===- Passes.h - Lowering passes of raise ----------------------*- C++ -*-===//
//
// The lowering stage: raised linalg operations to tuned kernels (packed,
// register-tiled GEMMs, matvec and transpose kernels) or CBLAS calls.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_PASSES_H
#define RAISE_MLIR_PASSES_LOWERING_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace mlir {
namespace raise {

#define GEN_PASS_DECL
#include "mlir-passes/lowering/Passes.h.inc"

/// Registers the lowering passes (for raise-opt).
void registerLoweringPasses();

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LOWERING_PASSES_H
