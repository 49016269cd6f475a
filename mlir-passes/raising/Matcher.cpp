//===- Matcher.cpp - Matching tactics against loop-nest units -------------===//

#include "Matcher.h"
#include "OldValues.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CastInterfaces.h"

#include <functional>

using namespace mlir;
using namespace mlir::raise;

namespace {

/// Looks through value casts (sitofp, extf, ...), which patterns ignore.
Value stripCasts(Value V) {
  while (Operation *Op = V.getDefiningOp()) {
    if (!isa<CastOpInterface>(Op) || Op->getNumOperands() != 1)
      break;
    V = Op->getOperand(0);
  }
  return V;
}

bool isMul(Operation *Op) {
  return isa_and_nonnull<arith::MulFOp, arith::MulIOp>(Op);
}
bool isAdd(Operation *Op) {
  return isa_and_nonnull<arith::AddFOp, arith::AddIOp>(Op);
}
bool isSub(Operation *Op) {
  return isa_and_nonnull<arith::SubFOp, arith::SubIOp>(Op);
}
bool isDiv(Operation *Op) {
  return isa_and_nonnull<arith::DivFOp, arith::DivSIOp, arith::DivUIOp>(Op);
}

/// The factors of a product tree, in either association, through
/// negations (`C -= A * B` at -O3 is `fmuladd(-A, B, C)`): what a match
/// binds are the loads; the raised body keeps the loop's own operations,
/// negations included (a negation is no named operation's body).
void collectFactors(Value V, SmallVectorImpl<Value> &Factors) {
  Operation *Op = V.getDefiningOp();
  if (isMul(Op)) {
    collectFactors(Op->getOperand(0), Factors);
    collectFactors(Op->getOperand(1), Factors);
    return;
  }
  if (isa_and_nonnull<arith::NegFOp>(Op)) {
    collectFactors(Op->getOperand(0), Factors);
    return;
  }
  Factors.push_back(V);
}

void collectFactors(const Expr &E, SmallVectorImpl<const Expr *> &Factors) {
  if (E.K == Expr::Kind::Mul) {
    collectFactors(E.Operands[0], Factors);
    collectFactors(E.Operands[1], Factors);
    return;
  }
  Factors.push_back(&E);
}

void collectIndices(const Expr &E, SmallVectorImpl<std::string> &Out) {
  for (const IndexExpr &Sub : E.Subs)
    for (const IndexTerm &Term : Sub.Terms)
      if (!llvm::is_contained(Out, Term.Index))
        Out.push_back(Term.Index);
  for (const Expr &Op : E.Operands)
    collectIndices(Op, Out);
}

std::string describeOp(Value V) {
  if (Operation *Op = V.getDefiningOp())
    return ("'" + Op->getName().getStringRef() + "'").str();
  return "a block argument";
}

/// The bindings built up along one path of the search.
struct State {
  llvm::StringMap<unsigned> IndexLoop;
  SmallVector<int, 4> LoopIndex; ///< Loop -> bound or -1.
  llvm::StringMap<Value> TensorMemref;
  llvm::StringMap<Operation *> TensorLoad;
  llvm::StringMap<Value> Scalars;
  SmallVector<Value, 2> Scale;
  unsigned Progress = 0;
};

using Cont = std::function<bool(State &)>;

/// Backtracking matcher in continuation-passing style: each step calls the
/// continuation for every way it can match, so a later failure retries the
/// earlier alternatives (commutative operands, permutations of factors).
class Matcher {
public:
  Matcher(const Unit &U, const Tactic &T, MatchFailure &Best)
      : U(U), T(T), Best(Best) {
    for (const Access &A : U.Accesses)
      AccessOf[A.Op] = &A;
    collectIndices(T.Pattern.Output, Indices);
    collectIndices(T.Pattern.Rhs, Indices);
  }

