//===- NestAnalysis.h - Statements of an affine loop nest -------*- C++ -*-===//
//
// Splits an outermost affine.for nest into units, the pieces raising works
// on: one per computing affine.store (a statement), or one per accumulation
// through a local scalar (init store, reduction loops, epilogue store). For
// every access the unit records its subscripts as linear forms over the
// unit's loops, which is what both the matcher and the builders need.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_NESTANALYSIS_H
#define RAISE_MLIR_PASSES_NESTANALYSIS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/AffineExpr.h"

#include <optional>
#include <string>

namespace mlir {
namespace raise {

/// One subscript as `sum(Coeffs[l] * iv_l) + Rest(RestOperands)`, where iv_l
/// are the unit's loops and Rest only involves values defined outside the nest.
struct LinearForm {
  SmallVector<int64_t, 4> Coeffs;
  AffineExpr Rest; ///< Over symbols s0.. bound to RestOperands.
  SmallVector<Value, 2> RestOperands;

  bool usesLoops() const {
    return llvm::any_of(Coeffs, [](int64_t C) { return C != 0; });
  }
  /// The loop of a subscript `iv_l + rest`, or -1.
  int singleLoop() const;
  bool sameRest(const LinearForm &Other) const {
    return Rest == Other.Rest && RestOperands == Other.RestOperands;
  }
};

/// An access of a unit. `Memref` is null for the temporary that stands for
/// a local scalar accumulator (one element per iteration of the outer loops).
struct Access {
  Operation *Op = nullptr;
  Value Memref;
  SmallVector<LinearForm, 4> Dims;
  bool IsWrite = false;
  /// A read of the unit's output at other elements that no write of the
  /// unit ever touches (LU's `A[i][j] -= A[i][k] * A[k][j]` for j >= i reads
  /// rows k < i while it writes row i): the raised op reads it in place,
  /// with no copy. Set by checkUnit().
  mutable bool Untouched = false;

  /// The subscripts that use loops (constant subscripts are dropped by the
  /// rank-reducing subview).
  SmallVector<const LinearForm *, 4> loopDims() const;
  bool sameElementsAs(const Access &Other) const;
};

/// A domain cut from a box by one bound of a loop on an enclosing loop of
/// the unit: `Loops[Inner] < Loops[Outer] + Offset` (Below, as the lower
/// triangle `j <= i` of syrk has it) or `Loops[Inner] >= Loops[Outer] +
/// Offset` (the upper triangle `j >= i`). The other bounds are invariant.
struct Triangle {
  unsigned Outer = 0, Inner = 0;
  bool Below = true;
  int64_t Offset = 0;
};

/// A piece of a nest that raising replaces as a whole.
struct Unit {
  enum class Kind { Statement, LocalScalar };
  Kind K = Kind::Statement;
  unsigned Order = 0; ///< Position in the nest, for program order.
  /// The loops around the computing store, outermost first.
  mutable SmallVector<affine::AffineForOp, 4> Loops;
  /// The computing store: the statement, or the local scalar's reduction.
  mutable affine::AffineStoreOp Store;
  /// What the computation writes: the store's access, or for a local scalar
  /// the temporary indexed by the loops around its initialization.
  Access Output;
  /// Every access of the unit, for the legality of splitting the nest.
  SmallVector<Access, 8> Accesses;
  /// Whether Accesses holds all of them (an access whose subscripts are not
  /// affine in the unit's loops is not recorded): a nest may be split only
  /// where every unit's accesses are known.
  bool AccessesKnown = false;
  /// Ops that belong to this unit (stores); used to split the nest.
  SmallVector<Operation *, 3> Ops;

  // Local scalar accumulation: `store init, %s[]`, a loop nest updating %s,
  // `%v = load %s[]`, and an epilogue store using %v.
  Value Scalar;
  mutable affine::AffineStoreOp InitStore;
  mutable affine::AffineLoadOp FinalLoad;
  mutable affine::AffineStoreOp FinalStore;
  Access FinalOutput;
  unsigned NumOuter = 0; ///< Loops around the initialization.

  /// Why the unit cannot be raised at all, whatever the tactic; empty if it
  /// can be tried.
  std::string Unsupported;
  /// Set where the iteration space is a triangle (or a trapezoid) rather
  /// than a box; only products over it are raised, over the box around it
  /// with the elements outside it left as they are.
  std::optional<Triangle> Tri;

  /// The loop position of `Iv`, or -1.
  int loopOf(Value Iv) const;
  /// Whether the triangle is between a summed index, one the stored element
  /// does not have, and one it has (trmm's `k > i`, symm's `k < i` where k
  /// is the stored row): it drops terms of sums, never elements.
  bool cutsSum() const;
  /// Whether `V` is defined outside the nest (loop invariant).
  bool isInvariant(Value V) const;
  Operation *root() const { return Loops.front(); }
};

/// An outermost affine.for and its units.
struct Nest {
  affine::AffineForOp Root;
  SmallVector<Unit, 2> Units;
  /// Why nothing in the nest can be raised (e.g. a call in a loop body).
  std::string Unsupported;
  /// Whether the units may be executed one after another, each over its
  /// whole iteration space, instead of interleaved.
  bool Splittable = true;
};

/// Builds the units of the nest rooted at `Root`.
Nest analyzeNest(affine::AffineForOp Root);

/// Subscripts of an affine map applied to `Operands`, as linear forms over
/// `Loops`; fails (with `Why`) on non-linear subscripts and on subscripts
/// computed inside the nest.
LogicalResult computeForms(AffineMap Map, ValueRange Operands, const Unit &U,
                           SmallVectorImpl<LinearForm> &Forms,
                           std::string &Why);

/// Whether @p Op lies in the else region of an affine.if. MLIR's index sets
/// constrain an op by each enclosing affine.if's condition, whichever region
/// it is in: to MLIR's dependence test an op in an else region would seem
/// never to run.
bool inElseRegion(Operation *Op);

/// Whether an instance of the affine access @p Src may touch an element that
/// a later instance of the affine access @p Dst touches, one of them a write
/// (MLIR's affine dependence test at every depth of the loops around both,
/// and in the same iteration where @p Src comes first). True where the test
/// cannot decide, or where either is not an affine load or store.
bool mayPrecede(Operation *Src, Operation *Dst);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_NESTANALYSIS_H
