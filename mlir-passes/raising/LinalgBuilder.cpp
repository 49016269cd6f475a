//===- LinalgBuilder.cpp - linalg operations for matched units ------------===//

#include "LinalgBuilder.h"
#include "BuilderSupport.h"
#include "Ttgt.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::raise;

static OpFoldResult bound(OpBuilder &B, Location Loc, AffineMap Map,
                          ValueRange Operands, bool Lower) {
  SmallVector<OpFoldResult> Ops = getAsOpFoldResult(Operands);
  if (Map.getNumResults() == 1)
    return affine::makeComposedFoldedAffineApply(B, Loc, Map, Ops);
  return Lower ? affine::makeComposedFoldedAffineMax(B, Loc, Map, Ops)
               : affine::makeComposedFoldedAffineMin(B, Loc, Map, Ops);
}

SmallVector<LoopRange> mlir::raise::computeRanges(OpBuilder &B, const Unit &U) {
  MLIRContext *Ctx = B.getContext();
  AffineExpr S0 = getAffineSymbolExpr(0, Ctx), S1 = getAffineSymbolExpr(1, Ctx);
  SmallVector<OpFoldResult> Lbs, Ubs;
  for (auto [Pos, Loop] : llvm::enumerate(U.Loops)) {
    Location Loc = Loop.getLoc();
    bool Cut = U.Tri && Pos == U.Tri->Inner;
    Lbs.push_back(Cut && !U.Tri->Below
                      ? OpFoldResult()
                      : bound(B, Loc, Loop.getLowerBoundMap(),
                              Loop.getLowerBoundOperands(), /*Lower=*/true));
    Ubs.push_back(Cut && U.Tri->Below
                      ? OpFoldResult()
                      : bound(B, Loc, Loop.getUpperBoundMap(),
                              Loop.getUpperBoundOperands(), /*Lower=*/false));
  }
  if (U.Tri) {
    // The box around the triangle, rows and columns without an element of
    // it left out (they would be read where the loops read nothing). A
    // row whose sum has no term inside a cut on the summed index still
    // stores its sum's initial value: rows stay.
    // Below, `l < p + c`: p from lb(l) - c + 1, l up to ub(p) + c - 1.
    // Above, `l >= p + c`: p up to ub(l) - c, l from lb(p) + c.
    const Triangle &T = *U.Tri;
    Location Loc = U.Loops[T.Inner].getLoc();
    auto Apply = [&](AffineExpr E, ArrayRef<OpFoldResult> Ops) {
      return affine::makeComposedFoldedAffineApply(
          B, Loc, AffineMap::get(0, Ops.size(), E), Ops);
    };
    auto Pair = [&](AffineExpr E) {
      return AffineMap::get(0, 2, {S0, E}, Ctx);
    };
    bool KeepRows = U.cutsSum();
    if (T.Below) {
      if (!KeepRows)
        Lbs[T.Outer] = affine::makeComposedFoldedAffineMax(
            B, Loc, Pair(S1 - T.Offset + 1), {Lbs[T.Outer], Lbs[T.Inner]});
      Ubs[T.Inner] = Apply(S0 + T.Offset - 1, {Ubs[T.Outer]});
    } else {
      if (!KeepRows)
        Ubs[T.Outer] = affine::makeComposedFoldedAffineMin(
            B, Loc, Pair(S1 - T.Offset), {Ubs[T.Outer], Ubs[T.Inner]});
      Lbs[T.Inner] = Apply(S0 + T.Offset, {Lbs[T.Outer]});
    }
  }
  AffineMap TripCount =
      AffineMap::get(0, 2, {S1 - S0, getAffineConstantExpr(0, Ctx)}, Ctx);
  SmallVector<LoopRange> Ranges;
  for (auto [Loop, Lb, Ub] : llvm::zip(U.Loops, Lbs, Ubs))
    Ranges.push_back({Lb, affine::makeComposedFoldedAffineMax(
                              B, Loop.getLoc(), TripCount, {Lb, Ub})});
  return Ranges;
}

/// Makes the generic of a unit over a triangle keep the elements of the box
/// outside it: its yield becomes `inner - outer < D ? value : out` (`>=`
/// above the cut), D the cut's offset in the box's own coordinates. The
/// tuned GEMM reads this as a mask and skips the tiles outside.
static void cutToTriangle(OpBuilder &B, Location Loc, const Unit &U,
                          ArrayRef<LoopRange> Ranges, linalg::GenericOp Op) {
  const Triangle &T = *U.Tri;
  MLIRContext *Ctx = B.getContext();
  AffineExpr S0 = getAffineSymbolExpr(0, Ctx), S1 = getAffineSymbolExpr(1, Ctx);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(Op);
  OpFoldResult D = affine::makeComposedFoldedAffineApply(
      B, Loc, AffineMap::get(0, 2, S0 - S1 + T.Offset),
      {Ranges[T.Outer].Lb, Ranges[T.Inner].Lb});
  Value DV = getValueOrCreateConstantIndexOp(B, Loc, D);
  Block *Body = Op.getBlock();
  Operation *Yield = Body->getTerminator();
  B.setInsertionPoint(Yield);
  Value Outer = linalg::IndexOp::create(B, Loc, T.Outer);
  Value Inner = linalg::IndexOp::create(B, Loc, T.Inner);
  Value Diff = arith::SubIOp::create(B, Loc, Inner, Outer);
  Value In = arith::CmpIOp::create(
      B, Loc, T.Below ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sge,
      Diff, DV);
  Value Kept = arith::SelectOp::create(B, Loc, In, Yield->getOperand(0),
                                       Body->getArguments().back());
  Yield->setOperand(0, Kept);
}

