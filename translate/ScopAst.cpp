//===- ScopAst.cpp - The isl AST of a SCoP's original loops ---------------===//

#include "ScopAst.h"

#include "polly/CodeGen/IslAst.h"
#include "polly/ScopInfo.h"
#include "polly/Support/ISLTools.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "isl/ast_build.h"
#include "isl/options.h"

#include <cstdint>

using namespace raising;

/// The parameters for which the translated code runs: those the SCoP may
/// see at all, minus those the run-time check turns away (Polly's assumed
/// context, less its invalid context).
static isl::set getCheckedContext(polly::Scop &S) {
  isl::set Checked = S.getContext().intersect(S.getAssumedContext());
  isl::set Invalid = S.getInvalidContext();
  if (!Invalid.is_null() && !Invalid.is_empty().is_true())
    Checked = Checked.subtract(Invalid);
  return Checked.coalesce();
}

/// True if @p Pred holds for @p Expr or an expression in it.
static bool anyInExpr(isl_ast_expr *Expr,
                      llvm::function_ref<bool(isl_ast_expr *)> Pred) {
  if (Pred(Expr))
    return true;
  if (isl_ast_expr_get_type(Expr) != isl_ast_expr_op)
    return false;
  for (int I = 0, E = isl_ast_expr_op_get_n_arg(Expr); I < E; ++I) {
    isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Expr, I));
    if (anyInExpr(Arg.get(), Pred))
      return true;
  }
  return false;
}

/// True if @p Expr is or holds a disjunction (`a || b`).
static bool hasDisjunction(isl_ast_expr *Expr) {
  return anyInExpr(Expr, [](isl_ast_expr *E) {
    if (isl_ast_expr_get_type(E) != isl_ast_expr_op)
      return false;
    isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(E);
    return Op == isl_ast_expr_op_or || Op == isl_ast_expr_op_or_else;
  });
}

/// True if a condition in @p Root is a disjunction, which no affine.if can
/// express.
static bool hasDisjunctiveCondition(const isl::ast_node &Root) {
  bool Found = false;
  isl_ast_node_foreach_descendant_top_down(
      Root.get(),
      [](isl_ast_node *Node, void *User) -> isl_bool {
        bool &Found = *static_cast<bool *>(User);
        if (isl_ast_node_get_type(Node) == isl_ast_node_if) {
          isl::ast_expr Cond = isl::manage(isl_ast_node_if_get_cond(Node));
          Found |= hasDisjunction(Cond.get());
        }
        return Found ? isl_bool_false : isl_bool_true;
      },
      &Found);
  return Found;
}

bool raising::hasLargeInts(const isl::ast_expr &Expr) {
  return !Expr.is_null() && anyInExpr(Expr.get(), [](isl_ast_expr *E) {
    if (isl_ast_expr_get_type(E) != isl_ast_expr_int)
      return false;
    isl::val V = isl::manage(isl_ast_expr_int_get_val(E));
    return bool(V.abs().ge(isl::val(V.ctx(), INT64_MAX - 2)));
  });
}

/// Polly's run-time check, in a form Polly's code generator computes.
/// 64-bit sizes give an invalid context with integers beyond 64 bits
/// (`W - KW <= -2^63 - 2`: a difference that wraps), and on those Polly
/// gives up: its check is constant false and the raised code never runs.
/// Where every parameter lies within +-2^56 (no array has more bytes than
/// an address space, 2^57) such cases cannot arise: the
/// check tests that first and is built for those parameters, so isl drops
/// them.
static isl::ast_expr buildRunCondition(polly::Scop &S,
                                       const isl::ast_build &Build) {
  isl::ast_expr Condition = polly::IslAst::buildRunCondition(S, Build);
  if (!raising::hasLargeInts(Condition))
    return Condition;
  isl::set Bounded = isl::set::universe(S.getContext().get_space());
  const long Limit = long(1) << 56;
  for (unsigned P = 0, E = unsignedFromIslSize(Bounded.dim(isl::dim::param));
       P < E; ++P)
    Bounded = Bounded.lower_bound_val(isl::dim::param, P, -Limit)
                  .upper_bound_val(isl::dim::param, P, Limit);
  isl::ast_build Within =
      isl::ast_build::from_context(S.getContext().intersect(Bounded));
  isl::ast_expr Narrowed = polly::IslAst::buildRunCondition(S, Within);
  if (Narrowed.is_null() || raising::hasLargeInts(Narrowed))
    return Condition;
  return isl::manage(
      isl_ast_expr_and(Build.expr_from(Bounded).release(), Narrowed.release()));
}

ScopAst raising::buildScopAst(polly::Scop &S) {
  isl_ctx *Ctx = S.getIslCtx().get();
  isl_options_set_ast_build_atomic_upper_bound(Ctx, true);
  isl_options_set_ast_build_detect_min_max(Ctx, true);
  isl::ast_build Build = isl::ast_build::from_context(S.getContext());
  ScopAst Ast;
  Ast.RunCondition = buildRunCondition(S, Build);
  Ast.Root = Build.node_from(S.getScheduleTree());
  // An unsigned size Polly reads as signed leaves domains such as `n < 0 or
  // n > 0` (n != 0), whose negative half the run-time check rejects. The
  // translated code runs only where the check holds: built for those
  // parameters alone, the AST says `n > 0`.
  if (!Ast.Root.is_null() && hasDisjunctiveCondition(Ast.Root)) {
    isl::set Checked = getCheckedContext(S);
    if (!Checked.is_null() && !Checked.is_empty().is_true())
      Ast.Root =
          isl::ast_build::from_context(Checked).node_from(S.getScheduleTree());
  }
  return Ast;
}
