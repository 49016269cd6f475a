//===- RegionTranslator.cpp - One SCoP through MLIR and back --------------===//

#include "RegionTranslator.h"

#include "BufferCache.h"

#include "Dump.h"
#include "Limits.h"
#include "Options.h"
#include "Remarks.h"
#include "ScopSummary.h"
#include "Splice.h"

#include "Tactics.h"
#include "TargetParameters.h"

#include "mlir-passes/lowering/LinalgToBlas.h"
#include "mlir-passes/raising/Passes.h"
#include "mlir-passes/lowering/Pipelines.h"
#include "translate/ExportToLLVM.h"
#include "translate/ScopAst.h"
#include "translate/ScopToAffine.h"

#include "polly/ScopDetection.h"
#include "polly/ScopInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Operator.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Regex.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/PassManager.h"

using namespace llvm;
using namespace raising;

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
      Names.push_back(describeValue(*A.Array->getBasePtr()));
      break;
    }
  }
  return Names;
}

/// Replaces every `argN` in @p Text by the name of argument N.
static std::string nameArguments(StringRef Text,
                                 ArrayRef<std::string> Names) {
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

void RegionTranslator::reportNest(const mlir::raise::NestReport &R,
                                  ArrayRef<std::string> Names,
                                  const DebugLoc &Loc, BasicBlock *Anchor) {
  // Which version of a nest Polly versioned on its parameters.
  std::string Where =
      R.Version.empty() ? "" : " (where " + nameArguments(R.Version, Names) + ")";
  if (R.raised()) {
    std::string Ops;
    for (const mlir::raise::RaisedOp &Op : R.Raised)
      Ops += (Ops.empty() ? "" : "; ") + Op.str();
    ORE.emit([&] {
      return OptimizationRemark(PassName, "Raised", Loc, Anchor)
             << "loop nest in " << F.getName() << Where << " raised to "
             << nameArguments(Ops, Names);
    });
    return;
  }
  ORE.emit([&] {
    OptimizationRemarkMissed Remark(PassName, "NotRaised", Loc, Anchor);
    Remark << "loop nest in " << F.getName() << Where << " not raised";
    if (!R.ClosestTactic.empty())
      Remark << ": closest tactic " << R.ClosestTactic;
    if (!R.Reason.empty())
      Remark << ": " << nameArguments(R.Reason, Names);
    return Remark;
  });
}

void RegionTranslator::run(polly::Scop &S, unsigned Index, const DebugLoc &Loc,
                           BasicBlock *Anchor) {
  auto Missed = [&](const Twine &Why) {
    ORE.emit([&] {
      return OptimizationRemarkMissed(PassName, "NotTranslated", Loc, Anchor)
             << "SCoP in " << F.getName() << " not translated: " << Why.str();
    });
  };

  if (!S.hasFeasibleRuntimeContext())
    return Missed("its run-time check can never hold");
  ScopAst Ast = buildScopAst(S);

  // raise's own isl work, from the translation until the call is planned, is
  // bounded (Polly's analyses bound themselves, and neither its AST
  // generation nor splicing may stop half-way).
  std::optional<IslBudget> Budget;
  Budget.emplace(S);
  std::string Name = (F.getName() + ".raise." + Twine(Index)).str();
  Expected<ImportedRegion> Imported = importScop(S, Ast.Root, getContext(), Name);
  if (Budget->exhausted()) {
    consumeError(Imported.takeError());
    return Missed(IslBudget::describe());
  }
  if (!Imported)
    return Missed(toString(Imported.takeError()));
  if (Error E = dump(DumpStage::Affine, F, Index, *Imported->Module->getOperation()))
    return F.getContext().emitError(toString(std::move(E)));

  ORE.emit([&] {
    return OptimizationRemarkAnalysis(PassName, "Translated", Loc, Anchor)
           << "SCoP in " << F.getName() << " translated to affine MLIR: "
           << ore::NV("Loops", Imported->NumLoops) << " loops, "
           << ore::NV("Arguments", unsigned(Imported->Arguments.size()))
           << " arguments";
  });

  const std::vector<mlir::raise::Tactic> *Tactics =
      getTacticsOrReport(F.getContext());
  if (!Tactics)
    return;
  mlir::PassManager Prepare(&getContext());
  mlir::raise::buildPrepareForRaisingPipeline(Prepare);
  if (mlir::failed(Prepare.run(*Imported->Module)))
    return Missed("preparing it for raising failed");
  auto Func = cast<mlir::func::FuncOp>(Imported->Module->getBody()->front());
  std::vector<mlir::raise::NestReport> Reports =
      mlir::raise::raiseAffineToLinalg(Func, *Tactics);
  bool Raised = any_of(Reports, [](const mlir::raise::NestReport &R) {
    return R.raised();
  });
  // Reordering a chain of products changes the rounding: only where the
  // source allows reassociation or the user asked for it.
  bool Reassoc = AllowReassoc || allowsReassociation(S);
  if (Raised && Reassoc) {
    mlir::PassManager Chain(&getContext());
    mlir::raise::RaiseMatrixChainOptions Options;
    Options.allowReassoc = true;
    Chain.addNestedPass<mlir::func::FuncOp>(
        mlir::raise::createRaiseMatrixChain(Options));
    if (mlir::failed(Chain.run(*Imported->Module)))
      return Missed("reordering its matrix chains failed");
  }
  if (Raised)
    if (Error E = dump(DumpStage::Linalg, F, Index, *Imported->Module->getOperation()))
      return F.getContext().emitError(toString(std::move(E)));
  std::vector<std::string> Names = getArgumentNames(*Imported);
  for (const mlir::raise::NestReport &R : Reports)
    reportNest(R, Names, Loc, Anchor);
  if (!Raised && !Roundtrip)
    return;
  if (Raised && LoweringKind == Lowering::Blas &&
      !lowerToBlas(*Imported->Module, Reassoc, Loc, Anchor))
    return Missed("lowering it to BLAS calls failed");

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
  Expected<Function *> Callee = exportToLLVM(
      *Imported->Module, Imported->FunctionName, F,
      [&](mlir::OpPassManager &PM) {
        if (LoweringKind == Lowering::Loops)
          return mlir::raise::buildLowerLoopsToLLVMPipeline(PM);
        mlir::raise::TunedLoweringOptions Options;
        setTargetParameters(F, FAM.getResult<TargetIRAnalysis>(F), Options);
        Options.Threads = Threads;
        Options.GenericAlloc =
            supportsBufferCache(Triple(F.getParent()->getTargetTriple()));
        Options.Mc = BlockMc;
        Options.Kc = BlockKc;
        Options.Nc = BlockNc;
        mlir::raise::buildLowerTunedToLLVMPipeline(PM, Options);
      },
      &Generated);
  if (!Callee)
    return Missed(toString(Callee.takeError()));
  if (Error E = defineBufferCache(*F.getParent()))
    return Missed(toString(std::move(E)));
  Generated.insert(Generated.begin(), *Callee);
  polly::ScopDetection &SD = FAM.getResult<polly::ScopAnalysis>(F);
  spliceRegion(S, Ast.RunCondition, **Callee, *Plan,
               FAM.getResult<DominatorTreeAnalysis>(F),
               FAM.getResult<LoopAnalysis>(F), *SD.getRI(),
               FAM.getResult<ScalarEvolutionAnalysis>(F));
  ++Spliced;
  if (Error E = verifySplice(F, **Callee))
    return F.getContext().emitError(
        "raise: " + toString(std::move(E)) +
        " (a bug in raise; -mllvm -raise-enable=false avoids it)");
  // Tuned kernels use vectors of the target's full width: tell the backend
  // not to split them (clang does the same for intrinsics on wide vectors).
  if (Raised && LoweringKind != Lowering::Loops)
    for (Function *G : Generated)
      G->addFnAttr("min-legal-vector-width", Twine(getVectorBits(F)).str());
  // The generated functions join the pipeline here, after the function
  // simplification every other function has had: give them the same, so
  // that what follows (vectorization, unrolling) sees code in the usual
  // shape.
  FunctionPassManager Simplify =
      PB.buildFunctionSimplificationPipeline(Level, ThinOrFullLTOPhase::None);
  for (Function *G : Generated)
    Simplify.run(*G, FAM);
  ORE.emit([&] {
    return OptimizationRemark(PassName, "Spliced", Loc, Anchor)
           << "SCoP in " << F.getName() << " spliced as "
           << (*Callee)->getName() << " behind a run-time check"
           << (Raised ? "" : " (roundtrip through affine MLIR)");
  });
}

bool RegionTranslator::lowerToBlas(mlir::ModuleOp Module, bool Reassoc,
                                   const DebugLoc &Loc, BasicBlock *Anchor) {
  auto Report = [&](const mlir::raise::BlasReport &R) {
    if (R.lowered()) {
      ORE.emit([&] {
        return OptimizationRemark(PassName, "LoweredToBlas", Loc, Anchor)
               << R.Op << " in " << F.getName() << " lowered to " << R.Call;
      });
      return;
    }
    ORE.emit([&] {
      OptimizationRemarkMissed Remark(PassName, "NotLoweredToBlas", Loc,
                                      Anchor);
      Remark << R.Op << " in " << F.getName() << " not lowered to BLAS: ";
      if (R.NeedsReassoc)
        Remark << "CBLAS sums in its own order, and reassociation is not "
                  "allowed (the source's floating-point operations lack "
                  "fast-math reassociation; -mllvm -raise-allow-reassoc "
                  "allows it)";
      else
        Remark << R.Reason;
      return Remark << "; tuned kernels used instead";
    });
  };
  mlir::PassManager PM(Module.getContext());
  mlir::raise::RaiseLinalgToBlasOptions Options;
  Options.allowReassoc = Reassoc;
  PM.addPass(mlir::raise::createRaiseLinalgToBlasPass(Options, Report));
  return mlir::succeeded(PM.run(Module));
}
