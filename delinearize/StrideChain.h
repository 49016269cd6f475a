//===- StrideChain.h - Array shapes from strides ----------------*- C++ -*-===//
//
// The integer arithmetic of delinearization, apart from isl and LLVM IR so
// that it can be tested on plain numbers: which strides (in elements) make up
// an array's dimensions, and how one access's linear offset splits into one
// subscript per dimension.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_STRIDECHAIN_H
#define RAISE_DELINEARIZE_STRIDECHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>

namespace raising {

/// The strides of an array's dimensions in elements, outermost first; the
/// last is always 1 and each divides the one before it. An array of shape
/// `[?][20][30]` has the strides {600, 30, 1}.
using StrideChain = llvm::SmallVector<int64_t, 4>;

/// The iterator coefficients (in elements) of one access's linear offset.
/// A memset or memcpy covers a contiguous range, which counts as a unit
/// stride: its list holds a 1.
using AccessStrides = llvm::SmallVector<int64_t, 4>;

/// Chooses the dimension strides of one array from all its accesses.
///
/// A coefficient becomes a dimension stride only if the same access also
/// moves along a smaller stride: in `A[1100*i + j]` the 1100 separates two
/// dimensions, while the lone 2 of `x[2*i]` or the 1101 of a diagonal
/// `A[1101*i]` are just steps through the dimensions already found (they
/// are split over them later). Returns std::nullopt, with @p Reason set, when
/// two strides do not nest (`A[100*i + j]` and `A[120*i + j]`): no single
/// shape fits both, and a guess would be a miscompile.
std::optional<StrideChain> chooseStrides(llvm::ArrayRef<AccessStrides> Accesses,
                                         std::string &Reason);

/// The strides of a second guess, where chooseStrides's shape does not fit
/// the accesses: every coefficient larger than one that nests with the
/// smaller ones found, skipping those that do not (the 1201 of `A[1201*i +
/// j]`, i also the column's start, is 1200 + 1), where every coefficient
/// is a sum of strides (each index moves each subscript by at most one).
/// Only the bounds check of the subscripts it gives can accept it.
/// std::nullopt if it has one dimension or a coefficient is no such sum.
std::optional<StrideChain>
chooseStridesAcross(llvm::ArrayRef<AccessStrides> Accesses);

/// The dimension sizes that @p Strides imply, outermost first; the outermost
/// is unknown (0), as for a C array parameter.
llvm::SmallVector<int64_t, 4>
getDimensionSizes(llvm::ArrayRef<int64_t> Strides);

/// Splits the coefficient @p Coeff of one term of a linear offset over the
/// dimensions: the result R has Coeff == sum(R[m] * Strides[m]), each |R[m]|
/// of an inner dimension below its size and all of them of Coeff's sign
/// (digits of a mixed radix number, truncated toward zero). 1100 becomes
/// {1, 0} and 1101 becomes {1, 1} for the strides {1100, 1}.
llvm::SmallVector<int64_t, 4> splitCoefficient(int64_t Coeff,
                                               llvm::ArrayRef<int64_t> Strides);

/// Splits the constant @p Constant of a linear offset over the dimensions so
/// that each inner subscript starts inside its dimension: @p MinSubscripts
/// holds, per dimension, the smallest value the rest of the subscript takes
/// (std::nullopt if unbounded, taken as 0). For `A[(i+1)*1100 + k-1]` with
/// k >= 1 the constant 1099 becomes {1, -1}, i.e. `A[i+1][k-1]`; with k >= 0
/// it becomes {0, 1099}, the only split that keeps `k + c` inside a row for
/// k = 0. The result R has Constant == sum(R[m] * Strides[m]).
llvm::SmallVector<int64_t, 4>
splitConstant(int64_t Constant, llvm::ArrayRef<int64_t> Strides,
              llvm::ArrayRef<std::optional<int64_t>> MinSubscripts);

} // namespace raising

#endif // RAISE_DELINEARIZE_STRIDECHAIN_H
