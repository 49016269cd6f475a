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
/// SCoP's context), without its dependence analysis.
ScopAst buildScopAst(polly::Scop &S);

} // namespace raising

#endif // RAISE_TRANSLATE_SCOPAST_H
