//===- NestVersion.cpp - Which version of a loop nest an op is in ---------===//

#include "NestVersion.h"

#include "mlir/Analysis/Presburger/IntegerRelation.h"
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

/// A constraint of a version: `L >= 0`, or `L == 0` if Eq.
struct Constraint {
  Linear L;
  bool Eq = false;
  /// Where the condition it comes from is, outermost first: the remark
  /// keeps the nest's order.
  unsigned Order = 0;
};

/// The conditions a version runs under: constraints that hold together
/// (Convex), and conjunctions of constraints that do not hold (Excluded:
/// the else-branch of an affine.if on several constraints).
class Conditions {
public:
  void add(Constraint C) { Convex.push_back(std::move(C)); }
  void exclude(SmallVector<Constraint> Cs) {
    if (Cs.size() == 1 && !Cs.front().Eq)
      return Convex.push_back(negate(Cs.front()));
    Excluded.push_back(std::move(Cs));
  }

  /// Drops what the rest implies, states an excluded conjunction whose other
  /// constraints hold as its one remaining constraint negated, and merges
  /// x >= c and x <= c into x == c: `not (n == 0 and p <= -1) and p <= -1`
  /// reads `n != 0 and p <= -1`.
  void simplify() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (auto It = Excluded.begin(); It != Excluded.end(); ++It) {
        // A constraint that cannot hold with the others: never excluded.
        if (llvm::any_of(*It, [&](const Constraint &C) {
              return isEmpty(Convex, &C);
            })) {
          Excluded.erase(It);
          Changed = true;
          break;
        }
        auto Held = llvm::remove_if(
            *It, [&](const Constraint &C) { return implies(Convex, C); });
        if (Held == It->end())
          continue;
        It->erase(Held, It->end());
        Changed = true;
        if (It->size() == 1 && !It->front().Eq) {
          Convex.push_back(negate(It->front()));
          Excluded.erase(It);
        }
        break;
      }
    }
    // Constraints the others imply, the later ones first.
    for (size_t I = Convex.size(); I-- > 0;) {
      SmallVector<Constraint> Others(Convex);
      Others.erase(Others.begin() + I);
      if (implies(Others, Convex[I]))
        Convex.erase(Convex.begin() + I);
    }
    for (size_t I = 0; I < Convex.size(); ++I)
      for (size_t J = I + 1; J < Convex.size(); ++J)
        if (!Convex[I].Eq && !Convex[J].Eq &&
            isOpposite(Convex[I], Convex[J])) {
          Convex[I].Eq = true;
          Convex.erase(Convex.begin() + J);
          break;
        }
  }

  /// Each condition in words, with its Order.
  void
  describe(SmallVectorImpl<std::pair<unsigned, std::string>> &Parts) const {
    for (const Constraint &C : Convex)
      Parts.push_back({C.Order, ::describe(C.L, C.Eq, /*Negate=*/false)});
    for (const SmallVector<Constraint> &Cs : Excluded) {
      if (Cs.size() == 1) {
        Parts.push_back(
            {Cs.front().Order, ::describe(Cs.front().L, Cs.front().Eq, true)});
        continue;
      }
      SmallVector<std::string> Inner;
      for (const Constraint &C : Cs)
        Inner.push_back(::describe(C.L, C.Eq, false));
      Parts.push_back(
          {Cs.front().Order, "not (" + llvm::join(Inner, " and ") + ")"});
    }
  }

