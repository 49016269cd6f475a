//===- IslToAffine.cpp - isl expressions as MLIR affine expressions -------===//

#include "IslToAffine.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/MLIRContext.h"
#include "polly/Support/GICHelper.h"
#include "polly/Support/ISLTools.h"

using namespace llvm;
using namespace mlir;
using namespace raising;

static Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

static std::string toString(isl_ast_expr *Expr) {
  char *Text = isl_ast_expr_to_C_str(Expr);
  std::string Result = Text ? Text : "?";
  free(Text);
  return Result;
}

/// The value of an integer isl_val, if it fits in 64 bits.
static std::optional<int64_t> toInt(isl::val V) {
  if (V.is_null() || !V.is_int().is_true())
    return std::nullopt;
  isl::val Min = isl::val(V.ctx(), INT64_MIN),
           Max = isl::val(V.ctx(), INT64_MAX);
  if (!V.lt(Min).is_false() || !V.gt(Max).is_false())
    return std::nullopt;
  return V.get_num_si();
}

static Expected<AffineExpr> getArg(isl_ast_expr *Expr, int I,
                                   IslIdLookup Lookup, MLIRContext *Ctx) {
  isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Expr, I));
  return toAffineExpr(Arg.get(), Lookup, Ctx);
}

Expected<AffineExpr> raising::toAffineExpr(isl_ast_expr *Expr,
                                           IslIdLookup Lookup,
                                           MLIRContext *Ctx) {
  switch (isl_ast_expr_get_type(Expr)) {
  case isl_ast_expr_int: {
    std::optional<int64_t> V =
        toInt(isl::manage(isl_ast_expr_int_get_val(Expr)));
    if (!V)
      return fail("integer constant out of range in " + toString(Expr));
    return getAffineConstantExpr(*V, Ctx);
  }
  case isl_ast_expr_id: {
    isl::id Id = isl::manage(isl_ast_expr_id_get_id(Expr));
    if (AffineExpr E = Lookup(Id.get()))
      return E;
    return fail("unknown identifier '" + Id.get_name() + "'");
  }
  case isl_ast_expr_op:
    break;
  case isl_ast_expr_error:
    return fail("invalid isl expression");
  }

  isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(Expr);
  isl_size N = isl_ast_expr_op_get_n_arg(Expr);
  if (Op == isl_ast_expr_op_minus) {
    Expected<AffineExpr> A = getArg(Expr, 0, Lookup, Ctx);
    if (!A)
      return A.takeError();
    return -*A;
  }
  if (N != 2)
    return fail("not an affine expression: " + toString(Expr));
  Expected<AffineExpr> L = getArg(Expr, 0, Lookup, Ctx);
  if (!L)
    return L.takeError();
  Expected<AffineExpr> R = getArg(Expr, 1, Lookup, Ctx);
  if (!R)
    return R.takeError();
  auto ConstantDivisor = [&]() -> std::optional<int64_t> {
    auto C = dyn_cast<AffineConstantExpr>(*R);
    if (!C || C.getValue() <= 0)
      return std::nullopt;
    return C.getValue();
  };
  switch (Op) {
  case isl_ast_expr_op_add:
    return *L + *R;
  case isl_ast_expr_op_sub:
    return *L - *R;
  case isl_ast_expr_op_mul:
    if (!L->isSymbolicOrConstant() && !R->isSymbolicOrConstant())
      return fail("product of loop iterators: " + toString(Expr));
    if (!isa<AffineConstantExpr>(*L) && !isa<AffineConstantExpr>(*R))
      return fail("product of variables: " + toString(Expr));
    return *L * *R;
  // isl only emits pdiv_q/pdiv_r for non-negative dividends, where floor
  // division and remainder agree with C's, and div where the division is
  // exact (an iterator range in bytes over the element size), where it is
  // floor division too.
  case isl_ast_expr_op_div:
  case isl_ast_expr_op_fdiv_q:
  case isl_ast_expr_op_pdiv_q:
    if (std::optional<int64_t> D = ConstantDivisor())
      return L->floorDiv(*D);
    return fail("division by a non-constant: " + toString(Expr));
  case isl_ast_expr_op_pdiv_r:
  case isl_ast_expr_op_zdiv_r:
    if (std::optional<int64_t> D = ConstantDivisor())
      return *L % *D;
    return fail("remainder by a non-constant: " + toString(Expr));
  default:
    return fail("not an affine expression: " + toString(Expr));
  }
}

