//===- ForwardScalars.cpp - The raise-forward-scalars pass ----------------===//
//
// The rewrites of raise-forward-scalars, by the analyses of
// ScalarAnalysis.h: a load of a scalar becomes the value stored earlier, a
// load of the element it mirrors or of the accumulator whose last value it
// holds, or what a load just before it read; copies between scalars and
// guards that change nothing go, and then the scalars nothing reads. Each
// rewrite may expose another, so the pass repeats them until none applies.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "ScalarAnalysis.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEFORWARDSCALARS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

namespace {

/// Replaces @p Load of a scalar by a load of @p Element, which holds the same
/// value there.
void readElementInstead(affine::AffineLoadOp Load, const ElementRef &Element) {
  OpBuilder B(Load);
  Value Read = affine::AffineLoadOp::create(B, Load.getLoc(), Element.Memref,
                                            Element.Map, Element.Operands);
  Load.replaceAllUsesWith(Read);
  Load.erase();
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

  /// A load of a scalar after another in the same block, with nothing
  /// between that may write the scalar, reads what the first read: a sum
  /// read once for its store and again for a running total becomes one
  /// final value (one element, no subscripts: nothing else can alias it).
  void forwardLoadedValues(memref::AllocaOp Scalar) {
    Value S = Scalar.getResult();
    auto MayWrite = [&](Operation *Op) {
      WalkResult R = Op->walk([&](Operation *In) {
        if (!isa<affine::AffineLoadOp>(In) &&
            llvm::is_contained(In->getOperands(), S))
          return WalkResult::interrupt();
        return WalkResult::advance();
      });
      return R.wasInterrupted();
    };
    for (Operation *User : llvm::make_early_inc_range(Scalar->getUsers())) {
      auto Load = dyn_cast<affine::AffineLoadOp>(User);
      if (!Load)
        continue;
      for (Operation *Op = Load->getPrevNode(); Op; Op = Op->getPrevNode()) {
        auto Earlier = dyn_cast<affine::AffineLoadOp>(Op);
        if (Earlier && Earlier.getMemRef() == S) {
          Load.replaceAllUsesWith(Earlier.getResult());
          Load.erase();
          ++numForwarded, ++Forwarded;
          break;
        }
        if (MayWrite(Op))
          break;
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
        forwardLoadedValues(Scalar);
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

  /// Runs the stores under guards isNoOpGuard() or isEntryGuard() accepts
  /// unguarded.
  void dropNoOpGuards() {
    SmallVector<affine::AffineIfOp> Guards;
    getOperation().walk([&](affine::AffineIfOp If) {
      if (isNoOpGuard(If) || isEntryGuard(If))
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
      Value Next =
          Outer ? findOuterAccumulator(Outer, Loop, Accumulator) : Value();
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
