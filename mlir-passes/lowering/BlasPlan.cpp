//===- BlasPlan.cpp - A linalg operation as CBLAS calls -------------------===//

#include "BlasPlan.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::raise;

/// The memref an operand views, through subviews, casts and reshapes.
static Value baseOf(Value V) {
  while (auto View = V.getDefiningOp<ViewLikeOpInterface>())
    V = View.getViewSource();
  return V;
}

/// True if @p A and @p B are the same value or computed the same way by
/// side-effect-free operations (two `memref.subview`s of one memref with the
/// same offsets and sizes), as the importer repeats them.
static bool sameValue(Value A, Value B, unsigned Depth = 6) {
  if (A == B)
    return true;
  Operation *DA = A.getDefiningOp(), *DB = B.getDefiningOp();
  if (!Depth || !DA || !DB || DA->getNumRegions() || !isMemoryEffectFree(DA) ||
      cast<OpResult>(A).getResultNumber() !=
          cast<OpResult>(B).getResultNumber())
    return false;
  return OperationEquivalence::isEquivalentTo(
      DA, DB,
      [&](Value X, Value Y) { return success(sameValue(X, Y, Depth - 1)); },
      nullptr, OperationEquivalence::IgnoreLocations);
}

/// True if @p V is defined in @p Op's regions.
bool raise::definedInside(Value V, Operation *Op) {
  return Op->isAncestor(V.getParentRegion()->getParentOp());
}

/// Collects the factors of @p V into @p P, counting how often the input
/// block arguments @p InA and @p InB occur. Fails on anything but products,
/// negations and invariant values (the accumulator among them).
static bool collectFactors(Value V, Operation *Op, Value InA, Value InB,
                           unsigned &NA, unsigned &NB, Product &P) {
  if (V == InA || V == InB) {
    ++(V == InA ? NA : NB);
    return true;
  }
  Operation *Def = V.getDefiningOp();
  if (!definedInside(V, Op) || (Def && matchPattern(Def, m_Constant()))) {
    P.Factors.push_back(V);
    return true;
  }
  if (auto Mul = dyn_cast_or_null<arith::MulFOp>(Def))
    return collectFactors(Mul.getLhs(), Op, InA, InB, NA, NB, P) &&
           collectFactors(Mul.getRhs(), Op, InA, InB, NA, NB, P);
  if (auto Neg = dyn_cast_or_null<arith::NegFOp>(Def)) {
    P.Negate = !P.Negate;
    return collectFactors(Neg.getOperand(), Op, InA, InB, NA, NB, P);
  }
  return false;
}

/// Matches the body of @p Op against `acc + s * a * b` (an fmuladd or fma,
/// an add of a product to the accumulator, or a subtraction of it), where a
/// and b are the inputs' elements and acc the output's.
static FailureOr<Product> matchProduct(linalg::LinalgOp Op, Type ElemTy) {
  Block *Body = Op.getBlock();
  for (Operation &Inner : Body->without_terminator())
    if (!isMemoryEffectFree(&Inner))
      return failure();
  Value Acc = Op.getMatchingBlockArgument(Op.getDpsInitOperand(0));
  Value InA = Op.getMatchingBlockArgument(Op.getDpsInputOperand(0));
  Value InB = Op.getMatchingBlockArgument(Op.getDpsInputOperand(1));
  Value Yielded = Body->getTerminator()->getOperand(0);
  Operation *Top = Yielded.getDefiningOp();
  if (!Top || Top->getBlock() != Body)
    return failure();

  Product P;
  SmallVector<Value, 2> Terms;
  if (isa<LLVM::FMulAddOp, LLVM::FMAOp, math::FmaOp>(Top)) {
    if (Top->getOperand(2) != Acc)
      return failure();
    Terms = {Top->getOperand(0), Top->getOperand(1)};
  } else if (auto Add = dyn_cast<arith::AddFOp>(Top)) {
    if ((Add.getLhs() == Acc) == (Add.getRhs() == Acc))
      return failure();
    Terms = {Add.getLhs() == Acc ? Add.getRhs() : Add.getLhs()};
  } else if (auto Sub = dyn_cast<arith::SubFOp>(Top)) {
    if (Sub.getLhs() != Acc)
      return failure();
    P.Negate = true;
    Terms = {Sub.getRhs()};
  } else {
    return failure();
  }
  unsigned NA = 0, NB = 0;
  for (Value T : Terms)
    if (!collectFactors(T, Op, InA, InB, NA, NB, P))
      return failure();
  if (NA != 1 || NB != 1)
    return failure();
  for (Value F : P.Factors)
    if (F.getType() != ElemTy)
      return failure();
  return P;
}

