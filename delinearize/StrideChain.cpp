//===- StrideChain.cpp - Array shapes from the strides of accesses --------===//

#include "StrideChain.h"

#include "llvm/ADT/STLExtras.h"
#include <cstdlib>

using namespace llvm;
using namespace raising;

std::optional<StrideChain>
raising::chooseStrides(ArrayRef<AccessStrides> Accesses, std::string &Reason) {
  SmallVector<int64_t, 8> Candidates;
  for (const AccessStrides &Access : Accesses) {
    int64_t Smallest = 0;
    for (int64_t Coeff : Access)
      if (Coeff != 0 && (Smallest == 0 || std::abs(Coeff) < Smallest))
        Smallest = std::abs(Coeff);
    for (int64_t Coeff : Access)
      if (std::abs(Coeff) > Smallest)
        Candidates.push_back(std::abs(Coeff));
  }
  llvm::sort(Candidates);
  Candidates.erase(llvm::unique(Candidates), Candidates.end());

  // Innermost first while building; the chain is returned outermost first.
  StrideChain Chain = {1};
  for (int64_t Stride : Candidates) {
    if (Stride == 1)
      continue;
    if (Stride % Chain.back() != 0) {
      Reason = "its accesses step by " + std::to_string(Chain.back()) +
               " and " + std::to_string(Stride) +
               " elements, which no single shape nests";
      return std::nullopt;
    }
    Chain.push_back(Stride);
  }
  std::reverse(Chain.begin(), Chain.end());
  return Chain;
}

std::optional<StrideChain>
raising::chooseStridesAcross(ArrayRef<AccessStrides> Accesses) {
  SmallVector<int64_t, 8> Candidates;
  for (const AccessStrides &Access : Accesses)
    for (int64_t Coeff : Access)
      if (std::abs(Coeff) > 1)
        Candidates.push_back(std::abs(Coeff));
  llvm::sort(Candidates);
  Candidates.erase(llvm::unique(Candidates), Candidates.end());
  StrideChain Chain = {1};
  for (int64_t Stride : Candidates)
    if (Stride % Chain.back() == 0)
      Chain.push_back(Stride);
  if (Chain.size() == 1)
    return std::nullopt;
  std::reverse(Chain.begin(), Chain.end());
  // A skipped coefficient must be a sum of strides (an index in several
  // subscripts), not a step across rows (`A[120*i + j]` next to
  // `A[100*i + j]`).
  for (const AccessStrides &Access : Accesses)
    for (int64_t Coeff : Access)
      for (int64_t Digit : splitCoefficient(Coeff, Chain))
        if (std::abs(Digit) > 1)
          return std::nullopt;
  return Chain;
}

SmallVector<int64_t, 4> raising::getDimensionSizes(ArrayRef<int64_t> Strides) {
  SmallVector<int64_t, 4> Sizes = {0};
  for (unsigned Dim = 1; Dim < Strides.size(); ++Dim)
    Sizes.push_back(Strides[Dim - 1] / Strides[Dim]);
  return Sizes;
}

SmallVector<int64_t, 4> raising::splitCoefficient(int64_t Coeff,
                                                  ArrayRef<int64_t> Strides) {
  SmallVector<int64_t, 4> Digits;
  for (int64_t Stride : Strides) {
    Digits.push_back(Coeff / Stride); // Truncates toward zero.
    Coeff -= Digits.back() * Stride;
  }
  return Digits;
}

/// The remainder of @p A divided by @p B (> 0), in [0, B).
static int64_t floorMod(int64_t A, int64_t B) {
  int64_t R = A % B;
  return R < 0 ? R + B : R;
}

SmallVector<int64_t, 4>
raising::splitConstant(int64_t Constant, ArrayRef<int64_t> Strides,
                       ArrayRef<std::optional<int64_t>> MinSubscripts) {
  unsigned NumDims = Strides.size();
  SmallVector<int64_t, 4> Digits(NumDims, 0);
  // From the innermost dimension out: Constant stays a multiple of the
  // stride of the dimension being split.
  for (unsigned Dim = NumDims - 1; Dim > 0; --Dim) {
    int64_t Size = Strides[Dim - 1] / Strides[Dim];
    int64_t Units = Constant / Strides[Dim];
    int64_t Min = MinSubscripts[Dim].value_or(0);
    Digits[Dim] = -Min + floorMod(Units + Min, Size);
    Constant -= Digits[Dim] * Strides[Dim];
  }
  Digits[0] = Constant / Strides[0];
  return Digits;
}
