//===- Ttgt.cpp - Tensor contractions as transposes and one GEMM ----------===//
//
// Two phases: the planner reads the builder program against the match and
// decides, without touching the IR, whether TTGT is exact and profitable;
// only then the emitter creates the copies, the reshapes and the GEMM.
//
//===----------------------------------------------------------------------===//

#include "Ttgt.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::raise;

namespace {

using IndexList = SmallVector<std::string, 2>;

/// A tensor of the builder program: a pattern tensor, or a temporary that
/// holds the elements of pattern tensor `Origin` arranged by `Dims` (each
/// dimension enumerates the pattern indices of its list, row-major).
struct Tensor {
  std::string Origin;
  SmallVector<IndexList, 4> Dims;
  bool IsPattern = false;
};

/// The checked builder program.
struct Plan {
  llvm::StringMap<Tensor> Tensors;
  /// Temporaries filled from pattern tensors before the GEMM, in order:
  /// (temporary, pattern tensor).
  SmallVector<std::pair<std::string, std::string>, 3> Copies;
  std::string Left, Right, Out; ///< GEMM operands, Out += Left * Right.
  bool LeftTransposed = false;  ///< Left is stored (k, m).
  bool RightTransposed = false; ///< Right is stored (n, k).
  IndexList MList, NList, KList;
  bool WriteBack = false; ///< Out is a temporary copied back at the end.
};

IndexList flatten(ArrayRef<IndexList> Dims) {
  IndexList Out;
  for (const IndexList &D : Dims)
    Out.append(D.begin(), D.end());
  return Out;
}

/// Reads the builder program of a tactic; every rule it checks is one the
/// emitter relies on for exactness.
class Planner {
public:
  Planner(const Unit &U, const MatchResult &M, std::string &Why)
      : U(U), M(M), T(*M.T), Why(Why) {}

  bool run(Plan &P) {
    if (U.K != Unit::Kind::Statement)
      return fail("TTGT needs the output updated in place");
    if (T.Pattern.Assign != AssignKind::AddAssign)
      return fail("the pattern is not an accumulation '+='");
    for (const Statement &S : T.Builders)
      for (const WhereClause &W : S.Wheres) {
        auto [It, New] =
            Where.try_emplace(W.Index, W.Factors.begin(), W.Factors.end());
        if (!New && !llvm::equal(It->second, W.Factors))
          return fail("where index '" + W.Index + "' is defined twice");
      }
    if (!addPattern(T.Pattern.Output, P) || !addPatternRhs(T.Pattern.Rhs, P))
      return false;
    if (Inputs.size() != 2)
      return fail("the pattern does not have two distinct input tensors");
    bool SeenGemm = false;
    for (const Statement &S : T.Builders) {
      bool Ok = S.Assign == AssignKind::AddAssign
                    ? gemm(S, P, SeenGemm)
                    : S.Assign == AssignKind::Assign && S.Rhs.isTensor() &&
                          move(S, P, SeenGemm);
      if (!Ok)
        return Why.empty() ? fail("builder statement '" + printStatement(S) +
                                  "' is neither a copy 'T(..) = X(..)' nor "
                                  "a GEMM 'T(m,n) += X(m,k) * Y(k,n)'")
                           : false;
    }
    if (!SeenGemm)
      return fail("the builder has no GEMM statement");
    if (P.Tensors[P.Out].IsPattern == P.WriteBack)
      return fail("the GEMM's result is not copied back into '" +
                  T.Pattern.Output.Name + "' exactly once");
    return checkOrder(P);
  }

private:
  bool fail(const Twine &W) {
    Why = W.str();
    return false;
  }

  /// A subscript of a builder statement as pattern indices.
  bool expand(const IndexExpr &Sub, IndexList &Out) {
    if (Sub.Terms.size() != 1 || Sub.Terms[0].Coeff != 1)
      return fail("a builder subscript is not a plain index");
    const std::string &Name = Sub.Terms[0].Index;
    auto It = Where.find(Name);
    if (It != Where.end())
      Out.append(It->second.begin(), It->second.end());
    else
      Out.push_back(Name);
    for (const std::string &I : Out)
      if (!M.IndexLoop.count(I))
        return fail("'" + I + "' is not an index of the pattern");
    return true;
  }