/// The cut of a triangle in words, with the pattern's index names.
/// Whether @p Op only fills, copies or scales elements: every loop
/// parallel, and each input indexed as the output is, or by fewer indices
/// (a scalar, a broadcast row), never transposed.
static bool isElementwise(linalg::LinalgOp Op) {
  if (Op.getNumReductionLoops() != 0 || Op.getNumDpsInits() != 1)
    return false;
  AffineMap Out = Op.getMatchingIndexingMap(Op.getDpsInitOperand(0));
  return llvm::all_of(Op.getDpsInputOperands(), [&](OpOperand *In) {
    AffineMap Map = Op.getMatchingIndexingMap(In);
    return Map.getNumResults() < Out.getNumResults() || Map == Out;
  });
}

static std::string describeTriangle(const Unit &U, const MatchResult &M) {
  std::string Outer = "?", Inner = "?";
  for (const auto &Entry : M.IndexLoop) {
    if (Entry.getValue() == U.Tri->Outer)
      Outer = Entry.getKey().str();
    if (Entry.getValue() == U.Tri->Inner)
      Inner = Entry.getKey().str();
  }
  int64_t C = U.Tri->Below ? U.Tri->Offset - 1 : U.Tri->Offset;
  std::string Shift =
      C == 0 ? "" : (C > 0 ? " + " : " - ") + std::to_string(std::abs(C));
  return "over the triangle " + Inner + (U.Tri->Below ? " <= " : " >= ") +
         Outer + Shift;
}

/// A subview of `A` that starts at the first element the loops touch and
/// spans what they touch; constant subscripts are dropped (rank-reducing).
FailureOr<View> mlir::raise::makeView(OpBuilder &B, Location Loc,
                                      const Access &A,
                                      ArrayRef<LoopRange> Ranges,
                                      unsigned NumDims, std::string &Why) {
  MLIRContext *Ctx = B.getContext();
  auto Type = cast<MemRefType>(A.Memref.getType());
  SmallVector<OpFoldResult> Offsets, Sizes, Strides;
  SmallVector<int64_t> Shape;
  SmallVector<AffineExpr> Exprs;
  for (const LinearForm &F : A.Dims) {
    SmallVector<OpFoldResult> Operands = getAsOpFoldResult(F.RestOperands);
    AffineExpr Offset = F.Rest;
    AffineExpr Size = getAffineConstantExpr(1, Ctx);
    SmallVector<OpFoldResult> SizeOperands;
    AffineExpr Index = getAffineConstantExpr(0, Ctx);
    for (auto [Loop, Coeff] : llvm::enumerate(F.Coeffs)) {
      if (Coeff == 0)
        continue;
      if (Coeff < 0 || Loop >= NumDims) {
        Why = "a subscript walks an array backwards";
        return failure();
      }
      Offset = Offset + getAffineSymbolExpr(Operands.size(), Ctx) * Coeff;
      Operands.push_back(Ranges[Loop].Lb);
      Size = Size + (getAffineSymbolExpr(SizeOperands.size(), Ctx) - 1) * Coeff;
      SizeOperands.push_back(Ranges[Loop].Tc);
      Index = Index + getAffineDimExpr(Loop, Ctx) * Coeff;
    }
    Offsets.push_back(affine::makeComposedFoldedAffineApply(
        B, Loc, AffineMap::get(0, Operands.size(), Offset), Operands));
    Strides.push_back(B.getIndexAttr(1));
    if (!F.usesLoops()) {
      Sizes.push_back(B.getIndexAttr(1));
      continue;
    }
    int Single = F.singleLoop();
    OpFoldResult S =
        Single >= 0 ? Ranges[Single].Tc
                    : affine::makeComposedFoldedAffineApply(
                          B, Loc, AffineMap::get(0, SizeOperands.size(), Size),
                          SizeOperands);
    // Loops that reach past a static extent (only possible if the source
    // accesses out of bounds) would make an invalid subview.
    std::optional<int64_t> First = getConstantIntValue(Offsets.back());
    std::optional<int64_t> Extent = getConstantIntValue(S);
    int64_t Dim = Type.getDimSize(&F - A.Dims.data());
    if (First && Extent && !ShapedType::isDynamic(Dim) &&
        (*First < 0 || *First + *Extent > Dim)) {
      Why = "the loops reach beyond the extent of an array";
      return failure();
    }
    Sizes.push_back(S);
    Shape.push_back(getConstantIntValue(S).value_or(ShapedType::kDynamic));
    Exprs.push_back(Index);
  }
  MemRefType ViewType = memref::SubViewOp::inferRankReducedResultType(
      Shape, Type, Offsets, Sizes, Strides);
  Value Sub = memref::SubViewOp::create(B, Loc, ViewType, A.Memref, Offsets,
                                        Sizes, Strides);
  return View{Sub, AffineMap::get(NumDims, 0, Exprs, Ctx)};
}

