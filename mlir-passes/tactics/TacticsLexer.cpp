//===- TacticsLexer.cpp - Lexer of the tactics language -------------------===//
//
// Splits the text of a tactics file into identifiers, numbers and
// punctuation, tracking the line and column of each token; `#` and `//`
// start comments that run to the end of the line. A character that starts
// no token becomes an Invalid token, for the parser to report.
//
//===----------------------------------------------------------------------===//

#include "TacticsLexer.h"

using namespace mlir::raise;

Token Lexer::next() {
  skipSpaceAndComments();
  Token T;
  T.Pos = {Line, Column};
  if (Cur >= Text.size()) {
    T.Kind = Tok::End;
    return T;
  }
  size_t Start = Cur;
  char C = Text[Cur];
  if (isIdentStart(C)) {
    while (Cur < Text.size() && isIdentChar(Text[Cur]))
      advance();
    T.Kind = Tok::Ident;
  } else if (isDigit(C) ||
             (C == '.' && Cur + 1 < Text.size() && isDigit(Text[Cur + 1]))) {
    while (Cur < Text.size() &&
           (isDigit(Text[Cur]) || Text[Cur] == '.' || Text[Cur] == 'e' ||
            ((Text[Cur] == '-' || Text[Cur] == '+') && (Text[Cur - 1] == 'e'))))
      advance();
    T.Kind = Tok::Number;
  } else {
    advance();
    bool Eq = Cur < Text.size() && Text[Cur] == '=';
    switch (C) {
    case '(':
      T.Kind = Tok::LParen;
      break;
    case ')':
      T.Kind = Tok::RParen;
      break;
    case '{':
      T.Kind = Tok::LBrace;
      break;
    case '}':
      T.Kind = Tok::RBrace;
      break;
    case ',':
      T.Kind = Tok::Comma;
      break;
    case '/':
      T.Kind = Tok::Slash;
      break;
    case '=':
      T.Kind = Tok::Equal;
      break;
    case '+':
      T.Kind = Eq ? Tok::PlusEqual : Tok::Plus;
      break;
    case '-':
      T.Kind = Eq ? Tok::MinusEqual : Tok::Minus;
      break;
    case '*':
      T.Kind = Eq ? Tok::StarEqual : Tok::Star;
      break;
    default:
      T.Kind = Tok::Invalid;
      break;
    }
    if (Eq && (T.Kind == Tok::PlusEqual || T.Kind == Tok::MinusEqual ||
               T.Kind == Tok::StarEqual))
      advance();
  }
  T.Text = Text.slice(Start, Cur);
  return T;
}

void Lexer::advance() {
  if (Text[Cur] == '\n') {
    ++Line;
    Column = 1;
  } else {
    ++Column;
  }
  ++Cur;
}

void Lexer::skipSpaceAndComments() {
  while (Cur < Text.size()) {
    char C = Text[Cur];
    if (C == ' ' || C == '\t' || C == '\r' || C == '\n') {
      advance();
    } else if (C == '#' ||
               (C == '/' && Cur + 1 < Text.size() && Text[Cur + 1] == '/')) {
      while (Cur < Text.size() && Text[Cur] != '\n')
        advance();
    } else {
      return;
    }
  }
}

const char *mlir::raise::describe(Tok K) {
  switch (K) {
  case Tok::Ident:
    return "an identifier";
  case Tok::Number:
    return "a number";
  case Tok::LParen:
    return "'('";
  case Tok::RParen:
    return "')'";
  case Tok::LBrace:
    return "'{'";
  case Tok::RBrace:
    return "'}'";
  case Tok::Comma:
    return "','";
  case Tok::Plus:
    return "'+'";
  case Tok::Minus:
    return "'-'";
  case Tok::Star:
    return "'*'";
  case Tok::Slash:
    return "'/'";
  case Tok::Equal:
    return "'='";
  case Tok::PlusEqual:
    return "'+='";
  case Tok::MinusEqual:
    return "'-='";
  case Tok::StarEqual:
    return "'*='";
  case Tok::End:
    return "end of file";
  case Tok::Invalid:
    return "an invalid character";
  }
  return "a token";
}

bool mlir::raise::isAssignTok(Tok K) {
  return K == Tok::Equal || K == Tok::PlusEqual || K == Tok::MinusEqual ||
         K == Tok::StarEqual;
}