/// Lays @p O out for CBLAS: a matrix needs a dimension of static unit
/// stride (the last one if both are); a vector any stride (checked at run
/// time). Fails with the reason.
static LogicalResult layOut(Operand &O, std::optional<unsigned> BatchLoop,
                            std::string &Why) {
  auto Type = cast<MemRefType>(O.Memref.getType());
  SmallVector<int64_t> Strides;
  int64_t Offset;
  if (failed(Type.getStridesAndOffset(Strides, Offset))) {
    Why = "an operand has no strided layout";
    return failure();
  }
  SmallVector<unsigned, 2> Dims;
  for (unsigned D = 0; D < O.Map.getNumResults(); ++D) {
    if (BatchLoop && O.loop(D) == *BatchLoop)
      O.BatchDim = D;
    else
      Dims.push_back(D);
  }
  if (Dims.size() == 2) {
    if (Strides[Dims[1]] != 1) {
      if (Strides[Dims[0]] != 1) {
        Why = "a matrix operand has no dimension of unit stride";
        return failure();
      }
      std::swap(Dims[0], Dims[1]);
    }
  }
  O.Dims = Dims;
  return success();
}

/// The loops each operand's map uses, as a bit set.
static unsigned loopSet(AffineMap Map) {
  unsigned Set = 0;
  for (unsigned D = 0; D < Map.getNumResults(); ++D)
    Set |= 1u << Map.getDimPosition(D);
  return Set;
}

