//===- AffineForm.h - Affine functions as integer coefficients --*- C++ -*-===//
//
// An isl affine function of a statement's iterators and the SCoP's
// parameters, read out into plain integers (and built back), so that
// delinearization can split it term by term.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_AFFINEFORM_H
#define RAISE_DELINEARIZE_AFFINEFORM_H

#include "polly/Support/GICHelper.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>

namespace raising {

/// Constant + sum(Iters[i] * iterator i) + sum(Params[p] * parameter p).
struct AffineForm {
  llvm::SmallVector<int64_t, 4> Iters;
  llvm::SmallVector<int64_t, 4> Params;
  int64_t Constant = 0;

  /// True if every coefficient and the constant are multiples of @p Divisor.
  bool isDivisibleBy(int64_t Divisor) const;
  /// This form divided by @p Divisor, which must divide it.
  AffineForm divideBy(int64_t Divisor) const;
};

/// Reads @p PA as one affine form valid on all of @p Domain; std::nullopt if
/// it has several pieces there, integer divisions, rational coefficients or
/// coefficients too large to handle safely. @p PA and @p Domain must live in
/// the same space with the same parameters.
std::optional<AffineForm> readAffineForm(isl::pw_aff PA, isl::set Domain);

/// Builds @p Form as an affine function on @p Domain's space.
isl::aff buildAff(const AffineForm &Form, isl::space DomainSpace);

} // namespace raising

#endif // RAISE_DELINEARIZE_AFFINEFORM_H
