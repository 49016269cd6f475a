//===- TacticsParser.cpp - Parser of the tactics language -----------------===//
//
// A recursive-descent parser over the tokens of TacticsLexer.h, the
// semantic checks every tactic must pass, the loading of tactics files and
// the printer of statements. Every error names the file, line and column and
// what was expected there; the parser never asserts on bad input, and a file
// with an error yields no tactics at all.
//
//===----------------------------------------------------------------------===//

#include "Tactics.h"
#include "TacticsLexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <sstream>

using namespace mlir::raise;

namespace {

/// The parser; the first error stops it (later ones are usually noise).
class Parser {
public:
  Parser(llvm::StringRef Text, llvm::StringRef File, TacticsError &Error)
      : Lex(Text), File(File.str()), Error(Error) {
    Cur = Lex.next();
  }

  bool parseFile(std::vector<Tactic> &Out) {
    while (Cur.Kind != Tok::End) {
      Tactic T;
      if (!parseTactic(T) || !checkTactic(T))
        return false;
      Out.push_back(std::move(T));
    }
    return true;
  }

private:
  bool fail(SourcePos Pos, const llvm::Twine &Message) {
    Error.File = File;
    Error.Pos = Pos;
    Error.Message = Message.str();
    return false;
  }

  /// "expected X, found Y" at the current token.
  bool expected(const llvm::Twine &What) {
    std::string Found = Cur.Kind == Tok::End || Cur.Kind == Tok::Invalid
                            ? std::string(describe(Cur.Kind))
                            : "'" + Cur.Text.str() + "'";
    if (Cur.Kind == Tok::Invalid)
      Found += " '" + Cur.Text.str() + "'";
    return fail(Cur.Pos, "expected " + What + ", found " + Found);
  }

  void consume() { Cur = Lex.next(); }

  bool expect(Tok K, const llvm::Twine &What) {
    if (Cur.Kind != K)
      return expected(What);
    consume();
    return true;
  }

  bool isKeyword(llvm::StringRef Word) const {
    return Cur.Kind == Tok::Ident && Cur.Text == Word;
  }

  bool parseTactic(Tactic &T) {
    T.File = File;
    T.Pos = Cur.Pos;
    if (!isKeyword("def"))
      return expected("'def' to start a tactic");
    consume();
    if (Cur.Kind != Tok::Ident)
      return expected("a tactic name after 'def'");
    T.Name = Cur.Text.str();
    if (!TacticNames.insert(T.Name).second)
      return fail(Cur.Pos, "tactic '" + T.Name + "' is defined twice");
    consume();
    if (!expect(Tok::LBrace, "'{' after the tactic name"))
      return false;
    if (!isKeyword("pattern"))
      return expected("'pattern'");
    consume();
    if (!parseStatement(T.Pattern))
      return false;
    if (!isKeyword("builder"))
      return expected("'builder' after the pattern");
    consume();
    if (!parseBuilder(T))
      return false;
    return expect(Tok::RBrace, "'}' to end tactic '" + T.Name + "'");
  }

  bool parseBuilder(Tactic &T) {
    // A call `op(args)` is told from a statement `T(subs) op= ...` by what
    // follows the closing parenthesis.
    do {
      Statement S;
      if (Cur.Kind != Tok::Ident)
        return expected("a builder statement or a builder call");
      Token Name = Cur;
      consume();
      Expr Access;
      if (!parseAccessRest(Name, Access))
        return false;
      if (!isAssignTok(Cur.Kind)) {
        if (!T.Builders.empty())
          return expected("an assignment ('=', '+=', '-=', '*=')");
        return finishCall(T, Name, Access);
      }
      if (!parseStatementRest(std::move(Access), S))
        return false;
      T.Builders.push_back(std::move(S));
    } while (Cur.Kind == Tok::Ident && !isKeyword("where"));
    return true;
  }

