//===- RegionTranslator.cpp - One SCoP through MLIR and back --------------===//

#include "RegionTranslator.h"

#include "BufferCache.h"
#include "CacheQuery.h"

#include "Dump.h"
#include "Limits.h"
#include "Options.h"
#include "Remarks.h"
#include "ScopSummary.h"
#include "Splice.h"
#include "VersionReport.h"

#include "LoadTactics.h"

#include "delinearize/OpenMPShared.h"
#include "mlir-passes/lowering/target/TargetDescription.h"
#include "mlir-passes/pipeline/RegionPipeline.h"
#include "translate/ExportToLLVM.h"
#include "translate/ScopAst.h"
#include "translate/ScopToAffine.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "polly/Support/ISLTools.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Regex.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"

using namespace llvm;
using namespace raising;

/// How the version report names a region: the function as the user wrote it
/// and, with debug information, where the nest starts.
static std::string getRegionLabel(const Function &F, const DebugLoc &Loc) {
  std::string Label = getSourceName(F);
  if (Loc)
    Label +=
        (" (" + Loc->getFilename() + ":" + Twine(Loc.getLine()) + ")").str();
  return Label;
}

RegionTranslator::RegionTranslator(Function &F, FunctionAnalysisManager &FAM,
                                   OptimizationRemarkEmitter &ORE,
                                   PassBuilder &PB, OptimizationLevel Level)
    : F(F), FAM(FAM), ORE(ORE), PB(PB), Level(Level) {}

RegionTranslator::~RegionTranslator() = default;

mlir::MLIRContext &RegionTranslator::getContext() {
  if (!Ctx) {
    // No threads inside the compiler process: clang may run many of them.
    Ctx = std::make_unique<mlir::MLIRContext>(
        mlir::MLIRContext::Threading::DISABLED);
    loadImportDialects(*Ctx);
    // What the tactics raise to: linalg, and scf for loops around GEMMs.
    Ctx->loadDialect<mlir::linalg::LinalgDialect, mlir::scf::SCFDialect>();
  }
  return *Ctx;
}

/// The name a user knows each argument of the region's function by:
/// tactics reports name sizes `argN`.
static std::vector<std::string> getArgumentNames(const ImportedRegion &R) {
  std::vector<std::string> Names;
  for (const RegionArgument &A : R.Arguments) {
    switch (A.K) {
    case RegionArgument::Kind::Array:
      Names.push_back(describeValue(*A.Array->getBasePtr()));
      break;
    case RegionArgument::Kind::Parameter:
      Names.push_back(describeSize(static_cast<const SCEV *>(
          isl_id_get_user(static_cast<isl_id *>(A.ParameterId)))));
      break;
    case RegionArgument::Kind::Scalar:
      Names.push_back(describeValue(*A.Scalar));
      break;
    case RegionArgument::Kind::ExitValue:
    case RegionArgument::Kind::LiveOut:
      Names.push_back(describeValue(*A.Array->getBasePtr()));
      break;
    }
  }
  return Names;
}

/// Replaces every `argN` in @p Text by the name of argument N.
static std::string nameArguments(StringRef Text, ArrayRef<std::string> Names) {
  std::string Result;
  Regex Arg("^arg([0-9]+)");
  while (!Text.empty()) {
    SmallVector<StringRef, 2> Match;
    bool AtWordStart = Result.empty() || !isAlnum(Result.back());
    unsigned N;
    if (AtWordStart && Arg.match(Text, &Match) &&
        !Match[1].getAsInteger(10, N) && N < Names.size()) {
      Result += Names[N];
      Text = Text.drop_front(Match[0].size());
      continue;
    }
    Result += Text.front();
    Text = Text.drop_front();
  }
  return Result;
}

/// True if every floating-point operation of the region may be
/// reassociated (`-ffast-math`, `-fassociative-math`).
static bool allowsReassociation(const polly::Scop &S) {
  bool Any = false;
  for (const BasicBlock *BB : S.getRegion().blocks())
    for (const Instruction &I : *BB)
      if (isa<FPMathOperator>(I)) {
        if (!I.hasAllowReassoc())
          return false;
        Any = true;
      }
  return Any;
}

/// The function's target as its attributes give it (what -march chose).
static mlir::raise::TargetDescription getTargetDescription(const Function &F) {
  return mlir::raise::TargetDescription::get(
      F.getParent()->getTargetTriple().str(),
      F.getFnAttribute("target-cpu").getValueAsString(),
      F.getFnAttribute("target-features").getValueAsString());
}