const Access *mlir::raise::accessOf(const Unit &U, Operation *Op) {
  for (const Access &A : U.Accesses)
    if (A.Op == Op)
      return &A;
  return nullptr;
}

/// A value usable before the nest: invariant, or a constant to clone.
static Value hoist(OpBuilder &B, const Unit &U, Value V) {
  if (U.isInvariant(V))
    return V;
  Operation *Def = V.getDefiningOp();
  if (Def && Def->getNumOperands() == 0 && matchPattern(V, m_Constant()))
    return B.clone(*Def)->getResult(0);
  return {};
}

/// Whether a local scalar's initial value `Init` can start the output as a
/// copy: computed only from loads of elements the outer loops select, in
/// arrays the unit does not write (so copying them first reads what the
/// loops read), or of the element the sum is stored to (a non-unit trmm's
/// `s = B[i][j] * A[i][i]`), which no iteration writes before its own.
static bool initFromOuterElements(const Unit &U, Value Init) {
  SmallVector<Value> Work{Init};
  llvm::SmallPtrSet<Operation *, 8> Seen;
  while (!Work.empty()) {
    Value V = Work.pop_back_val();
    Operation *Def = V.getDefiningOp();
    if (U.isInvariant(V) || (Def && !Seen.insert(Def).second))
      continue;
    if (!Def || U.loopOf(V) >= 0 || Def->getNumRegions() != 0)
      return false;
    if (auto Load = dyn_cast<affine::AffineLoadOp>(Def)) {
      const Access *A = accessOf(U, Load);
      if (!A || !A->Memref)
        return false;
      for (const LinearForm &F : A->Dims)
        for (auto [Loop, Coeff] : llvm::enumerate(F.Coeffs))
          if (Coeff != 0 && Loop >= U.NumOuter)
            return false;
      if (A->sameElementsAs(U.FinalOutput))
        continue;
      for (const Access &Other : U.Accesses)
        if (Other.IsWrite && Other.Memref == A->Memref)
          return false;
      if (U.FinalOutput.Memref == A->Memref)
        return false;
      continue;
    }
    llvm::append_range(Work, Def->getOperands());
  }
  return true;
}

/// Builds a linalg.generic whose body is the unit's own arithmetic for
/// `Result`: loads become block arguments, the output element read before
/// the update (`IsAcc`) becomes the output argument, invariants are used as
/// they are and every other op is cloned as it is (with its fast-math flags).
FailureOr<linalg::GenericOp> mlir::raise::buildGeneric(
    OpBuilder &B, Location Loc, const Unit &U, Value Result, unsigned NumDims,
    const View &Out, function_ref<bool(Value)> IsAcc,
    function_ref<FailureOr<View>(Operation *)> InputView, std::string &Why) {
  SmallVector<Operation *> Inputs, Body;
  DenseMap<Operation *, unsigned> InputOf;
  llvm::SmallPtrSet<Operation *, 16> Seen;
  // Post-order walk, so the cloned body keeps a valid def-use order.
  std::function<void(Value)> Walk = [&](Value V) {
    Operation *Def = V.getDefiningOp();
    if (U.isInvariant(V) || IsAcc(V) || !Def || !Seen.insert(Def).second)
      return;
    if (auto Load = dyn_cast<affine::AffineLoadOp>(Def)) {
      for (auto [Pos, Other] : llvm::enumerate(Inputs)) {
        auto OtherLoad = cast<affine::AffineLoadOp>(Other);
        if (OtherLoad.getMemRef() == Load.getMemRef() &&
            OtherLoad.getAffineMap() == Load.getAffineMap() &&
            OtherLoad.getMapOperands() == Load.getMapOperands()) {
          InputOf[Def] = Pos;
          return;
        }
      }
      InputOf[Def] = Inputs.size();
      Inputs.push_back(Def);
      return;
    }
    for (Value Operand : Def->getOperands())
      Walk(Operand);
    Body.push_back(Def);
  };
  Walk(Result);

  SmallVector<Value> InViews;
  SmallVector<AffineMap> Maps;
  for (Operation *Load : Inputs) {
    FailureOr<View> V = InputView(Load);
    if (failed(V))
      return failure();
    InViews.push_back(V->Memref);
    Maps.push_back(V->Map);
  }
  Maps.push_back(Out.Map);

  SmallVector<utils::IteratorType> Iters(NumDims,
                                         utils::IteratorType::reduction);
  for (AffineExpr E : Out.Map.getResults())
    if (auto D = dyn_cast<AffineDimExpr>(E))
      Iters[D.getPosition()] = utils::IteratorType::parallel;

  // linalg infers the loop ranges from the operand shapes; every loop must
  // be some operand's plain dimension.
  if (!inversePermutation(concatAffineMaps(Maps, B.getContext()))) {
    Why = "some loop is not a plain subscript of any array";
    return failure();
  }
  auto Generic = linalg::GenericOp::create(
      B, Loc, InViews, ValueRange{Out.Memref}, Maps, Iters,
      [&](OpBuilder &BB, Location BLoc, ValueRange Args) {
        IRMapping Map;
        for (auto [Load, Pos] : InputOf)
          Map.map(Load->getResult(0), Args[Pos]);
        std::function<Value(Value)> Lookup = [&](Value V) -> Value {
          if (IsAcc(V))
            return Args.back();
          return Map.lookupOrDefault(V);
        };
        for (Operation *Op : Body) {
          Operation *Clone = BB.clone(*Op, Map);
          for (auto [Pos, Operand] : llvm::enumerate(Op->getOperands()))
            Clone->setOperand(Pos, Lookup(Operand));
          Map.map(Op->getResults(), Clone->getResults());
        }
        linalg::YieldOp::create(BB, BLoc, Lookup(Result));
      });
  return Generic;
}