/// Analyses @p Op as `C += alpha * op(A) * op(B)` or `y += alpha * op(A) * x`
/// (with an optional batch loop). Returns failure with @p Why empty if @p Op
/// is not contraction-shaped at all (not worth a remark).
FailureOr<BlasPlan> raise::analyseForBlas(linalg::LinalgOp Op,
                                          std::string &Why) {
  if (!Op.hasPureBufferSemantics() || Op.getNumDpsInputs() != 2 ||
      Op.getNumDpsInits() != 1 || Op.getNumReductionLoops() != 1 ||
      Op.getNumLoops() > 4)
    return failure();
  SmallVector<OpOperand *, 3> Uses = {Op.getDpsInputOperand(0),
                                      Op.getDpsInputOperand(1),
                                      Op.getDpsInitOperand(0)};
  SmallVector<unsigned, 3> Sets;
  for (OpOperand *U : Uses) {
    AffineMap Map = Op.getMatchingIndexingMap(U);
    if (!Map.isProjectedPermutation(/*allowZeroInResults=*/false) ||
        !isa<MemRefType>(U->get().getType()))
      return failure();
    Sets.push_back(loopSet(Map));
  }
  unsigned Batch = Sets[0] & Sets[1] & Sets[2];
  unsigned M = (Sets[0] & Sets[2]) & ~Batch;
  unsigned N = (Sets[1] & Sets[2]) & ~Batch;
  unsigned K = (Sets[0] & Sets[1]) & ~Sets[2];
  auto Count = [](unsigned S) { return llvm::popcount(S); };
  if (Count(K) != 1 || Sets[0] != (Batch | M | K) ||
      Sets[1] != (Batch | N | K) || Sets[2] != (Batch | M | N) ||
      Count(M | N) == 0)
    return failure();

  BlasPlan P;
  P.Op = Op;
  // From here on the operation is a contraction: say why it is not mapped.
  auto Fail = [&](const Twine &Reason) -> FailureOr<BlasPlan> {
    Why = Reason.str();
    return failure();
  };
  if (Count(Batch) > 1 || Count(M) > 1 || Count(N) > 1)
    return Fail("more than one batch, row or column index");
  P.ElemTy = dyn_cast<FloatType>(getElementTypeOrSelf(Uses[2]->get()));
  if (!P.ElemTy || !(P.ElemTy.isF32() || P.ElemTy.isF64()))
    return Fail("its element type is not f32 or f64");
  for (OpOperand *U : Uses)
    if (getElementTypeOrSelf(U->get()) != P.ElemTy)
      return Fail("its operands' element types differ");
  FailureOr<Product> Alpha = matchProduct(Op, P.ElemTy);
  if (failed(Alpha))
    return Fail("its body is not an accumulation of a scaled product");
  P.Alpha = *Alpha;
  if (Batch)
    P.BatchLoop = llvm::countr_zero(Batch);

  // A matrix-vector product: the matrix is the input that shares an index
  // with the output.
  P.Gemv = Count(M) + Count(N) == 1;
  unsigned MatrixInput = (P.Gemv && !M) ? 1 : 0;
  auto MakeOperand = [&](OpOperand *U) {
    return Operand{U->get(), Op.getMatchingIndexingMap(U), {}, {}};
  };
  P.A = MakeOperand(Uses[MatrixInput]);
  P.B = MakeOperand(Uses[1 - MatrixInput]);
  P.C = MakeOperand(Uses[2]);
  for (Operand *O : {&P.A, &P.B, &P.C})
    if (failed(layOut(*O, P.BatchLoop, Why)))
      return failure();
  if (P.Gemv) {
    // op(A) has the output's index as its rows.
    P.TransA = P.A.loop(P.A.Dims[0]) != P.C.loop(P.C.Dims[0]);
  } else {
    // C's rows are M: the input that shares them is A. A column-contiguous
    // C swaps the roles (C^T = op(B)^T op(A)^T).
    if (P.C.loop(P.C.Dims[0]) != (unsigned)llvm::countr_zero(M))
      std::swap(P.A, P.B);
    unsigned KLoop = llvm::countr_zero(K);
    P.TransA = P.A.loop(P.A.Dims[0]) == KLoop;
    P.TransB = P.B.loop(P.B.Dims[0]) != KLoop;
  }
  for (Value In : {P.A.Memref, P.B.Memref})
    if (baseOf(In) == baseOf(P.C.Memref))
      return Fail("its output is also one of its inputs");
  return P;
}

/// The factor of a scaling `C = s * C` (a generic without inputs), or null.
static Value scalingFactor(linalg::GenericOp G) {
  if (G.getNumDpsInputs() != 0 || G.getNumDpsInits() != 1 ||
      G.getNumReductionLoops() != 0 ||
      !G.getMatchingIndexingMap(G.getDpsInitOperand(0)).isIdentity())
    return nullptr;
  Block *Body = G.getBody();
  for (Operation &Inner : Body->without_terminator())
    if (!isMemoryEffectFree(&Inner))
      return nullptr;
  auto Mul =
      Body->getTerminator()->getOperand(0).getDefiningOp<arith::MulFOp>();
  if (!Mul)
    return nullptr;
  Value Out = Body->getArgument(0);
  if ((Mul.getLhs() == Out) == (Mul.getRhs() == Out))
    return nullptr;
  Value S = Mul.getLhs() == Out ? Mul.getRhs() : Mul.getLhs();
  // Loop-invariant: from outside the scaling, or a constant of its body.
  if (!definedInside(S, G) || matchPattern(S, m_Constant()))
    return S;
  return nullptr;
}

/// True if @p G is `C += T` (or `T + C`), element-wise, identity maps.
static bool isAccumulation(linalg::GenericOp G, Value T) {
  if (G.getNumDpsInputs() != 1 || G.getNumDpsInits() != 1 ||
      G.getDpsInputOperand(0)->get() != T || G.getNumReductionLoops() != 0 ||
      !llvm::all_of(G.getIndexingMapsArray(),
                    [](AffineMap M) { return M.isIdentity(); }))
    return false;
  Block *Body = G.getBody();
  auto Add =
      Body->getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!Add || &Body->front() != Add.getOperation())
    return false;
  Value In = Body->getArgument(0), Out = Body->getArgument(1);
  return (Add.getLhs() == In && Add.getRhs() == Out) ||
         (Add.getLhs() == Out && Add.getRhs() == In);
}

