//===- BlasPlan.h - A linalg operation as CBLAS calls -----------*- C++ -*-===//
//
// The analysis behind raise-linalg-to-blas: whether a linalg operation
// computes `C += alpha * op(A) * op(B)` or `y += alpha * op(A) * x` on
// strided f32/f64 memrefs, how its operands map onto CBLAS's row-major
// arguments, and which operations around it fold into beta.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_BLASPLAN_H
#define RAISE_MLIR_PASSES_BLASPLAN_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace mlir {
namespace raise {

/// The body's product `s * a * b`: its loop-invariant factors s (values
/// from outside the operation, or constants of the body) and the sign.
struct Product {
  SmallVector<Value> Factors;
  bool Negate = false;
};

/// How one operand is stored, for CBLAS: per memref dimension the loop it
/// is indexed by; for a matrix, which dimension is contiguous.
struct Operand {
  Value Memref;
  AffineMap Map;
  /// Memref dimensions of the loops other than the batch loop: the leading
  /// (row) dimension first, the contiguous one second; one for a vector.
  SmallVector<unsigned, 2> Dims;
  /// The memref dimension of the batch loop, if any.
  std::optional<unsigned> BatchDim;
  /// The loop of memref dimension @p D.
  unsigned loop(unsigned D) const { return Map.getDimPosition(D); }
};

/// What is folded into beta.
enum class Beta {
  One,    ///< Nothing: C += ...
  Zero,   ///< A fill of +0.0 before the product.
  Scaled, ///< C *= s before the product.
  Fused,  ///< T = 0; T += ...; C += T, computed as C += ... .
};

/// One operation mapped onto a CBLAS call, and the operations around it
/// that the call replaces.
struct BlasPlan {
  linalg::LinalgOp Op;
  FloatType ElemTy;
  bool Gemv = false;
  /// Gemm: A (rows M), B, C. Gemv: the matrix, x, y.
  Operand A, B, C;
  /// Gemm: the transposition flags. Gemv: A's (A's rows are the
  /// contraction index).
  bool TransA = false, TransB = false;
  std::optional<unsigned> BatchLoop;
  Product Alpha;
  Beta BetaKind = Beta::One;
  /// The scaling's factor (Beta::Scaled).
  Value BetaValue;
  /// The fill or scaling before the product, the add after it (Fused).
  Operation *Before = nullptr, *After = nullptr;

  /// The operations the call replaces, in block order.
  SmallVector<Operation *, 3> group() const {
    SmallVector<Operation *, 3> Ops;
    if (Before)
      Ops.push_back(Before);
    Ops.push_back(Op);
    if (After)
      Ops.push_back(After);
    return Ops;
  }
};

/// Analyses @p Op as `C += alpha * op(A) * op(B)` or `y += alpha * op(A) * x`
/// (with an optional batch loop). Fails with the reason in @p Why, or with
/// @p Why empty if @p Op is not contraction-shaped at all (not worth a
/// remark).
FailureOr<BlasPlan> analyseForBlas(linalg::LinalgOp Op, std::string &Why);

/// Finds what the call can absorb around the product: the fill or scaling
/// of C right before it, and a temporary accumulated into the real output.
void foldNeighbours(BlasPlan &P);

/// True if @p V is defined in @p Op's regions.
bool definedInside(Value V, Operation *Op);

/// What the call does, for remarks: "cblas_sgemm (A transposed; beta = 0
/// from the fill before it)".
std::string describe(const BlasPlan &P, StringRef Callee);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_BLASPLAN_H
