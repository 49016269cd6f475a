//===- HoistGuards.cpp - The raise-hoist-guards pass ----------------------===//
//
// Versions loop nests on the conditions inside them that depend on the
// region's parameters alone, so that the nest in each version is free of
// them. Exact: unswitching changes which copy of the loops runs, never
// which operations run or in which order.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/AffineStructures.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IntegerSet.h"

#include <optional>

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEHOISTGUARDS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// True if @p If's condition is a function of values defined outside every
/// loop of @p Func (its arguments, constants): the same for the whole run of
/// the function.
bool testsParameters(affine::AffineIfOp If, func::FuncOp Func) {
  return llvm::all_of(If.getOperands(), [&](Value V) {
    return V.getParentRegion() == &Func.getBody();
  });
}

/// True if @p If is inside a loop and tests parameters alone.
bool isParameterGuard(affine::AffineIfOp If, func::FuncOp Func) {
  return If->getParentOfType<affine::AffineForOp>() &&
         testsParameters(If, Func);
}

/// The constraints of @p If's set on its operands.
affine::FlatAffineValueConstraints getConstraints(affine::AffineIfOp If) {
  return affine::FlatAffineValueConstraints(If.getIntegerSet(),
                                            If.getOperands());
}

/// @p A and @p B, with their variables aligned by value.
affine::FlatAffineValueConstraints
conjoin(affine::FlatAffineValueConstraints A,
        affine::FlatAffineValueConstraints B) {
  A.mergeAndAlignVarsWithOther(0, &B);
  A.append(B);
  return A;
}

/// The one inequality or equality of @p C (a set of one constraint),
/// negated: e >= 0 becomes -e - 1 >= 0; e == 0 becomes e - 1 >= 0 or
/// -e - 1 >= 0.
SmallVector<affine::FlatAffineValueConstraints, 2>
negate(const affine::FlatAffineValueConstraints &C, unsigned Index) {
  SmallVector<affine::FlatAffineValueConstraints, 2> Cases;
  auto Add = [&](SmallVector<int64_t, 8> Row, int64_t Sign) {
    affine::FlatAffineValueConstraints N = C;
    N.clearConstraints();
    for (int64_t &X : Row)
      X *= Sign;
    Row.back() -= 1;
    N.addInequality(Row);
    Cases.push_back(N);
  };
  if (Index < C.getNumInequalities()) {
    Add(C.getInequality64(Index), -1);
  } else {
    Add(C.getEquality64(Index - C.getNumInequalities()), 1);
    Add(C.getEquality64(Index - C.getNumInequalities()), -1);
  }
  return Cases;
}

/// What holds on the parameters where @p If is: the sets of the versions
/// around it (and the negation of a one-constraint set in an else-branch).
/// The sets of the else-branches around it whose negation is no conjunction
/// (`n == 0`, or several constraints) go to @p Excluded.
affine::FlatAffineValueConstraints getContext(
    affine::AffineIfOp If, func::FuncOp Func,
    SmallVectorImpl<affine::FlatAffineValueConstraints> *Excluded = nullptr) {
  affine::FlatAffineValueConstraints Context;
  for (Operation *Op = If->getParentOp(); Op; Op = Op->getParentOp()) {
    auto Outer = dyn_cast<affine::AffineIfOp>(Op);
    if (!Outer || !testsParameters(Outer, Func))
      continue;
    affine::FlatAffineValueConstraints Set = getConstraints(Outer);
    if (Outer.getThenRegion().isAncestor(If->getParentRegion())) {
      Context = conjoin(Context, Set);
      continue;
    }
    SmallVector<affine::FlatAffineValueConstraints, 2> Cases;
    if (Set.getNumConstraints() == 1)
      Cases = negate(Set, 0);
    if (Cases.size() == 1)
      Context = conjoin(Context, Cases.front());
    else if (Excluded)
      Excluded->push_back(Set);
  }
  return Context;
}

/// True if every point of @p A satisfies every constraint of @p B.
bool implies(const affine::FlatAffineValueConstraints &A,
             const affine::FlatAffineValueConstraints &B) {
  for (unsigned I = 0, E = B.getNumConstraints(); I != E; ++I)
    for (const affine::FlatAffineValueConstraints &Not : negate(B, I))
      if (!conjoin(A, Not).isEmpty())
        return false;
  return true;
}

