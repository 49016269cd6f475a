//===- RerollLanes.cpp - The raise-reroll-lanes pass ----------------------===//
//
// Rerolls loops tiled by hand: a loop stepping by n over a body that computes
// n lanes, each the same operations on its own local scalars and on elements
// a constant apart, becomes the loop over single lanes it stands for. Exact:
// each lane keeps its operations and their order; only lanes, which share
// nothing they write, run one after another instead of interleaved.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "raise-reroll-lanes"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEREROLLLANES
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;
using raise::isAccess;
using raise::isLocalScalar;
using raise::mapOf;
using raise::mapOperandsOf;
using raise::memrefOf;

namespace {

/// Whether @p A and @p B never both run in one call: they are in different
/// branches of an affine.if that no loop encloses (the versions of a nest
/// that raise-hoist-guards made, which may share the function's scalars).
bool exclusive(Operation *A, Operation *B) {
  Operation *Op = A;
  while (Op->getParentOp() && !Op->getParentOp()->isProperAncestor(B))
    Op = Op->getParentOp();
  auto If = dyn_cast_or_null<affine::AffineIfOp>(Op->getParentOp());
  return If && !Op->getParentRegion()->isAncestor(B->getParentRegion()) &&
         !If->getParentOfType<AffineForOp>();
}

/// One lane: its stores' backward slices, less what other lanes share.
struct Lane {
  SmallVector<Operation *> Ops; ///< Program order.
  SmallVector<Value> Scalars;
  SmallVector<int64_t> Delta; ///< Per access result, offset from lane 0.
  int64_t Index = 0;          ///< t in j = n * jj + t.
};

class Reroller {
public:
  explicit Reroller(AffineForOp Loop) : Loop(Loop) {}

  /// Rerolls the loop, or leaves it untouched and says why.
  LogicalResult run(std::string &Why);

private:
  bool isInside(Value V) {
    return Loop.getRegion().isAncestor(V.getParentRegion());
  }
  LogicalResult collect(std::string &Why);
  LogicalResult buildLanes(std::string &Why);
  LogicalResult matchLane(const Lane &Ref, Lane &Other, std::string &Why);
  LogicalResult orderLanes(std::string &Why);
  LogicalResult checkMemory(std::string &Why);
  LogicalResult rewriteMaps(std::string &Why);