  bool run(MatchResult &Result) {
    State St;
    St.LoopIndex.assign(U.Loops.size(), -1);
    const Statement &P = T.Pattern;
    return unifySubs(P.Output, U.Output, St, [&](State &St) {
      ++St.Progress;
      return matchStatement(St, [&](State &St) {
        for (auto [Loop, Index] : llvm::enumerate(St.LoopIndex))
          if (Index < 0)
            return fail(St, "loop at depth " + std::to_string(Loop + 1) +
                                " is not an index of the pattern");
        Result.T = &T;
        Result.IndexLoop = St.IndexLoop;
        Result.TensorLoad = St.TensorLoad;
        Result.Scalars = St.Scalars;
        Result.Scale = St.Scale;
        return true;
      });
    });
  }

private:
  bool fail(const State &St, const std::string &Reason) {
    if (St.Progress >= Best.Progress) {
      Best.Progress = St.Progress;
      Best.Reason = Reason;
    }
    return false;
  }

  /// The statement's shape: `=`, `+=`, `-=`, `*=` on the output.
  bool matchStatement(State &St, const Cont &K) {
    const Statement &P = T.Pattern;
    Value V = U.Store.getValueToStore();
    Operation *Def = V.getDefiningOp();
    switch (P.Assign) {
    case AssignKind::Assign:
      return matchExpr(P.Rhs, V, St, K);
    case AssignKind::AddAssign:
      if (matchOneByOne(V, St, K))
        return true;
      if (isAdd(Def)) {
        if (matchUpdate(Def, St, K))
          return true;
        if (reachesAccumulator(Def))
          return fail(St, "the update adds to the output only after other "
                          "terms (matching would need reassociation)");
      } else if (auto Fma = dyn_cast_or_null<LLVM::FMulAddOp>(Def)) {
        if (isAccumulator(U, Fma.getC())) {
          State Copy = St;
          ++Copy.Progress;
          SmallVector<Value, 4> Factors;
          collectFactors(Fma.getA(), Factors);
          collectFactors(Fma.getB(), Factors);
          return matchProduct(P.Rhs, Factors, Copy, K);
        }
      }
      // `out - x` is `out + (-x)`, bit for bit (integers wrap alike): the
      // same accumulation, whose body the raised operation keeps.
      if (isSub(Def) && isAccumulator(U, Def->getOperand(0))) {
        State Copy = St;
        ++Copy.Progress;
        if (matchExpr(P.Rhs, Def->getOperand(1), Copy, K))
          return true;
      }
      return fail(St, "the stored value is not an accumulation 'out + x' "
                      "(found " +
                          describeOp(V) + ")");
    case AssignKind::SubAssign:
      if (isSub(Def) && isAccumulator(U, Def->getOperand(0))) {
        ++St.Progress;
        return matchExpr(P.Rhs, Def->getOperand(1), St, K);
      }
      return fail(St, "the stored value is not 'out - x'");
    case AssignKind::MulAssign:
      if (isMul(Def) && matchUpdate(Def, St, K))
        return true;
      return fail(St, "the stored value is not 'out * x'");
    }
    return false;
  }

  /// One term of an accumulation, `Acc + x` (either order) or
  /// `fmuladd(a, b, Acc)`: sets @p Term (null for an fmuladd, whose factors
  /// go to @p Factors) and returns Acc.
  Value splitStep(Value V, Value &Term, SmallVectorImpl<Value> &Factors) {
    Operation *Def = V.getDefiningOp();
    if (auto Fma = dyn_cast_or_null<LLVM::FMulAddOp>(Def)) {
      collectFactors(Fma.getA(), Factors);
      collectFactors(Fma.getB(), Factors);
      Term = {};
      return Fma.getC();
    }
    if (!isAdd(Def))
      return {};
    for (unsigned Acc = 0; Acc < 2; ++Acc)
      if (isAccumulator(U, Def->getOperand(Acc)) ||
          reachesAccumulator(Def->getOperand(Acc).getDefiningOp())) {
        Term = Def->getOperand(1 - Acc);
        return Def->getOperand(Acc);
      }
    return {};
  }

