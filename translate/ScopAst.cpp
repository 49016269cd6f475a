//===- ScopAst.cpp - The isl AST of a SCoP's original loops ---------------===//

#include "ScopAst.h"

#include "polly/CodeGen/IslAst.h"
#include "polly/ScopInfo.h"

#include "isl/ast_build.h"
#include "isl/options.h"

using namespace raising;

ScopAst raising::buildScopAst(polly::Scop &S) {
  isl_ctx *Ctx = S.getIslCtx().get();
  isl_options_set_ast_build_atomic_upper_bound(Ctx, true);
  isl_options_set_ast_build_detect_min_max(Ctx, true);
  isl::ast_build Build = isl::ast_build::from_context(S.getContext());
  ScopAst Ast;
  Ast.RunCondition = polly::IslAst::buildRunCondition(S, Build);
  Ast.Root = Build.node_from(S.getScheduleTree());
  return Ast;
}
