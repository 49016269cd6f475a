//===- TargetParameters.h - Tuned-lowering parameters for a target -*- C++ -*-===//
//
// The register tile and vector width of the tuned lowering come from the
// function's own target (what -march chose), never from the build machine.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_TARGETPARAMETERS_H
#define RAISE_PLUGIN_TARGETPARAMETERS_H

#include "mlir-passes/lowering/Pipelines.h"

namespace llvm {
class Function;
class TargetTransformInfo;
} // namespace llvm

namespace raising {

/// The tuned-lowering options for code that runs in @p F: vector width from
/// its target features (AVX-512: 512 bits, AVX/AVX2: 256, otherwise 128),
/// a register tile that keeps the accumulators in half the vector registers,
/// whether fmuladd may be emitted as a fused multiply-add (which is what
/// the backend does with it on such a target anyway), and the L1 and L2
/// data caches @p TTI (the target's cost model) knows, for the cache-block
/// model; levels it does not know (LLVM has no L3 query) stay 0, which the
/// model reads as its documented defaults (CacheModel.h).
void setTargetParameters(const llvm::Function &F,
                         const llvm::TargetTransformInfo &TTI,
                         mlir::raise::TunedLoweringOptions &Options);

/// The vector width, in bits, setTargetParameters() chose for @p F.
unsigned getVectorBits(const llvm::Function &F);

} // namespace raising

#endif // RAISE_PLUGIN_TARGETPARAMETERS_H
