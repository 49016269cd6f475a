//===- SplitRecurrences.cpp - The raise-split-recurrences pass ------------===//
//
// A running total kept across the iterations of an outer loop (Rodinia's
// backprop: each row's product scaled into `delta_h[j]`, then `errsum +=
// ABS(delta_h[j])`, stored through `*err` as it goes) ties each iteration
// to the next: the nest is neither a product nor splittable into one. The
// total is updated after the row's last inner loop, from what the row
// computed; so the loop splits there: the first loop runs every row up to
// its last inner loop and keeps what the rest reads (the local sums, the
// values computed before), the second runs the rest, row by row in the same
// order. Every value is computed by the same operations as before. So does
// a row whose sum two stores use (`delta_h[j] = g(sum); a[j] = ABS(...)`),
// which raising cannot split between them.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISESPLITRECURRENCES
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

namespace {

/// The split of Root's body after its last inner loop: the operations that
/// go into the second loop (those after that loop, and the loads of the
/// running totals), in body order; the values the second loop reads from the
/// first, kept per iteration in arrays (or loaded again where nothing in
/// Root writes what they load); and the local scalars the first loop writes
/// and the second reads, whose values after the inner loop are kept so.
struct TailSplit {
  AffineForOp Last;
  llvm::SetVector<Operation *> Moved;
  llvm::SetVector<Value> Kept;
  llvm::SetVector<Operation *> Reloaded;
  llvm::SetVector<Value> Scalars;
};

/// The memrefs that operations of @p Root other than @p Moved access, split
/// into those they write and all of them.
void accessedOutside(AffineForOp Root,
                     const llvm::SetVector<Operation *> &Moved,
                     llvm::SmallPtrSetImpl<Value> &Written,
                     llvm::SmallPtrSetImpl<Value> &Touched) {
  Root.getBody()->walk([&](Operation *Op) {
    if (Moved.contains(Op))
      return;
    if (auto Store = dyn_cast<AffineStoreOp>(Op)) {
      Written.insert(Store.getMemRef());
      Touched.insert(Store.getMemRef());
    } else if (auto Load = dyn_cast<AffineLoadOp>(Op)) {
      Touched.insert(Load.getMemRef());
    }
  });
}

/// Whether @p V is Root's induction variable or defined outside Root.
bool rowInvariantOrIndex(Value V, AffineForOp Root) {
  return V == Root.getInductionVar() ||
         !Root->isAncestor(V.getParentBlock()->getParentOp());
}

/// The split of @p Root, if it has a running total after its last inner loop
/// (or stores what it computes from a local sum there more than once) and
/// the rest of its body can follow in a loop of its own: the second
/// loop's operations are loads, stores and operations free of effects; it
/// writes only memrefs nothing else in Root touches and reads nothing the
/// first writes but local scalars; nothing in the first uses its values.
std::optional<TailSplit> tailSplitOf(AffineForOp Root) {
  TailSplit S;
  Block *Body = Root.getBody();
  for (Operation &Op : Body->without_terminator())
    if (auto For = dyn_cast<AffineForOp>(Op))
      S.Last = For;
  if (!S.Last)
    return std::nullopt;
  // The running totals: scalars from outside loaded and stored once in the
  // body, the store after the last inner loop.
  llvm::SmallPtrSet<Operation *, 4> TotalLoads;
  for (Operation *Op = S.Last->getNextNode(); Op != Body->getTerminator();
       Op = Op->getNextNode()) {
    auto Store = dyn_cast<AffineStoreOp>(Op);
    if (!Store || !raise::isLocalScalar(Store.getMemRef()) ||
        Root->isAncestor(Store.getMemRef().getDefiningOp()))
      continue;
    AffineLoadOp Load;
    bool Other = false;
    for (Operation *User : Store.getMemRef().getUsers()) {
      if (!Root->isAncestor(User) || User == Store)
        continue;
      auto L = dyn_cast<AffineLoadOp>(User);
      Other |= !L || Load || L->getBlock() != Body;
      Load = L;
    }
    if (!Other && Load && Load->isBeforeInBlock(Store))
      TotalLoads.insert(Load);
  }
  for (Operation &Op : Body->without_terminator())
    if (TotalLoads.count(&Op) || S.Last->isBeforeInBlock(&Op))
      S.Moved.insert(&Op);

  llvm::SmallPtrSet<Value, 8> Written, Touched;
  accessedOutside(Root, S.Moved, Written, Touched);
  for (Operation *Op : S.Moved) {
    if (auto Store = dyn_cast<AffineStoreOp>(Op)) {
      // Distinct memrefs are distinct arrays (the region's run-time check).
      if (Touched.count(Store.getMemRef()))
        return std::nullopt;
    } else if (auto Load = dyn_cast<AffineLoadOp>(Op)) {
      if (Written.count(Load.getMemRef())) {
        if (!raise::isLocalScalar(Load.getMemRef()))
          return std::nullopt;
        S.Scalars.insert(Load.getMemRef());
      }
    } else if (Op->getNumRegions() != 0 || !isMemoryEffectFree(Op)) {
      return std::nullopt;
    }
    for (Value V : Op->getOperands()) {
      Operation *Def = V.getDefiningOp();
      if (!Def || Def->getBlock() != Body || S.Moved.contains(Def))
        continue;
      // A load of what nothing in Root writes is loaded again.
      auto Load = dyn_cast<AffineLoadOp>(Def);
      if (Load && !Written.count(Load.getMemRef()) &&
          llvm::all_of(Load.getMapOperands(), [&](Value Operand) {
            return rowInvariantOrIndex(Operand, Root);
          })) {
        S.Reloaded.insert(Load);
        continue;
      }
      if (!MemRefType::isValidElementType(V.getType()))
        return std::nullopt;
      S.Kept.insert(V);
    }
  }
  // Nothing that stays may use what moves.
  for (Operation *Op : S.Moved)
    for (Operation *User : Op->getUsers())
      if (!S.Moved.contains(User))
        return std::nullopt;
  // Worth it for a running total, or where the rest stores what it computes
  // from a row's sum more than once (one store is the sum's own epilogue).
  if (TotalLoads.empty() &&
      (S.Scalars.empty() || llvm::count_if(S.Moved, [](Operation *Op) {
                              return isa<AffineStoreOp>(Op);
                            }) < 2))
    return std::nullopt;
  return S;
}

/// Splits @p Root by @p S: the second loop after it, the arrays it reads
/// allocated before the first and freed after the second.
void split(AffineForOp Root, const TailSplit &S) {
  OpBuilder B(Root);
  Location Loc = Root.getLoc();
  MLIRContext *Ctx = B.getContext();
  int64_t Lb = Root.getConstantLowerBound();
  AffineMap Ub = Root.getUpperBoundMap();
  // The trip count, at least zero.
  Value Upper = affine::AffineApplyOp::create(
      B, Loc,
      AffineMap::get(Ub.getNumDims(), Ub.getNumSymbols(), Ub.getResult(0)),
      Root.getUpperBoundOperands());
  Value Count = arith::MaxSIOp::create(
      B, Loc,
      arith::SubIOp::create(B, Loc, Upper,
                            arith::ConstantIndexOp::create(B, Loc, Lb)),
      arith::ConstantIndexOp::create(B, Loc, 0));
  AffineMap Element = AffineMap::get(1, 0, getAffineDimExpr(0, Ctx) - Lb);
  auto Alloc = [&](Type T) {
    return memref::AllocOp::create(B, Loc,
                                   MemRefType::get({ShapedType::kDynamic}, T),
                                   ValueRange{Count}, B.getI64IntegerAttr(64));
  };
  Value Iv = Root.getInductionVar();
  llvm::MapVector<Value, Value> Arrays;
  for (Value V : S.Kept) {
    Value Array = Alloc(V.getType());
    Arrays[V] = Array;
    OpBuilder At(Ctx);
    At.setInsertionPointAfterValue(V);
    AffineStoreOp::create(At, Loc, V, Array, Element, ValueRange{Iv});
  }
  // Each scalar's value after the last inner loop.
  for (Value Scalar : S.Scalars) {
    Value Array = Alloc(cast<MemRefType>(Scalar.getType()).getElementType());
    Arrays[Scalar] = Array;
    OpBuilder At(S.Last->getBlock(), std::next(S.Last->getIterator()));
    Value V = AffineLoadOp::create(At, Loc, Scalar, ValueRange{});
    AffineStoreOp::create(At, Loc, V, Array, Element, ValueRange{Iv});
  }

  B.setInsertionPointAfter(Root);
  auto Second = AffineForOp::create(B, Loc, Root.getLowerBoundOperands(),
                                    Root.getLowerBoundMap(),
                                    Root.getUpperBoundOperands(), Ub);
  // What follows the products, row by row: nothing for the tactics.
  Second->setAttr("raise.not_a_kernel", B.getUnitAttr());
  OpBuilder In = OpBuilder::atBlockBegin(Second.getBody());
  IRMapping Map;
  Map.map(Iv, Second.getInductionVar());
  auto Element2 = [&](Value Array) {
    return AffineLoadOp::create(In, Loc, Array, Element,
                                ValueRange{Second.getInductionVar()});
  };
  for (Value V : S.Kept)
    Map.map(V, Element2(Arrays[V]));
  for (Operation *Load : S.Reloaded)
    In.clone(*Load, Map);
  for (Operation *Op : S.Moved) {
    auto Load = dyn_cast<AffineLoadOp>(Op);
    if (Load && S.Scalars.contains(Load.getMemRef()))
      Map.map(Load.getResult(), Element2(Arrays[Load.getMemRef()]));
    else
      In.clone(*Op, Map);
  }
  for (Operation *Op : llvm::reverse(S.Moved))
    Op->erase();
  for (Operation *Load : S.Reloaded)
    if (Load->use_empty())
      Load->erase();
  B.setInsertionPointAfter(Second);
  for (auto [V, Array] : Arrays)
    memref::DeallocOp::create(B, Loc, Array);
}

struct RaiseSplitRecurrences
    : public raise::impl::RaiseSplitRecurrencesBase<RaiseSplitRecurrences> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<AffineForOp> Roots;
    getOperation().walk([&](AffineForOp For) {
      if (!For->getParentOfType<AffineForOp>() &&
          !For->hasAttr("raise.not_a_kernel"))
        Roots.push_back(For);
    });
    for (AffineForOp Root : Roots) {
      // A loop from a constant, step one, whose trip count the second loop
      // and the arrays can share.
      if (Root.getNumResults() != 0 || !Root.hasConstantLowerBound() ||
          Root.getStepAsInt() != 1 ||
          Root.getUpperBoundMap().getNumResults() != 1)
        continue;
      if (std::optional<TailSplit> S = tailSplitOf(Root)) {
        split(Root, *S);
        ++numSplit;
      }
    }
  }
};

} // namespace
