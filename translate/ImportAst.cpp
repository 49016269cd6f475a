//===- ImportAst.cpp - The isl AST of a SCoP as affine loops --------------===//
//
// Walks the isl AST that Polly builds for the SCoP's schedule, as Polly's own
// code generator does: a for node becomes an affine.for, an if node an
// affine.if, a block its children in order, and a user node one instance of
// its statement, whose domain dimensions are affine expressions of the open
// loops and the parameters.
//
//===----------------------------------------------------------------------===//

#include "IslToAffine.h"
#include "ScopImporter.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/IntegerSet.h"
#include "polly/CodeGen/IslAst.h"
#include "polly/ScopInfo.h"
#include "polly/Support/ISLTools.h"

using namespace mlir;
using namespace raising;
using llvm::Error;
using llvm::Expected;

Error ScopImporter::importUser(isl_ast_node *Node) {
  isl::ast_expr Call = isl::manage(isl_ast_node_user_get_expr(Node));
  isl::ast_expr Callee = isl::manage(isl_ast_expr_op_get_arg(Call.get(), 0));
  isl::id Id = isl::manage(isl_ast_expr_id_get_id(Callee.get()));
  auto *Stmt = static_cast<polly::ScopStmt *>(Id.get_user());
  if (!Stmt)
    return fail("AST node without a statement");
  StmtState State(*Stmt);
  for (int I = 1, E = isl_ast_expr_op_get_n_arg(Call.get()); I < E; ++I) {
    isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Call.get(), I));
    Expected<AffineExpr> X = raising::toAffineExpr(
        Arg.get(), [&](isl_id *Id) { return lookupId(Id); }, &Ctx);
    if (!X)
      return X.takeError();
    State.DomainDims.push_back(*X);
  }
  return importStmt(State);
}

Error ScopImporter::importFor(isl_ast_node *Node) {
  auto Lookup = [&](isl_id *Id) { return lookupId(Id); };
  isl::ast_expr Iterator = isl::manage(isl_ast_node_for_get_iterator(Node));
  isl::id IteratorId = isl::manage(isl_ast_expr_id_get_id(Iterator.get()));
  isl::ast_expr Init = isl::manage(isl_ast_node_for_get_init(Node));
  auto Lower = toBoundExprs(Init.get(), isl_ast_expr_op_max, Lookup, &Ctx);
  if (!Lower)
    return Lower.takeError();

  llvm::SmallVector<AffineExpr, 2> Upper;
  int64_t Step = 1;
  if (isl_ast_node_for_is_degenerate(Node) == isl_bool_true) {
    // One iteration: the loop runs from the initial value to one past it.
    if (Lower->size() != 1)
      return fail("degenerate loop with several lower bounds");
    Upper.push_back(Lower->front() + 1);
  } else {
    isl::ast_expr Cond = isl::manage(isl_ast_node_for_get_cond(Node));
    auto Bounds = toUpperBoundExprs(Cond.get(), IteratorId.get(), Lookup, &Ctx);
    if (!Bounds)
      return Bounds.takeError();
    Upper = *Bounds;
    isl::ast_expr Inc = isl::manage(isl_ast_node_for_get_inc(Node));
    Expected<AffineExpr> IncExpr =
        raising::toAffineExpr(Inc.get(), Lookup, &Ctx);
    if (!IncExpr)
      return IncExpr.takeError();
    auto C = dyn_cast<AffineConstantExpr>(*IncExpr);
    if (!C || C.getValue() <= 0)
      return fail("loop with a non-constant or non-positive step");
    Step = C.getValue();
  }

  auto [LowerMap, LowerOperands] = makeMap(*Lower);
  auto [UpperMap, UpperOperands] = makeMap(Upper);
  auto For = affine::AffineForOp::create(B, Loc, LowerOperands, LowerMap,
                                         UpperOperands, UpperMap, Step);
  ++Result.NumLoops;
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(For.getBody()->getTerminator());
  IteratorDims[IteratorId.get()] = IVs.size();
  IVs.push_back(For.getInductionVar());
  isl::ast_node Body = isl::manage(isl_ast_node_for_get_body(Node));
  Error E = importNode(Body.get());
  IVs.pop_back();
  IteratorDims.erase(IteratorId.get());
  return E;
}

Error ScopImporter::importIf(isl_ast_node *Node) {
  isl::ast_expr Cond = isl::manage(isl_ast_node_if_get_cond(Node));
  isl::ast_node Then = isl::manage(isl_ast_node_if_get_then_node(Node));
  isl::ast_node Else;
  if (isl_ast_node_if_has_else_node(Node) == isl_bool_true)
    Else = isl::manage(isl_ast_node_if_get_else_node(Node));
  return importCondition(Cond.get(), Then.get(), Else.get());
}

/// Whether @p Expr is an operation of type @p A or @p B.
static bool isOp(isl_ast_expr *Expr, isl_ast_expr_op_type A,
                 isl_ast_expr_op_type B) {
  if (isl_ast_expr_get_type(Expr) != isl_ast_expr_op)
    return false;
  isl_ast_expr_op_type Op = isl_ast_expr_op_get_type(Expr);
  return Op == A || Op == B;
}

