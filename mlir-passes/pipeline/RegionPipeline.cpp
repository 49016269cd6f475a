//===- RegionPipeline.cpp - A region's whole MLIR path --------------------===//

#include "RegionPipeline.h"

#include "Pipelines.h"

#include "mlir-passes/lowering/Passes.h"
#include "mlir-passes/lowering/target/TargetDescription.h"
#include "mlir-passes/tactics/Tactics.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEPIPELINE
#include "mlir-passes/pipeline/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

namespace {

enum class LoweringKind { Tuned, Blas, Loops };

std::optional<LoweringKind> parseLowering(llvm::StringRef Name) {
  if (Name == "tuned")
    return LoweringKind::Tuned;
  if (Name == "blas")
    return LoweringKind::Blas;
  if (Name == "loops")
    return LoweringKind::Loops;
  return std::nullopt;
}

/// The tuned lowering's options for the target the pipeline's options
/// describe, with the user's cache-block overrides and threads.
void setTunedOptions(const RaisePipelineOptions &Options,
                     TunedLoweringOptions &Tuned) {
  TargetDescription Target = TargetDescription::get(
      Options.targetTriple, Options.targetCpu, Options.targetFeatures);
  Tuned.VectorBits = Target.VectorBits;
  Tuned.Mr = Target.Mr;
  Tuned.NrVectors = Target.NrVectors;
  Tuned.TargetHasFma = Target.HasFma;
  Tuned.I16PairDot = Target.I16PairDot;
  Tuned.MinKc = Target.GemmMinKc;
  Tuned.IntelMinKc = Target.IntelGemmMinKc;
  Tuned.IntelMaxNc = Target.IntelGemmMaxNc;
  Tuned.PackPrefetchLocality = Target.PackPrefetchLocality;
  Tuned.IntelPackPrefetchLocality = Target.IntelPackPrefetchLocality;
  Tuned.L1Size = Target.Caches.L1.SizeBytes;
  Tuned.L1Assoc = Target.Caches.L1.Associativity;
  Tuned.L2Size = Target.Caches.L2.SizeBytes;
  Tuned.L2Assoc = Target.Caches.L2.Associativity;
  Tuned.L3Size = Target.Caches.L3.SizeBytes;
  Tuned.L3Assoc = Target.Caches.L3.Associativity;
  Tuned.MatvecPrefetchBytes = Target.MatvecPrefetchBytes;
  Tuned.MatvecIntelPrefetchLocality = Target.MatvecIntelPrefetchLocality;
  Tuned.MatvecRowVectors = Target.MatvecRowVectors;
  Tuned.MatvecPanelBytes = Target.MatvecPanelBytes;
  Tuned.MatvecRegisterPanels = Target.MatvecRegisterPanels;
  Tuned.MatvecPrefetchAboveBytes = Target.MatvecPrefetchAboveBytes;
  Tuned.MatvecCachedRowVectors = Target.MatvecCachedRowVectors;
  Tuned.MatvecCachedPanelBytes = Target.MatvecCachedPanelBytes;
  Tuned.MatvecStreamVectorBits = Target.MatvecStreamVectorBits;
  Tuned.MatvecIntelCachedRowVectors = Target.MatvecIntelCachedRowVectors;
  Tuned.MatvecIntelCachedVectorBits = Target.MatvecIntelCachedVectorBits;
  Tuned.GemmKernels = Target.Kernels.Gemm;
  Tuned.MatvecKernels = Target.Kernels.Matvec;
  Tuned.TransposeKernels = Target.Kernels.Transpose;
  Tuned.Threads = Options.threads;
  Tuned.GenericAlloc = Options.genericAlloc;
  Tuned.RuntimeCaches = Options.runtimeCaches;
  Tuned.CacheQuery = Options.cacheQuery;
  Tuned.Mc = Options.mc;
  Tuned.Kc = Options.kc;
  Tuned.Nc = Options.nc;
}

struct RaisePipelinePass
    : public raise::impl::RaisePipelineBase<RaisePipelinePass> {
  using RaisePipelineBase::RaisePipelineBase;
  RaisePipelinePass(const RaisePipelineOptions &Options, PipelineHooks Hooks)
      : RaisePipelineBase(Options), Hooks(std::move(Hooks)) {}

  void getDependentDialects(DialectRegistry &Registry) const override;
  void runOnOperation() override;

private:
  /// The pass's options as one struct.
  RaisePipelineOptions getOptions() const;

  /// Runs the stages; false (with Report.Failure set) if one failed.
  bool runStages(ModuleOp Module, PipelineReport &Report);

  PipelineHooks Hooks;
};

} // namespace