  AffineForOp Loop;
  SmallVector<Operation *> Order; ///< Every op in the body, pre-order.
  DenseMap<Operation *, unsigned> Position;
  SmallVector<Operation *> Stores;
  SmallVector<Lane> Lanes;
  DenseMap<Operation *, unsigned> LaneOf; ///< Ops private to one lane.
  llvm::SmallPtrSet<Operation *, 16> Shared;
  SmallVector<int64_t> Step; ///< Per access result: lane t is t * Step on.
  /// Per access of lane 0, its rerolled map and the dimension, if any,
  /// that it merges with the next one.
  SmallVector<std::tuple<Operation *, AffineMap, std::optional<unsigned>>>
      NewMaps;
};

LogicalResult Reroller::collect(std::string &Why) {
  if (Loop.getNumResults() != 0 || !Loop.hasConstantLowerBound() ||
      Loop.getStepAsInt() != 1) {
    Why = "not a loop from a constant by 1 without results";
    return failure();
  }
  WalkResult R = Loop.getBody()->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (isa<affine::AffineYieldOp>(Op))
      return WalkResult::advance();
    Position[Op] = Order.size();
    Order.push_back(Op);
    if (isa<AffineForOp, affine::AffineIfOp>(Op)) {
      // Shared structure: kept as it is, so it may not depend on a lane.
      if (Op->getNumResults() != 0 ||
          llvm::any_of(Op->getOperands(),
                       [&](Value V) { return isInside(V); })) {
        Why = "an inner loop or condition depends on the loop";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    if (isAccess(Op)) {
      Value Memref = memrefOf(Op);
      if (!isLocalScalar(Memref) && !isa<BlockArgument>(Memref)) {
        Why = "an access to a memref the function computes";
        return WalkResult::interrupt();
      }
      if (isa<AffineStoreOp>(Op))
        Stores.push_back(Op);
      return WalkResult::advance();
    }
    if (Op->getNumRegions() != 0 || !isPure(Op)) {
      Why = "the body has an operation with effects";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(R.wasInterrupted());
}

LogicalResult Reroller::buildLanes(std::string &Why) {
  // Stores that touch one scalar belong to one lane: the scalar's
  // initialization, updates and the stores of its value.
  llvm::EquivalenceClasses<Operation *> Classes;
  DenseMap<Operation *, llvm::SmallPtrSet<Operation *, 16>> Slices;
  for (Operation *Store : Stores) {
    Classes.insert(Store);
    auto &Slice = Slices[Store];
    SmallVector<Operation *> Work{Store};
    while (!Work.empty()) {
      Operation *Op = Work.pop_back_val();
      if (!Slice.insert(Op).second)
        continue;
      if (isAccess(Op) && isLocalScalar(memrefOf(Op)))
        Classes.unionSets(Store, memrefOf(Op).getDefiningOp());
      for (Value V : Op->getOperands())
        if (Operation *Def = V.getDefiningOp(); Def && isInside(V))
          Work.push_back(Def);
    }
  }
  DenseMap<Operation *, unsigned> LaneOfLeader;
  SmallVector<llvm::SmallPtrSet<Operation *, 16>> LaneSets;
  for (Operation *Store : Stores) {
    Operation *Leader = Classes.getLeaderValue(Store);
    auto [It, New] = LaneOfLeader.try_emplace(Leader, Lanes.size());
    if (New) {
      Lanes.emplace_back();
      LaneSets.emplace_back();
    }
    LaneSets[It->second].insert(Slices[Store].begin(), Slices[Store].end());
  }
  if (Lanes.size() < 2) {
    Why = "fewer than two lanes";
    return failure();
  }
  DenseMap<Operation *, unsigned> Count;
  for (auto &Set : LaneSets)
    for (Operation *Op : Set)
      ++Count[Op];
  for (auto [L, Set] : llvm::enumerate(LaneSets)) {
    for (Operation *Op : Order) {
      if (!Set.contains(Op))
        continue;
      if (Count[Op] > 1) {
        Shared.insert(Op);
        continue;
      }
      LaneOf[Op] = L;
      Lanes[L].Ops.push_back(Op);
      if (isAccess(Op) && isLocalScalar(memrefOf(Op)) &&
          !llvm::is_contained(Lanes[L].Scalars, memrefOf(Op)))
        Lanes[L].Scalars.push_back(memrefOf(Op));
    }
    if (Lanes[L].Scalars.empty()) {
      Why = "a lane keeps no local scalar";
      return failure();
    }
  }
  // A shared op reading a scalar would make two lanes one.
  for (Operation *Op : Shared)
    if (isAccess(Op))
      if (isLocalScalar(memrefOf(Op))) {
        Why = "lanes share a local scalar";
        return failure();
      }
  // The lanes' scalars live in the loop: no value enters or leaves it
  // through them (other versions of the nest may use them too).
  for (Lane &L : Lanes)
    for (Value S : L.Scalars)
      for (Operation *User : S.getUsers())
        if (Loop->isAncestor(User) ? !LaneOf.count(User)
                                   : !exclusive(Loop, User)) {
          Why = "a local scalar is used outside the loop";
          return failure();
        }
  return success();
}

LogicalResult Reroller::matchLane(const Lane &Ref, Lane &Other,
                                  std::string &Why) {
  Why = "the lanes are not the same operations";
  if (Ref.Ops.size() != Other.Ops.size() ||
      Ref.Scalars.size() != Other.Scalars.size())
    return failure();
  DenseMap<Value, Value> Map;
  for (auto [R, O] : llvm::zip(Ref.Ops, Other.Ops)) {
    if (R->getName() != O->getName() || R->getBlock() != O->getBlock() ||
        R->getNumOperands() != O->getNumOperands() ||
        R->getResultTypes() != O->getResultTypes())
      return failure();
    for (auto [VR, VO] : llvm::zip(R->getOperands(), O->getOperands())) {
      if (auto It = Map.find(VR); It != Map.end()) {
        if (It->second != VO)
          return failure();
        continue;
      }
      if (llvm::is_contained(Ref.Scalars, VR)) {
        if (!llvm::is_contained(Other.Scalars, VO))
          return failure();
        Map[VR] = VO;
        continue;
      }
      if (Operation *Def = VR.getDefiningOp(); Def && LaneOf.count(Def))
        return failure();
      if (VR != VO)
        return failure();
    }
    for (auto [VR, VO] : llvm::zip(R->getResults(), O->getResults()))
      Map[VR] = VO;
    if (!isAccess(R)) {
      if (R->getAttrDictionary() != O->getAttrDictionary())
        return failure();
      continue;
    }
    AffineMap MR = mapOf(R), MO = mapOf(O);
    if (MR.getNumDims() != MO.getNumDims() ||
        MR.getNumSymbols() != MO.getNumSymbols() ||
        MR.getNumResults() != MO.getNumResults())
      return failure();
    for (auto [ER, EO] : llvm::zip(MR.getResults(), MO.getResults())) {
      auto Diff = dyn_cast<AffineConstantExpr>(
          simplifyAffineExpr(EO - ER, MR.getNumDims(), MR.getNumSymbols()));
      if (!Diff)
        return failure();
      Other.Delta.push_back(Diff.getValue());
    }
  }
  Why.clear();
  return success();
}

LogicalResult Reroller::orderLanes(std::string &Why) {
  Lane &Ref = Lanes.front();
  for (Lane &L : llvm::drop_begin(Lanes))
    if (failed(matchLane(Ref, L, Why)))
      return failure();
  Ref.Delta.assign(Lanes.back().Delta.size(), 0);
  // The lanes' offsets from the first lane, at the first subscript where
  // they differ, must be 0, s, 2s, ... in some order.
  unsigned First = 0;
  while (First < Ref.Delta.size() &&
         llvm::all_of(Lanes, [&](const Lane &L) { return !L.Delta[First]; }))
    ++First;
  if (First == Ref.Delta.size()) {
    Why = "the lanes touch the same elements";
    return failure();
  }
  llvm::sort(Lanes, [&](const Lane &A, const Lane &B) {
    return A.Delta[First] < B.Delta[First];
  });
  SmallVector<int64_t> Base = Lanes.front().Delta;
  Step.clear();
  for (auto [D1, D0] : llvm::zip(Lanes[1].Delta, Base))
    Step.push_back(D1 - D0);
  for (auto [T, L] : llvm::enumerate(Lanes)) {
    L.Index = T;
    for (auto [D, B, S] : llvm::zip(L.Delta, Base, Step))
      if (D - B != static_cast<int64_t>(T) * S) {
        Why = "the lanes are not evenly spaced";
        return failure();
      }
  }
  for (auto [L, Lane] : llvm::enumerate(Lanes))
    for (Operation *Op : Lane.Ops)
      LaneOf[Op] = L;
  return success();
}

LogicalResult Reroller::checkMemory(std::string &Why) {
  // Lanes may run one after another if none reads what another writes: no
  // array written in the loop is read in it, and within an iteration the
  // lanes' stores of one statement meet different elements.
  llvm::SmallPtrSet<Value, 4> Written;
  for (Operation *Store : Stores)
    if (!isLocalScalar(memrefOf(Store)))
      Written.insert(memrefOf(Store));
  for (Operation *Op : Order)
    if (isa<AffineLoadOp>(Op) && Written.contains(memrefOf(Op))) {
      Why = "the loop reads an array it writes";
      return failure();
    }
  unsigned Result = 0;
  for (Operation *Op : Lanes.front().Ops) {
    if (!isAccess(Op))
      continue;
    unsigned Results = mapOf(Op).getNumResults();
    bool Apart = llvm::any_of(ArrayRef(Step).slice(Result, Results),
                              [](int64_t S) { return S != 0; });
    if (isa<AffineStoreOp>(Op) && !isLocalScalar(memrefOf(Op)) && !Apart) {
      Why = "the lanes store to the same element";
      return failure();
    }
    Result += Results;
  }
  // Each lane's scalars are written before they are read: by a store that
  // runs before every other use each time any of them runs (in the loop's
  // body, or in the body of an inner loop around all of them, as where the
  // tiled loop is outside the loop over the other dimension). Lane t may
  // then reuse lane 0's scalars.
  for (Value S : Lanes.front().Scalars) {
    Operation *FirstUse = nullptr;
    for (Operation *User : S.getUsers())
      if (Loop->isAncestor(User) &&
          (!FirstUse || Position[User] < Position[FirstUse]))
        FirstUse = User;
    Block *Scope = FirstUse->getBlock();
    bool Dominates = isa<AffineStoreOp>(FirstUse) &&
                     isa<AffineForOp>(Scope->getParentOp()) &&
                     llvm::all_of(S.getUsers(), [&](Operation *User) {
                       if (!Loop->isAncestor(User) || User == FirstUse)
                         return true;
                       Operation *InScope = Scope->findAncestorOpInBlock(*User);
                       return InScope && FirstUse->isBeforeInBlock(InScope);
                     });
    if (!Dominates) {
      Why = "a local scalar carries a value from one iteration to the next";
      return failure();
    }
  }
  return success();
}

LogicalResult Reroller::rewriteMaps(std::string &Why) {
  // Lane t of iteration jj is iteration n * jj + t of the rerolled loop: a
  // subscript c * jj + e of lane 0 whose lanes step by s needs c = n * s,
  // and becomes s * j + e.
  Value Iv = Loop.getInductionVar();
  for (OpOperand &Use : Iv.getUses()) {
    Operation *User = Use.getOwner();
    if (!isAccess(User) || !LaneOf.count(User) || Use.getOperandNumber() == 0 ||
        (isa<AffineStoreOp>(User) && Use.getOperandNumber() == 1)) {
      Why = "the loop index is used other than in a subscript";
      return failure();
    }
  }
  int64_t N = Lanes.size();
  unsigned Result = 0;
  for (Operation *Op : Lanes.front().Ops) {
    if (!isAccess(Op))
      continue;
    AffineMap Map = mapOf(Op);
    ValueRange Operands = mapOperandsOf(Op);
    unsigned Results = Map.getNumResults();
    auto Uses = llvm::count(Operands, Iv);
    if (Uses == 0) {
      if (llvm::any_of(ArrayRef(Step).slice(Result, Results),
                       [](int64_t S) { return S != 0; })) {
        Why = "a subscript steps with the lanes but not with the loop";
        return failure();
      }
      Result += Results;
      continue;
    }
    if (Uses > 1) {
      Why = "the loop index is used twice in a subscript";
      return failure();
    }
    unsigned Pos = llvm::find(Operands, Iv) - Operands.begin();
    MLIRContext *Ctx = Map.getContext();
    AffineExpr IvExpr = Pos < Map.getNumDims()
                            ? getAffineDimExpr(Pos, Ctx)
                            : getAffineSymbolExpr(Pos - Map.getNumDims(), Ctx);
    AffineExpr Zero = getAffineConstantExpr(0, Ctx);
    AffineExpr One = getAffineConstantExpr(1, Ctx);
    auto Simplify = [&](AffineExpr E) {
      return simplifyAffineExpr(E, Map.getNumDims(), Map.getNumSymbols());
    };
    // A subscript as E0 + C * jj; no C where it is not linear in jj.
    auto Split =
        [&](AffineExpr E) -> std::pair<AffineExpr, std::optional<int64_t>> {
      AffineExpr E0 = Simplify(E.replace(IvExpr, Zero));
      auto C =
          dyn_cast<AffineConstantExpr>(Simplify(E.replace(IvExpr, One) - E0));
      auto Rest = C ? dyn_cast<AffineConstantExpr>(
                          Simplify(E - E0 - IvExpr * C.getValue()))
                    : AffineConstantExpr();
      if (!Rest || Rest.getValue() != 0)
        return {E0, std::nullopt};
      return {E0, C.getValue()};
    };
    auto Shape = cast<MemRefType>(memrefOf(Op).getType());
    SmallVector<AffineExpr> NewResults;
    std::optional<unsigned> Collapsed;
    for (unsigned R = 0; R < Results; ++R) {
      int64_t S = Step[Result + R];
      auto [E0, C] = Split(Map.getResult(R));
      if (C && *C == N * S) {
        NewResults.push_back(E0 + IvExpr * S);
        continue;
      }
      // Polly may split a row of lanes into rows of n (`bias[jj][t]` on a
      // `?x8` array for `bias[8 * jj + t]`): the two subscripts are then
      // one of the collapsed array.
      if (C && S == 0 && !Collapsed && R + 1 < Results &&
          Shape.getLayout().isIdentity() && !Shape.isDynamicDim(R + 1)) {
        int64_t Size = Shape.getDimSize(R + 1), Next = Step[Result + R + 1];
        auto [E1, C1] = Split(Map.getResult(R + 1));
        if (C1 && *C1 == 0 && Next != 0 && Size * *C == N * Next) {
          NewResults.push_back(E0 * Size + E1 + IvExpr * Next);
          Collapsed = R;
          ++R;
          continue;
        }
      }
      Why = "a subscript does not step by the lanes' offset times their "
            "number";
      return failure();
    }
    NewMaps.push_back(
        {Op,
         AffineMap::get(Map.getNumDims(), Map.getNumSymbols(), NewResults, Ctx),
         Collapsed});
    Result += Results;
  }
  return success();
}

LogicalResult Reroller::run(std::string &Why) {
  if (failed(collect(Why)) || failed(buildLanes(Why)) ||
      failed(orderLanes(Why)) || failed(checkMemory(Why)) ||
      failed(rewriteMaps(Why)))
    return failure();

  // Nothing has changed so far. The loop now runs n times as many
  // iterations, each lane 0's operations on its own elements (from n times
  // its first: Polly's AST may peel iteration 0 off a tiled loop).
  Loop.setConstantLowerBound(Loop.getConstantLowerBound() *
                             static_cast<int64_t>(Lanes.size()));
  AffineMap Ub = Loop.getUpperBoundMap();
  SmallVector<AffineExpr> Scaled;
  for (AffineExpr E : Ub.getResults())
    Scaled.push_back(E * static_cast<int64_t>(Lanes.size()));
  Loop.setUpperBound(llvm::to_vector(Loop.getUpperBoundOperands()),
                     AffineMap::get(Ub.getNumDims(), Ub.getNumSymbols(), Scaled,
                                    Loop.getContext()));
  DenseMap<std::pair<Value, unsigned>, Value> Views;
  for (auto [Op, Map, Collapsed] : NewMaps) {
    Op->setAttr(isa<AffineLoadOp>(Op) ? AffineLoadOp::getMapAttrStrName()
                                      : AffineStoreOp::getMapAttrStrName(),
                AffineMapAttr::get(Map));
    if (!Collapsed)
      continue;
    Value Memref = memrefOf(Op);
    Value &View = Views[{Memref, *Collapsed}];
    if (!View) {
      OpBuilder B(Op->getContext());
      B.setInsertionPointAfterValue(Memref);
      SmallVector<ReassociationIndices> Groups;
      for (int64_t D = 0, E = cast<MemRefType>(Memref.getType()).getRank();
           D < E; ++D)
        if (D == *Collapsed + 1)
          Groups.back().push_back(D);
        else
          Groups.push_back({D});
      View =
          memref::CollapseShapeOp::create(B, Memref.getLoc(), Memref, Groups);
    }
    Op->setOperand(isa<AffineLoadOp>(Op) ? 0 : 1, View);
  }
  // The other lanes, and what no store uses, go (users before their
  // definitions); then the other lanes' scalars.
  for (Operation *Op : llvm::reverse(Order)) {
    if (isa<AffineForOp, affine::AffineIfOp>(Op) || Shared.contains(Op))
      continue;
    if (auto It = LaneOf.find(Op); It != LaneOf.end() && It->second == 0)
      continue;
    Op->erase();
  }
  for (Lane &L : llvm::drop_begin(Lanes))
    for (Value S : L.Scalars)
      if (S.use_empty())
        S.getDefiningOp()->erase();
  return success();
}

struct RaiseRerollLanesPass
    : public raise::impl::RaiseRerollLanesBase<RaiseRerollLanesPass> {
  using RaiseRerollLanesBase::RaiseRerollLanesBase;

  void runOnOperation() override {
    SmallVector<AffineForOp> Loops;
    getOperation().walk([&](AffineForOp Loop) { Loops.push_back(Loop); });
    // Innermost first; a rerolled loop's body holds one lane, which is not
    // rerolled again.
    for (AffineForOp Loop : Loops) {
      std::string Why;
      if (succeeded(Reroller(Loop).run(Why)))
        ++numRerolled;
      else
        LLVM_DEBUG(llvm::dbgs() << "not rerolled: " << Why << "\n");
    }
  }
};

} // namespace