/// Whether @p Op carries fast-math flags (integer operations carry none:
/// integers wrap alike whatever their flags).
static bool hasFastMath(Operation *Op) {
  auto FMF = dyn_cast<arith::ArithFastMathInterface>(Op);
  return FMF &&
         FMF.getFastMathFlagsAttr().getValue() != arith::FastMathFlags::none;
}

/// inexactMulAcc() for a sum of AddOp over a product of MulOp.
template <typename AddOp, typename MulOp>
static std::string whyNotMulAcc(AddOp Add, Operation *A, Operation *Bv,
                                function_ref<bool(Value)> IsAcc) {
  if (hasFastMath(Add))
    return "body has fast-math flags";
  Value Other = IsAcc(Add.getLhs())   ? Add.getRhs()
                : IsAcc(Add.getRhs()) ? Add.getLhs()
                                      : Value();
  auto Mul = Other ? Other.template getDefiningOp<MulOp>() : nullptr;
  if (!Mul)
    return "body is not out + a * b";
  if (hasFastMath(Mul))
    return "body has fast-math flags";
  Value L = Mul.getLhs(), R = Mul.getRhs();
  Value VA = A->getResult(0), VB = Bv->getResult(0);
  if (!((L == VA && R == VB) || (L == VB && R == VA)))
    return "product is scaled or converted";
  return "";
}

/// Why `Result` is not `out + a * b` as linalg's named contractions compute
/// it (plain arith.mulf then arith.addf of one type, or arith.muli then
/// arith.addi), or "" if it is. `A` and `Bv` are the loads of the two
/// operands.
std::string mlir::raise::inexactMulAcc(Value Result, Operation *A,
                                       Operation *Bv,
                                       function_ref<bool(Value)> IsAcc) {
  Operation *Def = Result.getDefiningOp();
  if (isa_and_nonnull<LLVM::FMulAddOp>(Def))
    return "body is llvm.intr.fmuladd";
  if (auto Add = dyn_cast_or_null<arith::AddFOp>(Def))
    return whyNotMulAcc<arith::AddFOp, arith::MulFOp>(Add, A, Bv, IsAcc);
  if (auto Add = dyn_cast_or_null<arith::AddIOp>(Def))
    return whyNotMulAcc<arith::AddIOp, arith::MulIOp>(Add, A, Bv, IsAcc);
  return "body is not out + a * b";
}