RaisePipelineOptions RaisePipelinePass::getOptions() const {
  RaisePipelineOptions Options;
  Options.lowering = lowering;
  Options.targetTriple = targetTriple;
  Options.targetCpu = targetCpu;
  Options.targetFeatures = targetFeatures;
  Options.tacticFiles.assign(tacticFiles.begin(), tacticFiles.end());
  Options.allowReassoc = allowReassoc;
  Options.threads = threads;
  Options.mc = mc;
  Options.kc = kc;
  Options.nc = nc;
  Options.genericAlloc = genericAlloc;
  Options.runtimeCaches = runtimeCaches;
  Options.cacheQuery = cacheQuery;
  Options.interchangeReductions = interchangeReductions;
  Options.lowerUnraised = lowerUnraised;
  return Options;
}

/// Every dialect a stage may create, loaded before the stages run (a
/// dynamic pipeline may not load dialects while others run on threads).
void RaisePipelinePass::getDependentDialects(DialectRegistry &Registry) const {
  OpPassManager All(ModuleOp::getOperationName());
  buildPrepareForRaisingPipeline(All);
  All.addNestedPass<func::FuncOp>(createRaiseAffineToLinalg());
  All.addNestedPass<func::FuncOp>(createRaiseMatrixChain());
  All.addPass(createRaiseLinalgToBlas());
  buildLowerLoopsToLLVMPipeline(All);
  TunedLoweringOptions Tuned;
  setTunedOptions(getOptions(), Tuned);
  Tuned.Threads = 1;
  buildLowerTunedToLLVMPipeline(All, Tuned);
  All.getDependentDialects(Registry);
}

