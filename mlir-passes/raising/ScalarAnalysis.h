//===- ScalarAnalysis.h - What a load of a scalar reads ---------*- C++ -*-===//
//
// raise-forward-scalars makes the loads of 0-d scalars read what they
// certainly read anyway: a value stored earlier, an array element the
// scalar mirrors, the accumulator of a loop whose last value it holds. The
// analyses that find these are declared here: ScalarMirrors.cpp finds the
// array elements a scalar holds the value of, ScalarStores.cpp what the
// stores to a scalar leave for its loads. ForwardScalars.cpp, the pass,
// rewrites by them.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_SCALARANALYSIS_H
#define RAISE_MLIR_PASSES_SCALARANALYSIS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"

#include <optional>

namespace mlir {
namespace raise {

/// A 0-d memref allocated in the function.
bool isScalar(Value V);

//===----------------------------------------------------------------------===//
// Array elements a scalar mirrors (ScalarMirrors.cpp)
//===----------------------------------------------------------------------===//

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

/// The element @p Op accesses.
template <typename AccessOp> ElementRef elementOf(AccessOp Op) {
  return {Op.getMemRef(), Op.getAffineMap(),
          SmallVector<Value, 4>(Op.getMapOperands())};
}

/// The store right before @p Store, if it stores the same value to another
/// memref: the two locations then change at once, with nothing between.
affine::AffineStoreOp findPairedStore(affine::AffineStoreOp Store);

/// The element every store to @p Scalar copies into it, either just loaded
/// from the element or just stored to it (findLoadedElement,
/// findPairedStore), if there is one element for all of them. @p Paired, if
/// given, tells whether some store was of the second kind.
std::optional<ElementRef> findCopiedElement(memref::AllocaOp Scalar,
                                            bool *Paired = nullptr);

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
                                              DominanceInfo &Dom);

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
  SmallVector<affine::AffineLoadOp> equalLoads(func::FuncOp Func);

private:
  /// The state after @p B entered with @p In; loads are recorded if
  /// @p Record.
  bool block(Block &B, bool In, bool Record);

  bool op(Operation &Op, bool Eq, bool Record);

  Value Scalar;
  ElementRef Element;
  SmallVector<affine::AffineLoadOp> Equal;
};

//===----------------------------------------------------------------------===//
// What stores to a scalar leave (ScalarStores.cpp)
//===----------------------------------------------------------------------===//

/// The value a load of a 0-d scalar reads, if a store earlier in one of its
/// enclosing blocks certainly wrote it: nothing stores to the scalar between
/// that store and the load, nor anywhere in the operation that holds the
/// load (a loop around the load could store again before a later trip).
/// A scalar the function allocates cannot alias anything else, so this is
/// exact where general load forwarding would need alias analysis.
Value findStoredValue(affine::AffineLoadOp Load);

/// The accumulator whose value every store to @p Last copies, if any: each
/// store to Last sits in the body of @p Loop beside a store of the same
/// value to the accumulator, with no later store to the accumulator there,
/// or, before the loop, starts both with one value that nothing changes
/// until the loop. The loop reads the accumulator and not @p Last.
Value findAccumulator(Value Last, affine::AffineForOp &Loop);

/// The loads of @p Last that follow @p Loop in its block, or sit at the top
/// level of the then-block of an affine.if that follows it (a store of the
/// sum guarded by the loop's trip count), with no store to @p Last or to
/// @p Source in between: they read what the loop's last trip left in both.
SmallVector<affine::AffineLoadOp>
loadsAfterLoop(memref::AllocaOp Last, affine::AffineForOp Loop, Value Source);

/// The scalar that holds the last value of @p Loop's body once @p Inner,
/// the last loop in it, leaves that value in @p Sum: Sum itself if nothing
/// after Inner in the body stores to it, or the scalar the tail copies Sum
/// into (a load of it) if the tail stores nothing else to either.
/// Contractions over several loops pass their sum out level by level this
/// way.
Value findOuterAccumulator(affine::AffineForOp Loop, affine::AffineForOp Inner,
                           Value Sum);

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
std::optional<SmallVector<CopySpan>> findCopySpans(memref::AllocaOp Inner);

/// Whether @p If only guards a store of a sum back to the element it
/// started from, right after the loop that accumulates it, and runs exactly
/// when that loop runs a trip:
///
/// ```mlir
/// %v = affine.load %C[%i, %j]          affine.store %v, %sum[]
/// affine.for %k = 0 to %n { ... %sum ... }     // stores nothing to %C
/// affine.if (%n - 1 >= 0) { %s = affine.load %sum[]; affine.store %s, %C[%i,
/// %j] }
/// ```
///
/// Where the loop runs no trip, the sum still holds what the element holds
/// and the store changes nothing: it may run unguarded.
bool isNoOpGuard(affine::AffineIfOp If);

/// Whether @p If only starts scalars that the loop right after it reads,
/// and runs exactly when that loop runs a trip (Polly's guard on the start
/// of a loop-carried sum, as a Fortran TRMM's `TEMP = B(I,J)` before
/// `DO K = I + 1,M`):
///
/// ```mlir
/// affine.if (%m - %i - 2 >= 0) { %t = affine.load %temp[]
///                                affine.store %t, %acc[] }
/// affine.for %k = 0 to %m - %i - 1 { ... %acc ... }
/// ```
///
/// Nothing outside the loop reads the scalars it stores: where the loop
/// runs no trip, their values are never read, and it may run unguarded.
bool isEntryGuard(affine::AffineIfOp If);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_SCALARANALYSIS_H
