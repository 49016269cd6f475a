//===- InterchangeReductions.cpp - The raise-interchange-reductions pass --===//
//
// Moves an innermost reduction loop outside the loop around it where that
// loop's iterations are independent and the interchange turns its accesses
// into unit-stride ones. Exact: the interchange is checked against every
// dependence of the pair, so each element receives the same operations in
// the same order; only the order between independent elements changes.
//
//===----------------------------------------------------------------------===//

#include "FastMath.h"
#include "InterchangeSupport.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/AffineValueMap.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEINTERCHANGEREDUCTIONS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// How an access moves along the loop of @p IV: not at all, by one element
/// of its last dimension per iteration, or otherwise.
enum class Stride { Invariant, Unit, Other };

Stride getStride(Operation *Access, Value IV) {
  affine::MemRefAccess Ref(Access);
  affine::AffineValueMap Map;
  Ref.getAccessMap(&Map);
  AffineMap M = Map.getAffineMap();
  std::optional<unsigned> Pos;
  for (unsigned I = 0, E = Map.getNumDims(); I < E; ++I)
    if (Map.getOperand(I) == IV)
      Pos = I;
  // An induction variable the access map does not take as a dimension (a
  // symbol) or takes through values computed from it is not analyzed.
  for (unsigned I = Map.getNumDims(), E = Map.getNumOperands(); I < E; ++I)
    if (Map.getOperand(I) == IV)
      return Stride::Other;
  if (!Pos)
    return Stride::Invariant;
  AffineExpr D = getAffineDimExpr(*Pos, M.getContext());
  unsigned Last = M.getNumResults() - 1;
  bool Moves = false;
  for (unsigned R = 0; R <= Last; ++R) {
    AffineExpr E = M.getResult(R);
    AffineExpr Step = simplifyAffineExpr(E.replace(D, D + 1) - E,
                                         M.getNumDims(), M.getNumSymbols());
    auto Const = dyn_cast<AffineConstantExpr>(Step);
    if (!Const)
      return Stride::Other;
    if (Const.getValue() == 0)
      continue;
    if (R != Last || Const.getValue() != 1)
      return Stride::Other;
    Moves = true;
  }
  return Moves ? Stride::Unit : Stride::Invariant;
}

} // namespace

bool raise::streamsAlong(affine::AffineForOp Loop, Value IV) {
  bool Unit = false, Other = false;
  Loop.walk([&](Operation *Op) {
    if (!isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface>(Op))
      return;
    Stride S = getStride(Op, IV);
    Unit |= S == Stride::Unit;
    Other |= S == Stride::Other;
  });
  return Unit && !Other;
}

bool raise::vectorizesAlready(affine::AffineForOp Reduction) {
  WalkResult Exact = Reduction.walk([](Operation *Op) {
    return raise::isReassociable(Op) ? WalkResult::advance()
                                     : WalkResult::interrupt();
  });
  return !Exact.wasInterrupted() &&
         streamsAlong(Reduction, Reduction.getInductionVar());
}

