//===- Ttgt.h - Tensor contractions as transposes and one GEMM --*- C++ -*-===//
//
// TTGT (transpose-transpose-GEMM-transpose) runs a tensor contraction such
// as C(a,b,c) += A(a,c,d) * B(d,b) as one matrix product: the operands are
// transposed and reshaped into matrices (`where f = a * c` flattens a and c
// into one index, row-major), multiplied, and the result is transposed back.
// A tactic asks for it with a builder program:
//
//   builder
//     X(f,d) = A(a,c,d) where f = a * c      # reshape A into a matrix
//     Z(f,b) = C(a,b,c) where f = a * c      # C's current values
//     Z(f,b) += X(f,d) * B(d,b)              # the GEMM
//     C(a,b,c) = Z(f,b) where f = a * c      # back into C
//
// It is used only where it is exact: per output element the GEMM must sum
// over the flattened contraction index in the order the loops summed, i.e.
// the contracted indices' loops must be nested in the order the where
// clause flattens them. Otherwise the tactic's contraction stays one
// linalg.generic with the loops' own body. Where the operands are matrices
// once the outer contracted indices are fixed (C(a,b) += A(c,a,d) *
// B(d,c,b)), loops over those indices run the GEMM over the innermost one
// on views instead, with nothing copied.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_TTGT_H
#define RAISE_MLIR_PASSES_TTGT_H

#include "BuilderSupport.h"
#include "Matcher.h"
#include "Passes.h"

namespace mlir {
namespace raise {

/// Whether `T`'s builder is a TTGT program (more than one builder statement,
/// or a `where` clause) rather than one operation.
bool isTtgtBuilder(const Tactic &T);

/// What buildTtgt did.
struct TtgtResult {
  enum class Status {
    Built,   ///< TTGT was emitted; `Gemm` is its matrix product.
    NotUsed, ///< Not exact, not profitable or not supported (`Why`);
             ///< nothing was emitted.
    Failed,  ///< Emission failed halfway (`Why`); the caller must undo.
  };
  Status S = Status::NotUsed;
  Operation *Gemm = nullptr;
  std::string Why;
  std::string Detail; ///< For the report: the GEMM's shape and copies.
};

/// Emits the TTGT form of `U`, matched by `M`, at the insertion point of `B`,
/// if it is exact and profitable under `Opts`. `NamedOps` allows
/// linalg.matmul for the GEMM (a matrix-shaped linalg.generic with the
/// loops' own body otherwise).
TtgtResult buildTtgt(OpBuilder &B, Location Loc, const Unit &U,
                     const MatchResult &M, ArrayRef<LoopRange> Ranges,
                     bool NamedOps, const TtgtOptions &Opts);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_TTGT_H
