//===- Tactics.h - The tactics language of raise ----------------*- C++ -*-===//
//
// A tactic says, in Einstein notation, which computation a loop nest must
// perform to be raised (its pattern) and what to raise it to (its builder):
//
//   def GEMM {
//     pattern C(i,j) += A(i,k) * B(k,j)
//     builder C(i,j) += A(i,k) * B(k,j)
//   }
//
// This header holds the syntax tree of a tactics file and the parser entry
// points. The tree is plain data: the matcher and the builders read it, the
// parser is the only code that creates it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_TACTICS_H
#define RAISE_MLIR_PASSES_TACTICS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
namespace raise {

/// A position in a tactics file, 1-based, for error messages.
struct SourcePos {
  unsigned Line = 0;
  unsigned Column = 0;
};

/// One term `Coeff * Index` of a subscript.
struct IndexTerm {
  int64_t Coeff = 1;
  std::string Index;
};

/// A subscript: a sum of index terms, e.g. `h + r` in a convolution or `i`.
struct IndexExpr {
  llvm::SmallVector<IndexTerm, 2> Terms;
};

/// An expression of a statement's right-hand side.
struct Expr {
  enum class Kind {
    Tensor, ///< `A(i,k)`: an element of an array.
    Scalar, ///< `alpha`: a value invariant in the loop nest.
    Number, ///< `0`, `1.5`: a floating-point or integer constant.
    Add,
    Sub,
    Mul,
    Div,
    Neg,
  };
  Kind K = Kind::Number;
  std::string Name;                     ///< Tensor or Scalar name.
  llvm::SmallVector<IndexExpr, 4> Subs; ///< Tensor subscripts.
  double Value = 0;                     ///< Number value.
  std::vector<Expr> Operands;           ///< Operands of the operators.
  SourcePos Pos;

  bool isTensor() const { return K == Kind::Tensor; }
};

/// How a statement writes its output.
enum class AssignKind { Assign, AddAssign, SubAssign, MulAssign };

/// `f = a * c`: index `f` enumerates the pairs of `a` and `c` (row-major),
/// the reshape of TTGT.
struct WhereClause {
  std::string Index;
  llvm::SmallVector<std::string, 2> Factors;
  SourcePos Pos;
};

/// `C(i,j) += A(i,k) * B(k,j) where ...`.
struct Statement {
  Expr Output; ///< Always of kind Tensor.
  AssignKind Assign = AssignKind::Assign;
  Expr Rhs;
  llvm::SmallVector<WhereClause, 1> Wheres;
  SourcePos Pos;
};

/// `matmul(A, B, C)`: raise to this operation with these operands, inputs
/// first, output last.
struct BuilderCall {
  std::string Op;
  llvm::SmallVector<std::string, 4> Args;
  SourcePos Pos;
};

/// One `def NAME { pattern ... builder ... }`.
struct Tactic {
  std::string Name;
  Statement Pattern;
  /// Either one builder call or a sequence of statements (one statement
  /// equal in shape to the pattern means: the best exact linalg operation).
  bool HasCall = false;
  BuilderCall Call;
  std::vector<Statement> Builders;
  std::string File; ///< Where the tactic was defined, for reports.
  SourcePos Pos;
};

/// A parse error: where and what was expected.
struct TacticsError {
  std::string File;
  SourcePos Pos;
  std::string Message;

  /// `file:line:column: error: message`, the form compilers use.
  std::string str() const;
};

/// The operations a builder call may name, in a fixed order.
llvm::ArrayRef<llvm::StringRef> getBuilderOps();

/// Parses the whole of `Text` (named `File` in messages). Either every tactic
/// parses and passes the semantic checks, or nothing is returned: a tactics
/// file never half-applies.
bool parseTactics(llvm::StringRef Text, llvm::StringRef File,
                  std::vector<Tactic> &Out, TacticsError &Error);

/// The built-in tactics, as written in BuiltinTactics.tactics.
llvm::StringRef getBuiltinTacticsText();

/// Parses the built-in tactics followed by the tactics of each file of
/// `UserFiles` (user tactics are tried first when matching, in file order).
bool loadTactics(llvm::ArrayRef<std::string> UserFiles,
                 std::vector<Tactic> &Out, TacticsError &Error);

/// Prints a statement back in the tactics syntax, for reports and tests.
std::string printStatement(const Statement &S);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_TACTICS_H
