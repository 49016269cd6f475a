//===- ScopToAffine.cpp - A Polly SCoP as an affine MLIR function ---------===//
//
// The loops come from the isl AST that Polly builds for the SCoP's schedule,
// as in Polly's own code generator; each statement instance becomes the
// statement's instructions in MLIR, in their original order, with array
// accesses through the access relations (which delinearize/ may have
// rewritten), scalars passed between statements through 0-d memrefs, values
// Polly can recompute (induction variables and expressions of them) as affine
// expressions, and values defined before the region as function arguments.
//
//===----------------------------------------------------------------------===//

#include "ScopToAffine.h"

#include "IslToAffine.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Verifier.h"
#include "polly/CodeGen/IslAst.h"
#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"
#include "polly/Support/ISLTools.h"
#include "polly/Support/ScopHelper.h"
#include "polly/Support/VirtualInstruction.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

using namespace mlir;
using namespace raising;
using llvm::cast;
using llvm::dyn_cast;
using llvm::Error;
using llvm::Expected;
using llvm::isa;
using llvm::Twine;

static Error fail(const Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

static std::string describe(const llvm::Value &V) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  V.print(OS);
  return llvm::StringRef(Text).trim().str();
}

void raising::loadImportDialects(MLIRContext &Ctx) {
  Ctx.loadDialect<affine::AffineDialect, arith::ArithDialect,
                  func::FuncDialect, math::MathDialect, memref::MemRefDialect,
                  LLVM::LLVMDialect>();
}

namespace {

/// The state of one statement instance being imported.
struct StmtState {
  explicit StmtState(polly::ScopStmt &Stmt) : Stmt(Stmt) {}

  polly::ScopStmt &Stmt;
  /// The value of each loop around the statement, as an affine expression of
  /// the enclosing affine.for induction variables and the parameters.
  llvm::DenseMap<const llvm::Loop *, AffineExpr> LoopExprs;
  /// LLVM values already translated in this instance.
  llvm::DenseMap<llvm::Value *, Value> Map;
  llvm::SmallVector<AffineExpr, 4> DomainDims;
};

class ScopImporter {
public:
  ScopImporter(polly::Scop &S, isl::ast_node Root, MLIRContext &Ctx)
      : S(S), Root(std::move(Root)), Ctx(Ctx), B(&Ctx),
        Loc(UnknownLoc::get(&Ctx)), SE(*S.getSE()) {}

  Expected<ImportedRegion> run(llvm::StringRef Name);

private:
  Error checkRegion();
  Error checkStatementOrder();
  Error createFunction(llvm::StringRef Name);
  Expected<Type> convertType(llvm::Type *T);

  Error importNode(isl_ast_node *Node);
  Error importFor(isl_ast_node *Node);
  Error importIf(isl_ast_node *Node);
  Error importUser(isl_ast_node *Node);

  Error importStmt(StmtState &State);
  Error importInstruction(llvm::Instruction &I, StmtState &State);
  Expected<Value> getValue(llvm::Value *V, StmtState &State);
  Expected<Value> getLiveIn(llvm::Value *V);
  Expected<Value> getConstant(llvm::Constant &C);
  Error initializeEntryPhis();
  Expected<AffineExpr> toAffineExpr(const llvm::SCEV *E, StmtState &State);
  Expected<std::pair<AffineMap, llvm::SmallVector<Value, 4>>>
  getAccessMap(polly::MemoryAccess &MA, StmtState &State);
  Expected<llvm::SmallVector<AffineExpr, 4>> toAffineExprs(isl::pw_multi_aff F,
                                                           StmtState &State);
  Error importMemset(llvm::MemSetInst &I, polly::MemoryAccess &MA,
                     StmtState &State);
  Expected<Value> translateOperation(llvm::Instruction &I,
                                     llvm::ArrayRef<Value> Operands);

  /// A scalar Polly models as read in the region but that is defined before
  /// it (with -polly-analyze-read-only-scalars): a live-in value.
  bool isReadOnlyScalar(const polly::ScopArrayInfo *SAI) const {
    auto *Def = dyn_cast<llvm::Instruction>(SAI->getBasePtr());
    return SAI->isValueKind() && (!Def || !S.contains(Def));
  }

  /// isl ids of AST iterators and parameters as affine dims and symbols.
  AffineExpr lookupId(isl_id *Id) const;
  /// A map over the open loops (dims) and the parameters (symbols).
  std::pair<AffineMap, llvm::SmallVector<Value, 4>>
  makeMap(llvm::ArrayRef<AffineExpr> Exprs) const;

  polly::Scop &S;
  isl::ast_node Root;
  MLIRContext &Ctx;
  OpBuilder B;
  Location Loc;
  llvm::ScalarEvolution &SE;

  func::FuncOp Func;
  Block *Entry = nullptr;
  /// Induction variables of the open affine.for loops, outermost first.
  llvm::SmallVector<Value, 4> IVs;
  llvm::DenseMap<isl_id *, unsigned> IteratorDims;
  llvm::SmallVector<Value, 4> Params;
  llvm::DenseMap<isl_id *, unsigned> ParamSymbols;
  /// memref function arguments (arrays) and 0-d allocas (scalars).
  llvm::DenseMap<const polly::ScopArrayInfo *, Value> Memrefs;
  llvm::DenseMap<llvm::Value *, Value> LiveIns;
  ImportedRegion Result;
};

} // namespace

AffineExpr ScopImporter::lookupId(isl_id *Id) const {
  if (auto It = IteratorDims.find(Id); It != IteratorDims.end())
    return getAffineDimExpr(It->second, &Ctx);
  if (auto It = ParamSymbols.find(Id); It != ParamSymbols.end())
    return getAffineSymbolExpr(It->second, &Ctx);
  return nullptr;
}