  /// Matches one term of an accumulation (see splitStep) against @p P.
  bool matchTerm(const Expr &P, Value Term, ArrayRef<Value> Factors, State &St,
                 const Cont &K) {
    return Term ? matchExpr(P, Term, St, K) : matchProduct(P, Factors, St, K);
  }

  /// A pattern `out += x + y` against the source's `(out + x) + y`, each
  /// term added to the output in turn (Fortran's `C(I,J) = C(I,J) +
  /// A(I,L)*TEMP1 + B(I,L)*TEMP2`, left to right): the same two terms per
  /// iteration, accumulated in another order, which the raised body keeps
  /// as it is.
  bool matchOneByOne(Value V, State &St, const Cont &K) {
    const Expr &Rhs = T.Pattern.Rhs;
    if (Rhs.K != Expr::Kind::Add || Rhs.Operands.size() != 2)
      return false;
    Value Second, First;
    SmallVector<Value, 4> SecondFactors, FirstFactors;
    Value Inner = splitStep(V, Second, SecondFactors);
    if (!Inner || isAccumulator(U, Inner))
      return false;
    Value Acc = splitStep(Inner, First, FirstFactors);
    if (!Acc || !isAccumulator(U, Acc))
      return false;
    State Copy = St;
    return matchTerm(
        Rhs.Operands[0], First, FirstFactors, Copy, [&](State &Next) {
          return matchTerm(Rhs.Operands[1], Second, SecondFactors, Next, K);
        });
  }

  /// `out op x` or `x op out` for a commutative update `Def`: matches the
  /// pattern's right-hand side against `x`.
  bool matchUpdate(Operation *Def, State &St, const Cont &K) {
    for (unsigned Acc = 0; Acc < 2; ++Acc)
      if (isAccumulator(U, Def->getOperand(Acc))) {
        State Copy = St;
        ++Copy.Progress;
        if (matchExpr(T.Pattern.Rhs, Def->getOperand(1 - Acc), Copy, K))
          return true;
      }
    return false;
  }

  bool reachesAccumulator(Operation *Add) {
    if (!Add)
      return false;
    for (Value Operand : Add->getOperands()) {
      if (isAccumulator(U, Operand))
        return true;
      if (isAdd(Operand.getDefiningOp()) &&
          reachesAccumulator(Operand.getDefiningOp()))
        return true;
    }
    return false;
  }

  bool matchExpr(const Expr &P, Value S, State &St, const Cont &K) {
    Operation *Def = S.getDefiningOp();
    if (P.K == Expr::Kind::Mul || isMul(Def)) {
      SmallVector<Value, 4> Factors;
      collectFactors(S, Factors);
      return matchProduct(P, Factors, St, K);
    }
    return matchLeafOrOp(P, S, St, K);
  }

  /// Matches the factors of `P` one to one against `Factors`; factors left
  /// over must be loop invariant (they scale the result).
  bool matchProduct(const Expr &P, ArrayRef<Value> Factors, State &St,
                    const Cont &K) {
    SmallVector<const Expr *, 4> PFactors;
    collectFactors(P, PFactors);
    if (PFactors.size() > 1 && Factors.size() == 1)
      return fail(St, "expected a product, found " + describeOp(Factors[0]));
    if (PFactors.size() > Factors.size())
      return fail(St, "the product has " + std::to_string(Factors.size()) +
                          " factors, the pattern " +
                          std::to_string(PFactors.size()));
    SmallVector<Value, 4> Left(Factors.begin(), Factors.end());
    return matchFactors(PFactors, Left, St, K);
  }

  bool matchFactors(ArrayRef<const Expr *> PFactors, SmallVector<Value, 4> Left,
                    State &St, const Cont &K) {
    if (PFactors.empty()) {
      for (Value V : Left) {
        if (!U.isInvariant(stripCasts(V)))
          return fail(St, "the product has a factor the pattern does not "
                          "have (" +
                              describeOp(V) + ")");
        St.Scale.push_back(V);
      }
      return K(St);
    }
    for (unsigned I = 0; I < Left.size(); ++I) {
      State Copy = St;
      SmallVector<Value, 4> Rest = Left;
      Rest.erase(Rest.begin() + I);
      ArrayRef<const Expr *> Tail = PFactors.drop_front();
      if (matchLeafOrOp(*PFactors.front(), Left[I], Copy, [&](State &Next) {
            return matchFactors(Tail, Rest, Next, K);
          }))
        return true;
    }
    return false;
  }

