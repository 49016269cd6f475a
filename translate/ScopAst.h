//===- ScopAst.h - The isl AST of a SCoP's original loops -------*- C++ -*-===//
//
// raise translates a SCoP from the isl AST of its own schedule and splices
// it behind Polly's run-time check. Polly's AST generation (runIslAstGen)
// builds both, but first computes the SCoP's dependences, which only its
// parallel-loop annotations read and raise never asks for: on Darknet's
// GEMM file that analysis was a tenth of the whole compile.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_SCOPAST_H
#define RAISE_TRANSLATE_SCOPAST_H

#include "isl/isl-noexceptions.h"

namespace polly {
class Scop;
} // namespace polly

namespace raising {

/// The AST of a SCoP's schedule and the condition under which the SCoP's
/// assumptions hold and its arrays do not alias.
struct ScopAst {
  isl::ast_node Root;
  isl::ast_expr RunCondition;
};

/// Builds both as Polly's AST generation does (the same isl options, the
/// SCoP's context), without its dependence analysis. Where Polly's check
/// holds integers beyond 64 bits, the run condition first tests that every
/// parameter lies within +-2^56 and is built for those parameters.
ScopAst buildScopAst(polly::Scop &S);

/// True if @p Expr holds an integer outside the range of int64_t: Polly's
/// code generator makes such a check constant false.
bool hasLargeInts(const isl::ast_expr &Expr);

} // namespace raising

#endif // RAISE_TRANSLATE_SCOPAST_H