std::pair<AffineMap, llvm::SmallVector<Value, 4>>
ScopImporter::makeMap(llvm::ArrayRef<AffineExpr> Exprs) const {
  AffineMap Map = AffineMap::get(IVs.size(), Params.size(), Exprs, &Ctx);
  llvm::SmallVector<Value, 4> Operands(IVs.begin(), IVs.end());
  Operands.append(Params.begin(), Params.end());
  affine::canonicalizeMapAndOperands(&Map, &Operands);
  return {simplifyAffineMap(Map), Operands};
}

Expected<Type> ScopImporter::convertType(llvm::Type *T) {
  if (T->isFloatTy())
    return B.getF32Type();
  if (T->isDoubleTy())
    return B.getF64Type();
  if (T->isHalfTy())
    return B.getF16Type();
  if (T->isBFloatTy())
    return B.getBF16Type();
  if (auto *I = dyn_cast<llvm::IntegerType>(T))
    return B.getIntegerType(I->getBitWidth());
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  T->print(OS);
  return fail("values of type " + Text + " are not supported");
}

Error ScopImporter::checkRegion() {
  const llvm::Region &R = S.getRegion();
  for (llvm::BasicBlock *BB : R.blocks())
    for (llvm::Instruction &I : *BB)
      for (llvm::User *U : I.users())
        if (auto *UI = dyn_cast<llvm::Instruction>(U); UI && !R.contains(UI))
          return fail("a value computed in the region is used after it: " +
                      describe(I));
  if (!S.getInvariantAccesses().empty())
    return fail("the region has loads that Polly hoists out of it");
  for (polly::ScopStmt &Stmt : S)
    if (Stmt.isRegionStmt())
      return fail("the region has a non-affine subregion (statement " +
                  Twine(Stmt.getBaseName()) + ")");
  return checkStatementOrder();
}

/// Polly splits a block into statements and orders them by their first
/// memory access, but joins a loop-carried PHI with its incoming value only
/// after it has closed the holes between statements (joinOrderedPHIs after
/// joinOrderedInstructions). A statement can then hold the block's first and
/// last accesses and run before those in between, which is not the block's
/// order (fuzz seed 130433). Translating such a region would miscompile it.
Error ScopImporter::checkStatementOrder() {
  llvm::DenseMap<const llvm::BasicBlock *, llvm::Instruction *> LastAccess;
  for (polly::ScopStmt &Stmt : S) {
    if (!Stmt.isBlockStmt())
      continue;
    llvm::Instruction *First = nullptr, *Last = nullptr;
    for (llvm::Instruction *I : Stmt.getInstructions()) {
      if (!I->mayReadOrWriteMemory() && !I->mayHaveSideEffects())
        continue;
      if (!First || I->comesBefore(First))
        First = I;
      if (!Last || Last->comesBefore(I))
        Last = I;
    }
    if (!First)
      continue;
    auto [It, Inserted] = LastAccess.try_emplace(Stmt.getBasicBlock(), Last);
    if (Inserted)
      continue;
    if (First->comesBefore(It->second))
      return fail("Polly ordered the statements of one block against the "
                  "block's order (at statement " +
                  Twine(Stmt.getBaseName()) + ")");
    It->second = Last;
  }
  return Error::success();
}

Error ScopImporter::createFunction(llvm::StringRef Name) {
  Result.Module = ModuleOp::create(Loc);
  Func = func::FuncOp::create(Loc, Name, B.getFunctionType({}, {}));
  Result.Module->push_back(Func);
  Entry = Func.addEntryBlock();
  B.setInsertionPointToStart(Entry);

  // The arrays the accesses refer to now: delinearize/ may have replaced
  // some of Polly's, which then stay in the SCoP unused.
  llvm::SmallPtrSet<const polly::ScopArrayInfo *, 8> Used;
  for (polly::ScopStmt &Stmt : S)
    for (polly::MemoryAccess *MA : Stmt)
      Used.insert(MA->getLatestScopArrayInfo());

  // Arrays first, in Polly's (deterministic) order, then the parameters.
  for (polly::ScopArrayInfo *SAI : S.arrays()) {
    if (!Used.count(SAI))
      continue;
    Expected<Type> Elem = convertType(SAI->getElementType());
    if (!Elem)
      return Elem.takeError();
    if (SAI->isExitPHIKind()) {
      Memrefs[SAI] = Entry->addArgument(MemRefType::get({}, *Elem), Loc);
      RegionArgument Arg{RegionArgument::Kind::ExitValue};
      Arg.Array = SAI;
      Result.Arguments.push_back(Arg);
      continue;
    }
    if (!SAI->isArrayKind()) {
      // Scalars defined before the region are function arguments instead.
      if (!isReadOnlyScalar(SAI))
        Memrefs[SAI] =
            memref::AllocaOp::create(B, Loc, MemRefType::get({}, *Elem));
      continue;
    }
    llvm::SmallVector<int64_t, 4> Shape;
    for (unsigned D = 0, E = SAI->getNumberOfDimensions(); D < E; ++D) {
      const auto *Size =
          D ? dyn_cast_or_null<llvm::SCEVConstant>(SAI->getDimensionSize(D))
            : nullptr;
      Shape.push_back(Size ? Size->getAPInt().getSExtValue()
                           : ShapedType::kDynamic);
    }
    if (Shape.empty())
      return fail("array " + Twine(SAI->getName()) + " has no dimensions");
    Memrefs[SAI] = Entry->addArgument(MemRefType::get(Shape, *Elem), Loc);
    RegionArgument Arg{RegionArgument::Kind::Array};
    Arg.Array = SAI;
    Result.Arguments.push_back(Arg);
  }
  for (const llvm::SCEV *Param : S.parameters()) {
    isl::id Id = S.getIdForParam(Param);
    ParamSymbols[Id.get()] = Params.size();
    Params.push_back(Entry->addArgument(B.getIndexType(), Loc));
    RegionArgument Arg{RegionArgument::Kind::Parameter};
    Arg.ParameterName = Id.get_name();
    Arg.ParameterId = Id.get();
    Result.Arguments.push_back(Arg);
  }
  return Error::success();
}

