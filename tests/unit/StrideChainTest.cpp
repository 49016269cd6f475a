//===- StrideChainTest.cpp - Tests of the arithmetic of shapes ------------===//

#include "delinearize/StrideChain.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace raising;

namespace {

using Ints = SmallVector<int64_t, 4>;

std::optional<StrideChain> choose(ArrayRef<AccessStrides> Accesses) {
  std::string Reason;
  return chooseStrides(Accesses, Reason);
}

TEST(StrideChainTest, StridesSeparatedBySmallerOnesAreDimensions) {
  // C[i][j] and A[i][k] with 1100 columns.
  EXPECT_EQ(choose({{1100, 1}, {1100, 0, 1}}), (StrideChain{1100, 1}));
  // NCHW: in[((n*3 + c)*32 + h)*32 + w].
  EXPECT_EQ(choose({{3072, 1024, 32, 1}}), (StrideChain{3072, 1024, 32, 1}));
  // Negative steps (a loop counting down) count by their magnitude.
  EXPECT_EQ(choose({{-1100, 1}}), (StrideChain{1100, 1}));
}

TEST(StrideChainTest, LoneStridesAreNoDimensions) {
  // x[2*i]: a strided vector, not a [?][2] matrix.
  EXPECT_EQ(choose({{2}}), (StrideChain{1}));
  // The diagonal A[i][i] next to A[i][j].
  EXPECT_EQ(choose({{501}, {500, 1}}), (StrideChain{500, 1}));
  EXPECT_EQ(choose({}), (StrideChain{1}));
}

TEST(StrideChainTest, StridesThatDoNotNestAreRefused) {
  std::string Reason;
  EXPECT_EQ(chooseStrides({{100, 1}, {120, 1}}, Reason), std::nullopt);
  EXPECT_EQ(Reason,
            "its accesses step by 100 and 120 elements, which no single shape "
            "nests");
}

TEST(StrideChainTest, SecondGuessTakesTheStridesThatNest) {
  // covariance's cov[i][j] for j from i and cov[j][i], as LLVM counts them:
  // A[1201*i + j'] and A[1201*i + 1200*j']. The first guess is [?][1201].
  EXPECT_EQ(choose({{1201, 1}, {1201, 1200}}), (StrideChain{1201, 1}));
  EXPECT_EQ(chooseStridesAcross({{1201, 1}, {1201, 1200}}),
            (StrideChain{1200, 1}));
  // Only unit strides: no second guess.
  EXPECT_EQ(chooseStridesAcross({{1}, {1, 0}}), std::nullopt);
  // Strides that nest are all kept.
  EXPECT_EQ(chooseStridesAcross({{3072, 32}, {1024, 1}}),
            (StrideChain{3072, 1024, 32, 1}));
  // 120 is no sum of 100 and 1 with digits of at most one: no guess.
  EXPECT_EQ(chooseStridesAcross({{120, 1}, {100, 1}}), std::nullopt);
}

TEST(StrideChainTest, SizesAreRatiosOfStrides) {
  EXPECT_EQ(getDimensionSizes({600, 30, 1}), (Ints{0, 20, 30}));
  EXPECT_EQ(getDimensionSizes({1}), (Ints{0}));
}

TEST(StrideChainTest, CoefficientsSplitIntoMixedRadixDigits) {
  EXPECT_EQ(splitCoefficient(1100, {1100, 1}), (Ints{1, 0}));
  EXPECT_EQ(splitCoefficient(1101, {1100, 1}), (Ints{1, 1}));
  EXPECT_EQ(splitCoefficient(-1101, {1100, 1}), (Ints{-1, -1}));
  EXPECT_EQ(splitCoefficient(631, {600, 30, 1}), (Ints{1, 1, 1}));
}

TEST(StrideChainTest, ConstantsKeepInnerSubscriptsInTheirRows) {
  // A[(i+1)*1100 + k-1] with k >= 1: A[i+1][k-1].
  EXPECT_EQ(splitConstant(1099, {1100, 1}, {std::nullopt, 1}), (Ints{1, -1}));
  // With k >= 0 only [i][k+1099] keeps k + c in the row for k = 0.
  EXPECT_EQ(splitConstant(1099, {1100, 1}, {std::nullopt, 0}), (Ints{0, 1099}));
  // An unbounded subscript counts as starting at 0.
  EXPECT_EQ(splitConstant(-1, {1100, 1}, {std::nullopt, std::nullopt}),
            (Ints{-1, 1099}));
  // Three dimensions: 1*600 + 2*30 + 3.
  EXPECT_EQ(splitConstant(663, {600, 30, 1}, {0, 0, 0}), (Ints{1, 2, 3}));
}

} // namespace