/// The value @p If's condition must have where it is, if the versions around
/// it decide it: LLVM leaves one test of a size in several places (`K > 0`
/// before each loop that needs it, `K != 0` beside `K >= 1`); once the first
/// is hoisted, the others inside its versions are decided, and a version in
/// which they could not hold never runs.
std::optional<bool> getDecidedValue(affine::AffineIfOp If, func::FuncOp Func) {
  SmallVector<affine::FlatAffineValueConstraints, 2> Excluded;
  affine::FlatAffineValueConstraints Context = getContext(If, Func, &Excluded);
  affine::FlatAffineValueConstraints Set = getConstraints(If);
  affine::FlatAffineValueConstraints Both = conjoin(Context, Set);
  // Inside the else-branch of a test this one implies (a hoist leaves the
  // copy of `n == 0` it made of a guard inside the else of the first).
  if (Both.isEmpty() || llvm::any_of(Excluded, [&](const auto &Out) {
        return implies(Both, Out);
      }))
    return false;
  for (unsigned I = 0, E = Set.getNumConstraints(); I != E; ++I)
    for (const affine::FlatAffineValueConstraints &Not : negate(Set, I))
      if (!conjoin(Context, Not).isEmpty())
        return std::nullopt;
  return true;
}

/// Drops from @p If's set, a condition on loop indices too, the
/// constraints on parameters alone that the versions around it decide:
/// Polly guards a sum's start on both the flag its nest was versioned on
/// and its loop running a trip (the reference TRMM's `IF (NOUNIT)`), and
/// once the flag is a version the guard is the trip alone. Returns whether
/// the set changed; an empty set leaves the then-branch, a set the versions
/// contradict the else-branch (`Taken`).
bool simplifyUnderVersions(affine::AffineIfOp If, func::FuncOp Func,
                           std::optional<bool> &Taken) {
  affine::FlatAffineValueConstraints Context = getContext(If, Func);
  if (Context.getNumConstraints() == 0)
    return false;
  if (conjoin(Context, getConstraints(If)).isEmpty()) {
    Taken = false;
    return true;
  }
  IntegerSet Set = If.getIntegerSet();
  SmallVector<AffineExpr> Kept;
  SmallVector<bool> KeptEq;
  for (unsigned I = 0, E = Set.getNumConstraints(); I != E; ++I) {
    AffineExpr C = Set.getConstraint(I);
    bool Implied = false;
    if (C.isSymbolicOrConstant()) {
      affine::FlatAffineValueConstraints One(
          IntegerSet::get(Set.getNumDims(), Set.getNumSymbols(), {C},
                          {Set.isEq(I)}),
          If.getOperands());
      Implied = llvm::all_of(negate(One, 0), [&](const auto &Not) {
        return conjoin(Context, Not).isEmpty();
      });
    }
    if (!Implied) {
      Kept.push_back(C);
      KeptEq.push_back(Set.isEq(I));
    }
  }
  if (Kept.size() == Set.getNumConstraints())
    return false;
  if (Kept.empty()) {
    Taken = true;
    return true;
  }
  If.setConditional(
      IntegerSet::get(Set.getNumDims(), Set.getNumSymbols(), Kept, KeptEq),
      If.getOperands());
  return true;
}

/// Replaces @p If by the branch @p Taken says runs. An else-branch left
/// empty goes too (an `affine.if` without one is what the tactics read).
void foldGuard(affine::AffineIfOp If, bool Taken) {
  Block *Parent = If->getBlock();
  if (Taken || If.hasElse()) {
    Block *Branch = Taken ? If.getThenBlock() : If.getElseBlock();
    Branch->getTerminator()->erase();
    Parent->getOperations().splice(If->getIterator(), Branch->getOperations());
  }
  If.erase();
  auto Outer = dyn_cast<affine::AffineIfOp>(Parent->getParentOp());
  if (Outer && Outer.hasElse() && Parent == Outer.getElseBlock() &&
      Parent->getOperations().size() == 1 && Outer.getNumResults() == 0)
    Outer.getElseRegion().getBlocks().clear();
}

