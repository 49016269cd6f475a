//===- Splice.cpp - Replace a SCoP by a call, behind a run-time check -----===//

#include "Splice.h"

#include "polly/CodeGen/IRBuilder.h"
#include "polly/CodeGen/IslAst.h"
#include "polly/CodeGen/IslNodeBuilder.h"
#include "polly/CodeGen/Utils.h"
#include "polly/ScopInfo.h"
#include "polly/Support/ScopHelper.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/RegionInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "isl/options.h"

using namespace llvm;
using namespace raising;

static Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

namespace {
/// Makes isl report errors as null results instead of aborting the
/// compiler, for as long as it lives. A spent operations budget (IslBudget)
/// stays reported to its owner.
class IslErrorsAsNull {
public:
  explicit IslErrorsAsNull(isl_ctx *Ctx)
      : Ctx(Ctx), Old(isl_options_get_on_error(Ctx)) {
    isl_options_set_on_error(Ctx, ISL_ON_ERROR_CONTINUE);
  }
  ~IslErrorsAsNull() {
    if (isl_ctx_last_error(Ctx) != isl_error_quota)
      isl_ctx_reset_error(Ctx);
    isl_options_set_on_error(Ctx, Old);
  }

private:
  isl_ctx *Ctx;
  int Old;
};

/// Polly's node builder, with the values its preloads stand for in sight.
class SpliceNodeBuilder : public polly::IslNodeBuilder {
public:
  using IslNodeBuilder::IslNodeBuilder;
  /// @p V, or the value preloaded for it if it is a load Polly hoisted.
  Value *getPreloaded(Value *V) const { return getLatestValue(V); }
};
} // namespace

/// One past the largest outermost subscript with which the region accesses
/// @p SAI, as a function of the parameters: the memref's leading size.
static isl::pw_aff getLeadingExtent(polly::Scop &S,
                                    const polly::ScopArrayInfo *SAI) {
  isl::union_set Touched = isl::union_set::empty(S.getIslCtx());
  for (polly::ScopStmt &Stmt : S)
    for (polly::MemoryAccess *MA : Stmt)
      if (MA->getLatestScopArrayInfo() == SAI)
        Touched =
            Touched.unite(isl::union_set(MA->getLatestAccessRelation()
                                             .intersect_domain(Stmt.getDomain())
                                             .range()));
  isl::set Elements = Touched.extract_set(SAI->getSpace());
  isl::pw_aff Last = Elements.dim_max(0);
  isl::pw_aff Extent = isl::manage(isl_pw_aff_add_constant_val(
      Last.release(), isl_val_one(S.getIslCtx().get())));
  // Where the region touches nothing, the extent is 0.
  isl::pw_aff Zero = isl::manage(isl_pw_aff_zero_on_domain(
      isl_local_space_from_space(S.getParamSpace().release())));
  return isl::manage(isl_pw_aff_union_max(Extent.release(), Zero.release()));
}

/// @p PA, a function of the parameters, as an expression the context's AST
/// build can emit; null if it is undefined or unbounded somewhere.
static isl::ast_expr toExpr(polly::Scop &S, isl::ast_build &Build,
                            isl::pw_aff PA) {
  // isl booleans are checked, not converted: under raise's operations budget
  // (IslBudget) any isl call may fail, and a failed one aborts on conversion.
  if (PA.is_null() || !PA.involves_nan().is_false())
    return {};
  isl_space *Domain = isl_pw_aff_get_domain_space(PA.get());
  bool OnParams = isl_space_is_params(Domain) == isl_bool_true;
  isl_space_free(Domain);
  // Sizes come on a zero-dimensional set, extents on the parameters; the
  // build wants the parameters, all of them.
  if (!OnParams)
    PA = isl::manage(isl_pw_aff_project_domain_on_params(PA.release()));
  PA = isl::manage(
      isl_pw_aff_align_params(PA.release(), S.getParamSpace().release()));
  // Defined everywhere the SCoP may run, or the expression would be void.
  isl::set Defined = PA.domain();
  if (Defined.is_null() || !S.getContext().is_subset(Defined).is_true())
    return {};
  return Build.expr_from(PA);
}

