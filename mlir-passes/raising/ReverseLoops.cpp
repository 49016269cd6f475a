//===- ReverseLoops.cpp - The raise-reverse-loops pass --------------------===//
//
// Polly's AST counts every loop up from zero: the reference STRMM's
// `DO 100 I = M,1,-1` arrives as `affine.for %t = 0 to %m` with `m - 1 - t`
// wherever the source has I, and no tactic matches an output element that
// is not indexed by a loop index. This counts such a loop the other way,
// which changes the order of its iterations: only where that order does not
// matter once the loads that read values from before the nest read them
// from a copy taken before it.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "NestAnalysis.h"
#include "OldValues.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"

#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEREVERSELOOPS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

namespace {

/// How much result @p R of @p Map grows when its dim @p D grows by one, if
/// that is a constant.
std::optional<int64_t> slope(AffineMap Map, unsigned R, unsigned D) {
  AffineExpr E = Map.getResult(R);
  AffineExpr Dim = getAffineDimExpr(D, Map.getContext());
  AffineExpr Step = simplifyAffineExpr(E.replace(Dim, Dim + 1) - E,
                                       Map.getNumDims(), Map.getNumSymbols());
  if (auto C = dyn_cast<AffineConstantExpr>(Step))
    return C.getValue();
  return std::nullopt;
}

/// True if @p Loop counts from zero by one, its index is used only by
/// subscripts and by the bounds of inner loops, and every subscript walks
/// down the array as the index grows (one of them strictly): the source
/// counted down.
bool countsDown(AffineForOp Loop) {
  if (!Loop.hasConstantLowerBound() || Loop.getConstantLowerBound() != 0 ||
      Loop.getStepAsInt() != 1 ||
      Loop.getUpperBoundMap().getNumResults() != 1 ||
      Loop.getNumIterOperands() != 0)
    return false;
  Value Iv = Loop.getInductionVar();
  bool Down = false;
  for (OpOperand &Use : Iv.getUses()) {
    Operation *User = Use.getOwner();
    if (isa<AffineForOp>(User))
      continue;
    if (!isa<AffineLoadOp, AffineStoreOp>(User))
      return false;
    AffineMap Map = raise::mapOf(User);
    ValueRange Operands = raise::mapOperandsOf(User);
    auto Pos = llvm::find(Operands, Iv) - Operands.begin();
    if (unsigned(Pos) >= Map.getNumDims())
      return false;
    for (unsigned R = 0; R < Map.getNumResults(); ++R) {
      std::optional<int64_t> S = slope(Map, R, Pos);
      if (!S || *S > 0)
        return false;
      Down |= *S < 0;
    }
  }
  return Down;
}

/// The outermost affine.for around @p Loop (itself if there is none).
AffineForOp getRoot(AffineForOp Loop) {
  AffineForOp Root = Loop;
  for (Operation *P = Loop->getParentOp(); P; P = P->getParentOp())
    if (auto For = dyn_cast<AffineForOp>(P))
      Root = For;
  return Root;
}

/// True if @p Op holds an affine.if (see inElseRegion).
bool hasIf(Operation *Op) {
  return Op->walk([](affine::AffineIfOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The innermost affine.for around every use of @p M, if any.
AffineForOp getScope(Value M) {
  AffineForOp Scope;
  for (Operation *U : M.getUsers()) {
    if (!Scope)
      Scope = U->getParentOfType<AffineForOp>();
    while (Scope && !Scope->isAncestor(U))
      Scope = Scope->getParentOfType<AffineForOp>();
    if (!Scope)
      return {};
  }
  return Scope;
}

/// True if no dependence between @p A and @p B is carried by the loop at
/// @p Depth: the order of that loop's iterations does not matter to them.
bool notCarried(Operation *A, Operation *B, unsigned Depth) {
  affine::MemRefAccess X(A), Y(B);
  return affine::noDependence(
             affine::checkMemrefAccessDependence(X, Y, Depth)) &&
         affine::noDependence(affine::checkMemrefAccessDependence(Y, X, Depth));
}

/// The loads that are to read a copy of their array taken before @p Root
/// if @p Loop may count the other way, else nullopt.
std::optional<raise::OldValueLoads> planReversal(AffineForOp Loop,
                                                 AffineForOp Root) {
  if (!raise::onlyAffineAccesses(Root) || hasIf(Root))
    return std::nullopt;
  raise::DependenceView Test(Root);
  // From a copy, such loads no longer order anything against the stores.
  raise::OldValueLoads Copied = raise::findOldValueLoads(Loop, Root, Test);
  llvm::SetVector<Value> Written;
  Loop.walk([&](AffineStoreOp S) { Written.insert(S.getMemRef()); });
  unsigned Depth = affine::getNestingDepth(Loop) + 1;
  for (Value M : Written) {
    auto Type = cast<MemRefType>(M.getType());
    if (Type.getRank() == 0) {
      // A local scalar set at the start of each iteration of a loop in
      // @p Loop (or of @p Loop), before anything reads it, and used nowhere
      // else: a row's sum set from its output element in the loop over the
      // columns.
      AffineForOp Scope = getScope(M);
      if (!M.getDefiningOp<memref::AllocaOp>() || !Scope ||
          !Loop->isAncestor(Scope))
        return std::nullopt;
      Operation *First = nullptr;
      for (Operation &Op : *Scope.getBody()) {
        bool Touches = false;
        Op.walk([&](Operation *In) {
          Touches |= llvm::is_contained(In->getOperands(), M);
        });
        if (Touches) {
          First = &Op;
          break;
        }
      }
      auto Init = dyn_cast_or_null<AffineStoreOp>(First);
      if (!Init || Init.getMemRef() != M)
        return std::nullopt;
      continue;
    }
    SmallVector<Operation *> Stores, Kept;
    ArrayRef<AffineLoadOp> FromCopy;
    if (auto It = Copied.find(M); It != Copied.end())
      FromCopy = It->second;
    Loop.walk([&](Operation *Op) {
      if (!isa<AffineLoadOp, AffineStoreOp>(Op) || raise::memrefOf(Op) != M)
        return;
      if (isa<AffineStoreOp>(Op))
        Stores.push_back(Op);
      else if (!llvm::is_contained(FromCopy, cast<AffineLoadOp>(Op)))
        Kept.push_back(Op);
    });
    Kept.append(Stores);
    for (Operation *S : Stores)
      for (Operation *A : Kept)
        if (!notCarried(Test(S), Test(A), Depth))
          return std::nullopt;
  }
  return Copied;
}

/// Counts @p Loop the other way: index t becomes ub - 1 - t.
void reverse(AffineForOp Loop) {
  AffineMap Ub = Loop.getUpperBoundMap();
  unsigned NumDims = Ub.getNumDims();
  MLIRContext *Ctx = Loop.getContext();
  AffineMap Map =
      AffineMap::get(NumDims + 1, Ub.getNumSymbols(),
                     Ub.getResult(0) - 1 - getAffineDimExpr(NumDims, Ctx));
  ValueRange Operands = Loop.getUpperBoundOperands();
  SmallVector<Value> ApplyOperands(Operands.take_front(NumDims));
  ApplyOperands.push_back(Loop.getInductionVar());
  ApplyOperands.append(Operands.begin() + NumDims, Operands.end());
  OpBuilder B(Loop.getBody(), Loop.getBody()->begin());
  auto Apply =
      affine::AffineApplyOp::create(B, Loop.getLoc(), Map, ApplyOperands);
  Loop.getInductionVar().replaceAllUsesExcept(Apply, Apply);
}

struct RaiseReverseLoops
    : public raise::impl::RaiseReverseLoopsBase<RaiseReverseLoops> {
  void runOnOperation() override {
    SmallVector<AffineForOp> Loops;
    getOperation().walk([&](AffineForOp Loop) {
      if (countsDown(Loop))
        Loops.push_back(Loop);
    });
    DominanceInfo Dom(getOperation());
    for (AffineForOp Loop : Loops) {
      AffineForOp Root = getRoot(Loop);
      std::optional<raise::OldValueLoads> Plan = planReversal(Loop, Root);
      if (!Plan)
        continue;
      SmallVector<raise::CopyBox> Boxes;
      for (auto &[M, Loads] : *Plan)
        if (std::optional<raise::CopyBox> In =
                raise::getCopyBox(M, Loads, Root, Dom))
          Boxes.push_back(std::move(*In));
      if (Boxes.size() != Plan->size())
        continue;
      for (const raise::CopyBox &In : Boxes)
        raise::loadFromCopy(In, Root);
      numCopies += Boxes.size();
      reverse(Loop);
      ++numReversed;
    }
  }
};

} // namespace