  bool matchBinary(const Expr &P, Operation *Def, bool Commutative, State &St,
                   const Cont &K) {
    for (unsigned Swap = 0; Swap < (Commutative ? 2u : 1u); ++Swap) {
      State Copy = St;
      ++Copy.Progress;
      Value L = Def->getOperand(Swap), R = Def->getOperand(1 - Swap);
      if (matchExpr(P.Operands[0], L, Copy, [&](State &Next) {
            return matchExpr(P.Operands[1], R, Next, K);
          }))
        return true;
    }
    return false;
  }

  bool matchLeafOrOp(const Expr &P, Value S, State &St, const Cont &K) {
    Operation *Def = S.getDefiningOp();
    switch (P.K) {
    case Expr::Kind::Tensor:
      return matchTensor(P, S, St, K);
    case Expr::Kind::Scalar: {
      Value V = stripCasts(S);
      if (!U.isInvariant(V) && !matchPattern(V, m_Constant()))
        return fail(St, "'" + P.Name + "' must be loop invariant, found " +
                            describeOp(S));
      auto [It, New] = St.Scalars.try_emplace(P.Name, S);
      if (!New && It->second != S)
        return fail(St, "scalar '" + P.Name + "' is bound to two values");
      ++St.Progress;
      return K(St);
    }
    case Expr::Kind::Number: {
      FloatAttr F;
      IntegerAttr I;
      Value V = stripCasts(S);
      if ((matchPattern(V, m_Constant(&F)) &&
           F.getValueAsDouble() == P.Value) ||
          (matchPattern(V, m_Constant(&I)) &&
           double(I.getValue().getSExtValue()) == P.Value)) {
        ++St.Progress;
        return K(St);
      }
      return fail(St, "expected the constant " + std::to_string(P.Value) +
                          ", found " + describeOp(S));
    }
    case Expr::Kind::Add:
      if (isAdd(Def))
        return matchBinary(P, Def, /*Commutative=*/true, St, K);
      if (auto Fma = dyn_cast_or_null<LLVM::FMulAddOp>(Def)) {
        // fmuladd(a, b, c) is c + a*b for matching.
        for (unsigned Swap = 0; Swap < 2; ++Swap) {
          State Copy = St;
          ++Copy.Progress;
          const Expr &PMul = P.Operands[Swap], &PAdd = P.Operands[1 - Swap];
          SmallVector<Value, 4> Factors;
          collectFactors(Fma.getA(), Factors);
          collectFactors(Fma.getB(), Factors);
          if (matchProduct(PMul, Factors, Copy, [&](State &Next) {
                return matchExpr(PAdd, Fma.getC(), Next, K);
              }))
            return true;
        }
        return false;
      }
      break;
    case Expr::Kind::Sub:
      if (isSub(Def))
        return matchBinary(P, Def, /*Commutative=*/false, St, K);
      break;
    case Expr::Kind::Div:
      if (isDiv(Def))
        return matchBinary(P, Def, /*Commutative=*/false, St, K);
      break;
    case Expr::Kind::Neg:
      if (isa_and_nonnull<arith::NegFOp>(Def)) {
        ++St.Progress;
        return matchExpr(P.Operands[0], Def->getOperand(0), St, K);
      }
      break;
    case Expr::Kind::Mul:
      return matchExpr(P, S, St, K);
    }
    return fail(St,
                "expected " + printOperator(P) + ", found " + describeOp(S));
  }