Expected<SplicePlan> raising::planSplice(polly::Scop &S,
                                         ArrayRef<RegionArgument> Arguments) {
  // The raised function would access the array without the markers that
  // begin its lifetime, as if it were dead; an array private to the region
  // (translate/LocalArrays.h) it never accesses.
  SmallPtrSet<const Value *, 4> ArrayBases;
  for (const RegionArgument &Arg : Arguments)
    if (Arg.K == RegionArgument::Kind::Array)
      ArrayBases.insert(Arg.Array->getBasePtr());
  for (BasicBlock *BB : S.getRegion().blocks())
    for (Instruction &I : *BB)
      if (auto *Marker = dyn_cast<IntrinsicInst>(&I);
          Marker && Marker->isLifetimeStartOrEnd() &&
          ArrayBases.contains(Marker->getArgOperand(Marker->arg_size() - 1)
                                  ->stripPointerCasts()))
        return fail("the region holds lifetime markers of an array it reads "
                    "or writes");

  IslErrorsAsNull Guard(S.getIslCtx().get());
  isl::ast_build Build = isl::ast_build::from_context(S.getContext());
  SplicePlan Plan;
  for (const RegionArgument &Arg : Arguments) {
    SplicePlan::Argument &P = Plan.Arguments.emplace_back();
    P.Arg = &Arg;
    switch (Arg.K) {
    case RegionArgument::Kind::Array: {
      const polly::ScopArrayInfo *SAI = Arg.Array;
      P.Exprs.push_back(toExpr(S, Build, getLeadingExtent(S, SAI)));
      for (unsigned D = 1, E = SAI->getNumberOfDimensions(); D < E; ++D)
        P.Exprs.push_back(toExpr(S, Build, SAI->getDimensionSizePw(D)));
      for (const isl::ast_expr &E : P.Exprs)
        if (E.is_null())
          return fail("the size of array " + SAI->getName() +
                      " has no closed form");
      break;
    }
    case RegionArgument::Kind::Parameter:
      P.Exprs.push_back(isl::manage(isl_ast_expr_from_id(
          isl_id_copy(static_cast<isl_id *>(Arg.ParameterId)))));
      break;
    case RegionArgument::Kind::Scalar:
      break;
    case RegionArgument::Kind::ExitValue:
      if (!isa<PHINode>(Arg.Array->getBasePtr()))
        return fail("the region's exit value " + Arg.Array->getName() +
                    " is not a PHI node");
      break;
    case RegionArgument::Kind::LiveOut:
      if (!isa<Instruction>(Arg.Array->getBasePtr()))
        return fail("the value " + Arg.Array->getName() +
                    " used after the region is not an instruction");
      break;
    }
  }
  return Plan;
}

/// Gives the blocks that versioning created the region of their parent, as
/// Polly's code generator does.
static void fixRegionInfo(Function &F, Region &Parent, RegionInfo &RI) {
  for (BasicBlock &BB : F)
    if (!RI.getRegionFor(&BB))
      RI.setRegionFor(&BB, &Parent);
}

/// Feeds the PHI nodes after the region with what the generated function
/// left in their slots when it ran, as Polly's code generator does for its
/// own code: a PHI in the merge block picks the slot's value on the new path
/// and the original value on the old one.
/// Values computed in the region and used after it (@p LiveOuts) are merged
/// the same way, and their uses after the region take the merged value.
static void
mergeExitValues(polly::Scop &S, BasicBlock *NewExiting,
                ArrayRef<std::pair<PHINode *, AllocaInst *>> ExitValues,
                ArrayRef<std::pair<Instruction *, AllocaInst *>> LiveOuts) {
  if (ExitValues.empty() && LiveOuts.empty())
    return;
  // The block where the two versions meet has two predecessors: the new
  // path's last block and the original region's.
  BasicBlock *Merge = NewExiting->getSingleSuccessor();
  BasicBlock *OldExiting = nullptr;
  for (BasicBlock *Pred : predecessors(Merge))
    if (Pred != NewExiting)
      OldExiting = Pred;
  IRBuilder<> Builder(NewExiting->getTerminator());
  auto CreateMerge = [&](Value *Old, AllocaInst *Slot, const Twine &Name) {
    Value *Reload =
        Builder.CreateLoad(Old->getType(), Slot, Name + ".raise.reload");
    auto *MergePhi = PHINode::Create(Old->getType(), 2, Name + ".raise.merge");
    MergePhi->insertBefore(Merge->getFirstInsertionPt());
    MergePhi->addIncoming(Reload, NewExiting);
    MergePhi->addIncoming(Old, OldExiting);
    return MergePhi;
  };
  for (auto [Phi, Slot] : ExitValues)
    Phi->setIncomingValue(Phi->getBasicBlockIndex(Merge),
                          CreateMerge(Phi->getIncomingValueForBlock(Merge),
                                      Slot, Phi->getName()));
  const Region &R = S.getRegion();
  for (auto [Def, Slot] : LiveOuts) {
    PHINode *MergePhi = CreateMerge(Def, Slot, Def->getName());
    Def->replaceUsesWithIf(MergePhi, [&](Use &U) {
      auto *User = cast<Instruction>(U.getUser());
      return User != MergePhi && !R.contains(User);
    });
  }
}