  bool finishCall(Tactic &T, const Token &Name, const Expr &Access) {
    T.HasCall = true;
    T.Call.Op = Name.Text.str();
    T.Call.Pos = Name.Pos;
    if (!llvm::is_contained(getBuilderOps(), Name.Text)) {
      std::string Known;
      for (llvm::StringRef Op : getBuilderOps())
        Known += (Known.empty() ? "" : ", ") + Op.str();
      return fail(Name.Pos, "unknown builder '" + Name.Text +
                                "'; expected one of " + Known);
    }
    for (const IndexExpr &Arg : Access.Subs) {
      if (Arg.Terms.size() != 1 || Arg.Terms[0].Coeff != 1)
        return fail(Name.Pos, "expected tensor or scalar names as the "
                              "arguments of builder '" +
                                  Name.Text + "'");
      T.Call.Args.push_back(Arg.Terms[0].Index);
    }
    return true;
  }

  bool parseStatement(Statement &S) {
    if (Cur.Kind != Tok::Ident)
      return expected("a statement such as 'C(i,j) += A(i,k) * B(k,j)'");
    Token Name = Cur;
    consume();
    Expr Out;
    if (!parseAccessRest(Name, Out))
      return false;
    return parseStatementRest(std::move(Out), S);
  }

  bool parseStatementRest(Expr Out, Statement &S) {
    S.Pos = Out.Pos;
    S.Output = std::move(Out);
    switch (Cur.Kind) {
    case Tok::Equal:
      S.Assign = AssignKind::Assign;
      break;
    case Tok::PlusEqual:
      S.Assign = AssignKind::AddAssign;
      break;
    case Tok::MinusEqual:
      S.Assign = AssignKind::SubAssign;
      break;
    case Tok::StarEqual:
      S.Assign = AssignKind::MulAssign;
      break;
    default:
      return expected("an assignment ('=', '+=', '-=', '*=')");
    }
    consume();
    if (!parseSum(S.Rhs))
      return false;
    while (isKeyword("where")) {
      WhereClause W;
      W.Pos = Cur.Pos;
      consume();
      if (Cur.Kind != Tok::Ident)
        return expected("an index name after 'where'");
      W.Index = Cur.Text.str();
      consume();
      if (!expect(Tok::Equal, "'=' in the where clause"))
        return false;
      do {
        if (Cur.Kind != Tok::Ident)
          return expected("an index name in the where clause");
        W.Factors.push_back(Cur.Text.str());
        consume();
      } while (Cur.Kind == Tok::Star && (consume(), true));
      S.Wheres.push_back(std::move(W));
    }
    return true;
  }

  /// `NAME` was read; reads `(subscripts)`.
  bool parseAccessRest(const Token &Name, Expr &E) {
    E.K = Expr::Kind::Tensor;
    E.Name = Name.Text.str();
    E.Pos = Name.Pos;
    if (!expect(Tok::LParen, "'(' after '" + Name.Text + "'"))
      return false;
    if (Cur.Kind == Tok::RParen) {
      consume();
      return true;
    }
    do {
      IndexExpr Sub;
      if (!parseIndexExpr(Sub))
        return false;
      E.Subs.push_back(std::move(Sub));
    } while (Cur.Kind == Tok::Comma && (consume(), true));
    return expect(Tok::RParen,
                  "',' or ')' in the subscripts of '" + Name.Text + "'");
  }

  bool parseIndexExpr(IndexExpr &Sub) {
    do {
      IndexTerm Term;
      if (Cur.Kind == Tok::Number) {
        char *End = nullptr;
        std::string Digits = Cur.Text.str();
        long long V = std::strtoll(Digits.c_str(), &End, 10);
        if (*End != '\0' || V <= 0)
          return expected("a positive integer stride");
        Term.Coeff = V;
        consume();
        if (!expect(Tok::Star, "'*' after a stride"))
          return false;
      }
      if (Cur.Kind != Tok::Ident)
        return expected("an index name");
      Term.Index = Cur.Text.str();
      consume();
      Sub.Terms.push_back(std::move(Term));
    } while (Cur.Kind == Tok::Plus && (consume(), true));
    return true;
  }