Expected<Value> ScopImporter::getConstant(llvm::Constant &C) {
  if (auto *FP = dyn_cast<llvm::ConstantFP>(&C)) {
    Expected<Type> T = convertType(FP->getType());
    if (!T)
      return T.takeError();
    return arith::ConstantOp::create(B, Loc, B.getFloatAttr(*T, FP->getValueAPF()))
        .getResult();
  }
  if (auto *I = dyn_cast<llvm::ConstantInt>(&C))
    return arith::ConstantOp::create(
               B, Loc, B.getIntegerAttr(B.getIntegerType(I->getBitWidth()),
                                        I->getValue()))
        .getResult();
  return fail("unsupported constant " + describe(C));
}

Error ScopImporter::initializeEntryPhis() {
  // As Polly's code generator does: a PHI of the region's entry block that
  // has incoming values from before the region starts with that value.
  for (polly::ScopArrayInfo *SAI : S.arrays()) {
    if (!SAI->isPHIKind())
      continue;
    auto *Phi = cast<llvm::PHINode>(SAI->getBasePtr());
    llvm::Value *Initial = nullptr;
    for (unsigned I = 0, E = Phi->getNumIncomingValues(); I < E; ++I) {
      if (S.contains(Phi->getIncomingBlock(I)))
        continue;
      llvm::Value *V = Phi->getIncomingValue(I);
      if (Initial && Initial != V)
        return fail("a PHI node of the region gets different values from "
                    "before it: " + describe(*Phi));
      Initial = V;
    }
    if (!Initial)
      continue;
    Expected<Value> V = isa<llvm::Constant>(Initial)
                            ? getConstant(*cast<llvm::Constant>(Initial))
                            : getLiveIn(Initial);
    if (!V)
      return V.takeError();
    affine::AffineStoreOp::create(B, Loc, *V, Memrefs.lookup(SAI), ValueRange{});
  }
  return Error::success();
}

Expected<Value> ScopImporter::getLiveIn(llvm::Value *V) {
  if (auto It = LiveIns.find(V); It != LiveIns.end())
    return It->second;
  if (V->getType()->isPointerTy())
    return fail("a pointer defined before the region is used as a value: " +
                describe(*V));
  Expected<Type> T = convertType(V->getType());
  if (!T)
    return T.takeError();
  Value Arg = Entry->addArgument(*T, Loc);
  LiveIns[V] = Arg;
  RegionArgument A{RegionArgument::Kind::Scalar};
  A.Scalar = V;
  Result.Arguments.push_back(A);
  return Arg;
}

Expected<AffineExpr> ScopImporter::toAffineExpr(const llvm::SCEV *E,
                                                StmtState &State) {
  if (isl::id Id = S.getIdForParam(E); !Id.is_null())
    if (AffineExpr P = lookupId(Id.get()))
      return P;
  if (const auto *C = dyn_cast<llvm::SCEVConstant>(E)) {
    if (C->getAPInt().getSignificantBits() > 64)
      return fail("constant out of range");
    return getAffineConstantExpr(C->getAPInt().getSExtValue(), &Ctx);
  }
  if (const auto *AR = dyn_cast<llvm::SCEVAddRecExpr>(E)) {
    auto It = State.LoopExprs.find(AR->getLoop());
    if (!AR->isAffine() || It == State.LoopExprs.end())
      return fail("induction expression not expressible here");
    const auto *Step = dyn_cast<llvm::SCEVConstant>(AR->getStepRecurrence(SE));
    if (!Step)
      return fail("induction with a non-constant step");
    Expected<AffineExpr> Start = toAffineExpr(AR->getStart(), State);
    if (!Start)
      return Start.takeError();
    return *Start + It->second * Step->getAPInt().getSExtValue();
  }
  if (const auto *Add = dyn_cast<llvm::SCEVAddExpr>(E)) {
    AffineExpr Sum = getAffineConstantExpr(0, &Ctx);
    for (const llvm::SCEV *Op : Add->operands()) {
      Expected<AffineExpr> X = toAffineExpr(Op, State);
      if (!X)
        return X.takeError();
      Sum = Sum + *X;
    }
    return Sum;
  }
  if (const auto *Mul = dyn_cast<llvm::SCEVMulExpr>(E)) {
    AffineExpr Product = getAffineConstantExpr(1, &Ctx);
    for (const llvm::SCEV *Op : Mul->operands()) {
      Expected<AffineExpr> X = toAffineExpr(Op, State);
      if (!X)
        return X.takeError();
      if (!isa<AffineConstantExpr>(Product) && !isa<AffineConstantExpr>(*X))
        return fail("product of variables is not affine");
      Product = Product * *X;
    }
    return Product;
  }
  // Integer casts keep the value where it does not wrap: sign extension and
  // truncation are modular and agree with index arithmetic, zero extension
  // only of values known to be non-negative.
  if (isa<llvm::SCEVSignExtendExpr, llvm::SCEVTruncateExpr>(E))
    return toAffineExpr(cast<llvm::SCEVCastExpr>(E)->getOperand(0), State);
  if (const auto *Z = dyn_cast<llvm::SCEVZeroExtendExpr>(E))
    if (SE.isKnownNonNegative(Z->getOperand()))
      return toAffineExpr(Z->getOperand(), State);
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E->print(OS);
  return fail("integer expression " + Text + " is not affine");
}

