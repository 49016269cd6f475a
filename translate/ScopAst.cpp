//===- ScopAst.cpp - The isl AST of a SCoP's original loops ---------------===//

#include "ScopAst.h"

#include "polly/CodeGen/IslAst.h"
#include "polly/ScopInfo.h"

#include "isl/ast_build.h"
#include "isl/options.h"

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

/// True if @p Expr is or holds a disjunction (`a || b`).
static bool hasDisjunction(isl_ast_expr *Expr) {
  if (isl_ast_expr_get_type(Expr) != isl_ast_expr_op)
    return false;
  isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(Expr);
  if (Op == isl_ast_expr_op_or || Op == isl_ast_expr_op_or_else)
    return true;
  for (int I = 0, E = isl_ast_expr_op_get_n_arg(Expr); I < E; ++I) {
    isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Expr, I));
    if (hasDisjunction(Arg.get()))
      return true;
  }
  return false;
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

ScopAst raising::buildScopAst(polly::Scop &S) {
  isl_ctx *Ctx = S.getIslCtx().get();
  isl_options_set_ast_build_atomic_upper_bound(Ctx, true);
  isl_options_set_ast_build_detect_min_max(Ctx, true);
  isl::ast_build Build = isl::ast_build::from_context(S.getContext());
  ScopAst Ast;
  Ast.RunCondition = polly::IslAst::buildRunCondition(S, Build);
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