Expected<SmallVector<AffineExpr, 2>>
raising::toBoundExprs(isl_ast_expr *Expr, isl_ast_expr_op_type Combiner,
                      IslIdLookup Lookup, MLIRContext *Ctx) {
  SmallVector<AffineExpr, 2> Results;
  if (isl_ast_expr_get_type(Expr) == isl_ast_expr_op &&
      isl_ast_expr_op_get_type(Expr) == Combiner) {
    for (int I = 0, E = isl_ast_expr_op_get_n_arg(Expr); I < E; ++I) {
      isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Expr, I));
      Expected<SmallVector<AffineExpr, 2>> Inner =
          toBoundExprs(Arg.get(), Combiner, Lookup, Ctx);
      if (!Inner)
        return Inner.takeError();
      Results.append(Inner->begin(), Inner->end());
    }
    return Results;
  }
  Expected<AffineExpr> E = toAffineExpr(Expr, Lookup, Ctx);
  if (!E)
    return E.takeError();
  Results.push_back(*E);
  return Results;
}

Expected<SmallVector<AffineConstraint, 4>>
raising::toConstraints(isl_ast_expr *Cond, IslIdLookup Lookup,
                       MLIRContext *Ctx) {
  if (isl_ast_expr_get_type(Cond) != isl_ast_expr_op)
    return fail("condition is not a comparison: " + toString(Cond));
  isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(Cond);
  SmallVector<AffineConstraint, 4> Result;
  if (Op == isl_ast_expr_op_and || Op == isl_ast_expr_op_and_then) {
    for (int I = 0, E = isl_ast_expr_op_get_n_arg(Cond); I < E; ++I) {
      isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Cond, I));
      auto Inner = toConstraints(Arg.get(), Lookup, Ctx);
      if (!Inner)
        return Inner.takeError();
      Result.append(Inner->begin(), Inner->end());
    }
    return Result;
  }
  if (isl_ast_expr_op_get_n_arg(Cond) != 2)
    return fail("condition is not a conjunction of comparisons: " +
                toString(Cond));
  Expected<AffineExpr> L = getArg(Cond, 0, Lookup, Ctx);
  if (!L)
    return L.takeError();
  Expected<AffineExpr> R = getArg(Cond, 1, Lookup, Ctx);
  if (!R)
    return R.takeError();
  switch (Op) {
  case isl_ast_expr_op_eq:
    Result.push_back({*L - *R, true});
    break;
  case isl_ast_expr_op_ge:
    Result.push_back({*L - *R, false});
    break;
  case isl_ast_expr_op_gt:
    Result.push_back({*L - *R - 1, false});
    break;
  case isl_ast_expr_op_le:
    Result.push_back({*R - *L, false});
    break;
  case isl_ast_expr_op_lt:
    Result.push_back({*R - *L - 1, false});
    break;
  default:
    return fail("condition is not a conjunction of comparisons: " +
                toString(Cond));
  }
  return Result;
}

Expected<SmallVector<AffineExpr, 2>>
raising::toUpperBoundExprs(isl_ast_expr *Cond, isl_id *Iterator,
                           IslIdLookup Lookup, MLIRContext *Ctx) {
  if (isl_ast_expr_get_type(Cond) != isl_ast_expr_op ||
      isl_ast_expr_op_get_n_arg(Cond) != 2)
    return fail("unsupported loop condition: " + toString(Cond));
  isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(Cond);
  if (Op != isl_ast_expr_op_le && Op != isl_ast_expr_op_lt)
    return fail("unsupported loop condition: " + toString(Cond));
  isl::ast_expr L = isl::manage(isl_ast_expr_op_get_arg(Cond, 0));
  if (isl_ast_expr_get_type(L.get()) != isl_ast_expr_id ||
      isl::manage(isl_ast_expr_id_get_id(L.get())).get() != Iterator)
    return fail("loop condition does not bound the iterator: " +
                toString(Cond));
  isl::ast_expr R = isl::manage(isl_ast_expr_op_get_arg(Cond, 1));
  auto Bounds = toBoundExprs(R.get(), isl_ast_expr_op_min, Lookup, Ctx);
  if (!Bounds)
    return Bounds.takeError();
  if (Op == isl_ast_expr_op_le)
    for (AffineExpr &B : *Bounds)
      B = B + 1;
  return Bounds;
}