Expected<Value> ScopImporter::getValue(llvm::Value *V, StmtState &State) {
  if (auto It = State.Map.find(V); It != State.Map.end())
    return It->second;
  polly::VirtualUse VU = polly::VirtualUse::create(
      &State.Stmt, State.Stmt.getSurroundingLoop(), V, /*Virtual=*/true);
  switch (VU.getKind()) {
  case polly::VirtualUse::Constant:
    return getConstant(*cast<llvm::Constant>(V));
  case polly::VirtualUse::ReadOnly:
    return getLiveIn(V);
  case polly::VirtualUse::Synthesizable:
  case polly::VirtualUse::Intra: {
    if (!V->getType()->isIntegerTy())
      break;
    const llvm::SCEV *E = SE.getSCEVAtScope(V, State.Stmt.getSurroundingLoop());
    Expected<AffineExpr> X = toAffineExpr(E, State);
    if (!X)
      return X.takeError();
    auto [Map, Operands] = makeMap({*X});
    Value Index = affine::AffineApplyOp::create(B, Loc, Map, Operands);
    return arith::IndexCastOp::create(
               B, Loc, B.getIntegerType(V->getType()->getIntegerBitWidth()), Index)
        .getResult();
  }
  default:
    break;
  }
  return fail("value not available in the statement: " + describe(*V));
}

Expected<std::pair<AffineMap, llvm::SmallVector<Value, 4>>>
ScopImporter::getAccessMap(polly::MemoryAccess &MA, StmtState &State) {
  if (!MA.isAffine())
    return fail("non-affine access " + describe(*MA.getAccessInstruction()));
  if (MA.isMemoryIntrinsic())
    return fail("memory intrinsic " + describe(*MA.getAccessInstruction()));
  const polly::ScopArrayInfo *SAI = MA.getLatestScopArrayInfo();
  if (MA.getElementType() != SAI->getElementType())
    return fail("access " + describe(*MA.getAccessInstruction()) +
                " has another element type than array " + SAI->getName());
  isl::map Relation = MA.getLatestAccessRelation();
  if (!Relation.is_single_valued().is_true())
    return fail("access " + describe(*MA.getAccessInstruction()) +
                " touches several elements");
  auto Exprs = toAffineExprs(isl::pw_multi_aff::from_map(Relation), State);
  if (!Exprs)
    return Exprs.takeError();
  return makeMap(*Exprs);
}

Expected<llvm::SmallVector<AffineExpr, 4>>
ScopImporter::toAffineExprs(isl::pw_multi_aff F, StmtState &State) {
  auto Affs = raising::toAffs(F);
  if (!Affs)
    return Affs.takeError();
  llvm::SmallVector<AffineExpr, 4> Exprs;
  for (isl::aff &Aff : *Affs) {
    Expected<AffineExpr> E = raising::toAffineExpr(
        Aff, State.DomainDims, [&](isl_id *Id) { return lookupId(Id); }, &Ctx);
    if (!E)
      return E.takeError();
    Exprs.push_back(*E);
  }
  return Exprs;
}

