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
#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineAnalysis.h"
#include "mlir/Dialect/Affine/Analysis/Utils.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/MapVector.h"

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

/// True if @p Op reads or writes memory only by affine loads and stores and
/// has no affine.if in it (see inElseRegion).
bool onlyAffineAccesses(Operation *Op) {
  WalkResult R = Op->walk([](Operation *Inner) {
    if (isa<affine::AffineIfOp>(Inner))
      return WalkResult::interrupt();
    if (isa<AffineLoadOp, AffineStoreOp>(Inner) ||
        Inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(Inner))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return !R.wasInterrupted();
}

/// True if @p A and @p B access the same element in the same iteration.
bool sameElement(Operation *A, Operation *B) {
  AffineMap Map = raise::mapOf(A);
  return raise::memrefOf(A) == raise::memrefOf(B) && Map == raise::mapOf(B) &&
         llvm::equal(raise::mapOperandsOf(A), raise::mapOperandsOf(B));
}

/// True if no dependence between @p A and @p B is carried by the loop at
/// @p Depth: the order of that loop's iterations does not matter to them.
bool notCarried(Operation *A, Operation *B, unsigned Depth) {
  affine::MemRefAccess X(A), Y(B);
  return affine::noDependence(
             affine::checkMemrefAccessDependence(X, Y, Depth)) &&
         affine::noDependence(affine::checkMemrefAccessDependence(Y, X, Depth));
}

/// What reversing a loop takes: the loads that are to read a copy of their
/// array taken before the nest, per array.
using Redirects = llvm::MapVector<Value, SmallVector<AffineLoadOp, 2>>;

/// The loads to redirect if @p Loop may count the other way, else nullopt.
/// Where MLIR's dependence test can judge the accesses of a nest: the nest
/// itself, or, for a nest in the else region of an affine.if (a version
/// raise-hoist-guards made), a clone of it outside every affine.if, whose
/// accesses are tested for all values of the conditions' symbols.
class DependenceView {
public:
  explicit DependenceView(AffineForOp Root) {
    if (!raise::inElseRegion(Root))
      return;
    Block &Entry = Root->getParentOfType<func::FuncOp>().getBody().front();
    OpBuilder B(&Entry, Entry.begin());
    IRMapping Map;
    Clone = B.clone(*Root, Map);
    Root->walk([&](Operation *Op) { ToClone[Op] = Map.lookup(Op); });
  }
  ~DependenceView() {
    if (Clone)
      Clone->erase();
  }
  /// The op whose accesses stand for those of @p Op.
  Operation *operator()(Operation *Op) const {
    return Clone ? ToClone.lookup(Op) : Op;
  }

private:
  Operation *Clone = nullptr;
  DenseMap<Operation *, Operation *> ToClone;
};

std::optional<Redirects> planReversal(AffineForOp Loop, AffineForOp Root) {
  if (!onlyAffineAccesses(Root))
    return std::nullopt;
  DependenceView Test(Root);
  SmallVector<AffineStoreOp> RootStores;
  Root.walk([&](AffineStoreOp S) { RootStores.push_back(S); });
  llvm::SetVector<Value> Written;
  Loop.walk([&](AffineStoreOp S) { Written.insert(S.getMemRef()); });
  unsigned Depth = affine::getNestingDepth(Loop) + 1;
  Redirects Plan;
  for (Value M : Written) {
    auto Type = cast<MemRefType>(M.getType());
    if (Type.getRank() == 0) {
      // A local scalar set at the start of each iteration, before anything
      // reads it, and used nowhere else.
      if (!M.getDefiningOp<memref::AllocaOp>() ||
          llvm::any_of(M.getUsers(),
                       [&](Operation *U) { return !Loop->isAncestor(U); }))
        return std::nullopt;
      Operation *First = nullptr;
      for (Operation &Op : *Loop.getBody()) {
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
    SmallVector<AffineLoadOp> Old;
    Loop.walk([&](Operation *Op) {
      if (!isa<AffineLoadOp, AffineStoreOp>(Op) || raise::memrefOf(Op) != M)
        return;
      if (isa<AffineStoreOp>(Op))
        Stores.push_back(Op);
      else
        Old.push_back(cast<AffineLoadOp>(Op));
    });
    // A load of other elements than the loop's stores write that never
    // reads what a store of the nest wrote reads the array as it was before
    // the nest: from a copy, its order against the stores no longer
    // matters.
    SmallVector<AffineLoadOp> Copied;
    for (AffineLoadOp L : Old) {
      bool Before = llvm::none_of(RootStores, [&](AffineStoreOp S) {
        return raise::mayPrecede(Test(S), Test(L));
      });
      bool Own =
          llvm::any_of(Stores, [&](Operation *S) { return sameElement(S, L); });
      if (Before && !Own)
        Copied.push_back(L);
      else
        Kept.push_back(L);
    }
    Kept.append(Stores);
    for (Operation *S : Stores)
      for (Operation *A : Kept)
        if (!notCarried(Test(S), Test(A), Depth))
          return std::nullopt;
    if (!Copied.empty())
      Plan[M].assign(Copied.begin(), Copied.end());
  }
  return Plan;
}

/// The box of elements of an array that some loads read, as bounds in
/// values defined before the nest.
struct Box {
  Value Memref;
  SmallVector<AffineLoadOp, 2> Loads;
  SmallVector<AffineMap> Lbs, Ubs;
  SmallVector<Value> Operands;
};

/// The box @p Loads read of @p M, if its bounds are known before @p Root.
std::optional<Box> getBox(Value M, ArrayRef<AffineLoadOp> Loads,
                          AffineForOp Root, DominanceInfo &Dom) {
  affine::MemRefRegion Region(Root.getLoc());
  for (auto [I, Load] : llvm::enumerate(Loads)) {
    AffineLoadOp L = Load;
    if (I == 0) {
      if (failed(Region.compute(L, /*loopDepth=*/0)))
        return std::nullopt;
      continue;
    }
    affine::MemRefRegion One(L.getLoc());
    if (failed(One.compute(L, /*loopDepth=*/0)) ||
        failed(Region.unionBoundingBox(One)))
      return std::nullopt;
  }
  Box Result{M, SmallVector<AffineLoadOp, 2>(Loads), {}, {}, {}};
  unsigned Rank = cast<MemRefType>(M.getType()).getRank();
  for (unsigned D = 0; D < Rank; ++D) {
    AffineMap Lb, Ub;
    Region.getLowerAndUpperBound(D, Lb, Ub);
    if (!Lb || !Ub || Lb.getNumResults() == 0 || Ub.getNumResults() == 0)
      return std::nullopt;
    Result.Lbs.push_back(Lb);
    Result.Ubs.push_back(Ub);
  }
  Region.getConstraints()->getValues(
      Rank, Region.getConstraints()->getNumVars(), &Result.Operands);
  if (!llvm::all_of(Result.Operands,
                    [&](Value V) { return Dom.properlyDominates(V, Root); }))
    return std::nullopt;
  return Result;
}

/// Makes the loads of @p In read a copy of its box, taken before @p Root.
void readCopy(const Box &In, AffineForOp Root) {
  auto Type = cast<MemRefType>(In.Memref.getType());
  OpBuilder B(Root);
  Location Loc = Root.getLoc();
  SmallVector<Value> Sizes;
  for (unsigned D = 0; D < Type.getRank(); ++D)
    if (Type.isDynamicDim(D))
      Sizes.push_back(memref::DimOp::create(B, Loc, In.Memref, D));
  auto CopyType = MemRefType::get(Type.getShape(), Type.getElementType());
  Value Copy =
      memref::AllocOp::create(B, Loc, CopyType, Sizes, B.getI64IntegerAttr(64));
  SmallVector<Value> Indices;
  for (unsigned D = 0; D < Type.getRank(); ++D) {
    auto For = AffineForOp::create(B, Loc, In.Operands, In.Lbs[D], In.Operands,
                                   In.Ubs[D]);
    Indices.push_back(For.getInductionVar());
    B.setInsertionPoint(For.getBody()->getTerminator());
  }
  Value V = AffineLoadOp::create(B, Loc, In.Memref, Indices);
  AffineStoreOp::create(B, Loc, V, Copy, Indices);
  B.setInsertionPointAfter(Root);
  memref::DeallocOp::create(B, Loc, Copy);
  for (AffineLoadOp L : In.Loads)
    L->setOperand(L.getMemRefOperandIndex(), Copy);
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
      std::optional<Redirects> Plan = planReversal(Loop, Root);
      if (!Plan)
        continue;
      SmallVector<Box> Boxes;
      for (auto &[M, Loads] : *Plan)
        if (std::optional<Box> In = getBox(M, Loads, Root, Dom))
          Boxes.push_back(std::move(*In));
      if (Boxes.size() != Plan->size())
        continue;
      for (const Box &In : Boxes)
        readCopy(In, Root);
      numCopies += Boxes.size();
      reverse(Loop);
      ++numReversed;
    }
  }
};

} // namespace