  bool dimsOf(const Expr &E, SmallVectorImpl<IndexList> &Dims) {
    for (const IndexExpr &Sub : E.Subs) {
      IndexList L;
      if (!expand(Sub, L))
        return false;
      Dims.push_back(std::move(L));
    }
    return true;
  }

  bool addPattern(const Expr &E, Plan &P) {
    Tensor Tn{E.Name, {}, /*IsPattern=*/true};
    for (const IndexExpr &Sub : E.Subs) {
      if (Sub.Terms.size() != 1 || Sub.Terms[0].Coeff != 1)
        return fail("the pattern's subscripts of '" + E.Name +
                    "' are not plain indices");
      Tn.Dims.push_back({Sub.Terms[0].Index});
    }
    P.Tensors[E.Name] = std::move(Tn);
    return true;
  }

  bool addPatternRhs(const Expr &E, Plan &P) {
    if (E.isTensor()) {
      if (E.Name == T.Pattern.Output.Name)
        return fail("the output is also an input of the pattern");
      if (!llvm::is_contained(Inputs, E.Name))
        Inputs.push_back(E.Name);
      return addPattern(E, P);
    }
    for (const Expr &Op : E.Operands)
      if (!addPatternRhs(Op, P))
        return false;
    return true;
  }

  /// The tensor `E` names, checked to be used with its own arrangement.
  const Tensor *use(const Expr &E, Plan &P) {
    auto It = P.Tensors.find(E.Name);
    if (It == P.Tensors.end()) {
      fail("'" + E.Name + "' is used before it is defined");
      return nullptr;
    }
    SmallVector<IndexList, 4> Dims;
    if (!dimsOf(E, Dims))
      return nullptr;
    if (Dims != It->second.Dims) {
      fail("'" + E.Name + "' is used with other subscripts than it holds");
      return nullptr;
    }
    return &It->second;
  }

  /// `To(..) = From(..)`: a temporary filled from a pattern tensor before
  /// the GEMM, or the GEMM's temporary copied back into the output after.
  bool move(const Statement &S, Plan &P, bool AfterGemm) {
    const Tensor *From = use(S.Rhs, P);
    if (!From)
      return false;
    SmallVector<IndexList, 4> ToDims;
    if (!dimsOf(S.Output, ToDims))
      return false;
    IndexList A = flatten(ToDims), Bl = flatten(From->Dims);
    llvm::sort(A);
    llvm::sort(Bl);
    if (A != Bl)
      return fail("'" + printStatement(S) +
                  "' does not copy every element "
                  "exactly once");
    const std::string &To = S.Output.Name;
    if (!AfterGemm) {
      if (!From->IsPattern || P.Tensors.count(To))
        return fail("'" + printStatement(S) +
                    "' must fill a new temporary "
                    "from a tensor of the pattern");
      P.Tensors[To] = Tensor{From->Origin, std::move(ToDims), false};
      P.Copies.push_back({To, S.Rhs.Name});
      return true;
    }
    if (S.Rhs.Name != P.Out || To != T.Pattern.Output.Name || P.WriteBack ||
        ToDims != P.Tensors[To].Dims)
      return fail("after the GEMM only its result may be copied back into '" +
                  T.Pattern.Output.Name + "'");
    P.WriteBack = true;
    return true;
  }