/// The nearest operation before (@p Forward false) or after @p Op in its
/// block that may touch memory, or null.
static Operation *nextEffect(Operation *Op, bool Forward) {
  for (Operation *O = Forward ? Op->getNextNode() : Op->getPrevNode(); O;
       O = Forward ? O->getNextNode() : O->getPrevNode())
    if (!isMemoryEffectFree(O))
      return O;
  return nullptr;
}

/// Finds what the call can absorb around the product: the fill or scaling
/// of C right before it, and a temporary accumulated into the real output.
void raise::foldNeighbours(BlasPlan &P) {
  Operation *Prev = nextEffect(P.Op, /*Forward=*/false);
  if (auto Fill = dyn_cast_or_null<linalg::FillOp>(Prev)) {
    if (Fill.hasPureBufferSemantics() &&
        matchPattern(Fill.value(), m_PosZeroFloat()) &&
        sameValue(Fill.output(), P.C.Memref)) {
      P.Before = Fill;
      P.BetaKind = Beta::Zero;
    }
  } else if (auto Scale = dyn_cast_or_null<linalg::GenericOp>(Prev)) {
    Value S = Scale.hasPureBufferSemantics() ? scalingFactor(Scale) : nullptr;
    if (S && S.getType() == P.ElemTy &&
        sameValue(Scale.getDpsInitOperand(0)->get(), P.C.Memref)) {
      P.Before = Scale;
      P.BetaKind = Beta::Scaled;
      P.BetaValue = S;
    }
  }
  // T = alloc; T = 0; T += A*B; C += T: the add comes next and T serves
  // nothing else.
  Value T = P.C.Memref;
  if (P.BetaKind != Beta::Zero || !T.getDefiningOp<memref::AllocOp>())
    return;
  auto Add = dyn_cast_or_null<linalg::GenericOp>(nextEffect(P.Op, true));
  if (!Add || !Add.hasPureBufferSemantics() || !isAccumulation(Add, T))
    return;
  for (Operation *User : T.getUsers())
    if (User != P.Before && User != P.Op && User != Add &&
        !isa<memref::DeallocOp>(User))
      return;
  Value Out = Add.getDpsInitOperand(0)->get();
  Operand C = P.C;
  C.Memref = Out;
  // The call's arguments were chosen for T's layout: C must have the same.
  std::string Ignored;
  if (failed(layOut(C, P.BatchLoop, Ignored)) || C.Dims != P.C.Dims)
    return;
  if (baseOf(Out) == baseOf(P.A.Memref) || baseOf(Out) == baseOf(P.B.Memref))
    return;
  P.C = C;
  P.After = Add;
  P.BetaKind = Beta::Fused;
}

/// "cblas_sgemm (A transposed; beta = 0 from the fill before it)".
std::string raise::describe(const BlasPlan &P, StringRef Callee) {
  SmallVector<std::string> Notes;
  if (P.TransA)
    Notes.push_back(P.Gemv ? "transposed" : "A transposed");
  if (P.TransB)
    Notes.push_back("B transposed");
  if (P.BatchLoop)
    Notes.push_back("a loop over the batch");
  switch (P.BetaKind) {
  case Beta::One:
    break;
  case Beta::Zero:
    Notes.push_back("beta = 0 from the fill before it");
    break;
  case Beta::Scaled:
    Notes.push_back("beta from the scaling before it");
    break;
  case Beta::Fused:
    Notes.push_back("accumulating directly into the output the temporary "
                    "was added to");
    break;
  }
  std::string S = Callee.str();
  if (!Notes.empty())
    S += " (" + llvm::join(Notes, "; ") + ")";
  return S;
}
