//===- ForwardScalars.cpp - The raise-forward-scalars pass ----------------===//

#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEFORWARDSCALARS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// A 0-d memref allocated in the function.
bool isScalar(Value V) {
  auto Alloca = V.getDefiningOp<memref::AllocaOp>();
  return Alloca && Alloca.getType().getRank() == 0;
}

/// The accumulator whose value every store to @p Last copies, if any: each
/// store to Last sits in the body of @p Loop beside a store of the same
/// value to the accumulator, with no later store to the accumulator there.
Value findAccumulator(Value Last, affine::AffineForOp &Loop) {
  Value Accumulator;
  for (Operation *User : Last.getUsers()) {
    auto Store = dyn_cast<affine::AffineStoreOp>(User);
    if (!Store) {
      if (isa<affine::AffineLoadOp>(User))
        continue;
      return {};
    }
    auto Parent = dyn_cast<affine::AffineForOp>(Store->getParentOp());
    if (!Parent || (Loop && Parent != Loop))
      return {};
    Loop = Parent;
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
      if (Op != Store.getOperation() &&
          Op->walk([&](affine::AffineStoreOp S) {
              return S.getMemRef() == Accumulator ? WalkResult::interrupt()
                                                  : WalkResult::advance();
            }).wasInterrupted())
        return {};
  }
  return Accumulator;
}

/// The same value, or equal constants (the importer materializes a constant
/// at each use).
bool sameValue(Value A, Value B) {
  if (A == B)
    return true;
  Attribute CA, CB;
  return matchPattern(A, m_Constant(&CA)) && matchPattern(B, m_Constant(&CB)) &&
         CA == CB;
}

/// The store right before @p Store, if it stores the same value to another
/// memref: the two locations then change at once, with nothing between.
affine::AffineStoreOp findPairedStore(affine::AffineStoreOp Store) {
  auto Other = dyn_cast_or_null<affine::AffineStoreOp>(Store->getPrevNode());
  if (Other && sameValue(Other.getValueToStore(), Store.getValueToStore()) &&
      Other.getMemRef() != Store.getMemRef())
    return Other;
  return {};
}

/// One array element: memref, subscript map and its operands.
struct ElementRef {
  Value Memref;
  AffineMap Map;
  SmallVector<Value, 4> Operands;

  bool operator==(const ElementRef &Other) const {
    return Memref == Other.Memref && Map == Other.Map &&
           llvm::equal(Operands, Other.Operands);
  }
};

template <typename AccessOp> ElementRef elementOf(AccessOp Op) {
  return {Op.getMemRef(), Op.getAffineMap(),
          SmallVector<Value, 4>(Op.getMapOperands())};
}

/// The element @p Store copies into a scalar, if its value was just loaded
/// from that element: `%v = affine.load %y[%i]` then `affine.store %v, %s[]`
/// with no store to `%y` in between (LLVM keeping y[i] in a register).
std::optional<ElementRef> findLoadedElement(affine::AffineStoreOp Store) {
  auto Load = Store.getValueToStore().getDefiningOp<affine::AffineLoadOp>();
  if (!Load || Load->getBlock() != Store->getBlock() ||
      isScalar(Load.getMemRef()))
    return std::nullopt;
  for (Operation *Op = Load->getNextNode(); Op != Store; Op = Op->getNextNode())
    if (Op->walk([&](affine::AffineStoreOp S) {
            return S.getMemRef() == Load.getMemRef() ? WalkResult::interrupt()
                                                     : WalkResult::advance();
          }).wasInterrupted())
      return std::nullopt;
  return elementOf(Load);
}

/// The branch of @p If (then or else region) that holds @p Op, if any.
Region *branchOf(affine::AffineIfOp If, Operation *Op) {
  for (Region *R : {&If.getThenRegion(), &If.getElseRegion()})
    if (R->findAncestorOpInRegion(*Op))
      return R;
  return nullptr;
}

