//===- ScalarStores.cpp - What stores to a scalar leave -------------------===//
//
// Where a load of a 0-d scalar reads a value known elsewhere: the value a
// store before it in its blocks wrote (findStoredValue), the accumulator
// of a loop whose last value the scalar copies (findAccumulator and the
// loads after the loop), or another scalar it only passes a value through
// (findCopySpans); and the guards of a store of a sum that may as well run
// unguarded (isNoOpGuard). A scalar the function allocates cannot alias
// anything else, so these only need to look for stores to it.
//
//===----------------------------------------------------------------------===//

#include "ScalarAnalysis.h"

#include "mlir/IR/IntegerSet.h"

using namespace mlir;
using namespace mlir::raise;

/// Whether @p Op stores to @p Scalar, itself or anywhere inside it.
static bool storesTo(Operation *Op, Value Scalar) {
  return Op
      ->walk([&](affine::AffineStoreOp S) {
        return S.getMemRef() == Scalar ? WalkResult::interrupt()
                                       : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether something from @p From up to (not including) @p To, in one
/// block, stores to @p A or @p B.
static bool storesBetween(Operation *From, Operation *To, Value A, Value B) {
  for (Operation *Op = From; Op && Op != To; Op = Op->getNextNode())
    if (storesTo(Op, A) || storesTo(Op, B))
      return true;
  return false;
}

/// Whether something in @p Loop loads @p Scalar.
static bool isReadIn(Value Scalar, affine::AffineForOp Loop) {
  return llvm::any_of(Scalar.getUsers(), [&](Operation *User) {
    return isa<affine::AffineLoadOp>(User) && Loop->isAncestor(User);
  });
}

/// Whether @p Init, a store to a last value outside @p Loop, starts it
/// together with @p Accumulator: before or after it, a store of the same
/// value to the accumulator, in the block that holds the loop, with only
/// stores of other scalars between them (a hand-tiled product starts eight
/// accumulators and their eight last values from one bias), and nothing
/// between them and the loop stores to either. If the loop then runs no
/// trip, the two still hold one value after it (-O2 leaves `sum = 0` stored
/// to both, where -O3 sinks one store into the loop's guard).
static bool startsTogether(affine::AffineStoreOp Init, Value Accumulator,
                           affine::AffineForOp Loop) {
  if (Init->getBlock() != Loop->getBlock() || !Init->isBeforeInBlock(Loop))
    return false;
  Value Last = Init.getMemRef();
  // The pair's store in the direction @p Step walks, past stores of other
  // scalars only.
  auto FindPair = [&](auto Step) -> Operation * {
    for (Operation *Op = Step(Init.getOperation()); Op; Op = Step(Op)) {
      auto Other = dyn_cast<affine::AffineStoreOp>(Op);
      if (!Other || !isScalar(Other.getMemRef()) || Other.getMemRef() == Last)
        return nullptr;
      if (Other.getMemRef() == Accumulator)
        return Other.getValueToStore() == Init.getValueToStore() ? Op : nullptr;
    }
    return nullptr;
  };
  Operation *Later = Init;
  if (Operation *After =
          FindPair([](Operation *Op) { return Op->getNextNode(); }))
    Later = After;
  else if (!FindPair([](Operation *Op) { return Op->getPrevNode(); }))
    return false;
  return !storesBetween(Later->getNextNode(), Loop, Accumulator, Last);
}

Value mlir::raise::findAccumulator(Value Last, affine::AffineForOp &Loop) {
  SmallVector<affine::AffineStoreOp> Stores;
  for (Operation *User : Last.getUsers()) {
    if (isa<affine::AffineLoadOp>(User))
      continue;
    auto Store = dyn_cast<affine::AffineStoreOp>(User);
    if (!Store)
      return {};
    Stores.push_back(Store);
  }
  // The loop around the most deeply nested store; stores outside it may
  // only start the last value together with the accumulator.
  if (!Loop)
    for (affine::AffineStoreOp Store : Stores)
      if (auto Parent = dyn_cast<affine::AffineForOp>(Store->getParentOp());
          Parent && (!Loop || Loop->isProperAncestor(Parent)))
        Loop = Parent;
  if (!Loop)
    return {};
  Value Accumulator;
  SmallVector<affine::AffineStoreOp> Inits;
  for (affine::AffineStoreOp Store : Stores) {
    if (Store->getParentOp() != Loop) {
      Inits.push_back(Store);
      continue;
    }
    affine::AffineStoreOp Copy;
    for (Operation &Op : *Loop.getBody()) {
      auto Other = dyn_cast<affine::AffineStoreOp>(&Op);
      if (!Other || Other.getMemRef() == Last)
        continue;
      // In either order: once both stores ran, the two hold one value.
      if (Other.getValueToStore() == Store.getValueToStore() &&
          isScalar(Other.getMemRef()))
        Copy = Other;
    }
    if (!Copy || (Accumulator && Accumulator != Copy.getMemRef()))
      return {};
    Accumulator = Copy.getMemRef();
    // Nothing may change the accumulator after the copy in this body.
    for (Operation *Op = Copy->getNextNode(); Op; Op = Op->getNextNode())
      if (Op != Store.getOperation() && storesTo(Op, Accumulator))
        return {};
  }
  if (!Accumulator || !llvm::all_of(Inits, [&](affine::AffineStoreOp Init) {
        return startsTogether(Init, Accumulator, Loop);
      }))
    return {};
  // The accumulator is the one of the two the loop reads its sum from, the
  // last value one it does not read: two scalars stored together, each
  // the other's copy, must not each become the other's accumulator.
  if (!isReadIn(Accumulator, Loop) || isReadIn(Last, Loop))
    return {};
  return Accumulator;
}

Value mlir::raise::findStoredValue(affine::AffineLoadOp Load) {
  Value Scalar = Load.getMemRef();
  for (Operation *Holder = Load; Holder->getBlock();
       Holder = Holder->getParentOp()) {
    if (Holder != Load && storesTo(Holder, Scalar))
      return {};
    for (Operation *Op = Holder->getPrevNode(); Op; Op = Op->getPrevNode()) {
      if (auto Store = dyn_cast<affine::AffineStoreOp>(Op))
        if (Store.getMemRef() == Scalar)
          return Store.getValueToStore();
      if (storesTo(Op, Scalar))
        return {};
    }
    if (isa<func::FuncOp>(Holder->getParentOp()))
      return {};
  }
  return {};
}

SmallVector<affine::AffineLoadOp>
mlir::raise::loadsAfterLoop(memref::AllocaOp Last, affine::AffineForOp Loop,
                            Value Source) {
  SmallVector<affine::AffineLoadOp> Loads;
  for (Operation *User : Last->getUsers()) {
    auto Load = dyn_cast<affine::AffineLoadOp>(User);
    if (!Load)
      continue;
    Operation *Holder = Loop->getBlock()->findAncestorOpInBlock(*Load);
    if (!Holder || !Loop->isBeforeInBlock(Holder) ||
        storesBetween(Loop->getNextNode(), Holder, Source, Last.getResult()))
      continue;
    if (Holder != Load) {
      auto If = dyn_cast<affine::AffineIfOp>(Holder);
      if (!If || Load->getBlock() != If.getThenBlock() ||
          storesBetween(&If.getThenBlock()->front(), Load, Source,
                        Last.getResult()))
        continue;
    }
    Loads.push_back(Load);
  }
  return Loads;
}

Value mlir::raise::findOuterAccumulator(affine::AffineForOp Loop,
                                        affine::AffineForOp Inner, Value Sum) {
  Block *Body = Loop.getBody();
  if (Inner->getBlock() != Body)
    return {};
  affine::AffineStoreOp Copy;
  for (Operation *Op = Inner->getNextNode(); Op; Op = Op->getNextNode()) {
    if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
      auto Read = Store.getValueToStore().getDefiningOp<affine::AffineLoadOp>();
      if (!Copy && Read && Read.getMemRef() == Sum &&
          isScalar(Store.getMemRef()) && Store.getMemRef() != Sum) {
        Copy = Store;
        continue;
      }
    }
    // A copy under a guard is not known to run (it may once the guard is
    // found to be redundant).
    if (storesTo(Op, Sum) || (Copy && storesTo(Op, Copy.getMemRef())) ||
        Op->getNumRegions() != 0)
      return {};
  }
  // Without a copy the sum itself carries the value out.
  return Copy ? Copy.getMemRef() : Sum;
}

/// Whether @p Op reads or writes @p Scalar, itself or anywhere inside it.
static bool accesses(Operation *Op, Value Scalar) {
  return Op
      ->walk([&](Operation *Inner) {
        return llvm::is_contained(Inner->getOperands(), Scalar)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

std::optional<SmallVector<CopySpan>>
mlir::raise::findCopySpans(memref::AllocaOp Inner) {
  SmallVector<CopySpan> Spans;
  Value Outer;
  for (Operation *User : Inner->getUsers()) {
    // A copy out: a load of Inner whose one use stores it to a scalar.
    auto Load = dyn_cast<affine::AffineLoadOp>(User);
    if (!Load || !Load->hasOneUse())
      continue;
    auto Out = dyn_cast<affine::AffineStoreOp>(*Load->user_begin());
    if (!Out || Out->getBlock() != Load->getBlock() ||
        !isScalar(Out.getMemRef()) || Out.getMemRef() == Inner.getResult() ||
        (Outer && Out.getMemRef() != Outer))
      continue;
    Value Candidate = Out.getMemRef();
    // Back to the copy in, with Outer untouched on the way.
    affine::AffineStoreOp In;
    for (Operation *Op = Out->getPrevNode(); Op && !In;
         Op = Op->getPrevNode()) {
      auto Store = dyn_cast<affine::AffineStoreOp>(Op);
      auto Read =
          Store ? Store.getValueToStore().getDefiningOp<affine::AffineLoadOp>()
                : affine::AffineLoadOp();
      if (Store && Store.getMemRef() == Inner.getResult() && Read &&
          Read.getMemRef() == Candidate && Read->getBlock() == Op->getBlock() &&
          !storesBetween(Read, Store, Candidate, Candidate)) {
        In = Store;
        break;
      }
      if (Op != Load && accesses(Op, Candidate))
        break;
    }
    if (!In)
      continue;
    Outer = Candidate;
    Spans.push_back({In, Out});
  }
  if (Spans.empty() || llvm::any_of(Inner->getUsers(), [&](Operation *U) {
        return llvm::none_of(Spans,
                             [&](const CopySpan &S) { return S.contains(U); });
      }))
    return std::nullopt;
  return Spans;
}

/// Whether @p If holds exactly when @p Loop runs at least one trip: its
/// one condition is `ub - lb - 1 >= 0` on the loop's upper-bound operands.
static bool guardsTrips(affine::AffineIfOp If, affine::AffineForOp Loop) {
  if (!Loop.hasConstantLowerBound() ||
      Loop.getUpperBoundMap().getNumResults() != 1)
    return false;
  AffineMap Upper = Loop.getUpperBoundMap();
  IntegerSet Set = If.getIntegerSet();
  unsigned Dims = Upper.getNumDims(), Symbols = Upper.getNumSymbols();
  if (Set.getNumConstraints() != 1 || Set.isEq(0) ||
      Set.getNumDims() != Dims || Set.getNumSymbols() != Symbols ||
      !llvm::equal(If.getOperands(), Loop.getUpperBoundOperands()))
    return false;
  // Compared simplified: the translation writes `-(d0 + 2) + s0`.
  AffineExpr Runs = Upper.getResult(0) - Loop.getConstantLowerBound() - 1;
  return simplifyAffineExpr(Set.getConstraint(0), Dims, Symbols) ==
         simplifyAffineExpr(Runs, Dims, Symbols);
}

bool mlir::raise::isNoOpGuard(affine::AffineIfOp If) {
  auto Loop = dyn_cast_or_null<affine::AffineForOp>(If->getPrevNode());
  Block *Then = If.getThenBlock();
  if (!Loop || If.hasElse() || !guardsTrips(If, Loop) ||
      Then->getOperations().size() != 3)
    return false;
  auto Read = dyn_cast<affine::AffineLoadOp>(Then->front());
  auto Store = Read ? dyn_cast<affine::AffineStoreOp>(Read->getNextNode())
                    : affine::AffineStoreOp();
  if (!Store || Store.getValueToStore() != Read.getResult() ||
      !isScalar(Read.getMemRef()) || storesTo(Loop, Store.getMemRef()))
    return false;
  // The last store to the sum before the loop copies the element in.
  Value Sum = Read.getMemRef();
  for (Operation *Op = Loop->getPrevNode(); Op; Op = Op->getPrevNode()) {
    if (storesTo(Op, Store.getMemRef()))
      return false;
    auto Init = dyn_cast<affine::AffineStoreOp>(Op);
    if (!Init || Init.getMemRef() != Sum) {
      if (storesTo(Op, Sum))
        return false;
      continue;
    }
    auto Element = Init.getValueToStore().getDefiningOp<affine::AffineLoadOp>();
    if (!Element || !(elementOf(Element) == elementOf(Store)) ||
        Element->getBlock() != Init->getBlock() ||
        storesBetween(Element, Init, Store.getMemRef(), Store.getMemRef()))
      return false;
    return true;
  }
  return false;
}

bool mlir::raise::isEntryGuard(affine::AffineIfOp If) {
  auto Loop = dyn_cast_or_null<affine::AffineForOp>(If->getNextNode());
  if (!Loop || If.hasElse() || !guardsTrips(If, Loop))
    return false;
  for (Operation &Op : If.getThenBlock()->without_terminator()) {
    if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
      Value S = Store.getMemRef();
      if (!isScalar(S) || llvm::any_of(S.getUsers(), [&](Operation *U) {
            return isa<affine::AffineLoadOp>(U) && !Loop->isAncestor(U);
          }))
        return false;
      continue;
    }
    auto Load = dyn_cast<affine::AffineLoadOp>(Op);
    if (!(Load && isScalar(Load.getMemRef())) && !isMemoryEffectFree(&Op))
      return false;
  }
  return true;
}