namespace {

/// The innermost loop directly inside @p Outer, alone in its body, whose
/// bounds do not depend on @p Outer; null if there is none.
affine::AffineForOp getInterchangeable(affine::AffineForOp Outer) {
  Block *Body = Outer.getBody();
  if (!llvm::hasSingleElement(Body->without_terminator()))
    return nullptr;
  auto Inner = dyn_cast<affine::AffineForOp>(Body->front());
  if (!Inner || Inner.getNumIterOperands() || Outer.getNumIterOperands())
    return nullptr;
  bool Innermost = true;
  Inner.getBody()->walk([&](affine::AffineForOp) { Innermost = false; });
  if (!Innermost)
    return nullptr;
  Value IV = Outer.getInductionVar();
  if (llvm::is_contained(Inner.getLowerBoundOperands(), IV) ||
      llvm::is_contained(Inner.getUpperBoundOperands(), IV))
    return nullptr;
  return Inner;
}

/// The inner loop of @p Outer if the pair may and should be interchanged:
/// the inner loop carries a dependence (its sum), the outer one none, and
/// after the interchange the outer loop streams through memory.
affine::AffineForOp getReductionToMoveOut(affine::AffineForOp Outer) {
  affine::AffineForOp Inner = getInterchangeable(Outer);
  if (!Inner || !affine::isLoopParallel(Outer) ||
      affine::isLoopParallel(Inner) ||
      !raise::streamsAlong(Inner, Outer.getInductionVar()) ||
      raise::vectorizesAlready(Inner) ||
      !affine::isValidLoopInterchangePermutation({Outer, Inner}, {1, 0}))
    return nullptr;
  return Inner;
}

/// True if @p Scalar, a rank-0 local, is used only by @p Outer's body.
bool isLocalTo(Value Scalar, affine::AffineForOp Outer) {
  auto Alloca = Scalar.getDefiningOp<memref::AllocaOp>();
  return Alloca && Alloca.getType().getRank() == 0 &&
         llvm::all_of(Scalar.getUsers(), [&](Operation *User) {
           return Outer->isProperAncestor(User) &&
                  isa<affine::AffineLoadOp, affine::AffineStoreOp>(User);
         });
}

/// A body `s = X[e]; for ... { s = f(s, ...) }; X[e] = g(s)` with a local
/// scalar s (ludcmp's `w`) and g free of effects (nothing, a division by
/// the diagonal), where neither the loop nor g touches the element X[e]
/// but through s.
struct ScalarSum {
  affine::AffineLoadOp Load;
  affine::AffineStoreOp Init;
  affine::AffineForOp Inner;
  affine::AffineLoadOp Final;
  affine::AffineStoreOp Store;
};

/// True if no access in @p Root but @p Store itself touches what @p Store
/// writes in the same iteration of their common loops.
bool touchesNowhereElse(Operation *Root, affine::AffineStoreOp Store) {
  affine::MemRefAccess Element(Store);
  WalkResult Touches = Root->walk([&](Operation *Op) {
    if (Op == Store ||
        !isa<affine::AffineReadOpInterface, affine::AffineWriteOpInterface>(Op))
      return WalkResult::advance();
    affine::MemRefAccess Access(Op);
    if (Access.memref != Element.memref)
      return WalkResult::advance();
    unsigned Depth = affine::getNumCommonSurroundingLoops(*Op, *Store) + 1;
    return affine::noDependence(
               affine::checkMemrefAccessDependence(Access, Element, Depth))
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !Touches.wasInterrupted();
}

std::optional<ScalarSum> matchScalarSum(affine::AffineForOp Outer) {
  auto Ops = llvm::to_vector(
      llvm::make_pointer_range(Outer.getBody()->without_terminator()));
  if (Ops.size() < 5)
    return std::nullopt;
  ScalarSum Sum{dyn_cast<affine::AffineLoadOp>(Ops[0]),
                dyn_cast<affine::AffineStoreOp>(Ops[1]),
                dyn_cast<affine::AffineForOp>(Ops[2]),
                dyn_cast<affine::AffineLoadOp>(Ops[3]),
                dyn_cast<affine::AffineStoreOp>(Ops.back())};
  auto [Load, Init, Inner, Final, Store] = Sum;
  if (!Load || !Init || !Inner || !Final || !Store ||
      Init.getValueToStore() != Load.getResult() || !Load->hasOneUse() ||
      Init.getMemRef() != Final.getMemRef() ||
      !isLocalTo(Init.getMemRef(), Outer) ||
      Store.getMemRef() != Load.getMemRef() ||
      Store.getAffineMap() != Load.getAffineMap() ||
      Store.getMapOperands() != Load.getMapOperands())
    return std::nullopt;
  // g: loads and operations free of effects.
  for (Operation *Op : ArrayRef(Ops).slice(4, Ops.size() - 5))
    if (Op->getNumRegions() ||
        (!isa<affine::AffineLoadOp>(Op) && !isMemoryEffectFree(Op)))
      return std::nullopt;
  // s itself is read only by the loop and once after it.
  Value Scalar = Init.getMemRef();
  if (!llvm::all_of(Scalar.getUsers(), [&Sum](Operation *User) {
        return User == Sum.Init || User == Sum.Final ||
               Sum.Inner->isAncestor(User);
      }))
    return std::nullopt;
  for (Operation *Op : Ops)
    if (Op != Load && !touchesNowhereElse(Op, Store))
      return std::nullopt;
  return Sum;
}

/// Sums into X[e] itself: the same values, each stored as it is made.
void sumInPlace(const ScalarSum &Sum) {
  affine::AffineLoadOp Load = Sum.Load, Final = Sum.Final;
  affine::AffineStoreOp Init = Sum.Init, Store = Sum.Store;
  affine::AffineForOp Inner = Sum.Inner;
  Value Scalar = Init.getMemRef();
  auto LoadElement = [&](OpBuilder &B, Location Loc) {
    return affine::AffineLoadOp::create(B, Loc, Load.getMemRef(),
                                        Load.getAffineMap(),
                                        Load.getMapOperands())
        .getResult();
  };
  Inner.walk([&](Operation *Op) {
    OpBuilder B(Op);
    if (auto L = dyn_cast<affine::AffineLoadOp>(Op);
        L && L.getMemRef() == Scalar) {
      L.replaceAllUsesWith(LoadElement(B, L.getLoc()));
      L.erase();
    } else if (auto S = dyn_cast<affine::AffineStoreOp>(Op);
               S && S.getMemRef() == Scalar) {
      affine::AffineStoreOp::create(B, S.getLoc(), S.getValueToStore(),
                                    Load.getMemRef(), Load.getAffineMap(),
                                    Load.getMapOperands());
      S.erase();
    }
  });
  if (Store.getValueToStore() == Final.getResult() && Final->hasOneUse()) {
    // The element holds the sum already.
    Store.erase();
  } else {
    OpBuilder B(Final);
    Final.replaceAllUsesWith(LoadElement(B, Final.getLoc()));
  }
  Final.erase();
  Init.erase();
  Load.erase();
}

/// How the sum in a loop moves outside it, if it does.
enum class Move { None, Box, Triangle, Interleave };

Move getMove(affine::AffineForOp Outer) {
  if (getReductionToMoveOut(Outer))
    return Move::Box;
  if (raise::isTriangularSumToMoveOut(Outer))
    return Move::Triangle;
  if (raise::isTriangularSumToInterleave(Outer))
    return Move::Interleave;
  return Move::None;
}

struct RaiseInterchangeReductionsPass
    : public raise::impl::RaiseInterchangeReductionsBase<
          RaiseInterchangeReductionsPass> {
  using RaiseInterchangeReductionsBase::RaiseInterchangeReductionsBase;

  void runOnOperation() override {
    raise::ReorderedSums Done = raise::interchangeReductions(getOperation());
    numInterchanged += Done.Interchanged;
    numInterleaved += Done.Interleaved;
  }
};

} // namespace

raise::ReorderedSums raise::interchangeReductions(func::FuncOp Func) {
  SmallVector<affine::AffineForOp> Loops;
  Func.walk([&](affine::AffineForOp Loop) { Loops.push_back(Loop); });
  // Each loop that qualifies holds an innermost loop: none holds another.
  ReorderedSums Done;
  for (affine::AffineForOp Outer : Loops) {
    Move How = getMove(Outer);
    if (How == Move::None) {
      // A sum through a scalar is tried in place, on a copy that replaces
      // the loop only if it then qualifies.
      std::optional<ScalarSum> Sum = matchScalarSum(Outer);
      if (!Sum)
        continue;
      OpBuilder B(Outer);
      IRMapping Map;
      auto Copy = cast<affine::AffineForOp>(B.clone(*Outer, Map));
      auto InCopy = [&](auto Op) {
        return cast<decltype(Op)>(Map.lookup(Op.getOperation()));
      };
      sumInPlace({InCopy(Sum->Load), InCopy(Sum->Init), InCopy(Sum->Inner),
                  InCopy(Sum->Final), InCopy(Sum->Store)});
      if ((How = getMove(Copy)) == Move::None) {
        Copy.erase();
        continue;
      }
      Outer.erase();
      Outer = Copy;
    }
    if (How == Move::Box)
      affine::interchangeLoops(Outer, getInterchangeable(Outer));
    else if (How == Move::Triangle)
      raise::moveTriangularSumOut(Outer);
    else
      raise::interleaveTriangularSum(Outer);
    ++(How == Move::Interleave ? Done.Interleaved : Done.Interchanged);
  }
  return Done;
}