  /// One level of left-associative binary operators: `Next (op Next)*`,
  /// with `First` and `Second` the level's two operator tokens.
  bool parseBinary(Expr &E, Tok First, Expr::Kind FirstKind, Tok Second,
                   Expr::Kind SecondKind, bool (Parser::*Next)(Expr &)) {
    if (!(this->*Next)(E))
      return false;
    while (Cur.Kind == First || Cur.Kind == Second) {
      Expr Node;
      Node.K = Cur.Kind == First ? FirstKind : SecondKind;
      Node.Pos = Cur.Pos;
      consume();
      Expr Rhs;
      if (!(this->*Next)(Rhs))
        return false;
      Node.Operands.push_back(std::move(E));
      Node.Operands.push_back(std::move(Rhs));
      E = std::move(Node);
    }
    return true;
  }

  bool parseSum(Expr &E) {
    return parseBinary(E, Tok::Plus, Expr::Kind::Add, Tok::Minus,
                       Expr::Kind::Sub, &Parser::parseProduct);
  }

  bool parseProduct(Expr &E) {
    return parseBinary(E, Tok::Star, Expr::Kind::Mul, Tok::Slash,
                       Expr::Kind::Div, &Parser::parseFactor);
  }

  bool parseFactor(Expr &E) {
    E.Pos = Cur.Pos;
    switch (Cur.Kind) {
    case Tok::Number: {
      std::string Digits = Cur.Text.str();
      char *End = nullptr;
      E.K = Expr::Kind::Number;
      E.Value = std::strtod(Digits.c_str(), &End);
      if (*End != '\0')
        return expected("a number");
      consume();
      return true;
    }
    case Tok::Ident: {
      Token Name = Cur;
      consume();
      if (Cur.Kind == Tok::LParen)
        return parseAccessRest(Name, E);
      E.K = Expr::Kind::Scalar;
      E.Name = Name.Text.str();
      return true;
    }
    case Tok::LParen:
      consume();
      if (!parseSum(E))
        return false;
      return expect(Tok::RParen, "')'");
    case Tok::Minus: {
      consume();
      E.K = Expr::Kind::Neg;
      Expr Operand;
      if (!parseFactor(Operand))
        return false;
      E.Operands.push_back(std::move(Operand));
      return true;
    }
    default:
      return expected("an expression (a tensor, a scalar, a number or '(')");
    }
  }

  //===--------------------------------------------------------------------===//
  // Semantic checks: what a tactic may say, checked before any is applied.
  //===--------------------------------------------------------------------===//

  /// Names used as tensors (with their ranks) and as scalars in one tactic.
  struct Names {
    llvm::StringMap<unsigned> TensorRanks;
    llvm::StringSet<> Scalars;
    llvm::StringSet<> Indices;
  };

  bool collect(const Expr &E, Names &N) {
    if (E.K == Expr::Kind::Tensor) {
      auto [It, New] = N.TensorRanks.try_emplace(E.Name, E.Subs.size());
      if (!New && It->second != E.Subs.size())
        return fail(E.Pos, "tensor '" + E.Name + "' is used with " +
                               llvm::Twine(E.Subs.size()) +
                               " subscripts here but " +
                               llvm::Twine(It->second) + " elsewhere");
      for (const IndexExpr &Sub : E.Subs)
        for (const IndexTerm &Term : Sub.Terms)
          N.Indices.insert(Term.Index);
    } else if (E.K == Expr::Kind::Scalar) {
      N.Scalars.insert(E.Name);
    }
    for (const Expr &Op : E.Operands)
      if (!collect(Op, N))
        return false;
    return true;
  }

  /// The where clauses of one builder: flattened index -> its factors.
  using WhereMap = llvm::StringMap<llvm::SmallVector<std::string, 2>>;

  /// `Index` as the pattern indices it stands for.
  static void expandIndex(llvm::StringRef Index, const WhereMap &Where,
                          llvm::StringSet<> &Out) {
    auto It = Where.find(Index);
    if (It == Where.end()) {
      Out.insert(Index);
      return;
    }
    for (const std::string &F : It->second)
      Out.insert(F);
  }