bool RaisePipelinePass::runStages(ModuleOp Module, PipelineReport &Report) {
  auto Fail = [&](const llvm::Twine &Why) {
    Report.Failure = Why.str();
    return false;
  };
  std::string LoweringName = lowering;
  std::optional<LoweringKind> Kind = parseLowering(LoweringName);
  if (!Kind)
    return Fail("unknown lowering '" + LoweringName +
                "': expected tuned, blas or loops");
  std::vector<Tactic> Loaded;
  const std::vector<Tactic> *Tactics = Hooks.Tactics;
  if (!Tactics) {
    TacticsError Error;
    std::vector<std::string> Files(tacticFiles.begin(), tacticFiles.end());
    if (!loadTactics(Files, Loaded, Error))
      return Fail(Error.str());
    Tactics = &Loaded;
  }

  OpPassManager Prepare(ModuleOp::getOperationName());
  buildPrepareForRaisingPipeline(Prepare);
  if (failed(runPipeline(Prepare, Module)))
    return Fail("preparing it for raising failed");

  auto Funcs = llvm::to_vector(Module.getOps<func::FuncOp>());
  for (func::FuncOp Func : Funcs)
    for (NestReport &Nest : raiseAffineToLinalg(Func, *Tactics))
      Report.Nests.push_back(std::move(Nest));
  Report.Raised = llvm::any_of(
      Report.Nests, [](const NestReport &Nest) { return Nest.raised(); });
  numNestsRaised += llvm::count_if(
      Report.Nests, [](const NestReport &Nest) { return Nest.raised(); });

  // Reordering a chain of products changes the rounding: only where
  // reassociation is allowed.
  if (Report.Raised && allowReassoc) {
    OpPassManager Chain(ModuleOp::getOperationName());
    RaiseMatrixChainOptions ChainOptions;
    ChainOptions.allowReassoc = true;
    Chain.addNestedPass<func::FuncOp>(createRaiseMatrixChain(ChainOptions));
    if (failed(runPipeline(Chain, Module)))
      return Fail("reordering its matrix chains failed");
  }
  if (Report.Raised && Hooks.Dump)
    Hooks.Dump("linalg", Module);
  // A splice pays for products and reductions. Fills, copies and scalings
  // alone are what the original loops, vectorized by LLVM, do as fast, and
  // the splice would only add its run-time check and code.
  Report.ElementwiseOnly =
      Report.Raised && llvm::all_of(Report.Nests, [](const NestReport &N) {
        return llvm::all_of(N.Raised,
                            [](const RaisedOp &Op) { return Op.Elementwise; });
      });
  // What no tactic raised is lowered as imported; where a sum's loop is
  // inside a loop of independent iterations that would stream, LLVM
  // vectorizes the code only once it is outside.
  if (interchangeReductions)
    for (func::FuncOp Func : Funcs) {
      ReorderedSums Done = raise::interchangeReductions(Func);
      Report.Interchanged += Done.Interchanged;
      Report.Interleaved += Done.Interleaved;
    }
  if ((!Report.Raised || Report.ElementwiseOnly) && !Report.Interchanged &&
      !Report.Interleaved && !lowerUnraised)
    return true;

  if (Report.Raised && *Kind == LoweringKind::Blas) {
    OpPassManager Blas(ModuleOp::getOperationName());
    RaiseLinalgToBlasOptions BlasOptions;
    BlasOptions.allowReassoc = allowReassoc;
    Blas.addPass(createRaiseLinalgToBlasPass(
        BlasOptions, [&](const BlasReport &R) { Report.Blas.push_back(R); }));
    if (failed(runPipeline(Blas, Module)))
      return Fail("lowering it to BLAS calls failed");
  }

  OpPassManager Lower(ModuleOp::getOperationName());
  if (*Kind == LoweringKind::Loops)
    buildLowerLoopsToLLVMPipeline(Lower);
  else {
    TunedLoweringOptions Tuned;
    setTunedOptions(getOptions(), Tuned);
    buildLowerTunedToLLVMPipeline(Lower, Tuned);
  }
  if (failed(runPipeline(Lower, Module)))
    return Fail("lowering to the LLVM dialect failed");
  Report.Lowered = true;
  ++numLowered;
  if (Hooks.Dump)
    Hooks.Dump("llvm", Module);
  return true;
}

void RaisePipelinePass::runOnOperation() {
  PipelineReport Local;
  PipelineReport &Report = Hooks.Report ? *Hooks.Report : Local;
  if (runStages(getOperation(), Report))
    return;
  if (!Hooks.Report)
    getOperation().emitError() << "raise-pipeline: " << Report.Failure;
  signalPassFailure();
}

std::unique_ptr<Pass>
mlir::raise::createRaisePipelinePass(const RaisePipelineOptions &Options,
                                     PipelineHooks Hooks) {
  return std::make_unique<RaisePipelinePass>(Options, std::move(Hooks));
}

std::string
mlir::raise::printPipelineOptions(const RaisePipelineOptions &Options) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "lowering=" << Options.lowering
     << " target-triple=" << Options.targetTriple;
  if (!Options.targetCpu.empty())
    OS << " target-cpu=" << Options.targetCpu;
  if (!Options.targetFeatures.empty())
    OS << " target-features=" << Options.targetFeatures;
  if (!Options.tacticFiles.empty())
    OS << " tactics=" << llvm::join(Options.tacticFiles, ",");
  OS << " allow-reassoc=" << (Options.allowReassoc ? "true" : "false")
     << " threads=" << Options.threads << " mc=" << Options.mc
     << " kc=" << Options.kc << " nc=" << Options.nc
     << " generic-alloc=" << (Options.genericAlloc ? "true" : "false")
     << " runtime-caches=" << (Options.runtimeCaches ? "true" : "false")
     << " cache-query=" << (Options.cacheQuery ? "true" : "false")
     << " interchange-reductions="
     << (Options.interchangeReductions ? "true" : "false")
     << " lower-unraised=" << (Options.lowerUnraised ? "true" : "false");
  return Text;
}

void mlir::raise::registerRaisePipelinePass() {
  registerPass([] { return createRaisePipeline(); });
}
