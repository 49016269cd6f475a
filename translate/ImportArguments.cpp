//===- ImportArguments.cpp - Values from outside a SCoP statement ---------===//
//
// The values a statement uses but does not compute, and their types in MLIR:
// constants; values defined before the region, which become function
// arguments as they are met; the values the region's entry PHIs start with;
// and values Polly can recompute (induction variables and expressions of
// them), whose SCEVs become affine expressions of the open loops.
//
//===----------------------------------------------------------------------===//

#include "ScopImporter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "polly/ScopInfo.h"
#include "polly/Support/VirtualInstruction.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace mlir;
using namespace raising;
using llvm::Error;
using llvm::Expected;

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

Expected<Value> ScopImporter::getConstant(llvm::Constant &C) {
  if (auto *FP = dyn_cast<llvm::ConstantFP>(&C)) {
    Expected<Type> T = convertType(FP->getType());
    if (!T)
      return T.takeError();
    return arith::ConstantOp::create(B, Loc,
                                     B.getFloatAttr(*T, FP->getValueAPF()))
        .getResult();
  }
  if (auto *I = dyn_cast<llvm::ConstantInt>(&C))
    return arith::ConstantOp::create(
               B, Loc,
               B.getIntegerAttr(B.getIntegerType(I->getBitWidth()),
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
                    "before it: " +
                    describe(*Phi));
      Initial = V;
    }
    if (!Initial)
      continue;
    Expected<Value> V = isa<llvm::Constant>(Initial)
                            ? getConstant(*cast<llvm::Constant>(Initial))
                            : getLiveIn(Initial);
    if (!V)
      return V.takeError();
    affine::AffineStoreOp::create(B, Loc, *V, Memrefs.lookup(SAI),
                                  ValueRange{});
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
    // The index of a loop around the region (gramschmidt's `j = k + 1`
    // with k outside, the region cut by its sqrt) is a parameter counted
    // from zero, as Polly's affinator splits it: start + {0,+,step}.
    if (AR->isAffine() && It == State.LoopExprs.end() &&
        !S.contains(AR->getLoop()) && !AR->getStart()->isZero()) {
      const llvm::SCEV *FromZero = SE.getAddRecExpr(
          SE.getZero(AR->getType()), AR->getStepRecurrence(SE), AR->getLoop(),
          AR->getNoWrapFlags(llvm::SCEV::FlagNW));
      if (isl::id Id = S.getIdForParam(FromZero); !Id.is_null())
        if (AffineExpr P = lookupId(Id.get())) {
          Expected<AffineExpr> Start = toAffineExpr(AR->getStart(), State);
          if (!Start)
            return Start.takeError();
          return *Start + P;
        }
    }
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

Expected<Value> ScopImporter::expandSCEV(const llvm::SCEV *E,
                                         StmtState &State) {
  Type T = B.getIntegerType(SE.getTypeSizeInBits(E->getType()));
  if (const auto *C = dyn_cast<llvm::SCEVConstant>(E))
    return arith::ConstantOp::create(B, Loc, T,
                                     B.getIntegerAttr(T, C->getAPInt()))
        .getResult();
  // An affine expression is modular like the value: computed as an index
  // and truncated, it has the value's bits.
  Expected<AffineExpr> X = toAffineExpr(E, State);
  if (X) {
    auto [Map, Operands] = makeMap({*X});
    Value Index = affine::AffineApplyOp::create(B, Loc, Map, Operands);
    return arith::IndexCastOp::create(B, Loc, T, Index).getResult();
  }
  // Otherwise each operation as the IR has it, in the same width, so the
  // result needs no assumption. Where that fails too, the error says what
  // is not affine.
  std::string NotAffine = llvm::toString(X.takeError());
  auto Expand = [&](const llvm::SCEV *Op) -> Expected<Value> {
    return expandSCEV(Op, State);
  };
  auto Fold = [&](const llvm::SCEVNAryExpr *N, auto Create) -> Expected<Value> {
    Expected<Value> Acc = Expand(N->getOperand(0));
    for (const llvm::SCEV *Op : N->operands().drop_front()) {
      if (!Acc)
        break;
      Expected<Value> Next = Expand(Op);
      if (!Next)
        return Next.takeError();
      Acc = Create(*Acc, *Next);
    }
    return Acc;
  };
  return [&]() -> Expected<Value> {
    if (const auto *Add = dyn_cast<llvm::SCEVAddExpr>(E))
      return Fold(Add, [&](Value L, Value R) -> Value {
        return arith::AddIOp::create(B, Loc, L, R);
      });
    if (const auto *Mul = dyn_cast<llvm::SCEVMulExpr>(E))
      return Fold(Mul, [&](Value L, Value R) -> Value {
        return arith::MulIOp::create(B, Loc, L, R);
      });
    if (const auto *Max = dyn_cast<llvm::SCEVMinMaxExpr>(E))
      return Fold(Max, [&](Value L, Value R) -> Value {
        switch (Max->getSCEVType()) {
        case llvm::scSMaxExpr:
          return arith::MaxSIOp::create(B, Loc, L, R);
        case llvm::scUMaxExpr:
          return arith::MaxUIOp::create(B, Loc, L, R);
        case llvm::scSMinExpr:
          return arith::MinSIOp::create(B, Loc, L, R);
        default:
          return arith::MinUIOp::create(B, Loc, L, R);
        }
      });
    if (const auto *Div = dyn_cast<llvm::SCEVUDivExpr>(E)) {
      Expected<Value> L = Expand(Div->getLHS());
      if (!L)
        return L.takeError();
      Expected<Value> R = Expand(Div->getRHS());
      if (!R)
        return R.takeError();
      return arith::DivUIOp::create(B, Loc, *L, *R).getResult();
    }
    if (const auto *AR = dyn_cast<llvm::SCEVAddRecExpr>(E)) {
      // start + step * iteration: the step varies with outer loops (`i * j`).
      auto It = State.LoopExprs.find(AR->getLoop());
      if (!AR->isAffine() || It == State.LoopExprs.end())
        return fail(NotAffine);
      Expected<Value> Start = Expand(AR->getStart());
      if (!Start)
        return Start.takeError();
      Expected<Value> Step = Expand(AR->getStepRecurrence(SE));
      if (!Step)
        return Step.takeError();
      auto [Map, Operands] = makeMap({It->second});
      Value Iter = arith::IndexCastOp::create(
          B, Loc, T, affine::AffineApplyOp::create(B, Loc, Map, Operands));
      return arith::AddIOp::create(B, Loc, *Start,
                                   arith::MulIOp::create(B, Loc, *Step, Iter))
          .getResult();
    }
    if (const auto *Cast = dyn_cast<llvm::SCEVIntegralCastExpr>(E)) {
      Expected<Value> Op = Expand(Cast->getOperand());
      if (!Op)
        return Op.takeError();
      if (isa<llvm::SCEVZeroExtendExpr>(E))
        return arith::ExtUIOp::create(B, Loc, T, *Op).getResult();
      if (isa<llvm::SCEVSignExtendExpr>(E))
        return arith::ExtSIOp::create(B, Loc, T, *Op).getResult();
      if (isa<llvm::SCEVTruncateExpr>(E))
        return arith::TruncIOp::create(B, Loc, T, *Op).getResult();
    }
    // A value the statement computed before (an integer it loaded).
    if (const auto *U = dyn_cast<llvm::SCEVUnknown>(E))
      if (auto It = State.Map.find(U->getValue()); It != State.Map.end())
        return It->second;
    return fail(NotAffine);
  }();
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
  // A load Polly hoists out of the region (`this->scale_`) is read once
  // before it: a live-in, which the caller passes preloaded.
  case polly::VirtualUse::Hoisted:
    return getLiveIn(V);
  case polly::VirtualUse::Synthesizable:
  case polly::VirtualUse::Intra: {
    if (!V->getType()->isIntegerTy())
      break;
    const llvm::SCEV *E = SE.getSCEVAtScope(V, State.Stmt.getSurroundingLoop());
    return expandSCEV(E, State);
  }
  default:
    break;
  }
  return fail("value not available in the statement: " + describe(*V));
}