SplicedRegion raising::spliceRegion(polly::Scop &S, isl::ast_expr RunCondition,
                                    Function &Callee, Function *Worth,
                                    const SplicePlan &Plan, DominatorTree &DT,
                                    LoopInfo &LI, RegionInfo &RI,
                                    ScalarEvolution &SE) {
  Region *R = &S.getRegion();
  Function &F = S.getFunction();
  const DataLayout &DL = F.getDataLayout();
  DebugLoc Loc;
  if (Loop *L = LI.getLoopFor(R->getEntry()))
    Loc = L->getStartLoc();

  polly::simplifyRegion(R, &DT, &LI, &RI);
  BasicBlock *EnteringBB = S.getEnteringBlock();
  polly::ScopAnnotator Annotator;
  polly::PollyIRBuilder Builder(EnteringBB->getContext(), ConstantFolder(),
                                polly::IRInserter(Annotator));
  Builder.SetInsertPoint(EnteringBB->getTerminator());
  // The check is built after the branch exists, as in Polly: code that
  // computes the parameters must not land in the original region.
  auto [StartExit, Branch] =
      polly::executeScopConditionally(S, Builder.getTrue(), DT, RI, LI);
  BasicBlock *StartBlock = StartExit.first;
  BasicBlock *SplitBlock = StartBlock->getSinglePredecessor();

  SpliceNodeBuilder NodeBuilder(Builder, Annotator, DL, LI, SE, DT, S,
                                StartBlock);
  Builder.SetInsertPoint(SplitBlock->getTerminator());
  // The loads Polly hoisted out of the region (a C++ object's data pointer
  // and sizes) are loaded once before the check, which may read them, as in
  // Polly's code generator. Preloading splits the block: the check's branch
  // is then at the end of the last block it made. Where Polly cannot preload
  // them (base pointers that depend on each other in a cycle), the original
  // loops always run and the call, never reached, gets poison.
  bool Preloaded = NodeBuilder.preloadInvariantLoads();
  Value *RTC = Builder.getFalse();
  if (Preloaded) {
    NodeBuilder.addParameters(S.getContext().release());
    RTC = NodeBuilder.createRTC(RunCondition.release());
  }
  Instruction *Check = Builder.GetInsertBlock()->getTerminator();
  Check->setOperand(0, RTC);

  Builder.SetInsertPoint(StartBlock->getTerminator());
  Builder.SetCurrentDebugLocation(Loc);
  polly::IslExprBuilder &Exprs = NodeBuilder.getExprBuilder();
  Type *I64 = Builder.getInt64Ty();
  auto Emit = [&](const isl::ast_expr &E) -> Value * {
    if (!Preloaded)
      return PoisonValue::get(I64);
    return Builder.CreateSExtOrTrunc(Exprs.create(isl::ast_expr(E).release()),
                                     I64);
  };
  SmallVector<Value *, 16> Args;
  // A value from before the region, or the preload of a load in it.
  bool Unavailable = false;
  auto Available = [&](Value *V) -> Value * {
    V = NodeBuilder.getPreloaded(V);
    if (auto *I = dyn_cast<Instruction>(V); I && R->contains(I)) {
      Unavailable = true;
      return PoisonValue::get(V->getType());
    }
    return V;
  };
  // A stack slot the function writes the value of @p Arg's scalar into, as a
  // 0-d memref descriptor.
  auto AddSlot = [&](const RegionArgument &Arg) {
    Value *Scalar = Arg.Array->getBasePtr();
    auto *Slot = new AllocaInst(Scalar->getType(), DL.getAllocaAddrSpace(),
                                Scalar->getName() + ".raise.slot",
                                F.getEntryBlock().getFirstInsertionPt());
    Args.append({Slot, Slot, Builder.getInt64(0)});
    return Slot;
  };

  SmallVector<std::pair<PHINode *, AllocaInst *>, 1> ExitValues;
  SmallVector<std::pair<Instruction *, AllocaInst *>, 1> LiveOuts;
  for (const SplicePlan::Argument &P : Plan.Arguments) {
    switch (P.Arg->K) {
    case RegionArgument::Kind::Array: {
      Value *Base = Available(P.Arg->Array->getBasePtr());
      // MLIR's memref descriptor: allocated and aligned pointer, offset,
      // sizes, strides (row-major).
      SmallVector<Value *, 4> Sizes;
      for (const isl::ast_expr &E : P.Exprs)
        Sizes.push_back(Emit(E));
      SmallVector<Value *, 4> Strides(Sizes.size());
      Strides.back() = Builder.getInt64(1);
      for (size_t D = Sizes.size() - 1; D > 0; --D)
        Strides[D - 1] = D + 1 == Sizes.size()
                             ? Sizes[D]
                             : Builder.CreateMul(Strides[D], Sizes[D]);
      Args.append({Base, Base, Builder.getInt64(0)});
      Args.append(Sizes.begin(), Sizes.end());
      Args.append(Strides.begin(), Strides.end());
      break;
    }
    case RegionArgument::Kind::Parameter:
      Args.push_back(Emit(P.Exprs.front()));
      break;
    case RegionArgument::Kind::Scalar:
      Args.push_back(Available(P.Arg->Scalar));
      break;
    case RegionArgument::Kind::ExitValue:
      ExitValues.push_back(
          {cast<PHINode>(P.Arg->Array->getBasePtr()), AddSlot(*P.Arg)});
      break;
    case RegionArgument::Kind::LiveOut:
      LiveOuts.push_back(
          {cast<Instruction>(P.Arg->Array->getBasePtr()), AddSlot(*P.Arg)});
      break;
    }
  }
  // Never reached with a value the new path does not have.
  if (Unavailable)
    Check->setOperand(0, Builder.getFalse());
  auto *CheckBranch = cast<BranchInst>(Check);
  // One block before the original loops that both ways there go through:
  // the region keeps a single entering edge.
  SplicedRegion Spliced;
  Spliced.Check = CheckBranch;
  Spliced.Original =
      SplitEdge(CheckBranch->getParent(), CheckBranch->getSuccessor(1), &DT,
                &LI, /*MSSAU=*/nullptr, "raise.original");
  if (Worth) {
    CallInst *Pays = Builder.CreateCall(Worth, Args, "raise.worth");
    Spliced.WorthCall = Pays;
    BasicBlock *Asking = Builder.GetInsertBlock();
    BasicBlock *Call =
        llvm::SplitBlock(Asking, &*Builder.GetInsertPoint(), &DT, &LI,
                         /*MSSAU=*/nullptr, "raise.call");
    BasicBlock *TooSmall =
        BasicBlock::Create(F.getContext(), "raise.too.small", &F, Call);
    BranchInst::Create(Spliced.Original, TooSmall)->setDebugLoc(Loc);
    Asking->getTerminator()->eraseFromParent();
    BranchInst::Create(Call, TooSmall, Pays, Asking)->setDebugLoc(Loc);
    if (Loop *L = LI.getLoopFor(Asking))
      L->addBasicBlockToLoop(TooSmall, LI);
    DT.addNewBlock(TooSmall, Asking);
    DT.insertEdge(TooSmall, Spliced.Original);
    Spliced.TooSmall = TooSmall;
    Builder.SetInsertPoint(Call->getTerminator());
  }
  Spliced.Call = Builder.GetInsertBlock();
  Builder.CreateCall(&Callee, Args);
  mergeExitValues(S, StartExit.second, ExitValues, LiveOuts);
  fixRegionInfo(F, *R->getParent(), RI);
  return Spliced;
}

/// Replaces the body of @p Fn by a single `unreachable`, keeping its linkage.
static void discardBody(Function &Fn) {
  GlobalValue::LinkageTypes Linkage = Fn.getLinkage();
  Fn.deleteBody();
  Fn.setLinkage(Linkage);
  new UnreachableInst(Fn.getContext(),
                      BasicBlock::Create(Fn.getContext(), "", &Fn));
}

Error raising::verifySplice(Function &F, Function &Callee) {
  for (Function *Fn : {&F, &Callee}) {
    std::string Message;
    raw_string_ostream OS(Message);
    if (!verifyFunction(*Fn, &OS))
      continue;
    discardBody(F);
    discardBody(Callee);
    return fail("splicing left invalid IR in function '" + Fn->getName() +
                "': " + StringRef(Message).trim());
  }
  return Error::success();
}