/// The pipeline's options for a region of @p F: its target, the plugin's
/// options, and @p Reassoc, whether arithmetic may be reordered.
static mlir::raise::RaisePipelineOptions getPipelineOptions(const Function &F,
                                                            bool Reassoc) {
  mlir::raise::RaisePipelineOptions Options;
  switch (LoweringKind) {
  case Lowering::Tuned:
    Options.lowering = "tuned";
    break;
  case Lowering::Blas:
    Options.lowering = "blas";
    break;
  case Lowering::Loops:
    Options.lowering = "loops";
    break;
  }
  Options.targetTriple = F.getParent()->getTargetTriple().str();
  Options.targetCpu = F.getFnAttribute("target-cpu").getValueAsString().str();
  Options.targetFeatures =
      F.getFnAttribute("target-features").getValueAsString().str();
  Options.tacticFiles.assign(TacticFiles.begin(), TacticFiles.end());
  Options.allowReassoc = Reassoc;
  // Code in an OpenMP region runs on a thread of its team already: nested
  // threads would oversubscribe the cores (or run serialized anyway).
  Options.threads = isInOpenMPRegion(F) ? 0 : int(Threads);
  Options.mc = BlockMc;
  Options.kc = BlockKc;
  Options.nc = BlockNc;
  Options.genericAlloc =
      supportsBufferCache(Triple(F.getParent()->getTargetTriple()));
  Options.cacheQuery =
      supportsCacheQuery(Triple(F.getParent()->getTargetTriple()));
  Options.runtimeCaches = RuntimeCaches && Options.cacheQuery;
  Options.interchangeReductions = InterchangeReductions;
  Options.lowerUnraised = Roundtrip;
  return Options;
}

void RegionTranslator::reportNest(const mlir::raise::NestReport &R,
                                  ArrayRef<std::string> Names,
                                  const DebugLoc &Loc, BasicBlock *Anchor,
                                  bool Secondary) {
  // Which version of a nest Polly versioned on its parameters.
  std::string Where = R.Version.empty()
                          ? ""
                          : " (where " + nameArguments(R.Version, Names) + ")";
  if (R.raised()) {
    std::string Ops;
    for (const mlir::raise::RaisedOp &Op : R.Raised)
      Ops += (Ops.empty() ? "" : "; ") + Op.str();
    ORE.emit([&] {
      return OptimizationRemark(PassName, "Raised", Loc, Anchor)
             << "loop nest in " << getSourceName(F) << Where << " raised to "
             << nameArguments(Ops, Names);
    });
    return;
  }
  auto Describe = [&](DiagnosticInfoOptimizationBase &Remark) {
    Remark << "loop nest in " << getSourceName(F) << Where << " not raised";
    if (!R.ClosestTactic.empty())
      Remark << ": closest tactic " << R.ClosestTactic;
    if (!R.Reason.empty())
      Remark << ": " << nameArguments(R.Reason, Names);
  };
  if (Secondary)
    return ORE.emit([&] {
      OptimizationRemarkAnalysis Remark(PassName, "VersionNotRaised", Loc,
                                        Anchor);
      Describe(Remark);
      return Remark;
    });
  ORE.emit([&] {
    OptimizationRemarkMissed Remark(PassName, "NotRaised", Loc, Anchor);
    Describe(Remark);
    return Remark;
  });
}

