//===- HoistGuards.cpp - The raise-hoist-guards pass ----------------------===//
//
// Versions loop nests on the conditions inside them that depend on the
// region's parameters alone, so that the nest in each version is free of
// them. Exact: unswitching changes which copy of the loops runs, never
// which operations run or in which order.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
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

/// True if @p If is inside a loop and its condition is a function of
/// values defined outside every loop of @p Func (its arguments, constants):
/// the same for the whole run of the function.
bool isParameterGuard(affine::AffineIfOp If, func::FuncOp Func) {
  if (!If->getParentOfType<affine::AffineForOp>())
    return false;
  return llvm::all_of(If.getOperands(), [&](Value V) {
    return V.getParentRegion() == &Func.getBody();
  });
}

/// The value @p If's condition must have where it is, if an enclosing
/// affine.if tests the same set on the same operands: true in that one's
/// then-branch, false in its else-branch. LLVM leaves one test of a size
/// in several places (`K > 0` before each loop that needs it); once the
/// first is hoisted, the others inside its versions are decided.
std::optional<bool> getDecidedValue(affine::AffineIfOp If) {
  for (Operation *Op = If->getParentOp(); Op; Op = Op->getParentOp()) {
    auto Outer = dyn_cast<affine::AffineIfOp>(Op);
    if (!Outer || Outer.getIntegerSet() != If.getIntegerSet() ||
        Outer.getOperands() != If.getOperands())
      continue;
    return Outer.getThenRegion().isAncestor(If->getParentRegion());
  }
  return std::nullopt;
}

/// Replaces @p If by the branch @p Taken says runs.
void foldGuard(affine::AffineIfOp If, bool Taken) {
  if (Taken || If.hasElse()) {
    Block *Branch = Taken ? If.getThenBlock() : If.getElseBlock();
    Block *Parent = If->getBlock();
    Branch->getTerminator()->erase();
    Parent->getOperations().splice(If->getIterator(), Branch->getOperations());
  }
  If.erase();
}

/// Whether every load of @p Scalar in @p Branch reads what a store in the
/// branch wrote: some store in the branch dominates it.
bool isWrittenFirst(Value Scalar, Region &Branch, DominanceInfo &Dom) {
  SmallVector<Operation *> Stores, Loads;
  for (Operation *User : Scalar.getUsers()) {
    if (!Branch.isAncestor(User->getParentRegion()))
      continue;
    (isa<affine::AffineStoreOp>(User) ? Stores : Loads).push_back(User);
  }
  return llvm::all_of(Loads, [&](Operation *Load) {
    return llvm::any_of(Stores, [&](Operation *Store) {
      return Dom.properlyDominates(Store, Load);
    });
  });
}

/// Gives the else-branch of @p Version its own copy of each 0-d scalar that
/// both branches use, where the scalar carries no value into, out of or
/// between them: all its users are in the branches, and in each branch every
/// load reads a store of that branch. After a hoist both copies of the nest
/// share the function's scalars; apart, each copy's scalars are analyzed
/// (forwarded, matched) on that copy's code alone.
void privatizeScalars(affine::AffineIfOp Version, func::FuncOp Func) {
  if (!Version.hasElse())
    return;
  DominanceInfo Dom(Func);
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
    if (Elsewhere || !InThen || !InElse || !isWrittenFirst(Scalar, Then, Dom) ||
        !isWrittenFirst(Scalar, Else, Dom))
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
      Func.walk<WalkOrder::PreOrder>([&](affine::AffineIfOp If) {
        if (Stuck.contains(If) || !isParameterGuard(If, Func))
          return WalkResult::advance();
        if (std::optional<bool> Value = getDecidedValue(If)) {
          Decided = If;
          Taken = *Value;
          return WalkResult::interrupt();
        }
        if (!Guard)
          Guard = If;
        return WalkResult::advance();
      });
      if (Decided) {
        foldGuard(Decided, Taken);
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
    // The versions the hoists made, now around whole nests.
    func::FuncOp Func = getOperation();
    for (auto Version :
         llvm::to_vector(Func.getBody().getOps<affine::AffineIfOp>()))
      privatizeScalars(Version, Func);
  }
};

} // namespace