/// @p Cond as a disjunction of conjunctions, `A && (B || C)` as
/// `(A && B) || (A && C)`, if that takes at most eight; else nothing.
static std::optional<SmallVector<isl::ast_expr, 2>>
getDisjuncts(isl_ast_expr *Cond) {
  constexpr size_t MaxDisjuncts = 8;
  SmallVector<isl::ast_expr, 2> Result;
  bool Or = isOp(Cond, isl_ast_expr_op_or, isl_ast_expr_op_or_else);
  bool And = isOp(Cond, isl_ast_expr_op_and, isl_ast_expr_op_and_then);
  if (!Or && !And) {
    Result.push_back(isl::manage_copy(Cond));
    return Result;
  }
  for (int I = 0, E = isl_ast_expr_op_get_n_arg(Cond); I < E; ++I) {
    isl::ast_expr Arg = isl::manage(isl_ast_expr_op_get_arg(Cond, I));
    std::optional<SmallVector<isl::ast_expr, 2>> Inner =
        getDisjuncts(Arg.get());
    if (!Inner)
      return std::nullopt;
    if (Or) {
      Result.append(Inner->begin(), Inner->end());
    } else if (I == 0) {
      Result = std::move(*Inner);
    } else {
      SmallVector<isl::ast_expr, 2> Product;
      for (const isl::ast_expr &L : Result)
        for (const isl::ast_expr &R : *Inner)
          Product.push_back(isl::manage(isl_ast_expr_and(L.copy(), R.copy())));
      Result = std::move(Product);
    }
    if (Result.size() > MaxDisjuncts)
      return std::nullopt;
  }
  return Result;
}

Error ScopImporter::importCondition(isl_ast_expr *Cond, isl_ast_node *Then,
                                    isl_ast_node *Else) {
  // An affine.if takes a conjunction only. A disjunction (isl's form of a
  // test such as `k != 0`, also within a conjunction) is `if (A) Then else
  // if (B) Then else Else`: Then runs once where both hold.
  std::optional<SmallVector<isl::ast_expr, 2>> Disjuncts = getDisjuncts(Cond);
  if (!Disjuncts)
    return fail("condition with more than eight disjuncts: " +
                isl::manage_copy(Cond).to_C_str());
  return importDisjuncts(*Disjuncts, Then, Else);
}

Error ScopImporter::importDisjuncts(ArrayRef<isl::ast_expr> Disjuncts,
                                    isl_ast_node *Then, isl_ast_node *Else) {
  bool Last = Disjuncts.size() == 1;
  auto If = createAffineIf(Disjuncts.front().get(), !Last || Else);
  if (!If)
    return If.takeError();
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If->getThenBlock()->getTerminator());
  if (Error E = importNode(Then))
    return E;
  if (Last && !Else)
    return Error::success();
  B.setInsertionPoint(If->getElseBlock()->getTerminator());
  return Last ? importNode(Else)
              : importDisjuncts(Disjuncts.drop_front(), Then, Else);
}

Expected<affine::AffineIfOp> ScopImporter::createAffineIf(isl_ast_expr *Cond,
                                                          bool HasElse) {
  auto Constraints = toConstraints(
      Cond, [&](isl_id *Id) { return lookupId(Id); }, &Ctx);
  if (!Constraints)
    return Constraints.takeError();
  llvm::SmallVector<AffineExpr, 4> Exprs;
  llvm::SmallVector<bool, 4> EqFlags;
  for (const AffineConstraint &C : *Constraints) {
    Exprs.push_back(C.Expr);
    EqFlags.push_back(C.IsEq);
  }
  IntegerSet Set = IntegerSet::get(IVs.size(), Params.size(), Exprs, EqFlags);
  llvm::SmallVector<Value, 4> Operands(IVs.begin(), IVs.end());
  Operands.append(Params.begin(), Params.end());
  affine::canonicalizeSetAndOperands(&Set, &Operands);
  return affine::AffineIfOp::create(B, Loc, Set, Operands, HasElse);
}

Error ScopImporter::importNode(isl_ast_node *Node) {
  switch (isl_ast_node_get_type(Node)) {
  case isl_ast_node_for:
    return importFor(Node);
  case isl_ast_node_if:
    return importIf(Node);
  case isl_ast_node_user:
    return importUser(Node);
  case isl_ast_node_block: {
    isl::ast_node_list Children =
        isl::manage(isl_ast_node_block_get_children(Node));
    for (int I = 0, E = unsignedFromIslSize(Children.size()); I < E; ++I)
      if (Error Err = importNode(Children.at(I).get()))
        return Err;
    return Error::success();
  }
  case isl_ast_node_mark: {
    isl::ast_node Child = isl::manage(isl_ast_node_mark_get_node(Node));
    return importNode(Child.get());
  }
  case isl_ast_node_error:
    break;
  }
  return fail("invalid isl AST node");
}