void RegionTranslator::run(polly::Scop &S, unsigned Index, const DebugLoc &Loc,
                           BasicBlock *Anchor) {
  auto Missed = [&](const Twine &Why) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "NotTranslated", Loc, Anchor)
             << "SCoP in " << getSourceName(F)
             << " not translated: " << Why.str();
    });
  };

  if (!S.hasFeasibleRuntimeContext())
    return Missed("its run-time check can never hold");
  if (std::string Fixed = describeFixedParameter(S); !Fixed.empty())
    return Missed("its run-time check holds only where " + Fixed +
                  ", so the raised code would hardly ever run");
  ScopAst Ast = buildScopAst(S);

  // raise's own isl work, from the translation until the call is planned, is
  // bounded (Polly's analyses bound themselves, and neither its AST
  // generation nor splicing may stop half-way).
  std::optional<IslBudget> Budget;
  Budget.emplace(S);
  std::string Name = (F.getName() + ".raise." + Twine(Index)).str();
  Expected<ImportedRegion> Imported =
      importScop(S, Ast.Root, getContext(), Name);
  if (Budget->exhausted()) {
    consumeError(Imported.takeError());
    return Missed(IslBudget::describe());
  }
  if (!Imported)
    return Missed(toString(Imported.takeError()));
  // Reordering arithmetic (matrix chains, BLAS calls) only where the source
  // allows reassociation or the user asked for it.
  mlir::raise::RaisePipelineOptions Options =
      getPipelineOptions(F, AllowReassoc || allowsReassociation(S));
  // The dump starts with the command that replays the pipeline on it.
  if (Error E =
          dump(DumpStage::Affine, F, Index, *Imported->Module->getOperation(),
               "// raise-opt --raise-pipeline='" +
                   mlir::raise::printPipelineOptions(Options) + "'\n"))
    return F.getContext().emitError(toString(std::move(E)));

  ORE.emit([&] {
    return OptimizationRemarkAnalysis(PassName, "Translated", Loc, Anchor)
           << "SCoP in " << getSourceName(F) << " translated to affine MLIR: "
           << ore::NV("Loops", Imported->NumLoops) << " loops, "
           << ore::NV("Arguments", unsigned(Imported->Arguments.size()))
           << " arguments";
  });

  const std::vector<mlir::raise::Tactic> *Tactics =
      getTacticsOrReport(F.getContext());
  if (!Tactics)
    return;

  mlir::raise::PipelineReport Report;
  mlir::raise::PipelineHooks Hooks;
  Hooks.Tactics = Tactics;
  Hooks.Report = &Report;
  Error DumpError = Error::success();
  Hooks.Dump = [&](StringRef Stage, mlir::ModuleOp Module) {
    DumpStage Which = Stage == "linalg" ? DumpStage::Linalg : DumpStage::LLVM;
    if (Error E = dump(Which, F, Index, *Module.getOperation()))
      DumpError = joinErrors(std::move(DumpError), std::move(E));
  };
  mlir::PassManager PM(&getContext());
  PM.addPass(mlir::raise::createRaisePipelinePass(Options, std::move(Hooks)));
  bool Succeeded = mlir::succeeded(PM.run(*Imported->Module));
  if (DumpError)
    return F.getContext().emitError(toString(std::move(DumpError)));
  std::vector<std::string> Names = getArgumentNames(*Imported);
  // Per nest of the source: whether a version of it was raised, else which
  // missed version says why (the first with the most loops).
  DenseMap<std::pair<unsigned, unsigned>, bool> RaisedNest;
  DenseMap<std::pair<unsigned, unsigned>, const mlir::raise::NestReport *>
      Primary;
  for (const mlir::raise::NestReport &R : Report.Nests) {
    RaisedNest[R.VersionKey] |= R.raised();
    const mlir::raise::NestReport *&P = Primary[R.VersionKey];
    if (!P || R.NumLoops > P->NumLoops)
      P = &R;
  }
  for (const mlir::raise::NestReport &R : Report.Nests)
    reportNest(R, Names, Loc, Anchor,
               !R.raised() &&
                   (RaisedNest[R.VersionKey] || Primary[R.VersionKey] != &R));
  for (const mlir::raise::BlasReport &R : Report.Blas)
    reportBlas(R, Loc, Anchor);
  if (!Succeeded)
    return Missed(Report.Failure);
  if (Report.ElementwiseOnly && !Report.Lowered)
    ORE.emit([&] {
      return OptimizationRemarkAnalysis(PassName, "NotWorthSplicing", Loc,
                                        Anchor)
             << "SCoP in " << getSourceName(F)
             << " not spliced: only fills, copies and scalings were raised, "
                "which its own loops do as fast";
    });
  if (!Report.Lowered)
    return;
  bool Raised = Report.Raised;

  Expected<SplicePlan> Plan = planSplice(S, Imported->Arguments);
  bool OverBudget = Budget->exhausted();
  Budget.reset();
  if (OverBudget) {
    consumeError(Plan.takeError());
    return Missed(IslBudget::describe());
  }
  if (!Plan)
    return Missed(toString(Plan.takeError()));
  // The region's function first, then what the lowering outlined from it
  // (OpenMP parallel regions).
  SmallVector<Function *, 2> Generated;
  Expected<Function *> Callee =
      exportToLLVM(*Imported->Module, Imported->FunctionName, F, &Generated);
  if (!Callee)
    return Missed(toString(Callee.takeError()));
  if (Error E = defineBufferCache(*F.getParent()))
    return Missed(toString(std::move(E)));
  if (Error E = defineCacheQuery(*F.getParent()))
    return Missed(toString(std::move(E)));
  Generated.insert(Generated.begin(), *Callee);
  polly::ScopDetection &SD = FAM.getResult<polly::ScopAnalysis>(F);
  bool WideCheck = hasLargeInts(Ast.RunCondition);
  // The lowering's answer to whether the problem at hand pays for the raised
  // code (raise-tile-matmul's `min-tuned-work`), where it depends on sizes.
  Function *Worth =
      F.getParent()->getFunction(((*Callee)->getName() + ".worth").str());
  SplicedRegion Region = spliceRegion(
      S, Ast.RunCondition, **Callee, Worth, *Plan,
      FAM.getResult<DominatorTreeAnalysis>(F), FAM.getResult<LoopAnalysis>(F),
      *SD.getRI(), FAM.getResult<ScalarEvolutionAnalysis>(F));
  BranchInst &Check = *Region.Check;
  // The size check is a few multiplications: inlined into the caller, as no
  // inliner runs after this point of the pipeline. Only a single block, so
  // that the caller's blocks (and the analyses of them) stay as they are.
  if (Region.WorthCall && Worth->size() == 1) {
    InlineFunctionInfo Info;
    if (InlineFunction(*Region.WorthCall, Info).isSuccess() &&
        Worth->use_empty()) {
      llvm::erase(Generated, Worth);
      Worth->eraseFromParent();
    }
  }
  ++Spliced;
  if (ReportVersions) {
    LastCounters =
        &countVersions(*Region.Call, *Region.Original, getRegionLabel(F, Loc));
    if (Region.TooSmall)
      countReason(*Region.TooSmall, *LastCounters,
                  "its products were too small for the raised code to pay");
  }
  if (Error E = verifySplice(F, **Callee))
    return F.getContext().emitError(
        "raise: " + toString(std::move(E)) +
        " (a bug in raise; -mllvm -raise-enable=false avoids it)");
  // Tuned kernels use vectors of the target's full width: tell the backend
  // not to split them (clang does the same for intrinsics on wide vectors).
  if (Raised && LoweringKind != Lowering::Loops)
    for (Function *G : Generated)
      G->addFnAttr("min-legal-vector-width",
                   Twine(getTargetDescription(F).VectorBits).str());
  // The generated functions join the pipeline here, after the function
  // simplification every other function has had: give them the same, so
  // that what follows (vectorization, unrolling) sees code in the usual
  // shape.
  FunctionPassManager Simplify =
      PB.buildFunctionSimplificationPipeline(Level, ThinOrFullLTOPhase::None);
  for (Function *G : Generated)
    Simplify.run(*G, FAM);
  // Sums reordered in what no tactic raised (raise-interchange-reductions).
  auto Reordered = [&](StringRef Key, unsigned N, StringRef One, StringRef Many,
                       StringRef What) {
    if (N)
      ORE.emit([&] {
        return OptimizationRemark(PassName, Key, Loc, Anchor)
               << "SCoP in " << getSourceName(F) << ": " << ore::NV(Key, N)
               << (N == 1 ? One : Many) << What;
      });
  };
  Reordered("Interchanged", Report.Interchanged, " sum's loop", " sums' loops",
            " moved outside a loop of independent iterations, which then "
            "streams through memory and vectorizes, each sum in its order");
  Reordered("Interleaved", Report.Interleaved, " substitution's",
            " substitutions'",
            " rows summed in blocks of 8 side by side, each sum in its order");
  ORE.emit([&] {
    return OptimizationRemark(PassName, "Spliced", Loc, Anchor)
           << "SCoP in " << getSourceName(F) << " spliced as "
           << (*Callee)->getName() << " behind a run-time check"
           << (Worth ? " (too small a problem runs the original loops)" : "")
           << (Raised || Report.Interchanged || Report.Interleaved
                   ? ""
                   : " (roundtrip through affine MLIR)");
  });
  // Where Polly cannot compute the check (integers beyond 64 bits) or load
  // the values it hoisted out of the region before it (spliceRegion), the
  // check is false: say so, or the remarks promise raised code that never
  // runs.
  if (auto *Never = dyn_cast<ConstantInt>(Check.getCondition());
      Never && Never->isZero())
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "NeverRuns", Loc, Anchor)
             << "SCoP in " << getSourceName(F)
             << ": the raised code never runs, the original loops always "
                "do ("
             << (WideCheck ? "its run-time check needs integers wider than "
                             "64 bits, which Polly does not compute"
                           : "Polly cannot load the values it hoisted out of "
                             "the region before its run-time check")
             << ")";
    });
}

void RegionTranslator::reportBlas(const mlir::raise::BlasReport &R,
                                  const DebugLoc &Loc, BasicBlock *Anchor) {
  if (R.lowered()) {
    ORE.emit([&] {
      return OptimizationRemark(PassName, "LoweredToBlas", Loc, Anchor)
             << R.Op << " in " << getSourceName(F) << " lowered to " << R.Call;
    });
    return;
  }
  ORE.emit([&] {
    OptimizationRemarkMissed Remark(PassName, "NotLoweredToBlas", Loc, Anchor);
    Remark << R.Op << " in " << getSourceName(F) << " not lowered to BLAS: ";
    if (R.NeedsReassoc)
      Remark << "CBLAS sums in its own order, and reassociation is not "
                "allowed (the source's floating-point operations lack "
                "fast-math reassociation; -mllvm -raise-allow-reassoc "
                "allows it)";
    else
      Remark << R.Reason;
    return Remark << "; tuned kernels used instead";
  });
}