/// A memset writes a contiguous range of bytes; once delinearize/ has typed
/// its array, a contiguous run of elements, stored by a loop of the element's
/// zero (memset of byte 0 is +0.0 or 0 for every element type). The run is
/// walked in the row-major order of the array: over the innermost subscript
/// where the run stays in one row, else over the linear offset, split back
/// into subscripts (which needs constant inner sizes).
Error ScopImporter::importMemset(llvm::MemSetInst &I, polly::MemoryAccess &MA,
                                 StmtState &State) {
  const polly::ScopArrayInfo *SAI = MA.getLatestScopArrayInfo();
  auto *Byte = dyn_cast<llvm::ConstantInt>(I.getValue());
  if (!Byte || (!Byte->isZero() && !SAI->getElementType()->isIntegerTy(8)))
    return fail("memset to a value other than zero: " + describe(I));
  if (I.isVolatile())
    return fail("volatile memset " + describe(I));
  // Only parameters the run-time check lets through matter.
  isl::set Checked = S.getAssumedContext()
                         .intersect(S.getContext())
                         .subtract(S.getInvalidContext());
  isl::map Relation = MA.getLatestAccessRelation()
                          .intersect_domain(State.Stmt.getDomain())
                          .intersect_params(Checked)
                          .coalesce();
  Expected<Type> Elem = convertType(SAI->getElementType());
  if (!Elem)
    return Elem.takeError();
  Value Zero = arith::ConstantOp::create(B, Loc, B.getZeroAttr(*Elem));
  unsigned Rank = SAI->getNumberOfDimensions();

  // Emits `for x in [Lo, Hi]: store 0 to Subscripts(x)`.
  auto EmitLoop = [&](AffineExpr Lo, AffineExpr Hi,
                      llvm::function_ref<llvm::SmallVector<AffineExpr, 4>(
                          AffineExpr)> Subscripts) {
    auto [LowerMap, LowerOperands] = makeMap({Lo});
    auto [UpperMap, UpperOperands] = makeMap({Hi + 1});
    auto For = affine::AffineForOp::create(B, Loc, LowerOperands, LowerMap,
                                           UpperOperands, UpperMap);
    ++Result.NumLoops;
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(For.getBody()->getTerminator());
    AffineExpr X = getAffineDimExpr(IVs.size(), &Ctx);
    IVs.push_back(For.getInductionVar());
    auto [StoreMap, StoreOperands] = makeMap(Subscripts(X));
    IVs.pop_back();
    affine::AffineStoreOp::create(B, Loc, Zero, Memrefs.lookup(SAI), StoreMap,
                                  StoreOperands);
  };

  auto First = toAffineExprs(Relation.lexmin_pw_multi_aff().coalesce(), State);
  auto Last = toAffineExprs(Relation.lexmax_pw_multi_aff().coalesce(), State);
  if (First && Last) {
    bool OneRow = true;
    for (unsigned D = 0; D + 1 < Rank; ++D)
      OneRow &= simplifyAffineExpr((*First)[D] - (*Last)[D], IVs.size(),
                                   Params.size()) ==
                getAffineConstantExpr(0, &Ctx);
    if (OneRow) {
      EmitLoop(First->back(), Last->back(), [&](AffineExpr X) {
        llvm::SmallVector<AffineExpr, 4> Subscripts(First->begin(),
                                                    First->end() - 1);
        Subscripts.push_back(X);
        return Subscripts;
      });
      return Error::success();
    }
  } else {
    llvm::consumeError(First.takeError());
    llvm::consumeError(Last.takeError());
  }

  // The linear offset of every element: sum of subscript * stride.
  llvm::SmallVector<int64_t, 4> Sizes(Rank, 0);
  for (unsigned D = 1; D < Rank; ++D) {
    const auto *Size = dyn_cast_or_null<llvm::SCEVConstant>(SAI->getDimensionSize(D));
    if (!Size)
      return fail("memset across rows of array " + SAI->getName() +
                  ", whose rows have a size known only at run time");
    Sizes[D] = Size->getAPInt().getSExtValue();
  }
  isl_aff *Linear = isl_aff_zero_on_domain(
      isl_local_space_from_space(SAI->getSpace().release()));
  int64_t Stride = 1;
  for (unsigned D = Rank; D-- > 0;) {
    Linear = isl_aff_set_coefficient_si(Linear, isl_dim_in, D, Stride);
    Stride *= D ? Sizes[D] : 1;
  }
  isl::map Offsets =
      Relation.apply_range(isl::manage(isl_map_from_aff(Linear))).coalesce();
  auto Lo = toAffineExprs(Offsets.lexmin_pw_multi_aff().coalesce(), State);
  if (!Lo)
    return Lo.takeError();
  auto Hi = toAffineExprs(Offsets.lexmax_pw_multi_aff().coalesce(), State);
  if (!Hi)
    return Hi.takeError();
  EmitLoop(Lo->front(), Hi->front(), [&](AffineExpr X) {
    llvm::SmallVector<AffineExpr, 4> Subscripts(Rank);
    for (unsigned D = Rank; D-- > 1;) {
      Subscripts[D] = X % Sizes[D];
      X = X.floorDiv(Sizes[D]);
    }
    Subscripts[0] = X;
    return Subscripts;
  });
  return Error::success();
}

static arith::FastMathFlags toArith(llvm::FastMathFlags F) {
  arith::FastMathFlags R = arith::FastMathFlags::none;
  if (F.allowReassoc())
    R = R | arith::FastMathFlags::reassoc;
  if (F.noNaNs())
    R = R | arith::FastMathFlags::nnan;
  if (F.noInfs())
    R = R | arith::FastMathFlags::ninf;
  if (F.noSignedZeros())
    R = R | arith::FastMathFlags::nsz;
  if (F.allowReciprocal())
    R = R | arith::FastMathFlags::arcp;
  if (F.allowContract())
    R = R | arith::FastMathFlags::contract;
  if (F.approxFunc())
    R = R | arith::FastMathFlags::afn;
  return R;
}

static std::optional<arith::CmpFPredicate> toArithFCmp(llvm::CmpInst::Predicate P) {
  using LP = llvm::FCmpInst::Predicate;
  using AP = arith::CmpFPredicate;
  switch (P) {
  case LP::FCMP_FALSE: return AP::AlwaysFalse;
  case LP::FCMP_OEQ: return AP::OEQ;
  case LP::FCMP_OGT: return AP::OGT;
  case LP::FCMP_OGE: return AP::OGE;
  case LP::FCMP_OLT: return AP::OLT;
  case LP::FCMP_OLE: return AP::OLE;
  case LP::FCMP_ONE: return AP::ONE;
  case LP::FCMP_ORD: return AP::ORD;
  case LP::FCMP_UNO: return AP::UNO;
  case LP::FCMP_UEQ: return AP::UEQ;
  case LP::FCMP_UGT: return AP::UGT;
  case LP::FCMP_UGE: return AP::UGE;
  case LP::FCMP_ULT: return AP::ULT;
  case LP::FCMP_ULE: return AP::ULE;
  case LP::FCMP_UNE: return AP::UNE;
  case LP::FCMP_TRUE: return AP::AlwaysTrue;
  default: return std::nullopt;
  }
}

static std::optional<arith::CmpIPredicate> toArithICmp(llvm::CmpInst::Predicate P) {
  using LP = llvm::ICmpInst::Predicate;
  using AP = arith::CmpIPredicate;
  switch (P) {
  case LP::ICMP_EQ: return AP::eq;
  case LP::ICMP_NE: return AP::ne;
  case LP::ICMP_SLT: return AP::slt;
  case LP::ICMP_SLE: return AP::sle;
  case LP::ICMP_SGT: return AP::sgt;
  case LP::ICMP_SGE: return AP::sge;
  case LP::ICMP_ULT: return AP::ult;
  case LP::ICMP_ULE: return AP::ule;
  case LP::ICMP_UGT: return AP::ugt;
  case LP::ICMP_UGE: return AP::uge;
  default: return std::nullopt;
  }
}

