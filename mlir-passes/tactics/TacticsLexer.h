//===- TacticsLexer.h - Lexer of the tactics language -----------*- C++ -*-===//
//
// The tokens of the tactics language and the lexer that splits the text of
// a tactics file into them, each with its position for error messages.
// Private to the tactics library: only the parser reads tokens.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_TACTICSLEXER_H
#define RAISE_MLIR_PASSES_TACTICSLEXER_H

#include "Tactics.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace mlir {
namespace raise {

/// The kinds of tokens.
enum class Tok {
  Ident,
  Number,
  LParen,
  RParen,
  LBrace,
  RBrace,
  Comma,
  Plus,
  Minus,
  Star,
  Slash,
  Equal,
  PlusEqual,
  MinusEqual,
  StarEqual,
  End,
  Invalid,
};

/// One token: its kind, its text and where it starts.
struct Token {
  Tok Kind = Tok::End;
  llvm::StringRef Text;
  SourcePos Pos;
};

/// Splits the text into tokens; `#` and `//` start comments.
class Lexer {
public:
  explicit Lexer(llvm::StringRef Text) : Text(Text) {}

  Token next();

private:
  static bool isDigit(char C) { return C >= '0' && C <= '9'; }
  static bool isIdentStart(char C) {
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
  }
  static bool isIdentChar(char C) { return isIdentStart(C) || isDigit(C); }

  void advance();
  void skipSpaceAndComments();

  llvm::StringRef Text;
  size_t Cur = 0;
  unsigned Line = 1;
  unsigned Column = 1;
};

/// How an error message names a token of kind @p K: "an identifier", "'('".
const char *describe(Tok K);

/// Whether @p K is one of the assignments `=`, `+=`, `-=` and `*=`.
bool isAssignTok(Tok K);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_TACTICSLEXER_H
