//===- AffineForm.cpp - Affine functions as integer coefficients ----------===//

#include "AffineForm.h"

#include "polly/Support/ISLTools.h"
#include "isl/aff.h"
#include "isl/local_space.h"
#include "isl/set.h"
#include "isl/val.h"

using namespace llvm;
using namespace raising;

/// Coefficients beyond this are refused rather than risking overflow in the
/// int64_t arithmetic of splitting; no real array has a 2^40-element stride.
static constexpr int64_t MaxMagnitude = int64_t(1) << 40;

bool AffineForm::isDivisibleBy(int64_t Divisor) const {
  auto Divides = [&](int64_t V) { return V % Divisor == 0; };
  return all_of(Iters, Divides) && all_of(Params, Divides) && Divides(Constant);
}

AffineForm AffineForm::divideBy(int64_t Divisor) const {
  AffineForm Result = *this;
  for (int64_t &V : Result.Iters)
    V /= Divisor;
  for (int64_t &V : Result.Params)
    V /= Divisor;
  Result.Constant /= Divisor;
  return Result;
}

/// @p V as an integer of safe magnitude.
static std::optional<int64_t> readInt(isl::val V) {
  if (V.is_null() || !V.is_int() || V.abs().ge(isl::val(V.ctx(), MaxMagnitude)))
    return std::nullopt;
  return V.get_num_si();
}

std::optional<AffineForm> raising::readAffineForm(isl::pw_aff PA,
                                                  isl::set Domain) {
  PA = PA.intersect_domain(Domain).coalesce();
  if (PA.is_null() || unsignedFromIslSize(PA.n_piece()) != 1)
    return std::nullopt;
  isl::set PieceDomain;
  isl::aff Aff;
  PA.foreach_piece([&](isl::set Set, isl::aff A) -> isl::stat {
    PieceDomain = Set;
    Aff = A;
    return isl::stat::ok();
  });
  // The one piece must cover the whole domain, or the form is not valid on
  // all of it.
  if (Aff.is_null() || !Domain.is_subset(PieceDomain).is_true())
    return std::nullopt;
  if (isl_aff_dim(Aff.get(), isl_dim_div) != 0)
    return std::nullopt;
  if (!isl::manage(isl_aff_get_denominator_val(Aff.get())).is_one())
    return std::nullopt;

  AffineForm Form;
  for (enum isl_dim_type Type : {isl_dim_in, isl_dim_param}) {
    isl_size N = isl_aff_dim(Aff.get(), Type);
    if (N < 0)
      return std::nullopt;
    for (int I = 0; I < N; ++I) {
      std::optional<int64_t> C =
          readInt(isl::manage(isl_aff_get_coefficient_val(Aff.get(), Type, I)));
      if (!C)
        return std::nullopt;
      (Type == isl_dim_in ? Form.Iters : Form.Params).push_back(*C);
    }
  }
  std::optional<int64_t> C =
      readInt(isl::manage(isl_aff_get_constant_val(Aff.get())));
  if (!C)
    return std::nullopt;
  Form.Constant = *C;
  return Form;
}

isl::aff raising::buildAff(const AffineForm &Form, isl::space DomainSpace) {
  isl_ctx *Ctx = DomainSpace.ctx().get();
  isl_aff *Aff =
      isl_aff_zero_on_domain(isl_local_space_from_space(DomainSpace.release()));
  // The _val setters: the _si ones take an int, too narrow for a stride.
  auto Val = [&](int64_t V) { return isl_val_int_from_si(Ctx, V); };
  for (unsigned I = 0; I < Form.Iters.size(); ++I)
    Aff = isl_aff_set_coefficient_val(Aff, isl_dim_in, I, Val(Form.Iters[I]));
  for (unsigned I = 0; I < Form.Params.size(); ++I)
    Aff =
        isl_aff_set_coefficient_val(Aff, isl_dim_param, I, Val(Form.Params[I]));
  return isl::manage(isl_aff_set_constant_val(Aff, Val(Form.Constant)));
}
