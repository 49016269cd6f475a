//===- DelinearizeTest.cpp - Tests of array shapes for SCoPs --------------===//
//
// Each input in Inputs/delinearize is a kernel as clang-22 -O3 leaves it for
// the plugin (its C source heads the file). The tests check the shapes the
// remark shows, the rewritten access relations (the subscripts later stages
// see) and the bounds that became run-time assumptions.
//
//===----------------------------------------------------------------------===//

#include "delinearize/Delinearize.h"
#include "delinearize/RowLengths.h"
#include "plugin/ScopSummary.h"
#include "tests/unit/ScopTestFixture.h"

#include "polly/ScopInfo.h"
#include "polly/Support/GICHelper.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace raising;

namespace {

class DelinearizeTest : public ScopTestFixture {
protected:
  /// The function in Inputs/delinearize/@p Name.ll (found in the test's
  /// runfiles, which are its working directory).
  Function &load(StringRef Name) {
    std::string Path = ("tests/unit/Inputs/delinearize/" + Name + ".ll").str();
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
    if (!Buffer) {
      ADD_FAILURE() << "cannot read " << Path;
      std::abort();
    }
    return parse((*Buffer)->getBuffer());
  }

  /// Builds the SCoP of Inputs/delinearize/@p Name.ll and delinearizes it.
  void run(StringRef Name) {
    SmallVector<polly::Scop *, 2> Scops = buildScops(load(Name));
    ASSERT_EQ(Scops.size(), 1u) << "one SCoP expected in " << Name.str();
    S = Scops.front();
    AssumedBefore = S->getAssumedContext();
    for (polly::ScopStmt &Stmt : *S)
      for (polly::MemoryAccess *MA : Stmt)
        if (MA->isLatestArrayKind())
          Before[MA] = {MA->getLatestAccessRelation(),
                        MA->getLatestScopArrayInfo()};
    Report = delinearizeArrays(*S);
  }

  /// The arrays as the analysis remark lists them.
  std::string arrays() {
    std::string Text;
    raw_string_ostream OS(Text);
    ListSeparator Sep;
    for (const ArraySummary &Array : summarizeScop(*S).Arrays) {
      OS << Sep;
      print(OS, Array);
    }
    return Text;
  }

  /// The latest access relation of every access to an array, in statement
  /// order, as isl prints it without parameters and statement names:
  /// `[i0, i1] -> MemRef_C[i0, i1]`.
  std::vector<std::string> relations() {
    std::vector<std::string> Relations;
    for (polly::ScopStmt &Stmt : *S)
      for (polly::MemoryAccess *MA : Stmt) {
        if (!MA->isLatestArrayKind())
          continue;
        isl::map Relation = MA->getLatestAccessRelation();
        Relation = Relation.gist_domain(Stmt.getDomain());
        std::string Text = polly::stringFromIslObj(Relation);
        // Drop "[params] -> { Stmt_x" and " }".
        size_t Open = Text.find("{ ");
        size_t Bracket = Text.find('[', Open);
        size_t Close = Text.rfind(" }");
        Relations.push_back(Text.substr(Bracket, Close - Bracket));
      }
    return Relations;
  }

  /// What delinearization added to the assumed context, as isl prints it.
  std::string addedAssumptions() {
    isl::set Added = S->getAssumedContext().gist(AssumedBefore);
    return polly::stringFromIslObj(Added);
  }

  /// Checks that every access to a reshaped array touches exactly the bytes
  /// it touched before, wherever the assumed context holds: the exactness
  /// that makes delinearization safe, checked independently of how the
  /// subscripts were found.
  void expectSameBytes() {
    isl::set Assumed = S->getAssumedContext();
    for (polly::ScopStmt &Stmt : *S)
      for (polly::MemoryAccess *MA : Stmt) {
        if (!MA->isLatestArrayKind() || !MA->hasNewAccessRelation())
          continue;
        auto Bytes = [&](isl::map Relation, const polly::ScopArrayInfo &SAI) {
          return Relation.intersect_domain(Stmt.getDomain())
              .intersect_params(Assumed)
              .apply_range(bytesOf(SAI));
        };
        auto [OldRelation, OldArray] = Before.lookup(MA);
        isl::map Old = Bytes(OldRelation, *OldArray);
        isl::map New =
            Bytes(MA->getLatestAccessRelation(), *MA->getLatestScopArrayInfo());
        EXPECT_TRUE(Old.is_equal(New).is_true())
            << "before: " << polly::stringFromIslObj(Old)
            << "\nafter: " << polly::stringFromIslObj(New);
      }
  }