namespace {

/// The loop of each plain (single-loop) subscript of `A`, or -1.
SmallVector<int> loopsOf(const Access &A) {
  SmallVector<int> Loops;
  for (const LinearForm *F : A.loopDims())
    Loops.push_back(F->singleLoop());
  return Loops;
}

/// `Map` (over loop positions) with loop L renamed to dimension Named[L].
AffineMap rename(AffineMap Map, ArrayRef<unsigned> Named, unsigned NumDims) {
  SmallVector<AffineExpr> Repl;
  for (unsigned N : Named)
    Repl.push_back(getAffineDimExpr(N, Map.getContext()));
  return Map.replaceDimsAndSymbols(Repl, {}, NumDims, 0);
}

/// What the builder needs to know about one matched unit.
struct Context {
  OpBuilder &B;
  Location Loc;
  const Unit &U;
  const MatchResult &M;
  SmallVector<LoopRange> Ranges;
  View Out;
  Value Result;
  function_ref<bool(Value)> IsAcc;
  std::string Why;    ///< Why a named op was not used.
  std::string Detail; ///< Layout notes for the report.
  /// Copies of the output read at other elements, per access, freed after
  /// the raised op.
  llvm::MapVector<const Access *, View> Copies;
};

/// A copy of @p In, a view of the output that the statement reads at other
/// elements than it writes, made before the raised op. checkUnit allows
/// that read only where the loops never read an element they have written
/// (trmm reads the rows below the one it updates): every element the op
/// reads has its value from before the nest, which the copy keeps while the
/// op updates the output in whatever order its lowering chooses.
View copyOfOutput(Context &C, const View &In) {
  auto Type = cast<MemRefType>(In.Memref.getType());
  SmallVector<Value> Sizes;
  for (unsigned D = 0; D < Type.getRank(); ++D)
    if (Type.isDynamicDim(D))
      Sizes.push_back(memref::DimOp::create(C.B, C.Loc, In.Memref, D));
  auto CopyType = MemRefType::get(Type.getShape(), Type.getElementType());
  Value Copy = memref::AllocOp::create(C.B, C.Loc, CopyType, Sizes,
                                       C.B.getI64IntegerAttr(64));
  linalg::CopyOp::create(C.B, C.Loc, In.Memref, Copy);
  return View{Copy, In.Map};
}

FailureOr<View> inputView(Context &C, Operation *Load) {
  const Access *A = accessOf(C.U, Load);
  if (!A) {
    C.Why = "an input is not an access of the statement";
    return failure();
  }
  auto Copied = C.Copies.find(A);
  if (Copied != C.Copies.end())
    return Copied->second;
  FailureOr<View> V =
      makeView(C.B, C.Loc, *A, C.Ranges, C.U.Loops.size(), C.Why);
  const Access &Out =
      C.U.K == Unit::Kind::Statement ? C.U.Output : C.U.FinalOutput;
  if (failed(V) || A->Memref != Out.Memref || A->sameElementsAs(Out) ||
      A->Untouched)
    return V;
  return C.Copies[A] = copyOfOutput(C, *V);
}

/// Creates named contraction `Name` (matmul, batch_matmul, matvec, vecmat,
/// conv_2d_nchw_fchw) if the unit's layout and body are exactly its own.
Operation *tryContraction(Context &C, StringRef Name) {
  const BuilderCall &Call = C.M.T->Call;
  if (Call.Args.size() != 3 || Call.Args[2] != C.M.T->Pattern.Output.Name) {
    C.Why = "builder arguments are not (input, input, output)";
    return nullptr;
  }
  Operation *LA = C.M.TensorLoad.lookup(Call.Args[0]);
  Operation *LB = C.M.TensorLoad.lookup(Call.Args[1]);
  if (!LA || !LB) {
    C.Why = "builder inputs are not tensors of the pattern";
    return nullptr;
  }
  C.Why = inexactMulAcc(C.Result, LA, LB, C.IsAcc);
  if (!C.Why.empty())
    return nullptr;
  const Access *AA = accessOf(C.U, LA), *AB = accessOf(C.U, LB);
  SmallVector<int> OutLoops;
  for (AffineExpr E : C.Out.Map.getResults())
    OutLoops.push_back(cast<AffineDimExpr>(E).getPosition());
  SmallVector<int> ALoops = loopsOf(*AA), BLoops = loopsOf(*AB);
  unsigned N = C.U.Loops.size();
  SmallVector<int> Red;
  for (unsigned L = 0; L < N; ++L)
    if (!llvm::is_contained(OutLoops, int(L)))
      Red.push_back(L);
  auto Is = [](ArrayRef<int> Got, std::initializer_list<int> Want) {
    return Got.size() == Want.size() && llvm::equal(Got, Want);
  };

  // Named dimension of each loop, for the ops that take indexing maps.
  SmallVector<unsigned> Named(N, 0);
  bool Layout = false, WithMaps = false;
  if ((Name == "matmul" && N == 3 && OutLoops.size() == 2) ||
      (Name == "batch_matmul" && N == 4 && OutLoops.size() == 3)) {
    for (auto [Pos, L] : llvm::enumerate(OutLoops))
      Named[L] = Pos;
    Named[Red[0]] = OutLoops.size();
    auto SameSet = [](SmallVector<int> Got, SmallVector<int> Want) {
      llvm::sort(Got);
      llvm::sort(Want);
      return Got == Want;
    };
    bool Batch = Name == "batch_matmul";
    int K = Red[0], Mi = OutLoops[Batch], Ni = OutLoops[Batch + 1];
    SmallVector<int> WantA{Mi, K}, WantB{K, Ni};
    if (Batch) {
      WantA.insert(WantA.begin(), OutLoops[0]);
      WantB.insert(WantB.begin(), OutLoops[0]);
    }
    Layout = SameSet(ALoops, WantA) && SameSet(BLoops, WantB);
    WithMaps = true;
    if (Layout && !Batch) {
      if (ALoops[0] == K)
        C.Detail = "transposed A";
      if (BLoops[0] == Ni)
        C.Detail += C.Detail.empty() ? "transposed B" : ", transposed B";
    }
  } else if (Name == "matvec" && N == 2 && OutLoops.size() == 1) {
    Layout = Is(ALoops, {OutLoops[0], Red[0]}) && Is(BLoops, {Red[0]});
  } else if (Name == "vecmat" && N == 2 && OutLoops.size() == 1) {
    Layout = Is(ALoops, {Red[0]}) && Is(BLoops, {Red[0], OutLoops[0]});
  } else if (Name == "conv_2d_nchw_fchw" && N == 7 && OutLoops.size() == 4) {
    // O(n,f,h,w) += I(n,c,h+r,w+s) * W(f,c,r,s), unit strides.
    SmallVector<const LinearForm *, 4> I = AA->loopDims();
    if (I.size() == 4 && BLoops.size() == 4 && BLoops[0] == OutLoops[1]) {
      auto Sum = [&](const LinearForm *F, int X, int Y) {
        return X >= 0 && Y >= 0 && F->Coeffs[X] == 1 && F->Coeffs[Y] == 1 &&
               llvm::count_if(F->Coeffs, [](int64_t V) { return V; }) == 2;
      };
      Layout = I[0]->singleLoop() == OutLoops[0] &&
               I[1]->singleLoop() == BLoops[1] && BLoops[1] >= 0 &&
               Sum(I[2], OutLoops[2], BLoops[2]) &&
               Sum(I[3], OutLoops[3], BLoops[3]);
    }
  }
  if (!Layout) {
    C.Why = "operand layout does not fit linalg." + Name.str();
    return nullptr;
  }

  FailureOr<View> VA = inputView(C, LA), VB = inputView(C, LB);
  if (failed(VA) || failed(VB))
    return nullptr;
  SmallVector<Value> InsVec{VA->Memref, VB->Memref};
  Operation *Op = nullptr;
  if (Name == "matmul")
    Op = linalg::MatmulOp::create(C.B, C.Loc, InsVec, ValueRange{C.Out.Memref});
  else if (Name == "batch_matmul")
    Op = linalg::BatchMatmulOp::create(C.B, C.Loc, InsVec,
                                       ValueRange{C.Out.Memref});
  else if (Name == "matvec")
    Op = linalg::MatvecOp::create(C.B, C.Loc, InsVec, ValueRange{C.Out.Memref});
  else if (Name == "vecmat")
    Op = linalg::VecmatOp::create(C.B, C.Loc, InsVec, ValueRange{C.Out.Memref});
  else
    Op = linalg::Conv2DNchwFchwOp::create(C.B, C.Loc, InsVec,
                                          ValueRange{C.Out.Memref});
  if (WithMaps) {
    SmallVector<AffineMap> Maps{rename(VA->Map, Named, N),
                                rename(VB->Map, Named, N),
                                rename(C.Out.Map, Named, N)};
    Op->setAttr("indexing_maps", C.B.getAffineMapArrayAttr(Maps));
  }
  // Quietly check the op: an unsupported layout falls back to a generic.
  ScopedDiagnosticHandler Quiet(Op->getContext(),
                                [](Diagnostic &) { return success(); });
  if (failed(verify(Op))) {
    Op->erase();
    C.Why = "linalg." + Name.str() + " does not accept this layout";
    C.Detail.clear();
    return nullptr;
  }
  return Op;
}

/// fill, copy, transpose: the statement stores an invariant or one load.
Operation *tryDataMovement(Context &C, StringRef Name) {
  const BuilderCall &Call = C.M.T->Call;
  if (Name == "fill") {
    Value V = hoist(C.B, C.U, C.Result);
    if (!V || V.getType() !=
                  cast<MemRefType>(C.Out.Memref.getType()).getElementType()) {
      C.Why = "stored value is not an invariant of the element type";
      return nullptr;
    }
    return linalg::FillOp::create(C.B, C.Loc, ValueRange{V},
                                  ValueRange{C.Out.Memref});
  }
  Operation *Load =
      Call.Args.empty() ? nullptr : C.M.TensorLoad.lookup(Call.Args.front());
  if (!Load || C.Result != Load->getResult(0)) {
    C.Why = "stored value is not the input element as it is";
    return nullptr;
  }
  FailureOr<View> In = inputView(C, Load);
  if (failed(In))
    return nullptr;
  SmallVector<int64_t> Perm;
  for (AffineExpr OutE : C.Out.Map.getResults()) {
    auto *It = llvm::find(In->Map.getResults(), OutE);
    if (It == In->Map.getResults().end() ||
        In->Map.getNumResults() != C.Out.Map.getNumResults()) {
      C.Why = "input and output do not have the same dimensions";
      return nullptr;
    }
    Perm.push_back(It - In->Map.getResults().begin());
  }
  bool Identity = llvm::equal(Perm, llvm::seq<int64_t>(0, Perm.size()));
  if (Identity)
    return linalg::CopyOp::create(C.B, C.Loc, ValueRange{In->Memref},
                                  ValueRange{C.Out.Memref});
  if (Name == "copy") {
    C.Why = "input and output dimensions are in different orders";
    return nullptr;
  }
  return linalg::TransposeOp::create(C.B, C.Loc, In->Memref, C.Out.Memref,
                                     Perm);
}

std::string describeValue(Value V) {
  if (auto Arg = dyn_cast<BlockArgument>(V))
    if (isa_and_nonnull<FunctionOpInterface>(Arg.getOwner()->getParentOp()))
      return "arg" + std::to_string(Arg.getArgNumber());
  APInt I;
  if (matchPattern(V, m_ConstantInt(&I)))
    return std::to_string(I.getSExtValue());
  return "?";
}

/// The trip count of `Loop` in words: "1024", "arg3", "arg3 - arg2",
/// "arg2 - 1".
std::string describeTripCount(affine::AffineForOp Loop) {
  if (Loop.hasConstantBounds())
    return std::to_string(std::max<int64_t>(
        0, Loop.getConstantUpperBound() - Loop.getConstantLowerBound()));
  // A bound as a value's name (empty for none) plus a constant.
  using Bound = std::pair<std::string, int64_t>;
  auto Side = [](AffineMap Map, ValueRange Ops) -> std::optional<Bound> {
    if (Map.getNumResults() != 1)
      return std::nullopt;
    AffineExpr E = Map.getResult(0);
    int64_t C = 0;
    auto Sum = dyn_cast<AffineBinaryOpExpr>(E);
    if (Sum && Sum.getKind() == AffineExprKind::Add)
      if (auto K = dyn_cast<AffineConstantExpr>(Sum.getRHS())) {
        C = K.getValue();
        E = Sum.getLHS();
      }
    if (auto K = dyn_cast<AffineConstantExpr>(E))
      return Bound{"", K.getValue() + C};
    if (auto D = dyn_cast<AffineDimExpr>(E))
      return Bound{describeValue(Ops[D.getPosition()]), C};
    if (auto S = dyn_cast<AffineSymbolExpr>(E))
      return Bound{describeValue(Ops[Map.getNumDims() + S.getPosition()]), C};
    return std::nullopt;
  };
  std::optional<Bound> Ub =
      Side(Loop.getUpperBoundMap(), Loop.getUpperBoundOperands());
  std::optional<Bound> Lb =
      Side(Loop.getLowerBoundMap(), Loop.getLowerBoundOperands());
  if (!Ub || !Lb)
    return "?";
  int64_t C = Ub->second - Lb->second;
  std::string S = Ub->first;
  if (S.empty()) {
    S = std::to_string(C);
    C = 0;
  }
  if (!Lb->first.empty())
    S += " - " + Lb->first;
  if (C != 0)
    S += (C > 0 ? " + " : " - ") + std::to_string(std::abs(C));
  return S;
}

} // namespace

