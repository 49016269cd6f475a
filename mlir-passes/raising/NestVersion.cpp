//===- NestVersion.cpp - Which version of a loop nest an op is in ---------===//

#include "NestVersion.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/IntegerSet.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace {

/// A constraint `sum(Coeffs[i] * Names[i]) + Constant (>= or ==) 0` on
/// function arguments.
struct Linear {
  SmallVector<std::pair<int64_t, std::string>> Terms;
  int64_t Constant = 0;
};

/// Floor and ceiling of A / B for B > 0.
int64_t floorDiv(int64_t A, int64_t B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}
int64_t ceilDiv(int64_t A, int64_t B) { return -floorDiv(-A, B); }

/// @p E, a linear combination of symbols and a constant, with the symbols
/// named after @p Operands; nullopt if it is not one or an operand is not a
/// function argument.
std::optional<Linear> toLinear(AffineExpr E, unsigned NumDims,
                               ValueRange Operands) {
  if (NumDims != 0)
    return std::nullopt;
  Linear L;
  SmallVector<int64_t> Coeffs(Operands.size(), 0);
  // Flattening: walk the sum of products, each a symbol times a constant.
  std::function<bool(AffineExpr, int64_t)> Add = [&](AffineExpr X,
                                                     int64_t Scale) {
    if (auto C = dyn_cast<AffineConstantExpr>(X)) {
      L.Constant += Scale * C.getValue();
      return true;
    }
    if (auto S = dyn_cast<AffineSymbolExpr>(X)) {
      Coeffs[S.getPosition()] += Scale;
      return true;
    }
    auto Bin = dyn_cast<AffineBinaryOpExpr>(X);
    if (!Bin)
      return false;
    if (Bin.getKind() == AffineExprKind::Add)
      return Add(Bin.getLHS(), Scale) && Add(Bin.getRHS(), Scale);
    if (Bin.getKind() == AffineExprKind::Mul)
      if (auto C = dyn_cast<AffineConstantExpr>(Bin.getRHS()))
        return Add(Bin.getLHS(), Scale * C.getValue());
    return false;
  };
  if (!Add(E, 1))
    return std::nullopt;
  for (auto [I, Coeff] : llvm::enumerate(Coeffs)) {
    if (Coeff == 0)
      continue;
    auto Arg = dyn_cast<BlockArgument>(Operands[I]);
    if (!Arg || !isa<FunctionOpInterface>(Arg.getOwner()->getParentOp()))
      return std::nullopt;
    L.Terms.push_back({Coeff, "arg" + std::to_string(Arg.getArgNumber())});
  }
  return L;
}

/// `L >= 0` (or `L == 0` if @p Eq), negated if @p Negate, in words. One
/// argument with a coefficient is solved for it: "arg3 <= 0".
std::string describe(const Linear &L, bool Eq, bool Negate) {
  if (L.Terms.size() == 1) {
    auto [C, Name] = L.Terms.front();
    if (Eq) {
      if (L.Constant % C == 0)
        return Name + (Negate ? " != " : " == ") +
               std::to_string(-L.Constant / C);
    } else {
      // C * x + K >= 0: x >= ceil(-K / C) for C > 0, x <= floor(K / -C) for
      // C < 0; negated: x <= ceil(-K / C) - 1, x >= floor(K / -C) + 1.
      bool Lower = C > 0;
      int64_t Bound =
          Lower ? ceilDiv(-L.Constant, C) : floorDiv(L.Constant, -C);
      if (Negate) {
        Bound += Lower ? -1 : 1;
        Lower = !Lower;
      }
      return Name + (Lower ? " >= " : " <= ") + std::to_string(Bound);
    }
  }
  std::string S;
  for (auto [C, Name] : L.Terms) {
    if (!S.empty())
      S += C < 0 ? " - " : " + ";
    else if (C < 0)
      S += "-";
    if (std::abs(C) != 1)
      S += std::to_string(std::abs(C)) + " * ";
    S += Name;
  }
  if (S.empty())
    S = "0";
  if (L.Constant)
    S +=
        (L.Constant < 0 ? " - " : " + ") + std::to_string(std::abs(L.Constant));
  return S + (Eq ? (Negate ? " != 0" : " == 0") : (Negate ? " < 0" : " >= 0"));
}

} // namespace

std::string mlir::raise::describeVersion(Operation *Op) {
  SmallVector<std::string> Conditions;
  for (Operation *Child = Op, *Parent = Op->getParentOp();
       Parent && !isa<FunctionOpInterface>(Parent);
       Child = Parent, Parent = Parent->getParentOp()) {
    // A version a raising pass made, which names its own condition.
    if (auto Then = Parent->getAttrOfType<StringAttr>("raise.version")) {
      bool Else = Child->getParentRegion() != &Parent->getRegion(0);
      auto Named =
          Else ? Parent->getAttrOfType<StringAttr>("raise.version_else") : Then;
      if (Named)
        Conditions.insert(Conditions.begin(), Named.str());
      continue;
    }
    auto If = dyn_cast<affine::AffineIfOp>(Parent);
    if (!If)
      continue;
    bool Else = Child->getParentRegion() == &If.getElseRegion();
    IntegerSet Set = If.getIntegerSet();
    SmallVector<std::string> Parts;
    for (unsigned I = 0, E = Set.getNumConstraints(); I < E; ++I) {
      std::optional<Linear> L =
          toLinear(Set.getConstraint(I), Set.getNumDims(), If.getOperands());
      if (!L)
        return "";
      bool Single = E == 1;
      Parts.push_back(describe(*L, Set.isEq(I), Else && Single));
    }
    std::string Joined = llvm::join(Parts, " and ");
    if (Else && Parts.size() > 1)
      Joined = "not (" + Joined + ")";
    if (!Joined.empty())
      Conditions.insert(Conditions.begin(), Joined);
  }
  return llvm::join(Conditions, " and ");
}