  /// { SAI[d] -> [b] }: the bytes (from the base pointer) of each element.
  isl::map bytesOf(const polly::ScopArrayInfo &SAI) {
    std::string Dims, Linear = "0";
    for (unsigned Dim = 0; Dim < SAI.getNumberOfDimensions(); ++Dim) {
      std::string D = "d" + std::to_string(Dim);
      Dims += (Dim ? ", " : "") + D;
      if (Dim > 0) {
        const auto *Size = cast<SCEVConstant>(SAI.getDimensionSize(Dim));
        Linear = "(" + Linear + ") * " +
                 std::to_string(Size->getAPInt().getSExtValue());
      }
      Linear += " + " + D;
    }
    std::string Elem = std::to_string(SAI.getElemSizeInBytes());
    std::string Text = "{ [" + Dims + "] -> [b] : " + Elem + " * (" + Linear +
                       ") <= b < " + Elem + " * (" + Linear + ") + " + Elem +
                       " }";
    isl::map Map(S->getIslCtx(), Text);
    return Map.set_tuple_id(isl::dim::in, SAI.getBasePtrId());
  }

  const ArrayShape &shapeOf(StringRef Name) {
    for (const ArrayShape &Shape : Report.Arrays)
      if (Shape.Original->getBasePtr()->getName() == Name)
        return Shape;
    ADD_FAILURE() << "no array " << Name.str();
    return Report.Arrays.front();
  }