/// Whether @p A and @p B can never both run in one execution of the
/// function: they sit in different branches of one affine.if, or in the
/// then-branches of two affine.ifs on the same symbols whose conditions
/// exclude each other (as the versions LLVM makes of a loop nest for its
/// trip counts do). Conditions on symbols do not change while the function
/// runs.
bool neverBothRun(Operation *A, Operation *B) {
  // Only conditions on the function's arguments are fixed for the whole run.
  auto OnArguments = [](affine::AffineIfOp If) {
    return llvm::all_of(If.getOperands(), [&](Value V) {
      auto Arg = dyn_cast<BlockArgument>(V);
      return Arg && isa<func::FuncOp>(Arg.getOwner()->getParentOp());
    });
  };
  for (auto IfA = A->getParentOfType<affine::AffineIfOp>(); IfA;
       IfA = IfA->getParentOfType<affine::AffineIfOp>()) {
    if (!OnArguments(IfA))
      continue;
    Region *BranchA = branchOf(IfA, A);
    if (Region *BranchB = branchOf(IfA, B))
      return BranchA != BranchB;
    if (BranchA != &IfA.getThenRegion())
      continue;
    for (auto IfB = B->getParentOfType<affine::AffineIfOp>(); IfB;
         IfB = IfB->getParentOfType<affine::AffineIfOp>()) {
      if (branchOf(IfB, B) != &IfB.getThenRegion() ||
          !llvm::equal(IfA.getOperands(), IfB.getOperands()) ||
          IfA.getIntegerSet().getNumDims() != 0 ||
          IfB.getIntegerSet().getNumDims() != 0)
        continue;
      affine::FlatAffineValueConstraints Both(IfA.getIntegerSet(),
                                              IfA.getOperands());
      Both.append(affine::FlatAffineValueConstraints(IfB.getIntegerSet(),
                                                     IfB.getOperands()));
      if (Both.isEmpty())
        return true;
    }
  }
  return false;
}

/// The innermost operation that holds every user of @p Scalar, if each load
/// of the scalar is dominated by a store to it inside that operation: then
/// whatever a load reads was stored during the same run of the operation's
/// body, and stores outside the operation cannot come in between.
Operation *scalarScope(memref::AllocaOp Scalar, DominanceInfo &Dom) {
  Operation *Scope = nullptr;
  for (Operation *User : Scalar->getUsers()) {
    if (!Scope) {
      Scope = User->getParentOp();
      continue;
    }
    while (Scope && !Scope->isAncestor(User))
      Scope = Scope->getParentOp();
  }
  if (!Scope || isa<func::FuncOp>(Scope))
    return nullptr;
  for (Operation *User : Scalar->getUsers()) {
    if (!isa<affine::AffineLoadOp>(User))
      continue;
    if (llvm::none_of(Scalar->getUsers(), [&](Operation *S) {
          return isa<affine::AffineStoreOp>(S) && Dom.properlyDominates(S, User);
        }))
      return nullptr;
  }
  return Scope;
}

/// The element every store to @p Scalar copies into it, either just loaded
/// from the element or just stored to it (findLoadedElement,
/// findPairedStore), if there is one element for all of them. @p Paired, if
/// given, tells whether some store was of the second kind.
std::optional<ElementRef> findCopiedElement(memref::AllocaOp Scalar,
                                            bool *Paired = nullptr) {
  std::optional<ElementRef> Element;
  for (Operation *User : Scalar->getUsers()) {
    auto Store = dyn_cast<affine::AffineStoreOp>(User);
    if (!Store) {
      if (isa<affine::AffineLoadOp>(User))
        continue;
      return std::nullopt;
    }
    std::optional<ElementRef> Candidate;
    if (affine::AffineStoreOp Pair = findPairedStore(Store);
        Pair && !isScalar(Pair.getMemRef())) {
      Candidate = elementOf(Pair);
      if (Paired)
        *Paired = true;
    } else {
      Candidate = findLoadedElement(Store);
    }
    if (!Candidate || (Element && !(*Element == *Candidate)))
      return std::nullopt;
    Element = Candidate;
  }
  return Element;
}