  bool checkStatement(const Statement &S, Names &N,
                      const WhereMap &Where = WhereMap()) {
    if (!collect(S.Output, N) || !collect(S.Rhs, N))
      return false;
    for (const auto &Entry : N.TensorRanks)
      if (N.Scalars.contains(Entry.getKey()))
        return fail(S.Pos, "'" + Entry.getKey() +
                               "' is used both as a tensor and as a scalar");
    for (const IndexExpr &Sub : S.Output.Subs)
      if (Sub.Terms.size() != 1 || Sub.Terms[0].Coeff != 1)
        return fail(S.Output.Pos, "expected plain indices in the subscripts "
                                  "of the output '" +
                                      S.Output.Name + "'");
    if (S.Assign != AssignKind::AddAssign &&
        S.Assign != AssignKind::SubAssign) {
      // Without accumulation every index must name an output dimension:
      // `C(i) = A(i,k)` would overwrite C(i) once per k. A flattened index
      // (`where f = a * c`) names the dimensions of its factors.
      llvm::StringSet<> Out;
      for (const IndexExpr &Sub : S.Output.Subs)
        expandIndex(Sub.Terms[0].Index, Where, Out);
      Names RhsNames;
      collect(S.Rhs, RhsNames);
      for (const auto &Index : RhsNames.Indices) {
        llvm::StringSet<> Used;
        expandIndex(Index.getKey(), Where, Used);
        for (const auto &U : Used)
          if (!Out.contains(U.getKey()))
            return fail(S.Pos, "index '" + U.getKey() +
                                   "' is not an output index; only '+=' and "
                                   "'-=' may reduce");
      }
    }
    return true;
  }

  bool checkTactic(const Tactic &T) {
    Names Pattern;
    if (!checkStatement(T.Pattern, Pattern))
      return false;
    if (!T.Pattern.Wheres.empty())
      return fail(T.Pattern.Wheres.front().Pos,
                  "'where' is only allowed in builder statements");
    if (T.HasCall) {
      for (const std::string &Arg : T.Call.Args)
        if (!Pattern.TensorRanks.count(Arg) && !Pattern.Scalars.contains(Arg))
          return fail(T.Call.Pos, "builder argument '" + Arg +
                                      "' is not a tensor or scalar of the "
                                      "pattern");
      return true;
    }
    // A where clause defines a new index as a product of pattern indices,
    // once per builder (several statements may repeat the same clause).
    WhereMap Where;
    for (const Statement &S : T.Builders)
      for (const WhereClause &W : S.Wheres) {
        if (Pattern.Indices.contains(W.Index))
          return fail(W.Pos, "where index '" + W.Index +
                                 "' is already an index of the pattern");
        for (const std::string &F : W.Factors)
          if (!Pattern.Indices.contains(F))
            return fail(W.Pos, "factor '" + F + "' of where index '" + W.Index +
                                   "' is not an index of the pattern");
        auto [It, New] = Where.try_emplace(W.Index, W.Factors);
        if (!New && It->second != W.Factors)
          return fail(W.Pos, "where index '" + W.Index +
                                 "' is defined differently elsewhere in the "
                                 "builder");
      }
    // Builder statements may use the pattern's tensors and the temporaries
    // that earlier builder statements define.
    llvm::StringSet<> Known;
    for (const auto &Entry : Pattern.TensorRanks)
      Known.insert(Entry.getKey());
    for (const Statement &S : T.Builders) {
      Names Used;
      collect(S.Output, Used);
      collect(S.Rhs, Used);
      for (const auto &Index : Used.Indices)
        if (!Pattern.Indices.contains(Index.getKey()) &&
            !Where.count(Index.getKey()))
          return fail(S.Pos, "index '" + Index.getKey() +
                                 "' is neither an index of the pattern nor "
                                 "defined by a where clause");
      Names N;
      if (!checkStatement(S, N, Where))
        return false;
      for (const auto &Entry : N.TensorRanks)
        if (Entry.getKey() != S.Output.Name && !Known.contains(Entry.getKey()))
          return fail(S.Pos, "tensor '" + Entry.getKey() +
                                 "' is neither in the pattern nor defined by "
                                 "an earlier builder statement");
      Known.insert(S.Output.Name);
    }
    return true;
  }