  static std::string printOperator(const Expr &P) {
    switch (P.K) {
    case Expr::Kind::Add:
      return "an addition";
    case Expr::Kind::Sub:
      return "a subtraction";
    case Expr::Kind::Div:
      return "a division";
    case Expr::Kind::Neg:
      return "a negation";
    default:
      return "an operation";
    }
  }

  bool matchTensor(const Expr &P, Value S, State &St, const Cont &K) {
    Value V = stripCasts(S);
    Operation *Load = V.getDefiningOp();
    auto It = AccessOf.find(Load);
    if (!Load || It == AccessOf.end() || It->second->IsWrite)
      return fail(St, "expected an element of '" + P.Name + "', found " +
                          describeOp(S));
    if (isAccumulator(U, V))
      return fail(St, "the output is read again as '" + P.Name + "'");
    const Access &A = *It->second;
    auto [Bound, New] = St.TensorMemref.try_emplace(P.Name, A.Memref);
    if (!New && Bound->second != A.Memref)
      return fail(St, "'" + P.Name + "' is bound to two arrays");
    St.TensorLoad[P.Name] = Load;
    return unifySubs(P, A, St, [&](State &Next) {
      ++Next.Progress;
      return K(Next);
    });
  }

  /// Unifies the subscripts of `P` with the loop subscripts of `A`.
  bool unifySubs(const Expr &P, const Access &A, State &St, const Cont &K) {
    SmallVector<const LinearForm *, 4> Dims = A.loopDims();
    if (Dims.size() != P.Subs.size())
      return fail(St, "'" + P.Name + "' has " + std::to_string(P.Subs.size()) +
                          " subscripts in the pattern, the access has " +
                          std::to_string(Dims.size()) + " that use loops");
    return unifyDim(P, Dims, 0, 0, St, K);
  }

  bool unifyDim(const Expr &P, ArrayRef<const LinearForm *> Dims, unsigned D,
                unsigned Term, State &St, const Cont &K) {
    if (D == Dims.size())
      return K(St);
    const IndexExpr &Sub = P.Subs[D];
    const LinearForm &F = *Dims[D];
    unsigned Used = llvm::count_if(F.Coeffs, [](int64_t C) { return C != 0; });
    if (Used != Sub.Terms.size())
      return fail(St, "subscript " + std::to_string(D + 1) + " of '" + P.Name +
                          "' does not have the pattern's form");
    if (Term == Sub.Terms.size())
      return unifyDim(P, Dims, D + 1, 0, St, K);
    const IndexTerm &IT = Sub.Terms[Term];
    for (auto [Loop, Coeff] : llvm::enumerate(F.Coeffs)) {
      if (Coeff == 0 || Coeff != IT.Coeff)
        continue;
      auto Bound = St.IndexLoop.find(IT.Index);
      if (Bound != St.IndexLoop.end() && Bound->second != Loop)
        continue;
      if (Bound == St.IndexLoop.end() && St.LoopIndex[Loop] >= 0)
        continue;
      State Copy = St;
      Copy.IndexLoop[IT.Index] = Loop;
      Copy.LoopIndex[Loop] = llvm::find(Indices, IT.Index) - Indices.begin();
      if (unifyDim(P, Dims, D, Term + 1, Copy, K))
        return true;
    }
    return fail(St, "subscript " + std::to_string(D + 1) + " of '" + P.Name +
                        "' does not fit index '" + IT.Index + "'");
  }

  const Unit &U;
  const Tactic &T;
  MatchFailure &Best;
  DenseMap<Operation *, const Access *> AccessOf;
  SmallVector<std::string, 4> Indices;
};

} // namespace

bool mlir::raise::isAccumulator(const Unit &U, Value V) {
  auto Load = V.getDefiningOp<affine::AffineLoadOp>();
  if (!Load)
    return false;
  if (U.K == Unit::Kind::LocalScalar)
    return Load.getMemRef() == U.Scalar &&
           U.Loops[U.NumOuter]->isAncestor(Load);
  return llvm::any_of(U.Accesses, [&](const Access &A) {
    return A.Op == Load && A.sameElementsAs(U.Output);
  });
}