Expected<Value> ScopImporter::translateOperation(llvm::Instruction &I,
                                                 llvm::ArrayRef<Value> Ops) {
  auto FMF = [&] {
    return arith::FastMathFlagsAttr::get(&Ctx, toArith(I.getFastMathFlags()));
  };
  // Poison-generating flags (nsw, exact, nneg, ...) are dropped: without them
  // an operation is defined in more cases, never in fewer.
  switch (I.getOpcode()) {
  case llvm::Instruction::FAdd:
    return arith::AddFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FSub:
    return arith::SubFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FMul:
    return arith::MulFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FDiv:
    return arith::DivFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FRem:
    return arith::RemFOp::create(B, Loc, Ops[0], Ops[1], FMF()).getResult();
  case llvm::Instruction::FNeg:
    return arith::NegFOp::create(B, Loc, Ops[0], FMF()).getResult();
  case llvm::Instruction::Add:
    return arith::AddIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Sub:
    return arith::SubIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Mul:
    return arith::MulIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::SDiv:
    return arith::DivSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::UDiv:
    return arith::DivUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::SRem:
    return arith::RemSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::URem:
    return arith::RemUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Shl:
    return arith::ShLIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::LShr:
    return arith::ShRUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::AShr:
    return arith::ShRSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::And:
    return arith::AndIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Or:
    return arith::OrIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Xor:
    return arith::XOrIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
  case llvm::Instruction::Select:
    return arith::SelectOp::create(B, Loc, Ops[0], Ops[1], Ops[2]).getResult();
  case llvm::Instruction::FCmp:
    if (auto P = toArithFCmp(cast<llvm::FCmpInst>(I).getPredicate()))
      return arith::CmpFOp::create(B, Loc, *P, Ops[0], Ops[1],
                                     toArith(I.getFastMathFlags()))
          .getResult();
    break;
  case llvm::Instruction::ICmp:
    if (auto P = toArithICmp(cast<llvm::ICmpInst>(I).getPredicate()))
      return arith::CmpIOp::create(B, Loc, *P, Ops[0], Ops[1]).getResult();
    break;
  default:
    break;
  }

  if (auto *Cast = dyn_cast<llvm::CastInst>(&I)) {
    Expected<Type> T = convertType(Cast->getDestTy());
    if (!T)
      return T.takeError();
    switch (Cast->getOpcode()) {
    case llvm::Instruction::SExt:
      return arith::ExtSIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::ZExt:
      return arith::ExtUIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::Trunc:
      return arith::TruncIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPExt:
      return arith::ExtFOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPTrunc:
      return arith::TruncFOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::SIToFP:
      return arith::SIToFPOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::UIToFP:
      return arith::UIToFPOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPToSI:
      return arith::FPToSIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::FPToUI:
      return arith::FPToUIOp::create(B, Loc, *T, Ops[0]).getResult();
    case llvm::Instruction::BitCast:
      return arith::BitcastOp::create(B, Loc, *T, Ops[0]).getResult();
    default:
      break;
    }
  }

  if (auto *II = dyn_cast<llvm::IntrinsicInst>(&I)) {
    auto MathFMF = [&] {
      return arith::FastMathFlagsAttr::get(&Ctx, toArith(I.getFastMathFlags()));
    };
    switch (II->getIntrinsicID()) {
    // fmuladd may or may not fuse, as the target decides; a separate
    // multiply and add or an fma would each pin one choice.
    case llvm::Intrinsic::fmuladd:
      return LLVM::FMulAddOp::create(
                 B, Loc, Ops[0], Ops[1], Ops[2],
                 LLVM::FastmathFlagsAttr::get(
                     &Ctx, arith::convertArithFastMathFlagsToLLVM(
                               toArith(I.getFastMathFlags()))))
          .getResult();
    case llvm::Intrinsic::fma:
      return math::FmaOp::create(B, Loc, Ops[0], Ops[1], Ops[2], MathFMF())
          .getResult();
    case llvm::Intrinsic::sqrt:
      return math::SqrtOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::fabs:
      return math::AbsFOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::copysign:
      return math::CopySignOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::floor:
      return math::FloorOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::ceil:
      return math::CeilOp::create(B, Loc, Ops[0], MathFMF()).getResult();
    case llvm::Intrinsic::minnum:
      return arith::MinNumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::maxnum:
      return arith::MaxNumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::minimum:
      return arith::MinimumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::maximum:
      return arith::MaximumFOp::create(B, Loc, Ops[0], Ops[1], MathFMF())
          .getResult();
    case llvm::Intrinsic::smin:
      return arith::MinSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::smax:
      return arith::MaxSIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::umin:
      return arith::MinUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    case llvm::Intrinsic::umax:
      return arith::MaxUIOp::create(B, Loc, Ops[0], Ops[1]).getResult();
    default:
      break;
    }
  }
  return fail("unsupported instruction " + describe(I));
}

