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

/// True if @p Expr holds an integer outside the range of int64_t or at its
/// ends: Polly's code generator makes such a check constant false, and also
/// one that compares a 64-bit parameter with -2^63 (the invalid context of
/// a Fortran main program's nest whose extents and lower bounds it loads
/// from global descriptors: `lb = -2^63`, where `i - lb` would wrap).
bool hasLargeInts(const isl::ast_expr &Expr);

} // namespace raising

#endif // RAISE_TRANSLATE_SCOPAST_H