  /// `Out(m,n) += X(..) * Y(..)` with X, Y matrices over (m,k) and (k,n).
  bool gemm(const Statement &S, Plan &P, bool &Seen) {
    const Expr &R = S.Rhs;
    if (Seen || R.K != Expr::Kind::Mul || !R.Operands[0].isTensor() ||
        !R.Operands[1].isTensor())
      return false;
    Seen = true;
    const Tensor *O = use(S.Output, P), *X = use(R.Operands[0], P),
                 *Y = use(R.Operands[1], P);
    if (!O || !X || !Y)
      return false;
    if (O->Origin != T.Pattern.Output.Name)
      return fail("the GEMM does not accumulate into the pattern's output");
    if (O->Dims.size() != 2 || X->Dims.size() != 2 || Y->Dims.size() != 2)
      return fail("the GEMM's operands are not matrices");
    P.Out = S.Output.Name;
    P.MList = O->Dims[0];
    P.NList = O->Dims[1];
    for (unsigned Swap = 0; Swap < 2; ++Swap) {
      const Tensor *L = Swap ? Y : X, *Rt = Swap ? X : Y;
      for (unsigned LT = 0; LT < 2; ++LT) {
        if (L->Dims[LT] != P.MList)
          continue;
        IndexList K = L->Dims[1 - LT];
        for (unsigned RT = 0; RT < 2; ++RT)
          if (Rt->Dims[RT] == K && Rt->Dims[1 - RT] == P.NList) {
            P.Left = R.Operands[Swap].Name;
            P.Right = R.Operands[1 - Swap].Name;
            P.LeftTransposed = LT;
            P.RightTransposed = RT;
            P.KList = K;
          }
      }
    }
    if (P.Left.empty())
      return fail("the GEMM's operands do not have the shapes (m,k), (k,n)");
    std::string OL = P.Tensors[P.Left].Origin, OR = P.Tensors[P.Right].Origin;
    if (OL == OR || !llvm::is_contained(Inputs, OL) ||
        !llvm::is_contained(Inputs, OR))
      return fail("the GEMM does not multiply the pattern's two inputs");
    return true;
  }

  /// The exactness rule: per output element the loops summed over the
  /// contracted indices in their nesting order; the GEMM sums over the
  /// flattened index, i.e. in the where clause's order. They must agree.
  bool checkOrder(const Plan &P) {
    IndexList Reduced;
    for (const auto &Entry : M.IndexLoop)
      if (!llvm::is_contained(P.MList, Entry.getKey()) &&
          !llvm::is_contained(P.NList, Entry.getKey()))
        Reduced.push_back(Entry.getKey().str());
    IndexList K = P.KList;
    llvm::sort(Reduced);
    llvm::sort(K);
    if (K != Reduced)
      return fail("the GEMM's inner index is not the pattern's reduction");
    IndexList ByLoop = P.KList;
    llvm::sort(ByLoop, [&](const std::string &A, const std::string &B) {
      return M.IndexLoop.lookup(A) < M.IndexLoop.lookup(B);
    });
    if (ByLoop != P.KList)
      return fail("the loops sum over " + llvm::join(ByLoop, ", ") +
                  " (outer to inner), the GEMM would sum over " +
                  llvm::join(P.KList, " * ") + " (not exact)");
    return true;
  }

  const Unit &U;
  const MatchResult &M;
  const Tactic &T;
  std::string &Why;
  llvm::StringMap<IndexList> Where;
  SmallVector<std::string, 2> Inputs;
};

/// A tensor of the program as emitted: `Expanded` has one dimension per
/// pattern index, in `Order`; `Matrix` is its reshape to the tensor's dims.
struct Emitted {
  Value Expanded;
  Value Matrix;
  IndexList Order;
};

class Emitter {
public:
  Emitter(OpBuilder &B, Location Loc, const Unit &U, const MatchResult &M,
          ArrayRef<LoopRange> Ranges, const Plan &P, const TtgtOptions &Opts)
      : B(B), Loc(Loc), U(U), M(M), Ranges(Ranges), P(P), Opts(Opts) {}

  OpFoldResult size(StringRef Index) {
    return Ranges[M.IndexLoop.lookup(Index)].Tc;
  }

  /// The permutation `linalg.transpose` needs to write `From` in `To`'s
  /// order: result dimension I is source dimension Perm[I].
  static SmallVector<int64_t> permutation(ArrayRef<std::string> From,
                                          ArrayRef<std::string> To) {
    SmallVector<int64_t> Perm;
    for (const std::string &I : To)
      Perm.push_back(llvm::find(From, I) - From.begin());
    return Perm;
  }

  void copy(Value From, Value To, ArrayRef<int64_t> Perm) {
    if (llvm::equal(Perm, llvm::seq<int64_t>(0, Perm.size())))
      linalg::CopyOp::create(B, Loc, ValueRange{From}, ValueRange{To});
    else
      linalg::TransposeOp::create(B, Loc, From, To, Perm);
    ++Copies;
  }