Error ScopImporter::importInstruction(llvm::Instruction &I, StmtState &State) {
  polly::ScopStmt &Stmt = State.Stmt;
  if (I.isTerminator() || I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd())
    return Error::success();
  if (auto *PHI = dyn_cast<llvm::PHINode>(&I)) {
    // A PHI is either read from its scalar (done on entry) or an induction
    // variable that is recomputed where it is used.
    if (State.Map.count(PHI) || polly::canSynthesize(PHI, S, &SE, Stmt.getSurroundingLoop()))
      return Error::success();
    return fail("unsupported PHI node " + describe(I));
  }
  if (polly::canSynthesize(&I, S, &SE, Stmt.getSurroundingLoop()))
    return Error::success();

  if (polly::MemoryAccess *MA = Stmt.getArrayAccessOrNULLFor(&I)) {
    if (auto *Memset = dyn_cast<llvm::MemSetInst>(&I))
      return importMemset(*Memset, *MA, State);
    auto Access = getAccessMap(*MA, State);
    if (!Access)
      return Access.takeError();
    auto &[Map, Operands] = *Access;
    Value Memref = Memrefs.lookup(MA->getLatestScopArrayInfo());
    if (auto *Load = dyn_cast<llvm::LoadInst>(&I)) {
      if (Load->isVolatile() || Load->isAtomic())
        return fail("volatile or atomic load " + describe(I));
      State.Map[&I] = affine::AffineLoadOp::create(B, Loc, Memref, Map, Operands);
      return Error::success();
    }
    if (auto *Store = dyn_cast<llvm::StoreInst>(&I)) {
      if (Store->isVolatile() || Store->isAtomic())
        return fail("volatile or atomic store " + describe(I));
      Expected<Value> V = getValue(Store->getValueOperand(), State);
      if (!V)
        return V.takeError();
      affine::AffineStoreOp::create(B, Loc, *V, Memref, Map, Operands);
      return Error::success();
    }
    return fail("unsupported memory access " + describe(I));
  }
  if (I.mayReadOrWriteMemory())
    return fail("unsupported memory access " + describe(I));
  if (I.getType()->isVectorTy())
    return fail("vector instruction " + describe(I));

  llvm::SmallVector<Value, 3> Operands;
  auto ArgOperands = isa<llvm::CallBase>(I)
                         ? cast<llvm::CallBase>(I).args()
                         : llvm::make_range(I.op_begin(), I.op_end());
  for (llvm::Value *Op : ArgOperands) {
    Expected<Value> V = getValue(Op, State);
    if (!V)
      return V.takeError();
    Operands.push_back(*V);
  }
  Expected<Value> R = translateOperation(I, Operands);
  if (!R)
    return R.takeError();
  State.Map[&I] = *R;
  return Error::success();
}

Error ScopImporter::importStmt(StmtState &State) {
  polly::ScopStmt &Stmt = State.Stmt;
  for (unsigned D = 0, E = Stmt.getNumIterators(); D < E; ++D)
    State.LoopExprs[Stmt.getLoopForDimension(D)] = State.DomainDims[D];

  // Scalars this statement reads, as Polly's code generator does: on entry.
  for (polly::MemoryAccess *MA : Stmt) {
    if (!MA->isRead() || !MA->isOriginalScalarKind())
      continue;
    llvm::Value *Key = MA->isOriginalPHIKind() ? MA->getAccessInstruction()
                                              : MA->getAccessValue();
    if (isReadOnlyScalar(MA->getLatestScopArrayInfo())) {
      Expected<Value> LiveIn = getLiveIn(Key);
      if (!LiveIn)
        return LiveIn.takeError();
      State.Map[Key] = *LiveIn;
      continue;
    }
    Value Scalar = Memrefs.lookup(MA->getLatestScopArrayInfo());
    State.Map[Key] = affine::AffineLoadOp::create(B, Loc, Scalar, ValueRange{});
  }
  for (llvm::Instruction *I : Stmt.getInstructions())
    if (Error E = importInstruction(*I, State))
      return E;
  // Scalars it writes: on exit.
  for (polly::MemoryAccess *MA : Stmt) {
    if (!MA->isWrite() || !MA->isOriginalScalarKind())
      continue;
    llvm::Value *Stored = MA->tryGetValueStored();
    if (!Stored)
      return fail("a PHI node of the region has several incoming values from "
                  "one statement");
    Expected<Value> V = getValue(Stored, State);
    if (!V)
      return V.takeError();
    affine::AffineStoreOp::create(B, Loc, *V,
                                  Memrefs.lookup(MA->getLatestScopArrayInfo()),
                                  ValueRange{});
  }
  return Error::success();
}

Error ScopImporter::importUser(isl_ast_node *Node) {
  isl::ast_expr Call = isl::manage(isl_ast_node_user_get_expr(Node));
  isl::ast_expr Callee = isl::manage(isl_ast_expr_op_get_arg(Call.get(), 0));
  isl::id Id = isl::manage(isl_ast_expr_id_get_id(Callee.get()));
  auto *Stmt = static_cast<polly::ScopStmt *>(Id.get_user());
  if (!Stmt)
    return fail("AST node without a statement");
  StmtState State(*Stmt);
  for (int I = 1, E = isl_ast_expr_op_get_n_arg(Call.get()); I < E; ++I) {
    isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Call.get(), I));
    Expected<AffineExpr> X = raising::toAffineExpr(
        Arg.get(), [&](isl_id *Id) { return lookupId(Id); }, &Ctx);
    if (!X)
      return X.takeError();
    State.DomainDims.push_back(*X);
  }
  return importStmt(State);
}

