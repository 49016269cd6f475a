//===- ScalarMirrors.cpp - Array elements a scalar mirrors ----------------===//
//
// LLVM keeps an array element in a register across a loop, and Polly turns
// the register into a 0-d scalar that is stored together with the element
// or loaded from it. These analyses find the element a scalar copies, and
// where the scalar certainly holds what the element holds: everywhere
// (findMirroredElement), or at the loads a dataflow over the function
// shows (ElementEquality).
//
//===----------------------------------------------------------------------===//

#include "ScalarAnalysis.h"

#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::raise;

bool mlir::raise::isScalar(Value V) {
  auto Alloca = V.getDefiningOp<memref::AllocaOp>();
  return Alloca && Alloca.getType().getRank() == 0;
}

/// The same value, or equal constants (the importer materializes a constant
/// at each use).
static bool sameValue(Value A, Value B) {
  if (A == B)
    return true;
  Attribute CA, CB;
  return matchPattern(A, m_Constant(&CA)) && matchPattern(B, m_Constant(&CB)) &&
         CA == CB;
}

affine::AffineStoreOp
mlir::raise::findPairedStore(affine::AffineStoreOp Store) {
  auto Other = dyn_cast_or_null<affine::AffineStoreOp>(Store->getPrevNode());
  if (Other && sameValue(Other.getValueToStore(), Store.getValueToStore()) &&
      Other.getMemRef() != Store.getMemRef())
    return Other;
  return {};
}

/// The element @p Store copies into a scalar, if its value was just loaded
/// from that element: `%v = affine.load %y[%i]` then `affine.store %v, %s[]`
/// with no store to `%y` in between (LLVM keeping y[i] in a register).
static std::optional<ElementRef>
findLoadedElement(affine::AffineStoreOp Store) {
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
static Region *branchOf(affine::AffineIfOp If, Operation *Op) {
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
static bool neverBothRun(Operation *A, Operation *B) {
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
static Operation *scalarScope(memref::AllocaOp Scalar, DominanceInfo &Dom) {
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
          return isa<affine::AffineStoreOp>(S) &&
                 Dom.properlyDominates(S, User);
        }))
      return nullptr;
  }
  return Scope;
}

std::optional<ElementRef>
mlir::raise::findCopiedElement(memref::AllocaOp Scalar, bool *Paired) {
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

std::optional<ElementRef>
mlir::raise::findMirroredElement(memref::AllocaOp Scalar, DominanceInfo &Dom) {
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
          llvm::none_of(Scalar->getUsers(),
                        [&](Operation *U) {
                          auto S = dyn_cast<affine::AffineStoreOp>(U);
                          return S && Store == findPairedStore(S);
                        }) &&
          !llvm::all_of(Scalar->getUsers(),
                        [&](Operation *U) { return neverBothRun(Store, U); }))
        return std::nullopt;
  return Element;
}

SmallVector<affine::AffineLoadOp>
ElementEquality::equalLoads(func::FuncOp Func) {
  Equal.clear();
  (void)block(Func.getBody().front(), false, true);
  return Equal;
}

bool ElementEquality::block(Block &B, bool In, bool Record) {
  bool Eq = In;
  for (Operation &Op : B)
    Eq = op(Op, Eq, Record);
  return Eq;
}

bool ElementEquality::op(Operation &Op, bool Eq, bool Record) {
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