  polly::Scop *S = nullptr;
  isl::set AssumedBefore;
  /// Each access's relation and array before delinearization.
  DenseMap<polly::MemoryAccess *,
           std::pair<isl::map, const polly::ScopArrayInfo *>>
      Before;
  DelinearizeReport Report;
};

using Strings = std::vector<std::string>;

// Darknet's gemm_nt, `A[i*lda + k] * B[j*ldb + k]` with int sizes: Polly
// delinearizes the parametric accesses itself; they must stay as they are.
TEST_F(DelinearizeTest, DarknetParametricArraysStayAsPollyBuiltThem) {
  run("gemm_nt");
  EXPECT_EQ(arrays(), "A: float[?][lda], B: float[?][ldb], C: float[?][ldc]");
  for (const ArrayShape &Shape : Report.Arrays) {
    EXPECT_EQ(Shape.Outcome, ShapeOutcome::AlreadyMultiDimensional);
    EXPECT_EQ(Shape.Result, Shape.Original);
  }
  EXPECT_EQ(
      relations(),
      (Strings{"[i0, i1, i2] -> MemRef1[i0, i2]",
               "[i0, i1, i2] -> MemRef3[i1, i2]", "[i0, i1] -> MemRef5[i0, i1]",
               "[i0, i1] -> MemRef5[i0, i1]", "[i0, i1] -> MemRef5[i0, i1]",
               "[i0, i1] -> MemRef5[i0, i1]"}));
  EXPECT_EQ(addedAssumptions(), "[p_0, p_1, p_2, p_3, p_4, p_5] -> {  :  }");
}

// Polybench's gemm with `float C[1000][1100]` parameters: one-dimensional
// in Polly, two-dimensional here, with the bounds of the inner subscripts
// (nj <= 1100, nk <= 1200 where the loops run) as assumptions.
TEST_F(DelinearizeTest, FixedSizeParameters) {
  run("kernel_gemm");
  EXPECT_EQ(arrays(),
            "C: float[?][1100], A: float[?][1200], B: float[?][1100]");
  for (const ArrayShape &Shape : Report.Arrays) {
    EXPECT_EQ(Shape.Outcome, ShapeOutcome::Delinearized);
    EXPECT_NE(Shape.Result, Shape.Original);
    EXPECT_EQ(Shape.Result->getBasePtr(), Shape.Original->getBasePtr());
  }
  EXPECT_EQ(relations(), (Strings{"[i0, i1] -> MemRef0_shaped[i0, i1]",
                                  "[i0, i1] -> MemRef0_shaped[i0, i1]",
                                  "[i0, i1, i2] -> MemRef2_shaped[i0, i1]",
                                  "[i0, i1, i2] -> MemRef4_shaped[i1, i2]",
                                  "[i0, i1, i2] -> MemRef0_shaped[i0, i2]",
                                  "[i0, i1, i2] -> MemRef0_shaped[i0, i2]",
                                  "[i0, i1] -> MemRef0_shaped[i0, i1]",
                                  "[i0, i1] -> MemRef0_shaped[i0, i1]"}));
  EXPECT_EQ(addedAssumptions(),
            "[p_0, p_1, p_2] -> {  : (p_0 >= 1201 and p_1 <= 0) or (p_1 >= "
            "1101 and p_2 <= 0) or (p_0 <= 1200 and p_1 <= 1100) or (p_0 >= "
            "1201 and 0 < p_1 <= 1100 and p_2 <= 0) }");
  expectSameBytes();
}

/// A kernel whose arrays all get the shape its accesses imply.
struct ShapeCase {
  const char *Input;
  /// The arrays as the remark lists them.
  const char *Arrays;
  /// The subscripts of every access after delinearization.
  std::vector<std::string> Relations;
  /// The bounds added as assumptions.
  const char *Assumptions;
};

/// gtest names a failing case by its input.
void PrintTo(const ShapeCase &Case, std::ostream *OS) { *OS << Case.Input; }

class DelinearizeShapeTest : public DelinearizeTest,
                             public testing::WithParamInterface<ShapeCase> {};

TEST_P(DelinearizeShapeTest, RecoversShape) {
  const ShapeCase &Case = GetParam();
  run(Case.Input);
  EXPECT_EQ(arrays(), Case.Arrays);
  for (const ArrayShape &Shape : Report.Arrays)
    EXPECT_EQ(Shape.Outcome, ShapeOutcome::Delinearized);
  EXPECT_EQ(relations(), Case.Relations);
  EXPECT_EQ(addedAssumptions(), Case.Assumptions);
  expectSameBytes();
}

const ShapeCase ShapeCases[] = {
    {"global2d",
     "G: float[?][200]",
     {"[i0, i1] -> MemRef0_shaped[i0, i1]",
      "[i0, i1] -> MemRef0_shaped[i0, i1]"},
     "[p_0, p_1] -> {  : p_0 <= 200 or (p_0 >= 201 and p_1 <= 0) }"},
    // Constant loop bounds: every subscript is within its dimension, so no
    // assumption is needed.
    {"fixed3d",
     "A: double[?][20][30]",
     {"[i0, i1, i2] -> MemRef0_shaped[i0, i1, i2]",
      "[i0, i1, i2] -> MemRef0_shaped[i0, i1, i2]"},
     "[p_0] -> {  :  }"},
    // B[i][k] = A[i+1][k-1] for k from 1: Polly counts the k loop from 0
    // (i1 = k - 1), so the constant offsets split into A[i0 + 1][i1] and
    // B[i0][i1 + 1], not into a row-crossing inner subscript.
    {"shifted",
     "A: float[?][1100], B: float[?][1100]",
     {"[i0, i1] -> MemRef0_shaped[1 + i0, i1]",
      "[i0, i1] -> MemRef1_shaped[i0, 1 + i1]"},
     "[p_0] -> {  : p_0 <= 1100 }"},
    // `float *p = &A[0][0] + off; p[i*100 + j]`: the parameter offset goes
    // to the inner subscript, and 0 <= off <= 50 keeps it within the row.
    {"offset",
     "A: float[?][100]",
     {"[i0, i1] -> MemRef0_shaped[i0, p_1 + i1]",
      "[i0, i1] -> MemRef0_shaped[i0, p_1 + i1]"},
     "[p_0, p_1] -> {  : p_0 <= 0 or (p_0 > 0 and 0 <= p_1 <= 50) }"},
    // `double *a = A + i*64; a[k]`, a row pointer advanced in the outer loop.
    {"rowptr",
     "A: double[?][64]",
     {"[i0, i1] -> MemRef0_shaped[i0, i1]",
      "[i0, i1] -> MemRef0_shaped[i0, i1]"},
     "[p_0] -> {  : p_0 <= 64 }"},
    // unsigned indices reach the IR zero-extended.
    {"unsigned_idx",
     "A: float[?][64]",
     {"[i0, i1] -> MemRef0_shaped[i0, i1]",
      "[i0, i1] -> MemRef0_shaped[i0, i1]"},
     "[p_0] -> {  :  }"},
    {"sizet_idx",
     "A: double[?][128]",
     {"[i0, i1] -> MemRef0_shaped[i0, i1]",
      "[i0, i1] -> MemRef0_shaped[i0, i1]"},
     "[p_0] -> {  : p_0 <= 128 }"},
    // C[b*16*32 + i*32 + j]: a batch dimension.
    {"batch",
     "C: float[?][16][32]",
     {"[i0, i1, i2] -> MemRef0_shaped[i0, i1, i2]",
      "[i0, i1, i2] -> MemRef0_shaped[i0, i1, i2]"},
     "[p_0] -> {  :  }"},
    // in[((n*3 + c)*32 + h)*32 + w]: NCHW convolution indexing.
    {"nchw",
     "in: float[?][3][32][32]",
     {"[i0, i1, i2, i3] -> MemRef0_shaped[i0, i1, i2, i3]",
      "[i0, i1, i2, i3] -> MemRef0_shaped[i0, i1, i2, i3]"},
     "[p_0] -> {  :  }"},
    // A[i][i] next to A[i][j]: the diagonal's stride 501 is one step in
    // each dimension.
    {"diag",
     "A: float[?][500]",
     {"[i0] -> MemRef0_shaped[i0, i0]", "[i0, i1] -> MemRef0_shaped[i0, i1]",
      "[i0, i1] -> MemRef0_shaped[i0, i1]"},
     "[p_0] -> {  : p_0 <= 500 }"},
};

INSTANTIATE_TEST_SUITE_P(Kernels, DelinearizeShapeTest,
                         testing::ValuesIn(ShapeCases),
                         [](const testing::TestParamInfo<ShapeCase> &Info) {
                           return std::string(Info.param.Input);
                         });

// `float (*A)[n]`: the row size is a parameter, which Polly handles.
TEST_F(DelinearizeTest, VariableLengthArrayStaysAsPollyBuiltIt) {
  run("vla");
  EXPECT_EQ(arrays(), "A: float[?][n]");
  EXPECT_EQ(Report.Arrays[0].Outcome, ShapeOutcome::AlreadyMultiDimensional);
}

// A memset zeroes each row (Polly types the array i8 for it): the element
// type becomes double again, and the memset covers exactly the elements of
// its byte range.
TEST_F(DelinearizeTest, MemsetOfWholeElementsIsFolded) {
  run("rowset");
  EXPECT_EQ(arrays(), "A: double[?][300]");
  EXPECT_EQ(relations(),
            (Strings{"[i0] -> MemRef0_shaped[i0, o1] : 0 <= o1 < p_0",
                     "[i0, i1] -> MemRef0_shaped[i0, i1]",
                     "[i0, i1] -> MemRef0_shaped[i0, i1]"}));
  // m <= 300 (where the loops run), which keeps the memset in its row too,
  // comes from the stores.
  EXPECT_EQ(addedAssumptions(),
            "[p_0, p_1] -> {  : p_0 <= 300 or (p_0 >= 301 and p_1 <= 0) }");
  expectSameBytes();
}

// A memset of m doubles from each row where nothing bounds m by the row
// size: the exact range of linear offsets, across rows if m > 300, and no
// assumption.
TEST_F(DelinearizeTest, MemsetAcrossRowsIsARangeOfOffsets) {
  run("wideset");
  EXPECT_EQ(arrays(), "A: double[?][300], x: double[?]");
  EXPECT_EQ(relations(),
            (Strings{"[i0] -> MemRef0_shaped[o0, o1] : o1 >= 300i0 - 300o0 and "
                     "0 <= o1 <= 299 and o1 < p_1 + 300i0 - 300o0",
                     "[i0] -> MemRef0_shaped[i0, 0]", "[i0, i1] -> MemRef2[i1]",
                     "[i0, i1] -> MemRef0_shaped[i0, 0]"}));
  EXPECT_EQ(shapeOf("x").Outcome, ShapeOutcome::OneDimensional);
  expectSameBytes();
  EXPECT_EQ(addedAssumptions(), "[p_0, p_1] -> {  :  }");
}

// The refusals: the SCoP keeps Polly's relations and gains no assumption.

TEST_F(DelinearizeTest, RefusesMemsetOfPartialElements) {
  run("partset");
  EXPECT_EQ(arrays(), "A: i8[?]");
  EXPECT_EQ(Report.Arrays[0].Outcome, ShapeOutcome::Refused);
  EXPECT_EQ(Report.Arrays[0].Reason,
            "a memset or memcpy of it covers part of one of its 8-byte "
            "elements");
  EXPECT_EQ(addedAssumptions(), "[p_0, p_1] -> {  :  }");
}

TEST_F(DelinearizeTest, RefusesStridesThatDisagree) {
  run("disagree");
  EXPECT_EQ(arrays(), "A: float[?]");
  EXPECT_EQ(Report.Arrays[0].Outcome, ShapeOutcome::Refused);
  EXPECT_EQ(Report.Arrays[0].Reason, "its accesses step by 100 and 120 "
                                     "elements, which no single shape nests");
  EXPECT_EQ(relations(), (Strings{"[i0, i1] -> MemRef0[120i0 + i1]",
                                  "[i0, i1] -> MemRef0[100i0 + i1]"}));
  EXPECT_EQ(addedAssumptions(), "[p_0] -> {  :  }");
}

TEST_F(DelinearizeTest, RefusesTypePunning) {
  run("punned");
  EXPECT_EQ(Report.Arrays[0].Outcome, ShapeOutcome::Refused);
  EXPECT_EQ(Report.Arrays[0].Reason, "it is accessed as both float and i32");
}

// A[i*100 + j] for j < 200 reads overlapping windows: the shape [?][100]
// would hold only where the loop does not run.
TEST_F(DelinearizeTest, RefusesBoundsThatNeverHold) {
  run("overlap");
  EXPECT_EQ(arrays(), "A: float[?], B: float[?][200]");
  EXPECT_EQ(shapeOf("A").Outcome, ShapeOutcome::Refused);
  EXPECT_EQ(shapeOf("A").Reason, "its accesses would leave the rows of the "
                                 "shape [?][100] whenever they run");
  EXPECT_EQ(shapeOf("B").Outcome, ShapeOutcome::Delinearized);
  expectSameBytes();
}

// A[i*i] is not affine: Polly does not even detect a SCoP, so it never
// reaches delinearization.
TEST_F(DelinearizeTest, NonAffineSubscriptIsNoScop) {
  EXPECT_TRUE(buildScops(load("square")).empty());
}

TEST_F(DelinearizeTest, SecondRunChangesNothing) {
  run("kernel_gemm");
  Strings Relations = relations();
  isl::set Assumed = S->getAssumedContext();
  DelinearizeReport Again = delinearizeArrays(*S);
  ASSERT_EQ(Again.Arrays.size(), 3u);
  for (const ArrayShape &Shape : Again.Arrays)
    EXPECT_EQ(Shape.Outcome, ShapeOutcome::AlreadyMultiDimensional);
  EXPECT_EQ(relations(), Relations);
  EXPECT_TRUE(S->getAssumedContext().is_equal(Assumed).is_true());
}

TEST_F(DelinearizeTest, RefusalsAreDescribedForRemarks) {
  run("disagree");
  EXPECT_EQ(describeRefusals(Report),
            "A: float[?] (its accesses step by 100 and 120 elements, which no "
            "single shape nests)");
}

// Rows of ld = 2*n + 1: Polly takes them as 2*n long and reads C[i][j] as
// C[i][i + j]; lengthenRows gives every array rows of 2*n + 1 again, the
// columns as the source writes them, and assumes they stay in a row.
TEST_F(DelinearizeTest, ShortRowsAreLengthened) {
  run("short_rows");
  Strings Short = relations();
  EXPECT_EQ(Short[0], "[i0, i1, i2] -> MemRef0[i0, i0 + i1]");
  EXPECT_EQ(lengthenRows(*S), 3u);
  EXPECT_EQ(relations(), (Strings{"[i0, i1, i2] -> MemRef0_rows[i0, i1]",
                                  "[i0, i1, i2] -> MemRef1_rows[i1, i2]",
                                  "[i0, i1, i2] -> MemRef2_rows[i0, i2]",
                                  "[i0, i1, i2] -> MemRef2_rows[i0, i2]"}));
  for (polly::ScopStmt &Stmt : *S)
    for (polly::MemoryAccess *MA : Stmt)
      if (MA->isLatestArrayKind())
        EXPECT_EQ(
            describeSize(MA->getLatestScopArrayInfo()->getDimensionSize(1)),
            "2 * n + 1");
  // Columns below 2*n + 1 hold wherever the loops run.
  EXPECT_EQ(addedAssumptions(), "[p_0] -> {  :  }");
  // Once the rows are right, a second run finds nothing to lengthen.
  EXPECT_EQ(lengthenRows(*S), 0u);
}

// A triangle's column counted from its row (syrk's j from i, C[i][i + j'])
// is no short row: its domain ties j' to i, and the shape stays.
TEST_F(DelinearizeTest, TrianglesKeepTheirRows) {
  run("triangle_rows");
  Strings Relations = relations();
  EXPECT_EQ(Relations[0], "[i0, i1] -> MemRef0[i0, i0 + i1]");
  EXPECT_EQ(lengthenRows(*S), 0u);
  EXPECT_EQ(relations(), Relations);
}

} // namespace