FailureOr<RaisedOp> mlir::raise::buildRaised(OpBuilder &B, const Unit &U,
                                             const MatchResult &M,
                                             bool NamedOps,
                                             const TtgtOptions &Ttgt,
                                             std::string &Why) {
  Location Loc = U.root()->getLoc();
  auto IsAcc = [&](Value V) { return isAccumulator(U, V); };
  Context C{
      B,     Loc, U, M, computeRanges(B, U), {}, U.Store.getValueToStore(),
      IsAcc, "",  ""};
  unsigned N = U.Loops.size();
  MLIRContext *Ctx = B.getContext();

  // Where the computation accumulates. A local scalar whose value is simply
  // stored accumulates in place (after a fill with its initial value, unless
  // it starts from the stored element); otherwise in a temporary that the
  // epilogue then combines, as the loops did.
  Value Temp;
  Value FillValue;
  if (U.K == Unit::Kind::Statement) {
    FailureOr<View> Out = makeView(B, Loc, U.Output, C.Ranges, N, Why);
    if (failed(Out))
      return failure();
    C.Out = *Out;
  } else {
    Value Init = U.InitStore.getValueToStore();
    auto InitLoad = Init.getDefiningOp<affine::AffineLoadOp>();
    const Access *InitAccess = InitLoad ? accessOf(U, InitLoad) : nullptr;
    bool StartsFromOut =
        InitAccess && InitAccess->sameElementsAs(U.FinalOutput);
    // Over a triangle the output is written only by ops that keep what
    // lies outside it: the sum goes through a temporary (filled over the
    // whole box) unless it accumulates in the output itself. A cut on the
    // summed index leaves no element outside.
    bool StoredAsIs =
        U.FinalStore.getValueToStore() == U.FinalLoad.getResult() &&
        (!U.Tri || StartsFromOut || U.cutsSum());
    if (!StartsFromOut) {
      FillValue = hoist(B, U, Init);
      if (!FillValue && !initFromOuterElements(U, Init)) {
        Why = "the local scalar's initial value is not loop invariant";
        return failure();
      }
    }
    if (StoredAsIs) {
      FailureOr<View> Out = makeView(B, Loc, U.FinalOutput, C.Ranges, N, Why);
      if (failed(Out))
        return failure();
      C.Out = *Out;
    } else {
      SmallVector<int64_t> Shape;
      SmallVector<Value> Dynamic;
      SmallVector<AffineExpr> Ids;
      for (unsigned L = 0; L < U.NumOuter; ++L) {
        OpFoldResult Tc = C.Ranges[L].Tc;
        std::optional<int64_t> Static = getConstantIntValue(Tc);
        Shape.push_back(Static.value_or(ShapedType::kDynamic));
        if (!Static)
          Dynamic.push_back(cast<Value>(Tc));
        Ids.push_back(getAffineDimExpr(L, Ctx));
      }
      auto Type = MemRefType::get(
          Shape, cast<MemRefType>(U.Scalar.getType()).getElementType());
      Temp = memref::AllocOp::create(B, Loc, Type, Dynamic);
      C.Out = View{Temp, AffineMap::get(N, 0, Ids, Ctx)};
    }
    if (FillValue) {
      linalg::FillOp::create(B, Loc, ValueRange{FillValue},
                             ValueRange{C.Out.Memref});
    } else if (!StartsFromOut || Temp) {
      // The scalar starts from elements read in the outer loops (a bias
      // `acc = b[j]`): the output starts as a copy of them, computed with
      // the initialization's own arithmetic, so each element's sum starts
      // from the same value and adds the same terms in the same order. A
      // sum that starts from its output element and is not stored as it is
      // (trmm's `s = B[i][j]; ...; B[i][j] = alpha * s`) starts the
      // temporary as a copy of the output: no iteration writes an element
      // before the one that reads it as its start.
      unsigned Outer = U.NumOuter;
      FailureOr<View> InitOut =
          Temp ? FailureOr<View>(
                     View{Temp, AffineMap::getMultiDimIdentityMap(Outer, Ctx)})
               : makeView(B, Loc, U.FinalOutput, C.Ranges, Outer, Why);
      if (failed(InitOut))
        return failure();
      FailureOr<linalg::GenericOp> InitCopy = buildGeneric(
          B, Loc, U, Init, Outer, *InitOut, [](Value) { return false; },
          [&](Operation *Load) -> FailureOr<View> {
            return makeView(B, Loc, *accessOf(U, Load), C.Ranges, Outer, Why);
          },
          Why);
      if (failed(InitCopy))
        return failure();
      (*InitCopy)->setAttr("raise.tactic", B.getStringAttr("init"));
    }
  }

  RaisedOp Report;
  Report.Tactic = M.T->Name;
  Operation *Op = nullptr;
  StringRef Call = M.T->HasCall ? StringRef(M.T->Call.Op) : "";
  // A triangle needs the generic's body to keep the elements outside it.
  if (NamedOps && !U.Tri && !Call.empty() && Call != "generic") {
    if (Call == "fill" || Call == "copy" || Call == "transpose")
      Op = tryDataMovement(C, Call);
    else
      Op = tryContraction(C, Call);
  }
  if (!Op && !U.Tri && isTtgtBuilder(*M.T)) {
    TtgtResult R = NamedOps ? buildTtgt(B, Loc, U, M, C.Ranges, NamedOps, Ttgt)
                            : TtgtResult{TtgtResult::Status::NotUsed, nullptr,
                                         "named operations are disabled", ""};
    if (R.S == TtgtResult::Status::Failed) {
      Why = R.Why;
      return failure();
    }
    Op = R.Gemm;
    C.Detail = Op ? R.Detail : "contraction, no TTGT: " + R.Why;
  }
  if (!Op) {
    FailureOr<linalg::GenericOp> G = buildGeneric(
        B, Loc, U, C.Result, N, C.Out, IsAcc,
        [&](Operation *Load) { return inputView(C, Load); }, Why);
    if (failed(G))
      return failure();
    Op = *G;
    if (!C.Why.empty())
      C.Detail = "exact body kept: " + C.Why;
    if (U.Tri) {
      cutToTriangle(B, Loc, U, C.Ranges, *G);
      C.Detail = describeTriangle(U, M);
    }
  }
  Op->setAttr("raise.tactic", B.getStringAttr(M.T->Name));
  for (const auto &Copied : C.Copies)
    memref::DeallocOp::create(B, Loc, Copied.second.Memref);
  if (!C.Copies.empty())
    C.Detail += std::string(C.Detail.empty() ? "" : "; ") +
                "in place, reading a copy of the output";
  Report.Op = Op->getName().getStringRef().str();
  Report.Detail = C.Detail;
  if (auto Linalg = dyn_cast<linalg::LinalgOp>(Op))
    Report.Elementwise = isElementwise(Linalg);
  if (!M.Scale.empty())
    Report.Detail += (Report.Detail.empty() ? "" : "; ") +
                     std::string("scaled by a loop invariant");
  if (U.K == Unit::Kind::LocalScalar)
    Report.Detail += (Report.Detail.empty() ? "" : "; ") +
                     std::string("accumulated through a local scalar");
  // A nest raise-split-sums made: each partial sum raised on its own, or
  // all merged into one.
  if (auto Sums = U.root()->getAttrOfType<IntegerAttr>("raise.partial_sums"))
    Report.Detail +=
        "; one of " + std::to_string(Sums.getInt()) + " partial sums kept";
  if (auto Sums =
          U.root()->getAttrOfType<IntegerAttr>("raise.partial_sums_merged"))
    Report.Detail += "; " + std::to_string(Sums.getInt()) +
                     " partial sums merged under reassociation";

  // The epilogue `C = f(C, sum)` over the outer loops, on the temporary.
  if (Temp) {
    Value Final = U.FinalStore.getValueToStore();
    unsigned Outer = U.NumOuter;
    FailureOr<View> Out = makeView(B, Loc, U.FinalOutput, C.Ranges, Outer, Why);
    if (failed(Out))
      return failure();
    auto IsOut = [&](Value V) {
      auto Load = V.getDefiningOp<affine::AffineLoadOp>();
      const Access *A = Load ? accessOf(U, Load) : nullptr;
      return A && A->sameElementsAs(U.FinalOutput);
    };
    auto TempView = View{Temp, AffineMap::getMultiDimIdentityMap(Outer, Ctx)};
    FailureOr<linalg::GenericOp> Epilogue = buildGeneric(
        B, Loc, U, Final, Outer, *Out, IsOut,
        [&](Operation *Load) -> FailureOr<View> {
          if (Load == U.FinalLoad.getOperation())
            return TempView;
          const Access *A = accessOf(U, Load);
          if (!A)
            return failure();
          return makeView(B, Loc, *A, C.Ranges, Outer, Why);
        },
        Why);
    if (failed(Epilogue))
      return failure();
    if (U.Tri && !U.cutsSum())
      cutToTriangle(B, Loc, U, C.Ranges, *Epilogue);
    (*Epilogue)->setAttr("raise.tactic", B.getStringAttr(M.T->Name));
    memref::DeallocOp::create(B, Loc, Temp);
  }

  for (const std::string &Index : statementIndices(M.T->Pattern)) {
    // The cut loop's extent is the box's, that of the loop it depends on.
    unsigned Loop = M.IndexLoop.lookup(Index);
    if (U.Tri && Loop == U.Tri->Inner)
      Loop = U.Tri->Outer;
    Report.Sizes.push_back({Index, describeTripCount(U.Loops[Loop])});
  }
  return Report;
}