std::string mlir::raise::checkUnit(const Unit &U, const DependenceView &Test) {
  if (!U.Unsupported.empty())
    return U.Unsupported;
  const Access &Out = U.K == Unit::Kind::LocalScalar ? U.FinalOutput : U.Output;
  llvm::SmallBitVector Seen(U.Loops.size());
  for (const LinearForm *F : Out.loopDims()) {
    int Loop = F->singleLoop();
    if (Loop < 0 || Seen.test(Loop))
      return "the output subscripts are not distinct loop indices";
    Seen.set(Loop);
  }
  if (U.Tri) {
    // The raised op runs over the box around the triangle and keeps the
    // elements outside it as they are: the cut must be between two output
    // subscripts, so that it only selects elements (for a local scalar,
    // two of the loops around its initialization), or between the summed
    // index and the row or column of the stored element (trmm's `k > i`),
    // so that it only drops terms of each element's sum.
    SmallVector<const LinearForm *, 4> OutDims = Out.loopDims();
    // The stored element's row and column: the tuned GEMM skips terms of
    // either's sums (a column-major trmm cuts k against the column).
    int Row = OutDims.empty() ? -1 : OutDims.front()->singleLoop();
    int Col = OutDims.size() < 2 ? -1 : OutDims.back()->singleLoop();
    auto InCut = [&](int Loop) {
      return Loop >= 0 &&
             (Loop == int(U.Tri->Outer) || Loop == int(U.Tri->Inner));
    };
    bool Statement = U.K == Unit::Kind::Statement;
    bool Outer =
        Statement || (U.Tri->Outer < U.NumOuter && U.Tri->Inner < U.NumOuter);
    bool Elements = Outer && Seen.test(U.Tri->Outer) && Seen.test(U.Tri->Inner);
    // For a local scalar the summed index is one of its reduction loops.
    bool Terms = U.cutsSum() && (InCut(Row) || InCut(Col)) &&
                 (Statement ||
                  (U.Tri->Outer < U.NumOuter && U.Tri->Inner >= U.NumOuter));
    if (!Elements && !Terms)
      return "loop bounds depend on an enclosing loop (a triangle raising "
             "handles only between two subscripts of the stored element, "
             "or between the summed index and one of them)";
  }
  for (const Access &A : U.Accesses) {
    if (A.IsWrite || A.Memref != Out.Memref)
      continue;
    bool InReduction =
        U.K == Unit::Kind::LocalScalar && U.Loops[U.NumOuter]->isAncestor(A.Op);
    if (!InReduction && A.sameElementsAs(Out))
      continue;
    // A unit that reads its output at other elements only before it writes
    // them (trmm's `B[i][j] += A[k][i] * B[k][j]`, k > i, or its sum
    // through a local scalar from B[i][j]) reads the values from before the
    // nest: the raised op reads them from a copy.
    if ((U.K == Unit::Kind::Statement || !A.sameElementsAs(Out)) &&
        llvm::none_of(U.Accesses, [&](const Access &W) {
          return W.IsWrite && W.Memref == A.Memref &&
                 mayPrecede(Test(W.Op), Test(A.Op));
        })) {
      // Nor read before a write of the same element: no write touches
      // what it reads, and no copy is needed.
      A.Untouched = llvm::none_of(U.Accesses, [&](const Access &W) {
        return W.IsWrite && W.Memref == A.Memref &&
               mayPrecede(Test(A.Op), Test(W.Op));
      });
      continue;
    }
    return "the output is also an input (read at other elements)";
  }
  return "";
}

bool mlir::raise::matchTactic(const Unit &U, const Tactic &T,
                              MatchResult &Result, MatchFailure &Failure) {
  Matcher M(U, T, Failure);
  return M.run(Result);
}

SmallVector<std::string, 4> mlir::raise::statementIndices(const Statement &S) {
  SmallVector<std::string, 4> Out;
  collectIndices(S.Output, Out);
  collectIndices(S.Rhs, Out);
  return Out;
}