private:
  SmallVector<Constraint> Convex;
  SmallVector<SmallVector<Constraint>> Excluded;

  static Constraint negate(const Constraint &C) {
    // not (L >= 0): -L - 1 >= 0.
    Constraint N;
    N.Order = C.Order;
    for (auto [Coeff, Name] : C.L.Terms)
      N.L.Terms.push_back({-Coeff, Name});
    N.L.Constant = -C.L.Constant - 1;
    return N;
  }

  /// Whether @p A and @p B, inequalities, bound one expression from both
  /// sides at one value (L >= 0 and -L >= 0).
  static bool isOpposite(const Constraint &A, const Constraint &B) {
    if (A.L.Terms.size() != B.L.Terms.size() || A.L.Constant != -B.L.Constant)
      return false;
    for (auto [TA, TB] : llvm::zip(A.L.Terms, B.L.Terms))
      if (TA.first != -TB.first || TA.second != TB.second)
        return false;
    return true;
  }

  /// Whether @p Cs, and @p Extra if given, admit no integer point.
  static bool isEmpty(ArrayRef<Constraint> Cs,
                      const Constraint *Extra = nullptr) {
    SmallVector<std::string> Names;
    auto Add = [&](const Constraint &C) {
      for (const auto &Term : C.L.Terms)
        if (!llvm::is_contained(Names, Term.second))
          Names.push_back(Term.second);
    };
    for (const Constraint &C : Cs)
      Add(C);
    if (Extra)
      Add(*Extra);
    using namespace presburger;
    IntegerPolyhedron Set = IntegerPolyhedron::getUniverse(
        PresburgerSpace::getSetSpace(Names.size()));
    auto Put = [&](const Constraint &C) {
      SmallVector<int64_t> Row(Names.size() + 1, 0);
      for (const auto &Term : C.L.Terms)
        Row[llvm::find(Names, Term.second) - Names.begin()] += Term.first;
      Row.back() = C.L.Constant;
      if (C.Eq)
        Set.addEquality(Row);
      else
        Set.addInequality(Row);
    };
    for (const Constraint &C : Cs)
      Put(C);
    if (Extra)
      Put(*Extra);
    return Set.isEmpty();
  }

  /// Whether every integer point of @p Cs satisfies @p C.
  static bool implies(ArrayRef<Constraint> Cs, const Constraint &C) {
    Constraint Below = negate(C);
    if (!C.Eq)
      return isEmpty(Cs, &Below);
    // Neither L <= -1 nor L >= 1.
    Constraint Above = C;
    Above.Eq = false;
    Above.L.Constant -= 1;
    Below = negate(Constraint{C.L, false});
    return isEmpty(Cs, &Below) && isEmpty(Cs, &Above);
  }
};

} // namespace

std::string mlir::raise::describeVersion(Operation *Op) {
  // Outermost first.
  SmallVector<Operation *> Chain;
  for (Operation *Child = Op, *Parent = Op->getParentOp();
       Parent && !isa<FunctionOpInterface>(Parent);
       Child = Parent, Parent = Parent->getParentOp())
    Chain.insert(Chain.begin(), Child);
  SmallVector<std::pair<unsigned, std::string>> Parts;
  Conditions Affine;
  unsigned Order = 0;
  for (Operation *Child : Chain) {
    ++Order;
    Operation *Parent = Child->getParentOp();
    // A version a raising pass made, which names its own condition.
    if (auto Then = Parent->getAttrOfType<StringAttr>("raise.version")) {
      bool Else = Child->getParentRegion() != &Parent->getRegion(0);
      auto Name =
          Else ? Parent->getAttrOfType<StringAttr>("raise.version_else") : Then;
      if (Name)
        Parts.push_back({Order, Name.str()});
      continue;
    }
    auto If = dyn_cast<affine::AffineIfOp>(Parent);
    if (!If)
      continue;
    bool Else = Child->getParentRegion() == &If.getElseRegion();
    IntegerSet Set = If.getIntegerSet();
    SmallVector<Constraint> Cs;
    for (unsigned I = 0, E = Set.getNumConstraints(); I < E; ++I) {
      std::optional<Linear> L =
          toLinear(Set.getConstraint(I), Set.getNumDims(), If.getOperands());
      if (!L)
        return "";
      Cs.push_back({*L, Set.isEq(I), Order});
    }
    if (Else)
      Affine.exclude(std::move(Cs));
    else
      for (Constraint &C : Cs)
        Affine.add(std::move(C));
  }
  Affine.simplify();
  Affine.describe(Parts);
  // In the nest's order, outermost first.
  llvm::stable_sort(Parts, llvm::less_first());
  return llvm::join(llvm::make_second_range(Parts), " and ");
}