Error ScopImporter::importFor(isl_ast_node *Node) {
  auto Lookup = [&](isl_id *Id) { return lookupId(Id); };
  isl::ast_expr Iterator = isl::manage(isl_ast_node_for_get_iterator(Node));
  isl::id IteratorId = isl::manage(isl_ast_expr_id_get_id(Iterator.get()));
  isl::ast_expr Init = isl::manage(isl_ast_node_for_get_init(Node));
  auto Lower = toBoundExprs(Init.get(), isl_ast_expr_op_max, Lookup, &Ctx);
  if (!Lower)
    return Lower.takeError();

  llvm::SmallVector<AffineExpr, 2> Upper;
  int64_t Step = 1;
  if (isl_ast_node_for_is_degenerate(Node) == isl_bool_true) {
    // One iteration: the loop runs from the initial value to one past it.
    if (Lower->size() != 1)
      return fail("degenerate loop with several lower bounds");
    Upper.push_back(Lower->front() + 1);
  } else {
    isl::ast_expr Cond = isl::manage(isl_ast_node_for_get_cond(Node));
    auto Bounds = toUpperBoundExprs(Cond.get(), IteratorId.get(), Lookup, &Ctx);
    if (!Bounds)
      return Bounds.takeError();
    Upper = *Bounds;
    isl::ast_expr Inc = isl::manage(isl_ast_node_for_get_inc(Node));
    Expected<AffineExpr> IncExpr = raising::toAffineExpr(Inc.get(), Lookup, &Ctx);
    if (!IncExpr)
      return IncExpr.takeError();
    auto C = dyn_cast<AffineConstantExpr>(*IncExpr);
    if (!C || C.getValue() <= 0)
      return fail("loop with a non-constant or non-positive step");
    Step = C.getValue();
  }

  auto [LowerMap, LowerOperands] = makeMap(*Lower);
  auto [UpperMap, UpperOperands] = makeMap(Upper);
  auto For = affine::AffineForOp::create(B, Loc, LowerOperands, LowerMap,
                                         UpperOperands, UpperMap, Step);
  ++Result.NumLoops;
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(For.getBody()->getTerminator());
  IteratorDims[IteratorId.get()] = IVs.size();
  IVs.push_back(For.getInductionVar());
  isl::ast_node Body = isl::manage(isl_ast_node_for_get_body(Node));
  Error E = importNode(Body.get());
  IVs.pop_back();
  IteratorDims.erase(IteratorId.get());
  return E;
}

Error ScopImporter::importIf(isl_ast_node *Node) {
  isl::ast_expr Cond = isl::manage(isl_ast_node_if_get_cond(Node));
  auto Constraints = toConstraints(
      Cond.get(), [&](isl_id *Id) { return lookupId(Id); }, &Ctx);
  if (!Constraints)
    return Constraints.takeError();
  llvm::SmallVector<AffineExpr, 4> Exprs;
  llvm::SmallVector<bool, 4> EqFlags;
  for (const AffineConstraint &C : *Constraints) {
    Exprs.push_back(C.Expr);
    EqFlags.push_back(C.IsEq);
  }
  IntegerSet Set = IntegerSet::get(IVs.size(), Params.size(), Exprs, EqFlags);
  llvm::SmallVector<Value, 4> Operands(IVs.begin(), IVs.end());
  Operands.append(Params.begin(), Params.end());
  affine::canonicalizeSetAndOperands(&Set, &Operands);
  bool HasElse = isl_ast_node_if_has_else_node(Node) == isl_bool_true;
  auto If = affine::AffineIfOp::create(B, Loc, Set, Operands, HasElse);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If.getThenBlock()->getTerminator());
  isl::ast_node Then = isl::manage(isl_ast_node_if_get_then_node(Node));
  if (Error E = importNode(Then.get()))
    return E;
  if (HasElse) {
    B.setInsertionPoint(If.getElseBlock()->getTerminator());
    isl::ast_node Else = isl::manage(isl_ast_node_if_get_else_node(Node));
    return importNode(Else.get());
  }
  return Error::success();
}

Error ScopImporter::importNode(isl_ast_node *Node) {
  switch (isl_ast_node_get_type(Node)) {
  case isl_ast_node_for:
    return importFor(Node);
  case isl_ast_node_if:
    return importIf(Node);
  case isl_ast_node_user:
    return importUser(Node);
  case isl_ast_node_block: {
    isl::ast_node_list Children = isl::manage(isl_ast_node_block_get_children(Node));
    for (int I = 0, E = unsignedFromIslSize(Children.size()); I < E; ++I)
      if (Error Err = importNode(Children.at(I).get()))
        return Err;
    return Error::success();
  }
  case isl_ast_node_mark: {
    isl::ast_node Child = isl::manage(isl_ast_node_mark_get_node(Node));
    return importNode(Child.get());
  }
  case isl_ast_node_error:
    break;
  }
  return fail("invalid isl AST node");
}

Expected<ImportedRegion> ScopImporter::run(llvm::StringRef Name) {
  if (Error E = checkRegion())
    return std::move(E);
  if (Root.is_null())
    return fail("isl built no AST for the region");
  if (Error E = createFunction(Name))
    return std::move(E);
  if (Error E = initializeEntryPhis())
    return std::move(E);
  if (Error E = importNode(Root.get()))
    return std::move(E);
  func::ReturnOp::create(B, Loc);
  // Live-in scalars were added as they were met; the type follows the block.
  Func.setFunctionType(
      B.getFunctionType(Entry->getArgumentTypes(), /*results=*/{}));
  if (failed(verify(*Result.Module)))
    return fail("the translated MLIR does not verify");
  Result.FunctionName = Name.str();
  return std::move(Result);
}

Expected<ImportedRegion> raising::importScop(polly::Scop &S,
                                             isl::ast_node Root,
                                             MLIRContext &Ctx,
                                             llvm::StringRef Name) {
  return ScopImporter(S, std::move(Root), Ctx).run(Name);
}