/// Gives the else-branch of @p Version its own copy of each 0-d scalar that
/// both branches use and nothing else does. @p Version is outside every loop,
/// so a run of the function takes one of its branches once: no value can
/// pass from one branch to the other, and a load in a branch that no store
/// of it precedes reads an undefined value from either copy. After a hoist
/// both copies of the nest share the function's scalars (the last value of
/// a sum that only one version's loop is known to run); apart, each copy's
/// scalars are analyzed (forwarded, matched) on that copy's code alone.
void privatizeScalars(affine::AffineIfOp Version, func::FuncOp Func) {
  if (!Version.hasElse())
    return;
  Region &Then = Version.getThenRegion(), &Else = Version.getElseRegion();
  for (auto Scalar :
       llvm::to_vector(Func.getBody().getOps<memref::AllocaOp>())) {
    if (Scalar.getType().getRank() != 0)
      continue;
    bool InThen = false, InElse = false, Elsewhere = false;
    for (Operation *User : Scalar->getUsers()) {
      if (!isa<affine::AffineLoadOp, affine::AffineStoreOp>(User))
        Elsewhere = true;
      else if (Then.isAncestor(User->getParentRegion()))
        InThen = true;
      else if (Else.isAncestor(User->getParentRegion()))
        InElse = true;
      else
        Elsewhere = true;
    }
    if (Elsewhere || !InThen || !InElse)
      continue;
    OpBuilder Builder(Scalar);
    Operation *Copy = Builder.clone(*Scalar);
    Scalar.getResult().replaceUsesWithIf(
        Copy->getResult(0), [&](OpOperand &Use) {
          return Else.isAncestor(Use.getOwner()->getParentRegion());
        });
  }
}

struct RaiseHoistGuardsPass
    : public raise::impl::RaiseHoistGuardsBase<RaiseHoistGuardsPass> {
  using RaiseHoistGuardsBase::RaiseHoistGuardsBase;

  /// Hoists guards until none is left or maxHoists were.
  void hoistGuards() {
    func::FuncOp Func = getOperation();
    // Guards upstream cannot hoist (an affine.if with results).
    llvm::SmallPtrSet<Operation *, 4> Stuck;
    // One guard at a time: a hoist clones the loops around it, and with them
    // the other guards inside.
    unsigned Hoisted = 0;
    while (true) {
      // Guards a version already decides go first, hoists or not.
      affine::AffineIfOp Guard, Decided;
      bool Taken = false;
      bool Simplified = false;
      Func.walk<WalkOrder::PreOrder>([&](affine::AffineIfOp If) {
        if (!testsParameters(If, Func)) {
          std::optional<bool> Value;
          if (!simplifyUnderVersions(If, Func, Value))
            return WalkResult::advance();
          Simplified = true;
          if (Value) {
            Decided = If;
            Taken = *Value;
          }
          return WalkResult::interrupt();
        }
        if (std::optional<bool> Value = getDecidedValue(If, Func)) {
          Decided = If;
          Taken = *Value;
          return WalkResult::interrupt();
        }
        if (!Guard && !Stuck.contains(If) && isParameterGuard(If, Func))
          Guard = If;
        return WalkResult::advance();
      });
      if (Decided) {
        foldGuard(Decided, Taken);
        ++numFolded;
        continue;
      }
      if (Simplified) {
        ++numFolded;
        continue;
      }
      if (!Guard || Hoisted >= maxHoists)
        return;
      bool Folded = false;
      if (succeeded(affine::hoistAffineIfOp(Guard, &Folded))) {
        ++Hoisted;
        ++numHoisted;
      } else if (!Folded) {
        Stuck.insert(Guard);
      }
    }
  }

  void runOnOperation() override {
    hoistGuards();
    // The versions the hoists made, now around whole nests, and those the
    // import made (Polly versions a nest on its parameters as a chain of
    // else-branches): outer versions first.
    func::FuncOp Func = getOperation();
    SmallVector<affine::AffineIfOp> Versions;
    Func.walk<WalkOrder::PreOrder>([&](Operation *Op) {
      if (isa<affine::AffineForOp>(Op))
        return WalkResult::skip();
      if (auto If = dyn_cast<affine::AffineIfOp>(Op))
        Versions.push_back(If);
      return WalkResult::advance();
    });
    for (affine::AffineIfOp Version : Versions)
      privatizeScalars(Version, Func);
  }
};

} // namespace
