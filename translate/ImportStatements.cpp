//===- ImportStatements.cpp - The body of a SCoP statement ----------------===//
//
// One instance of a statement in MLIR: the scalars it reads, loaded on entry
// from their 0-d memrefs (or live-ins); its instructions in their original
// order, array accesses as affine.load/affine.store through the latest
// access relations and a memset as a loop that stores zeros; and the scalars
// it writes, stored on exit.
//
//===----------------------------------------------------------------------===//

#include "IslToAffine.h"
#include "ScopImporter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "polly/ScopInfo.h"
#include "polly/Support/ScopHelper.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace mlir;
using namespace raising;
using llvm::Error;
using llvm::Expected;

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
  auto EmitLoop =
      [&](AffineExpr Lo, AffineExpr Hi,
          llvm::function_ref<llvm::SmallVector<AffineExpr, 4>(AffineExpr)>
              Subscripts) {
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
        affine::AffineStoreOp::create(B, Loc, Zero, Memrefs.lookup(SAI),
                                      StoreMap, StoreOperands);
      };

  auto First = toAffineExprs(Relation.lexmin_pw_multi_aff().coalesce(), State);
  auto Last = toAffineExprs(Relation.lexmax_pw_multi_aff().coalesce(), State);
  if (First && Last) {
    bool OneRow = true;
    for (unsigned D = 0; D + 1 < Rank; ++D)
      OneRow &=
          simplifyAffineExpr((*First)[D] - (*Last)[D], IVs.size(),
                             Params.size()) == getAffineConstantExpr(0, &Ctx);
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
    const auto *Size =
        dyn_cast_or_null<llvm::SCEVConstant>(SAI->getDimensionSize(D));
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

Error ScopImporter::importInstruction(llvm::Instruction &I, StmtState &State) {
  polly::ScopStmt &Stmt = State.Stmt;
  if (I.isTerminator() || I.isDebugOrPseudoInst() || I.isLifetimeStartOrEnd())
    return Error::success();
  if (auto *PHI = dyn_cast<llvm::PHINode>(&I)) {
    // A PHI is either read from its scalar (done on entry) or an induction
    // variable that is recomputed where it is used.
    if (State.Map.count(PHI) ||
        polly::canSynthesize(PHI, S, &SE, Stmt.getSurroundingLoop()))
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
      State.Map[&I] =
          affine::AffineLoadOp::create(B, Loc, Memref, Map, Operands);
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
  // A load Polly hoisted out of the region: its users read the value the
  // splice loads once before it (a live-in, see getValue).
  if (isa<llvm::LoadInst>(I) && S.lookupInvariantEquivClass(&I))
    return Error::success();
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
    affine::AffineStoreOp::create(
        B, Loc, *V, Memrefs.lookup(MA->getLatestScopArrayInfo()), ValueRange{});
  }
  return Error::success();
}
