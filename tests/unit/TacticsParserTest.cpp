//===- TacticsParserTest.cpp - Tests of the tactics language parser -------===//
//
// Good files parse into the expected trees; malformed files give one error
// with file, line, column and what was expected, and no tactics at all.
//
//===----------------------------------------------------------------------===//

#include "mlir-passes/tactics/Tactics.h"

#include "gtest/gtest.h"

using namespace mlir::raise;

namespace {

/// Parses `Text`; on failure returns the error's str(), else "".
std::string parse(llvm::StringRef Text, std::vector<Tactic> &Out) {
  TacticsError Error;
  if (parseTactics(Text, "t.tactics", Out, Error))
    return "";
  return Error.str();
}

std::string errorOf(llvm::StringRef Text) {
  std::vector<Tactic> Out;
  std::string Error = parse(Text, Out);
  EXPECT_TRUE(Out.empty()) << "a malformed file must yield no tactics";
  return Error;
}

TEST(TacticsParser, ParsesGemm) {
  std::vector<Tactic> Out;
  ASSERT_EQ(parse("def GEMM {\n"
                  "  pattern C(i,j) += A(i,k) * B(k,j)\n"
                  "  builder C(i,j) += A(i,k) * B(k,j)\n"
                  "}\n",
                  Out),
            "");
  ASSERT_EQ(Out.size(), 1u);
  const Tactic &T = Out[0];
  EXPECT_EQ(T.Name, "GEMM");
  EXPECT_EQ(T.Pos.Line, 1u);
  EXPECT_EQ(T.Pattern.Assign, AssignKind::AddAssign);
  EXPECT_EQ(T.Pattern.Output.Name, "C");
  ASSERT_EQ(T.Pattern.Rhs.K, Expr::Kind::Mul);
  EXPECT_EQ(T.Pattern.Rhs.Operands[1].Name, "B");
  EXPECT_FALSE(T.HasCall);
  ASSERT_EQ(T.Builders.size(), 1u);
  EXPECT_EQ(printStatement(T.Pattern), "C(i,j) += A(i,k) * B(k,j)");
}

TEST(TacticsParser, ParsesCallsScalarsStridesAndComments) {
  std::vector<Tactic> Out;
  ASSERT_EQ(parse("# comment\n"
                  "def CONV { // another comment\n"
                  "  pattern O(n,f,h,w) += I(n,c,2*h+r,w+s) * W(f,c,r,s)\n"
                  "  builder conv_2d_nchw_fchw(I, W, O)\n"
                  "}\n"
                  "def SCALE { pattern C(i,j) *= beta builder generic(C) }\n"
                  "def AXPY { pattern y(i) += -1.5 * (alpha * x(i)) "
                  "builder generic(x, y) }\n",
                  Out),
            "");
  ASSERT_EQ(Out.size(), 3u);
  EXPECT_TRUE(Out[0].HasCall);
  EXPECT_EQ(Out[0].Call.Op, "conv_2d_nchw_fchw");
  EXPECT_EQ(Out[0].Call.Args.size(), 3u);
  const IndexExpr &Sub = Out[0].Pattern.Rhs.Operands[0].Subs[2];
  ASSERT_EQ(Sub.Terms.size(), 2u);
  EXPECT_EQ(Sub.Terms[0].Coeff, 2);
  EXPECT_EQ(Sub.Terms[1].Index, "r");
  EXPECT_EQ(Out[1].Pattern.Assign, AssignKind::MulAssign);
  EXPECT_EQ(Out[1].Pattern.Rhs.K, Expr::Kind::Scalar);
  EXPECT_EQ(printStatement(Out[2].Pattern), "y(i) += -1.5 * (alpha * x(i))");
}

TEST(TacticsParser, ParsesMultiStatementBuildersWithWhere) {
  std::vector<Tactic> Out;
  ASSERT_EQ(parse("def TTGT {\n"
                  "  pattern C(a,b,c) += A(a,c,d) * B(d,b)\n"
                  "  builder\n"
                  "    T(f,d) = A(a,c,d) where f = a * c\n"
                  "    U(f,b) += T(f,d) * B(d,b)\n"
                  "}\n",
                  Out),
            "");
  ASSERT_EQ(Out[0].Builders.size(), 2u);
  ASSERT_EQ(Out[0].Builders[0].Wheres.size(), 1u);
  EXPECT_EQ(Out[0].Builders[0].Wheres[0].Factors.size(), 2u);
}

TEST(TacticsParser, ParsesTtgtBuilders) {
  std::vector<Tactic> Out;
  ASSERT_EQ(parse("def T {\n"
                  "  pattern C(a,b,c,d) += A(a,e,b,f) * B(f,d,e,c)\n"
                  "  builder\n"
                  "    X(m,k) = A(a,e,b,f) where m = a * b where k = e * f\n"
                  "    Y(k,n) = B(f,d,e,c) where k = e * f where n = c * d\n"
                  "    Z(m,n) = C(a,b,c,d) where m = a * b where n = c * d\n"
                  "    Z(m,n) += X(m,k) * Y(k,n)\n"
                  "    C(a,b,c,d) = Z(m,n) where m = a * b where n = c * d\n"
                  "}\n",
                  Out),
            "");
  ASSERT_EQ(Out.size(), 1u);
  const Tactic &T = Out[0];
  EXPECT_FALSE(T.HasCall);
  ASSERT_EQ(T.Builders.size(), 5u);
  ASSERT_EQ(T.Builders[0].Wheres.size(), 2u);
  EXPECT_EQ(T.Builders[0].Wheres[1].Index, "k");
  EXPECT_EQ(T.Builders[3].Assign, AssignKind::AddAssign);
  EXPECT_EQ(printStatement(T.Builders[4]),
            "C(a,b,c,d) = Z(m,n) where m = a * b where n = c * d");
}

TEST(TacticsParser, WhereClauseErrors) {
  EXPECT_EQ(errorOf("def G { pattern C(a,b) += A(a,k) * B(k,b)\n"
                    "  builder X(a,k) = A(a,k) where a = a * k\n"
                    "          C(a,b) += X(a,k) * B(k,b) }"),
            "t.tactics:2:27: error: where index 'a' is already an index of "
            "the pattern");
  EXPECT_EQ(errorOf("def G { pattern C(a,b) += A(a,k) * B(k,b)\n"
                    "  builder X(f) = A(a,k) where f = a * z\n"
                    "          C(a,b) += X(f) * B(k,b) }"),
            "t.tactics:2:25: error: factor 'z' of where index 'f' is not an "
            "index of the pattern");
  EXPECT_EQ(errorOf("def G { pattern C(a,b) += A(a,k) * B(k,b)\n"
                    "  builder X(f) = A(a,k) where f = a * k\n"
                    "          Y(f) = A(a,k) where f = k * a }"),
            "t.tactics:3:25: error: where index 'f' is defined differently "
            "elsewhere in the builder");
  EXPECT_EQ(errorOf("def G { pattern C(a,b) += A(a,k) * B(k,b)\n"
                    "  builder X(f,k) = A(a,k)\n"
                    "          C(a,b) += X(a,k) * B(k,b) }"),
            "t.tactics:2:11: error: index 'f' is neither an index of the "
            "pattern nor defined by a where clause");
  // A flattened output index names its factors: `X(f) = A(a,k) where
  // f = a` would drop k.
  EXPECT_EQ(errorOf("def G { pattern C(a,b) += A(a,k) * B(k,b)\n"
                    "  builder X(f) = A(a,k) where f = a\n"
                    "          C(a,b) += X(f) * B(k,b) }"),
            "t.tactics:2:11: error: index 'k' is not an output index; only "
            "'+=' and '-=' may reduce");
}

TEST(TacticsParser, BuiltinTacticsParse) {
  std::vector<Tactic> Out;
  TacticsError Error;
  ASSERT_TRUE(loadTactics(std::vector<std::string>(), Out, Error))
      << Error.str();
  EXPECT_GE(Out.size(), 10u);
  EXPECT_EQ(Out.front().Name, "GEMM");
  EXPECT_EQ(Out.front().File, "<builtin>");
}

TEST(TacticsParser, MissingFileIsAnError) {
  std::vector<Tactic> Out;
  TacticsError Error;
  std::vector<std::string> Files{"/no/such/file.tactics"};
  EXPECT_FALSE(loadTactics(Files, Out, Error));
  EXPECT_NE(Error.str().find("cannot read tactics file"), std::string::npos);
  EXPECT_TRUE(Out.empty());
}

TEST(TacticsParser, ErrorsNameLineColumnAndWhatWasExpected) {
  EXPECT_EQ(errorOf("GEMM { }"),
            "t.tactics:1:1: error: expected 'def' to start a tactic, found "
            "'GEMM'");
  EXPECT_EQ(errorOf("def {"),
            "t.tactics:1:5: error: expected a tactic name after 'def', found "
            "'{'");
  EXPECT_EQ(errorOf("def G {\n  pattern C(i,j) += A(i,k) *\n}"),
            "t.tactics:3:1: error: expected an expression (a tensor, a "
            "scalar, a number or '('), found '}'");
  EXPECT_EQ(errorOf("def G {\n  pattern C(i,j) += A(i,k)\n}"),
            "t.tactics:3:1: error: expected 'builder' after the pattern, "
            "found '}'");
  EXPECT_EQ(errorOf("def G { pattern C(i,j) ^ A(i,j) builder copy(A, C) }"),
            "t.tactics:1:24: error: expected an assignment ('=', '+=', '-=', "
            "'*='), found an invalid character '^'");
  EXPECT_EQ(errorOf("def G { pattern C(i,j) = A(i,j) builder copy(A, C)"),
            "t.tactics:1:51: error: expected '}' to end tactic 'G', found "
            "end of file");
}

TEST(TacticsParser, SemanticErrors) {
  EXPECT_EQ(errorOf("def G { pattern C(i) = A(i) builder copy(A, C) }\n"
                    "def G { pattern C(i) = A(i) builder copy(A, C) }"),
            "t.tactics:2:5: error: tactic 'G' is defined twice");
  EXPECT_EQ(errorOf("def G { pattern C(i) += A(i,k) * A(k) builder "
                    "generic(C) }"),
            "t.tactics:1:34: error: tensor 'A' is used with 1 subscripts "
            "here but 2 elsewhere");
  EXPECT_EQ(errorOf("def G { pattern C(i) = A(i,k) builder generic(C) }"),
            "t.tactics:1:17: error: index 'k' is not an output index; only "
            "'+=' and '-=' may reduce");
  EXPECT_EQ(errorOf("def G { pattern C(i) = A(i) builder gemm(A, C) }"),
            "t.tactics:1:37: error: unknown builder 'gemm'; expected one of "
            "matmul, batch_matmul, matvec, vecmat, conv_2d_nchw_fchw, fill, "
            "copy, transpose, generic");
  EXPECT_EQ(errorOf("def G { pattern C(i) = A(i) builder copy(X, C) }"),
            "t.tactics:1:37: error: builder argument 'X' is not a tensor or "
            "scalar of the pattern");
  EXPECT_EQ(errorOf("def G { pattern C(i) = A(i) builder C(i) = Z(i) }"),
            "t.tactics:1:37: error: tensor 'Z' is neither in the pattern nor "
            "defined by an earlier builder statement");
  EXPECT_EQ(errorOf("def G { pattern C(i+j) = A(i,j) builder generic(C) }"),
            "t.tactics:1:17: error: expected plain indices in the subscripts "
            "of the output 'C'");
}

TEST(TacticsParser, OneBadTacticRejectsTheWholeFile) {
  std::vector<Tactic> Out;
  std::string Error = parse("def A { pattern C(i) = A(i) builder copy(A, C) }\n"
                            "def B { pattern C(i) = builder copy(A, C) }\n",
                            Out);
  EXPECT_NE(Error, "");
  EXPECT_TRUE(Out.empty());
}

} // namespace