/// The array element @p Scalar mirrors, if every store to the scalar either
/// comes right after a store of the same value to one element (same memref,
/// map and operands) or copies a value just loaded from that element, and
/// the element is stored nowhere else while the scalar is live: nowhere
/// that can run with the scalar's stores, except outside the operation that
/// holds all its users where every load is preceded by a store in that
/// operation (scalarScope; gemver's `x[i]` kept in a register across the j
/// loop, and updated again by the next loop nest). Then the scalar holds
/// what the element holds wherever it is read, and a load of one is a load
/// of the other wherever the element's subscripts are defined.
std::optional<ElementRef> findMirroredElement(memref::AllocaOp Scalar,
                                              DominanceInfo &Dom) {
  bool Paired = false;
  std::optional<ElementRef> Element = findCopiedElement(Scalar, &Paired);
  if (!Element || !Paired)
    return std::nullopt;
  // The element changes only together with the scalar, wherever both can
  // run.
  Operation *Scope = scalarScope(Scalar, Dom);
  for (Operation *User : Element->Memref.getUsers())
    if (auto Store = dyn_cast<affine::AffineStoreOp>(User))
      if ((!Scope || Scope->isAncestor(Store)) &&
          llvm::none_of(Scalar->getUsers(), [&](Operation *U) {
            auto S = dyn_cast<affine::AffineStoreOp>(U);
            return S && Store == findPairedStore(S);
          }) &&
          !llvm::all_of(Scalar->getUsers(), [&](Operation *U) {
            return neverBothRun(Store, U);
          }))
        return std::nullopt;
  return Element;
}

/// Replaces @p Load of a scalar by a load of @p Element, which holds the same
/// value there.
void readElementInstead(affine::AffineLoadOp Load, const ElementRef &Element) {
  OpBuilder B(Load);
  Value Read = affine::AffineLoadOp::create(B, Load.getLoc(), Element.Memref,
                                            Element.Map, Element.Operands);
  Load.replaceAllUsesWith(Read);
  Load.erase();
}

/// Where a scalar certainly holds what an array element holds: a forward
/// dataflow over the function's structured control flow. A store to the
/// scalar that copies the element (findCopiedElement) makes them equal; any
/// other store to the scalar or store to the element's array, or an
/// operation that may write memory unseen, makes them differ. A loop's body
/// starts equal only if they are equal both before the loop and at the end
/// of its body; an affine.if ends equal only if both branches do. The loads
/// of the scalar where they are equal are recorded. (LLVM keeps C[a][b] of
/// a contraction in a register across two loops this way: the outer copy is
/// refreshed from the element after the inner loop.)
class ElementEquality {
public:
  ElementEquality(Value Scalar, const ElementRef &Element)
      : Scalar(Scalar), Element(Element) {}

  /// The loads of the scalar that read what the element holds.
  SmallVector<affine::AffineLoadOp> equalLoads(func::FuncOp Func) {
    Equal.clear();
    (void)block(Func.getBody().front(), false, true);
    return Equal;
  }

private:
  /// The state after @p B entered with @p In; loads are recorded if
  /// @p Record.
  bool block(Block &B, bool In, bool Record) {
    bool Eq = In;
    for (Operation &Op : B)
      Eq = op(Op, Eq, Record);
    return Eq;
  }

  bool op(Operation &Op, bool Eq, bool Record) {
    if (auto Load = dyn_cast<affine::AffineLoadOp>(Op)) {
      if (Load.getMemRef() == Scalar && Eq && Record)
        Equal.push_back(Load);
      return Eq;
    }
    if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
      if (Store.getMemRef() == Element.Memref)
        return false;
      if (Store.getMemRef() != Scalar)
        return Eq;
      std::optional<ElementRef> Copied;
      if (affine::AffineStoreOp Pair = findPairedStore(Store);
          Pair && Pair.getMemRef() == Element.Memref)
        Copied = elementOf(Pair);
      else
        Copied = findLoadedElement(Store);
      return Copied && *Copied == Element;
    }
    if (auto For = dyn_cast<affine::AffineForOp>(Op)) {
      // Entering equal needs equality at the end of the body too; states
      // only go from equal to not, so two rounds reach the fixpoint.
      bool Entry = Eq && block(*For.getBody(), Eq, false);
      bool Exit = block(*For.getBody(), Entry, Record);
      return Eq && Exit;
    }
    if (auto If = dyn_cast<affine::AffineIfOp>(Op)) {
      bool Then = block(*If.getThenBlock(), Eq, Record);
      bool Else = If.hasElse() ? block(*If.getElseBlock(), Eq, Record) : Eq;
      return Then && Else;
    }
    if (isa<affine::AffineYieldOp>(Op) || isMemoryEffectFree(&Op))
      return Eq;
    if (auto Effects = dyn_cast<MemoryEffectOpInterface>(Op);
        Effects && Op.getNumRegions() == 0 &&
        Effects.onlyHasEffect<MemoryEffects::Read>())
      return Eq;
    if (isa<memref::AllocaOp>(Op))
      return Eq;
    return false;
  }

  Value Scalar;
  ElementRef Element;
  SmallVector<affine::AffineLoadOp> Equal;
};