  Value reshape(Value Expanded, ArrayRef<IndexList> Dims) {
    if (llvm::all_of(Dims, [](const IndexList &D) { return D.size() == 1; }))
      return Expanded;
    SmallVector<ReassociationIndices> Groups;
    int64_t Next = 0;
    for (const IndexList &D : Dims) {
      Groups.emplace_back();
      for (size_t I = 0; I < D.size(); ++I)
        Groups.back().push_back(Next++);
    }
    return memref::CollapseShapeOp::create(B, Loc, Expanded, Groups);
  }

  /// A temporary holding `Source`'s elements in `Dims`' arrangement: the
  /// source itself, reshaped, when it is already contiguous in that order;
  /// otherwise a copy.
  Emitted fill(const Emitted &Source, ArrayRef<IndexList> Dims) {
    IndexList Order = flatten(Dims);
    SmallVector<int64_t> Perm = permutation(Source.Order, Order);
    auto Type = cast<MemRefType>(Source.Expanded.getType());
    bool InOrder = llvm::equal(Perm, llvm::seq<int64_t>(0, Perm.size()));
    if (InOrder && memref::isStaticShapeAndContiguousRowMajor(Type))
      return {Source.Expanded, reshape(Source.Expanded, Dims), Order};
    SmallVector<int64_t> Shape;
    SmallVector<Value> Dynamic;
    for (const std::string &I : Order) {
      OpFoldResult S = size(I);
      std::optional<int64_t> C = getConstantIntValue(S);
      Shape.push_back(C.value_or(ShapedType::kDynamic));
      if (!C)
        Dynamic.push_back(cast<Value>(S));
    }
    Value Alloc = memref::AllocOp::create(
        B, Loc, MemRefType::get(Shape, Type.getElementType()), Dynamic);
    Allocs.push_back(Alloc);
    copy(Source.Expanded, Alloc, Perm);
    return {Alloc, reshape(Alloc, Dims), Order};
  }

  /// The view of pattern tensor `Name`, whose dimensions are its indices.
  FailureOr<Emitted> patternView(StringRef Name, std::string &Why) {
    const Access *A = Name == M.T->Pattern.Output.Name
                          ? &U.Output
                          : accessOf(U, M.TensorLoad.lookup(Name));
    if (!A) {
      Why = "a pattern tensor has no access";
      return failure();
    }
    FailureOr<View> V = makeView(B, Loc, *A, Ranges, U.Loops.size(), Why);
    if (failed(V))
      return failure();
    return Emitted{V->Memref, V->Memref, flatten(P.Tensors.lookup(Name).Dims)};
  }