Expected<AffineExpr> raising::toAffineExpr(isl::aff Aff,
                                           ArrayRef<AffineExpr> DomainDims,
                                           IslIdLookup Lookup,
                                           MLIRContext *Ctx) {
  // Scale to integer coefficients: Aff = Num / Den.
  isl::val Den = Aff.get_denominator_val();
  std::optional<int64_t> D = toInt(Den);
  if (!D || *D <= 0)
    return fail("affine function with an unsupported denominator");
  isl::aff Num = Aff.scale(Den);

  AffineExpr Result = getAffineConstantExpr(0, Ctx);
  auto AddTerm = [&](isl::val Coefficient, AffineExpr Term) -> Error {
    std::optional<int64_t> C = toInt(Coefficient);
    if (!C)
      return fail("coefficient out of range");
    if (*C)
      Result = Result + Term * *C;
    return Error::success();
  };
  std::optional<int64_t> C0 = toInt(Num.get_constant_val());
  if (!C0)
    return fail("constant out of range");
  Result = Result + *C0;

  isl_aff *Raw = Num.get();
  isl_size NumIn = isl_aff_dim(Raw, isl_dim_in);
  if (NumIn < 0 || static_cast<size_t>(NumIn) > DomainDims.size())
    return fail("affine function over more dimensions than the domain");
  for (isl_size I = 0; I < NumIn; ++I)
    if (Error E = AddTerm(
            isl::manage(isl_aff_get_coefficient_val(Raw, isl_dim_in, I)),
            DomainDims[I]))
      return std::move(E);

  isl::space Space = isl::manage(isl_aff_get_domain_space(Raw));
  for (isl_size I = 0, E = isl_aff_dim(Raw, isl_dim_param); I < E; ++I) {
    isl::val Coefficient =
        isl::manage(isl_aff_get_coefficient_val(Raw, isl_dim_param, I));
    if (Coefficient.is_zero().is_true())
      continue;
    isl::id Id =
        isl::manage(isl_space_get_dim_id(Space.get(), isl_dim_param, I));
    AffineExpr Param = Lookup(Id.get());
    if (!Param)
      return fail("unknown parameter '" + Id.get_name() + "'");
    if (Error Err = AddTerm(Coefficient, Param))
      return std::move(Err);
  }

  for (isl_size I = 0, E = isl_aff_dim(Raw, isl_dim_div); I < E; ++I) {
    isl::val Coefficient =
        isl::manage(isl_aff_get_coefficient_val(Raw, isl_dim_div, I));
    if (Coefficient.is_zero().is_true())
      continue;
    isl::aff Div = isl::manage(isl_aff_get_div(Raw, I));
    std::optional<int64_t> DivDen = toInt(Div.get_denominator_val());
    if (!DivDen || *DivDen <= 0)
      return fail("division with an unsupported denominator");
    Expected<AffineExpr> Inner = toAffineExpr(
        Div.scale(Div.get_denominator_val()), DomainDims, Lookup, Ctx);
    if (!Inner)
      return Inner.takeError();
    if (Error Err = AddTerm(Coefficient, Inner->floorDiv(*DivDen)))
      return std::move(Err);
  }
  return *D == 1 ? Result : Result.floorDiv(*D);
}

Expected<SmallVector<isl::aff, 4>> raising::toAffs(isl::map Relation) {
  if (!Relation.is_single_valued().is_true())
    return fail("access relation is not a function");
  return toAffs(isl::pw_multi_aff::from_map(Relation));
}

Expected<SmallVector<isl::aff, 4>> raising::toAffs(isl::pw_multi_aff PMA) {
  if (isl_pw_multi_aff_n_piece(PMA.get()) != 1)
    return fail("access relation is piecewise: " +
                polly::stringFromIslObj(PMA));
  isl::multi_aff MA;
  PMA.foreach_piece([&](isl::set, isl::multi_aff Piece) -> isl::stat {
    MA = Piece;
    return isl::stat::ok();
  });
  SmallVector<isl::aff, 4> Affs;
  for (unsigned I = 0, E = unsignedFromIslSize(MA.dim(isl::dim::out)); I < E;
       ++I)
    Affs.push_back(MA.at(I));
  return Affs;
}