/// Whether @p Op stores to @p Scalar, itself or anywhere inside it.
bool storesTo(Operation *Op, Value Scalar) {
  return Op
      ->walk([&](affine::AffineStoreOp S) {
        return S.getMemRef() == Scalar ? WalkResult::interrupt()
                                       : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The value a load of a 0-d scalar reads, if a store earlier in one of its
/// enclosing blocks certainly wrote it: nothing stores to the scalar between
/// that store and the load, nor anywhere in the operation that holds the
/// load (a loop around the load could store again before a later trip).
/// A scalar the function allocates cannot alias anything else, so this is
/// exact where general load forwarding would need alias analysis.
Value findStoredValue(affine::AffineLoadOp Load) {
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

/// Whether something from @p From up to (not including) @p To, in one
/// block, stores to @p A or @p B.
bool storesBetween(Operation *From, Operation *To, Value A, Value B) {
  for (Operation *Op = From; Op && Op != To; Op = Op->getNextNode())
    if (storesTo(Op, A) || storesTo(Op, B))
      return true;
  return false;
}

/// The loads of @p Last that follow @p Loop in its block, or sit at the top
/// level of the then-block of an affine.if that follows it (a store of the
/// sum guarded by the loop's trip count), with no store to @p Last or to
/// @p Source in between: they read what the loop's last trip left in both.
SmallVector<affine::AffineLoadOp> loadsAfterLoop(memref::AllocaOp Last,
                                                 affine::AffineForOp Loop,
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

/// The scalar that holds the last value of @p Loop's body once @p Inner,
/// the last loop in it, leaves that value in @p Sum: Sum itself if nothing
/// after Inner in the body stores to it, or the scalar the tail copies Sum
/// into (a load of it) if the tail stores nothing else to either.
/// Contractions over several loops pass their sum out level by level this
/// way.
Value findOuterAccumulator(affine::AffineForOp Loop, affine::AffineForOp Inner,
                           Value Sum) {
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
bool accesses(Operation *Op, Value Scalar) {
  return Op
      ->walk([&](Operation *Inner) {
        return llvm::is_contained(Inner->getOperands(), Scalar)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Where a scalar lives only as a copy of another: from `store (load
/// Outer), Inner` to `store (load Inner), Outer` later in the same block,
/// with nothing in between touching Outer. Inside the span the two could
/// be one scalar.
struct CopySpan {
  affine::AffineStoreOp In, Out;

  /// Whether @p Op lies in the span.
  bool contains(Operation *Op) const {
    Operation *Holder = In->getBlock()->findAncestorOpInBlock(*Op);
    return Holder && !Holder->isBeforeInBlock(In) &&
           !Out->isBeforeInBlock(Holder);
  }
};

/// The spans in which @p Inner copies one other scalar, if every access to
/// Inner lies in one of them.
std::optional<SmallVector<CopySpan>> findCopySpans(memref::AllocaOp Inner) {
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
    for (Operation *Op = Out->getPrevNode(); Op && !In; Op = Op->getPrevNode()) {
      auto Store = dyn_cast<affine::AffineStoreOp>(Op);
      auto Read = Store ? Store.getValueToStore()
                              .getDefiningOp<affine::AffineLoadOp>()
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
bool guardsTrips(affine::AffineIfOp If, affine::AffineForOp Loop) {
  if (!Loop.hasConstantLowerBound() || Loop.getUpperBoundMap().getNumResults() != 1)
    return false;
  AffineMap Upper = Loop.getUpperBoundMap();
  IntegerSet Runs = IntegerSet::get(
      Upper.getNumDims(), Upper.getNumSymbols(),
      {Upper.getResult(0) - Loop.getConstantLowerBound() - 1}, {false});
  return If.getIntegerSet() == Runs &&
         llvm::equal(If.getOperands(), Loop.getUpperBoundOperands());
}

/// Whether @p If only guards a store of a sum back to the element it
/// started from, right after the loop that accumulates it, and runs exactly
/// when that loop runs a trip:
///
/// ```mlir
/// %v = affine.load %C[%i, %j]          affine.store %v, %sum[]
/// affine.for %k = 0 to %n { ... %sum ... }     // stores nothing to %C
/// affine.if (%n - 1 >= 0) { %s = affine.load %sum[]; affine.store %s, %C[%i, %j] }
/// ```
///
/// Where the loop runs no trip, the sum still holds what the element holds
/// and the store changes nothing: it may run unguarded.
bool isNoOpGuard(affine::AffineIfOp If) {
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
    auto Element =
        Init.getValueToStore().getDefiningOp<affine::AffineLoadOp>();
    if (!Element || !(elementOf(Element) == elementOf(Store)) ||
        Element->getBlock() != Init->getBlock() ||
        storesBetween(Element, Init, Store.getMemRef(), Store.getMemRef()))
      return false;
    return true;
  }
  return false;
}

struct ForwardScalarsPass
    : raise::impl::RaiseForwardScalarsBase<ForwardScalarsPass> {
  /// Loads of a scalar that read a value stored earlier use that value.
  void forwardStoredValues(memref::AllocaOp Scalar) {
    for (Operation *User : llvm::make_early_inc_range(Scalar->getUsers())) {
      auto Load = dyn_cast<affine::AffineLoadOp>(User);
      if (!Load)
        continue;
      if (Value V = findStoredValue(Load)) {
        Load.replaceAllUsesWith(V);
        Load.erase();
        ++numForwarded, ++Forwarded;
      }
    }
  }

  /// Loads of a scalar that mirrors an array element read the element.
  void forwardMirrors(memref::AllocaOp Scalar, DominanceInfo &Dom) {
    std::optional<ElementRef> Element = findMirroredElement(Scalar, Dom);
    SmallVector<affine::AffineLoadOp> Loads;
    if (Element) {
      for (Operation *User : Scalar->getUsers())
        if (auto Load = dyn_cast<affine::AffineLoadOp>(User))
          Loads.push_back(Load);
    } else if ((Element = findCopiedElement(Scalar))) {
      // Not a mirror everywhere: the loads where the dataflow shows the
      // scalar equal to the element.
      Loads = ElementEquality(Scalar, *Element).equalLoads(getOperation());
    } else {
      return;
    }
    for (affine::AffineLoadOp Load : Loads) {
      if (!llvm::all_of(Element->Operands, [&](Value V) {
            return Dom.properlyDominates(V, Load);
          }))
        continue;
      readElementInstead(Load, *Element);
      ++numForwarded, ++Forwarded;
    }
  }

  void runOnOperation() override {
    SmallVector<memref::AllocaOp> Scalars;
    getOperation().walk([&](memref::AllocaOp A) {
      if (A.getType().getRank() == 0)
        Scalars.push_back(A);
    });
    DominanceInfo &Dom = getAnalysis<DominanceInfo>();
    // Each forwarding may expose another (a scalar copied from a last value
    // copies the element once that is forwarded): repeat until none is
    // left. Every round removes loads, so this ends.
    do {
      Forwarded = 0;
      for (memref::AllocaOp Scalar : Scalars)
        forwardStoredValues(Scalar);
      for (memref::AllocaOp Scalar : Scalars)
        forwardMirrors(Scalar, Dom);
      for (memref::AllocaOp Last : Scalars)
        forwardLastValue(Last);
      for (memref::AllocaOp Scalar : Scalars)
        coalesceCopies(Scalar);
      dropNoOpGuards();
      // A scalar nothing reads any more is dead, with its stores.
      llvm::erase_if(Scalars, [](memref::AllocaOp Scalar) {
        if (!llvm::all_of(Scalar->getUsers(), [](Operation *U) {
              return isa<affine::AffineStoreOp>(U);
            }))
          return false;
        for (Operation *U : llvm::make_early_inc_range(Scalar->getUsers()))
          U->erase();
        Scalar->erase();
        return true;
      });
    } while (Forwarded != 0);
  }

  /// Loads forwarded in the current round.
  unsigned Forwarded = 0;

  /// Runs the stores under guards isNoOpGuard() accepts unguarded.
  void dropNoOpGuards() {
    SmallVector<affine::AffineIfOp> Guards;
    getOperation().walk([&](affine::AffineIfOp If) {
      if (isNoOpGuard(If))
        Guards.push_back(If);
    });
    for (affine::AffineIfOp If : Guards) {
      Block *Then = If.getThenBlock();
      If->getBlock()->getOperations().splice(
          If->getIterator(), Then->getOperations(), Then->begin(),
          std::prev(Then->end()));
      If.erase();
      ++numForwarded, ++Forwarded;
    }
  }

  /// A scalar that lives only as a copy of another (findCopySpans) becomes
  /// that other scalar, and the copies go: the accumulators a sum over
  /// several loops passes its value through become one.
  void coalesceCopies(memref::AllocaOp Inner) {
    std::optional<SmallVector<CopySpan>> Spans = findCopySpans(Inner);
    if (!Spans)
      return;
    Value Outer = Spans->front().Out.getMemRef();
    for (Operation *User : llvm::make_early_inc_range(Inner->getUsers()))
      User->replaceUsesOfWith(Inner, Outer);
    // Each copy now stores to Outer what was just loaded from it.
    for (CopySpan &S : *Spans)
      for (affine::AffineStoreOp Copy : {S.In, S.Out}) {
        Operation *Read = Copy.getValueToStore().getDefiningOp();
        Copy.erase();
        if (Read && Read->use_empty())
          Read->erase();
      }
    ++numForwarded, ++Forwarded;
  }

  /// Loads of a loop's last value after the loop read the accumulator.
  void forwardLastValue(memref::AllocaOp Last) {
    affine::AffineForOp Loop;
    Value Accumulator = findAccumulator(Last, Loop);
    if (!Accumulator)
      return forwardLastElement(Last);
    // Up the loops around: each outer trip may end by copying the sum out.
    for (;;) {
      for (affine::AffineLoadOp Load :
           loadsAfterLoop(Last, Loop, Accumulator)) {
        Load->setOperand(Load.getMemRefOperandIndex(), Accumulator);
        ++numForwarded, ++Forwarded;
      }
      auto Outer = dyn_cast<affine::AffineForOp>(Loop->getParentOp());
      Value Next = Outer ? findOuterAccumulator(Outer, Loop, Accumulator)
                         : Value();
      if (!Next)
        return;
      Loop = Outer;
      Accumulator = Next;
    }
  }

  /// The same for a last value that every trip also stores to one array
  /// element (y[i] += ... kept in a register, its final value read after
  /// the loop): where nothing stores to that array between the loop and the
  /// load, the load reads the element.
  void forwardLastElement(memref::AllocaOp Last) {
    affine::AffineForOp Loop;
    std::optional<ElementRef> Element;
    for (Operation *User : Last->getUsers()) {
      if (isa<affine::AffineLoadOp>(User))
        continue;
      auto Store = dyn_cast<affine::AffineStoreOp>(User);
      auto Parent = Store ? dyn_cast<affine::AffineForOp>(Store->getParentOp())
                          : affine::AffineForOp();
      affine::AffineStoreOp Pair = Store ? findPairedStore(Store) : nullptr;
      if (!Parent || (Loop && Parent != Loop) || !Pair ||
          isScalar(Pair.getMemRef()))
        return;
      ElementRef Candidate = elementOf(Pair);
      if (Element && !(*Element == Candidate))
        return;
      Loop = Parent;
      Element = Candidate;
    }
    // The element's subscripts must not change with the loop's trips.
    if (!Element || llvm::any_of(Element->Operands, [&](Value V) {
          return Loop->isAncestor(V.getParentBlock()->getParentOp());
        }))
      return;
    for (affine::AffineLoadOp Load :
         loadsAfterLoop(Last, Loop, Element->Memref)) {
      readElementInstead(Load, *Element);
      ++numForwarded, ++Forwarded;
    }
  }
};

} // namespace
