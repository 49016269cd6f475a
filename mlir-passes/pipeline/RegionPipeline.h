//===- RegionPipeline.h - A region's whole MLIR path ------------*- C++ -*-===//
//
// The one pipeline a region takes from the affine dialect to the LLVM
// dialect (raise-pipeline), configured by one options struct, with what
// each stage raised, lowered or missed collected in a report for the
// plugin's remarks.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_PIPELINE_REGIONPIPELINE_H
#define RAISE_MLIR_PASSES_PIPELINE_REGIONPIPELINE_H

#include "mlir-passes/lowering/LinalgToBlas.h"
#include "mlir-passes/raising/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
namespace raise {

struct Tactic;

#define GEN_PASS_DECL
#include "mlir-passes/pipeline/Passes.h.inc"

/// What the pipeline did with one region.
struct PipelineReport {
  /// Per loop nest, what it was raised to or why not.
  std::vector<NestReport> Nests;
  /// With `lowering=blas`, per matmul-like operation, the call it became or
  /// why not.
  std::vector<BlasReport> Blas;
  /// Something was raised.
  bool Raised = false;
  /// What was raised only fills, copies or scales elements: not worth a
  /// splice (see runStages), so the region was not lowered.
  bool ElementwiseOnly = false;
  /// Reduction loops moved outside a loop that then streams
  /// (raise-interchange-reductions): worth a splice of their own.
  unsigned Interchanged = 0;
  /// Forward substitutions whose rows' sums run side by side, as above.
  unsigned Interleaved = 0;
  /// The module is in the LLVM dialect (nothing to splice otherwise).
  bool Lowered = false;
  /// Why the pipeline failed, if it did: "preparing it for raising failed".
  std::string Failure;
};

/// How the plugin takes part in a run besides the options.
struct PipelineHooks {
  /// Parsed tactics to use instead of the `tactics` option's files (the
  /// plugin parses them once per process).
  const std::vector<Tactic> *Tactics = nullptr;
  /// Filled by the run; without it, a failure is reported as an error on
  /// the module.
  PipelineReport *Report = nullptr;
  /// Called with "linalg" after raising (when something was raised) and
  /// "llvm" once the module is in the LLVM dialect.
  std::function<void(llvm::StringRef Stage, ModuleOp Module)> Dump;
};

/// The pipeline as one pass on a region's module.
std::unique_ptr<Pass>
createRaisePipelinePass(const RaisePipelineOptions &Options,
                        PipelineHooks Hooks);

/// The options as raise-opt spells them:
/// `--raise-pipeline='lowering=tuned target-triple=... threads=0 ...'`.
std::string printPipelineOptions(const RaisePipelineOptions &Options);

/// Registers raise-pipeline (for raise-opt).
void registerRaisePipelinePass();

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_PIPELINE_REGIONPIPELINE_H