  Lexer Lex;
  Token Cur;
  std::string File;
  TacticsError &Error;
  llvm::StringSet<> TacticNames;
};

void printExpr(const Expr &E, llvm::raw_ostream &OS, int Context) {
  auto Binary = [&](const char *Op, int Prec) {
    if (Context > Prec)
      OS << '(';
    printExpr(E.Operands[0], OS, Prec);
    OS << ' ' << Op << ' ';
    printExpr(E.Operands[1], OS, Prec + 1);
    if (Context > Prec)
      OS << ')';
  };
  switch (E.K) {
  case Expr::Kind::Tensor:
    OS << E.Name << '(';
    llvm::interleave(
        E.Subs, OS,
        [&](const IndexExpr &Sub) {
          llvm::interleave(
              Sub.Terms, OS,
              [&](const IndexTerm &T) {
                if (T.Coeff != 1)
                  OS << T.Coeff << '*';
                OS << T.Index;
              },
              "+");
        },
        ",");
    OS << ')';
    return;
  case Expr::Kind::Scalar:
    OS << E.Name;
    return;
  case Expr::Kind::Number:
    OS << llvm::format("%g", E.Value);
    return;
  case Expr::Kind::Add:
    return Binary("+", 1);
  case Expr::Kind::Sub:
    return Binary("-", 1);
  case Expr::Kind::Mul:
    return Binary("*", 2);
  case Expr::Kind::Div:
    return Binary("/", 2);
  case Expr::Kind::Neg:
    OS << '-';
    printExpr(E.Operands[0], OS, 3);
    return;
  }
}

} // namespace

std::string TacticsError::str() const {
  // A file that cannot be read has no position in it.
  if (Pos.Line == 0)
    return File + ": error: " + Message;
  return File + ":" + std::to_string(Pos.Line) + ":" +
         std::to_string(Pos.Column) + ": error: " + Message;
}

llvm::ArrayRef<llvm::StringRef> mlir::raise::getBuilderOps() {
  static const llvm::StringRef Ops[] = {
      "matmul", "batch_matmul", "matvec",    "vecmat", "conv_2d_nchw_fchw",
      "fill",   "copy",         "transpose", "generic"};
  return Ops;
}

bool mlir::raise::parseTactics(llvm::StringRef Text, llvm::StringRef File,
                               std::vector<Tactic> &Out, TacticsError &Error) {
  std::vector<Tactic> Parsed;
  Parser P(Text, File, Error);
  if (!P.parseFile(Parsed))
    return false;
  for (Tactic &T : Parsed)
    Out.push_back(std::move(T));
  return true;
}

bool mlir::raise::loadTactics(llvm::ArrayRef<std::string> UserFiles,
                              std::vector<Tactic> &Out, TacticsError &Error) {
  std::vector<Tactic> All;
  for (const std::string &File : UserFiles) {
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer) {
      Error.File = File;
      Error.Pos = {};
      Error.Message =
          "cannot read tactics file: " + Buffer.getError().message();
      return false;
    }
    if (!parseTactics((*Buffer)->getBuffer(), File, All, Error))
      return false;
  }
  if (!parseTactics(getBuiltinTacticsText(), "<builtin>", All, Error))
    return false;
  Out = std::move(All);
  return true;
}

std::string mlir::raise::printStatement(const Statement &S) {
  std::string Str;
  llvm::raw_string_ostream OS(Str);
  printExpr(S.Output, OS, 0);
  switch (S.Assign) {
  case AssignKind::Assign:
    OS << " = ";
    break;
  case AssignKind::AddAssign:
    OS << " += ";
    break;
  case AssignKind::SubAssign:
    OS << " -= ";
    break;
  case AssignKind::MulAssign:
    OS << " *= ";
    break;
  }
  printExpr(S.Rhs, OS, 0);
  for (const WhereClause &W : S.Wheres) {
    OS << " where " << W.Index << " = ";
    llvm::interleave(W.Factors, OS, " * ");
  }
  return Str;
}