  TtgtResult run(bool NamedOps) {
    TtgtResult R;
    R.S = TtgtResult::Status::Failed;
    // Every view first: a failing view then leaves no copy behind.
    llvm::StringMap<Emitted> E;
    for (const auto &Entry : P.Tensors) {
      if (!Entry.getValue().IsPattern)
        continue;
      FailureOr<Emitted> V = patternView(Entry.getKey(), R.Why);
      if (failed(V))
        return R;
      E[Entry.getKey()] = *V;
    }
    std::optional<LoopedGemm> L = planLoopedGemm(E);
    if (!L)
      return emitCopied(E, NamedOps);
    OpFoldResult Depth = size(P.KList.back());
    if (getConstantIntValue(Depth))
      return emitLoopedGemm(E, *L, NamedOps);
    // The depth is known only at run time: a shallow GEMM per trip would
    // load and store the output every few terms, so both are emitted.
    Value Deep = arith::CmpIOp::create(
        B, Loc, arith::CmpIPredicate::sge, cast<Value>(Depth),
        arith::ConstantIndexOp::create(B, Loc, Opts.MinDim));
    auto If = scf::IfOp::create(B, Loc, Deep, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(If.thenBlock()->getTerminator());
    TtgtResult Looped = emitLoopedGemm(E, *L, NamedOps);
    if (Looped.S != TtgtResult::Status::Built)
      return Looped;
    B.setInsertionPoint(If.elseBlock()->getTerminator());
    TtgtResult Copied = emitCopied(E, NamedOps);
    if (Copied.S != TtgtResult::Status::Built)
      return Copied;
    // The caller marks Looped.Gemm.
    Copied.Gemm->setAttr("raise.tactic", B.getStringAttr(M.T->Name));
    StringRef Prefix = "TTGT: ";
    Looped.Detail =
        (Prefix + "where " + P.KList.back() + " >= " + Twine(Opts.MinDim) +
         ", " + StringRef(Looped.Detail).drop_front(Prefix.size()) + "; else " +
         StringRef(Copied.Detail).drop_front(Prefix.size()))
            .str();
    return Looped;
  }

private:
  /// Emits the copies into matrices, the GEMM and the copy back.
  TtgtResult emitCopied(llvm::StringMap<Emitted> E, bool NamedOps) {
    TtgtResult R;
    R.S = TtgtResult::Status::Failed;
    for (const auto &[To, From] : P.Copies)
      E[To] = fill(E[From], P.Tensors.lookup(To).Dims);

    Operation *Gemm =
        emitGemm(E[P.Left].Matrix, P.LeftTransposed, E[P.Right].Matrix,
                 P.RightTransposed, E[P.Out].Matrix, NamedOps, R.Why);
    if (!Gemm)
      return R;
    if (P.WriteBack) {
      const Emitted &Res = E[P.Out];
      const Emitted &Out = E[M.T->Pattern.Output.Name];
      if (Res.Expanded != Out.Expanded)
        copy(Res.Expanded, Out.Expanded, permutation(Res.Order, Out.Order));
    }
    for (Value Alloc : Allocs)
      memref::DeallocOp::create(B, Loc, Alloc);
    R.S = TtgtResult::Status::Built;
    R.Gemm = Gemm;
    R.Detail = "TTGT: GEMM (" + llvm::join(P.MList, "*") + ") x (" +
               llvm::join(P.NList, "*") + ") x (" + llvm::join(P.KList, "*") +
               "), " + std::to_string(Copies) +
               (Copies == 1 ? " copy" : " copies");
    return R;
  }

  /// The GEMM of one trip of loops over the outer contracted indices: for
  /// each of them fixed, the operands are matrices over (m, k) or (k, m)
  /// and (k, n) or (n, k), k being the innermost contracted index.
  struct LoopedGemm {
    IndexList Outer;
    bool LeftTransposed = false, RightTransposed = false;
  };

  /// Whether the contraction can run as loops over its outer contracted
  /// indices (in the loops' order, outer first) around a GEMM over the
  /// innermost one on views of the operands, instead of copying them into
  /// matrices: every element of the output then sees the same terms in the
  /// same order (the order `k` flattens them in, which the planner checked
  /// is the loops'), and nothing is copied. Needs single-index m and n, the
  /// output already (m, n), and a GEMM deep enough (MinDim) that loading
  /// the output once per trip costs little; a depth known only at run time
  /// is checked there.
  std::optional<LoopedGemm> planLoopedGemm(llvm::StringMap<Emitted> &E) {
    if (P.KList.size() < 2 || P.MList.size() != 1 || P.NList.size() != 1 ||
        P.WriteBack || !P.Tensors.lookup(P.Out).IsPattern ||
        !llvm::equal(E[P.Out].Order, IndexList{P.MList[0], P.NList[0]}))
      return std::nullopt;
    LoopedGemm L;
    L.Outer.assign(P.KList.begin(), P.KList.end() - 1);
    const std::string &K = P.KList.back();
    if (std::optional<int64_t> Depth = getConstantIntValue(size(K));
        Depth && *Depth < Opts.MinDim)
      return std::nullopt;
    // The operand's indices with the outer ones fixed: @p Plain as the GEMM
    // reads the operand untransposed, or reversed.
    auto Orient = [&](StringRef Name, const IndexList &Plain,
                      bool &Transposed) {
      const Tensor &T = P.Tensors.lookup(Name);
      if (T.IsPattern)
        return false;
      IndexList Rest;
      for (const std::string &I : E[T.Origin].Order)
        if (!llvm::is_contained(L.Outer, I))
          Rest.push_back(I);
      Transposed = llvm::equal(Rest, llvm::reverse(Plain));
      return Transposed || llvm::equal(Rest, Plain);
    };
    if (!Orient(P.Left, {P.MList[0], K}, L.LeftTransposed) ||
        !Orient(P.Right, {K, P.NList[0]}, L.RightTransposed))
      return std::nullopt;
    return L;
  }

  /// The 2-D view of @p Source with the indices of @p Fixed at @p At.
  Value slice(const Emitted &Source, const IndexList &Fixed, ValueRange At) {
    SmallVector<OpFoldResult> Offsets, Sizes,
        Strides(Source.Order.size(), B.getIndexAttr(1));
    SmallVector<int64_t> Shape;
    for (const std::string &I : Source.Order) {
      auto Pos = llvm::find(Fixed, I);
      if (Pos != Fixed.end()) {
        Offsets.push_back(At[Pos - Fixed.begin()]);
        Sizes.push_back(B.getIndexAttr(1));
        continue;
      }
      Offsets.push_back(B.getIndexAttr(0));
      Sizes.push_back(size(I));
      Shape.push_back(
          getConstantIntValue(size(I)).value_or(ShapedType::kDynamic));
    }
    MemRefType Type = memref::SubViewOp::inferRankReducedResultType(
        Shape, cast<MemRefType>(Source.Expanded.getType()), Offsets, Sizes,
        Strides);
    return memref::SubViewOp::create(B, Loc, Type, Source.Expanded, Offsets,
                                     Sizes, Strides);
  }

  /// Emits @p L: the loops over the outer contracted indices, and in them
  /// the GEMM on views of the operands.
  TtgtResult emitLoopedGemm(llvm::StringMap<Emitted> &E, const LoopedGemm &L,
                            bool NamedOps) {
    TtgtResult R;
    R.S = TtgtResult::Status::Failed;
    OpBuilder::InsertionGuard Guard(B);
    SmallVector<Value> At;
    for (const std::string &I : L.Outer) {
      auto For =
          scf::ForOp::create(B, Loc, arith::ConstantIndexOp::create(B, Loc, 0),
                             getValueOrCreateConstantIndexOp(B, Loc, size(I)),
                             arith::ConstantIndexOp::create(B, Loc, 1));
      B.setInsertionPoint(For.getBody()->getTerminator());
      At.push_back(For.getInductionVar());
    }
    auto Operand = [&](StringRef Name) {
      return slice(E[P.Tensors.lookup(Name).Origin], L.Outer, At);
    };
    Value Left = Operand(P.Left), Right = Operand(P.Right);
    R.Gemm = emitGemm(Left, L.LeftTransposed, Right, L.RightTransposed,
                      E[P.Out].Matrix, NamedOps, R.Why);
    if (!R.Gemm)
      return R;
    R.S = TtgtResult::Status::Built;
    R.Detail = "TTGT: loops over " + llvm::join(L.Outer, ", ") +
               " around a GEMM (" + P.MList[0] + ") x (" + P.NList[0] +
               ") x (" + P.KList.back() + "), no copies";
    return R;
  }

  /// linalg.matmul where the loops' body is exactly its mulf + addf;
  /// otherwise a matrix-shaped linalg.generic with the loops' own body.
  /// @p Left is stored (k, m) if @p LeftTransposed, @p Right (n, k) if
  /// @p RightTransposed.
  Operation *emitGemm(Value Left, bool LeftTransposed, Value Right,
                      bool RightTransposed, Value Out, bool NamedOps,
                      std::string &Why) {
    MLIRContext *Ctx = B.getContext();
    AffineExpr Mi = getAffineDimExpr(0, Ctx), Ni = getAffineDimExpr(1, Ctx),
               Ki = getAffineDimExpr(2, Ctx);
    auto Map = [&](AffineExpr X, AffineExpr Y) {
      return AffineMap::get(3, 0, {X, Y}, Ctx);
    };
    View L{Left, LeftTransposed ? Map(Ki, Mi) : Map(Mi, Ki)};
    View Rv{Right, RightTransposed ? Map(Ni, Ki) : Map(Ki, Ni)};
    View O{Out, Map(Mi, Ni)};
    Operation *LoadL = M.TensorLoad.lookup(P.Tensors.lookup(P.Left).Origin);
    Operation *LoadR = M.TensorLoad.lookup(P.Tensors.lookup(P.Right).Origin);
    Value Result = U.Store.getValueToStore();
    auto IsAcc = [&](Value V) { return isAccumulator(U, V); };

    if (NamedOps && inexactMulAcc(Result, LoadL, LoadR, IsAcc).empty()) {
      Operation *Op = linalg::MatmulOp::create(
          B, Loc, ValueRange{L.Memref, Rv.Memref}, ValueRange{O.Memref});
      if (LeftTransposed || RightTransposed)
        Op->setAttr("indexing_maps",
                    B.getAffineMapArrayAttr({L.Map, Rv.Map, O.Map}));
      ScopedDiagnosticHandler Quiet(Ctx,
                                    [](Diagnostic &) { return success(); });
      if (succeeded(verify(Op)))
        return Op;
      Op->erase();
    }
    const Access *AL = accessOf(U, LoadL), *AR = accessOf(U, LoadR);
    FailureOr<linalg::GenericOp> G = buildGeneric(
        B, Loc, U, Result, 3, O, IsAcc,
        [&](Operation *Load) -> FailureOr<View> {
          const Access *A = accessOf(U, Load);
          if (A && A->sameElementsAs(*AL))
            return L;
          if (A && A->sameElementsAs(*AR))
            return Rv;
          return failure();
        },
        Why);
    if (failed(G))
      return nullptr;
    return *G;
  }

  OpBuilder &B;
  Location Loc;
  const Unit &U;
  const MatchResult &M;
  ArrayRef<LoopRange> Ranges;
  const Plan &P;
  const TtgtOptions &Opts;
  SmallVector<Value, 4> Allocs;
  unsigned Copies = 0;
};

/// The product of the trip counts of `L`, if they are all constants.
std::optional<int64_t> staticSize(const IndexList &L, const MatchResult &M,
                                  ArrayRef<LoopRange> Ranges) {
  int64_t Size = 1;
  for (const std::string &I : L) {
    std::optional<int64_t> C =
        getConstantIntValue(Ranges[M.IndexLoop.lookup(I)].Tc);
    if (!C)
      return std::nullopt;
    Size *= *C;
  }
  return Size;
}

} // namespace

bool mlir::raise::isTtgtBuilder(const Tactic &T) {
  if (T.HasCall)
    return false;
  return T.Builders.size() > 1 ||
         llvm::any_of(T.Builders,
                      [](const Statement &S) { return !S.Wheres.empty(); });
}

TtgtResult mlir::raise::buildTtgt(OpBuilder &B, Location Loc, const Unit &U,
                                  const MatchResult &M,
                                  ArrayRef<LoopRange> Ranges, bool NamedOps,
                                  const TtgtOptions &Opts) {
  TtgtResult R;
  if (!Opts.Enable) {
    R.Why = "TTGT is disabled";
    return R;
  }
  Plan P;
  if (!Planner(U, M, R.Why).run(P))
    return R;
  // Profitability: the copies cost about |A| + |B| + 2|C| element moves, the
  // GEMM 2*M*N*K flops; with each of M, N, K at least MinDim the copies are
  // at most a small fraction. Sizes known only at run time count as large.
  std::optional<int64_t> Sm = staticSize(P.MList, M, Ranges),
                         Sn = staticSize(P.NList, M, Ranges),
                         Sk = staticSize(P.KList, M, Ranges);
  if (Sm && Sn && Sk && std::min({*Sm, *Sn, *Sk}) < Opts.MinDim) {
    R.Why = "not profitable: the GEMM would be " + std::to_string(*Sm) + " x " +
            std::to_string(*Sn) + " x " + std::to_string(*Sk) +
            " (TTGT needs each at least " + std::to_string(Opts.MinDim) + ")";
    return R;
  }
  return Emitter(B, Loc, U, M, Ranges, P, Opts).run(NamedOps);
}
