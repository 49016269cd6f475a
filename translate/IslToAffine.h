//===- IslToAffine.h - isl expressions as affine expressions ----*- C++ -*-===//
//
// The isl AST and access relations speak quasi-affine integer expressions;
// MLIR's affine dialect speaks the same language. These helpers translate one
// into the other, and refuse anything that is not affine (a product of two
// variables, a division by a variable) rather than approximate it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_ISLTOAFFINE_H
#define RAISE_TRANSLATE_ISLTOAFFINE_H

#include "mlir/IR/AffineExpr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include "isl/isl-noexceptions.h"

namespace raising {

/// Names an isl id (an AST iterator or a SCoP parameter) as an affine
/// dimension or symbol; a null expression means the id is unknown.
using IslIdLookup = llvm::function_ref<mlir::AffineExpr(isl_id *)>;

/// Translates an isl AST expression built of integers, ids, +, -, *, and
/// divisions or remainders by constants.
llvm::Expected<mlir::AffineExpr>
toAffineExpr(isl_ast_expr *Expr, IslIdLookup Lookup, mlir::MLIRContext *Ctx);

/// Translates a loop bound: `min(a, b, ...)` (for an upper bound) or
/// `max(a, b, ...)` (for a lower bound) becomes one result per operand.
llvm::Expected<llvm::SmallVector<mlir::AffineExpr, 2>>
toBoundExprs(isl_ast_expr *Expr, isl_ast_expr_op_type Combiner,
             IslIdLookup Lookup, mlir::MLIRContext *Ctx);

/// One affine constraint: `Expr == 0` if IsEq, else `Expr >= 0`.
struct AffineConstraint {
  mlir::AffineExpr Expr;
  bool IsEq;
};

/// Translates a conjunction of comparisons (an `if` condition of the AST).
llvm::Expected<llvm::SmallVector<AffineConstraint, 4>>
toConstraints(isl_ast_expr *Cond, IslIdLookup Lookup, mlir::MLIRContext *Ctx);

/// The exclusive upper bound of a for loop whose condition is
/// `Iterator <= E` or `Iterator < E` (E possibly a min): one result per bound.
llvm::Expected<llvm::SmallVector<mlir::AffineExpr, 2>>
toUpperBoundExprs(isl_ast_expr *Cond, isl_id *Iterator, IslIdLookup Lookup,
                  mlir::MLIRContext *Ctx);

/// Translates an affine function of a statement's domain: input dimension i
/// is @p DomainDims[i], parameters are named by @p Lookup.
llvm::Expected<mlir::AffineExpr>
toAffineExpr(isl::aff Aff, llvm::ArrayRef<mlir::AffineExpr> DomainDims,
             IslIdLookup Lookup, mlir::MLIRContext *Ctx);

/// Splits a single-valued relation (an access relation) into one affine
/// function per output dimension; fails if it is piecewise.
llvm::Expected<llvm::SmallVector<isl::aff, 4>> toAffs(isl::map Relation);

/// The same for a function that is already explicit.
llvm::Expected<llvm::SmallVector<isl::aff, 4>> toAffs(isl::pw_multi_aff PMA);

} // namespace raising

#endif // RAISE_TRANSLATE_ISLTOAFFINE_H
