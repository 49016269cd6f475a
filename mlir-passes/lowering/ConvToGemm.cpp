//===- ConvToGemm.cpp - The raise-conv-to-gemm pass -----------------------===//
//
// A direct 2-D convolution on NCHW tensors computes, per output element, a
// dot product over (c, kh, kw) in that order. Laid out as matrices (im2col:
// the input windows as the columns of a (C*KH*KW) x (OH*OW) matrix, the
// filters as the rows of an F x (C*KH*KW) one), it is a GEMM per image with
// the same dot products in the same order, which the tuned GEMM kernels
// (raise-tile-matmul) compute far faster than the direct loops.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISECONVTOGEMM
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// The loops and operands of a convolution generic:
/// out[n][f][oh][ow] = body(in[n][c][oh + kh][ow + kw], w[f][c][kh][kw],
/// out[n][f][oh][ow]) accumulated over the reduction loops (c, kh, kw).
struct ConvPlan {
  linalg::GenericOp Op;
  OpOperand *In = nullptr, *W = nullptr, *Out = nullptr;
  unsigned N = 0, F = 0, OH = 0, OW = 0, C = 0, KH = 0, KW = 0;
  /// The reduction loops in the order the iteration space has them: the
  /// order in which each output element's sum is computed.
  SmallVector<unsigned, 3> Reductions;
};

/// The loop of a result that is one loop alone.
std::optional<unsigned> loopOf(AffineExpr E) {
  if (auto D = dyn_cast<AffineDimExpr>(E))
    return D.getPosition();
  return std::nullopt;
}

/// Whether @p E is `A + B` (either order) of the loops @p A and @p B.
bool isSumOf(AffineExpr E, unsigned A, unsigned B) {
  auto Sum = dyn_cast<AffineBinaryOpExpr>(E);
  if (!Sum || Sum.getKind() != AffineExprKind::Add)
    return false;
  std::optional<unsigned> L = loopOf(Sum.getLHS()), R = loopOf(Sum.getRHS());
  return L && R && ((*L == A && *R == B) || (*L == B && *R == A));
}

FailureOr<ConvPlan> analyse(linalg::GenericOp Op) {
  if (!Op.hasPureBufferSemantics() || Op.getNumDpsInputs() != 2 ||
      Op.getNumDpsInits() != 1 || Op.getNumLoops() != 7 ||
      Op.getNumReductionLoops() != 3)
    return failure();
  for (Value V : Op->getOperands()) {
    auto T = dyn_cast<MemRefType>(V.getType());
    if (!T || T.getRank() != 4 || !isa<FloatType>(T.getElementType()))
      return failure();
  }
  ConvPlan P;
  P.Op = Op;
  P.Out = Op.getDpsInitOperand(0);
  AffineMap OutMap = Op.getMatchingIndexingMap(P.Out);
  SmallVector<unsigned, 4> OutLoops;
  for (AffineExpr E : OutMap.getResults()) {
    std::optional<unsigned> L = loopOf(E);
    if (!L)
      return failure();
    OutLoops.push_back(*L);
  }
  P.N = OutLoops[0];
  P.F = OutLoops[1];
  P.OH = OutLoops[2];
  P.OW = OutLoops[3];
  // The filter: f and the three reduction loops, each alone.
  for (OpOperand *Operand : Op.getDpsInputOperands()) {
    AffineMap Map = Op.getMatchingIndexingMap(Operand);
    SmallVector<std::optional<unsigned>, 4> Loops;
    for (AffineExpr E : Map.getResults())
      Loops.push_back(loopOf(E));
    if (!P.W && llvm::all_of(Loops, [](auto L) { return L.has_value(); }) &&
        *Loops[0] == P.F) {
      P.W = Operand;
      P.C = *Loops[1];
      P.KH = *Loops[2];
      P.KW = *Loops[3];
    } else {
      P.In = Operand;
    }
  }
  if (!P.W || !P.In)
    return failure();
  SmallVector<utils::IteratorType> Iterators = Op.getIteratorTypesArray();
  llvm::SmallDenseSet<unsigned, 8> Seen;
  for (unsigned L : {P.N, P.F, P.OH, P.OW, P.C, P.KH, P.KW})
    if (!Seen.insert(L).second)
      return failure();
  for (unsigned L : {P.C, P.KH, P.KW})
    if (Iterators[L] != utils::IteratorType::reduction)
      return failure();
  AffineMap InMap = Op.getMatchingIndexingMap(P.In);
  if (loopOf(InMap.getResult(0)) != P.N || loopOf(InMap.getResult(1)) != P.C ||
      !isSumOf(InMap.getResult(2), P.OH, P.KH) ||
      !isSumOf(InMap.getResult(3), P.OW, P.KW))
    return failure();
  // The output must not also be read as an input.
  if (P.Out->get() == P.In->get() || P.Out->get() == P.W->get())
    return failure();
  for (unsigned L = 0; L < 7; ++L)
    if (Iterators[L] == utils::IteratorType::reduction)
      P.Reductions.push_back(L);
  return P;
}

/// Emits the im2col + GEMM form of one analysed convolution.
class ConvEmitter {
public:
  explicit ConvEmitter(ConvPlan P) : P(P), B(P.Op), Loc(P.Op.getLoc()) {}

  void emit();

private:
  /// A linalg.generic copying @p From (read through @p FromMap) into
  /// @p To (identity), over To's dimensions.
  void copy(Value From, AffineMap FromMap, Value To) {
    auto ToType = cast<MemRefType>(To.getType());
    unsigned Rank = ToType.getRank();
    SmallVector<AffineMap> Maps = {FromMap, B.getMultiDimIdentityMap(Rank)};
    SmallVector<utils::IteratorType> Iterators(Rank,
                                               utils::IteratorType::parallel);
    linalg::GenericOp::create(
        B, Loc, ValueRange{From}, ValueRange{To}, Maps, Iterators,
        [](OpBuilder &Nested, Location L, ValueRange Args) {
          linalg::YieldOp::create(Nested, L, Args[0]);
        });
  }

  Value alloc(ArrayRef<Value> Sizes) {
    auto Type = MemRefType::get(
        SmallVector<int64_t>(Sizes.size(), ShapedType::kDynamic),
        cast<MemRefType>(P.Out->get().getType()).getElementType());
    return memref::AllocOp::create(B, Loc, Type, Sizes,
                                   B.getI64IntegerAttr(64));
  }

  Value collapse(Value V, ArrayRef<ReassociationIndices> Groups) {
    return memref::CollapseShapeOp::create(B, Loc, V, Groups);
  }

  /// The rank-reduced view of image @p Image of a 4-D NCHW operand.
  Value image(Value V, Value Image) {
    auto Type = cast<MemRefType>(V.getType());
    SmallVector<OpFoldResult> Offsets = {Image, B.getIndexAttr(0),
                                         B.getIndexAttr(0), B.getIndexAttr(0)};
    SmallVector<OpFoldResult> Sizes = {B.getIndexAttr(1)};
    for (unsigned D = 1; D < 4; ++D)
      Sizes.push_back(memref::getMixedSize(B, Loc, V, D));
    SmallVector<OpFoldResult> Strides(4, B.getIndexAttr(1));
    auto ViewType = memref::SubViewOp::inferRankReducedResultType(
        {Type.getDimSize(1), Type.getDimSize(2), Type.getDimSize(3)}, Type,
        Offsets, Sizes, Strides);
    return memref::SubViewOp::create(B, Loc, cast<MemRefType>(ViewType), V,
                                     Offsets, Sizes, Strides);
  }

  ConvPlan P;
  OpBuilder B;
  Location Loc;
};

void ConvEmitter::emit() {
  MLIRContext *Ctx = B.getContext();
  SmallVector<Range> Ranges =
      cast<linalg::LinalgOp>(P.Op.getOperation()).createLoopRanges(B, Loc);
  auto Size = [&](unsigned L) {
    return getValueOrCreateConstantIndexOp(B, Loc, Ranges[L].size);
  };
  Value F = Size(P.F), OH = Size(P.OH), OW = Size(P.OW);
  // The reduction loops as (r0, r1, r2) in iteration order, and for each of
  // them its role.
  unsigned R0 = P.Reductions[0], R1 = P.Reductions[1], R2 = P.Reductions[2];
  auto RedPos = [&](unsigned L) {
    return static_cast<unsigned>(llvm::find(P.Reductions, L) -
                                 P.Reductions.begin());
  };

  // The filters as an F x (r0, r1, r2) matrix, contiguous.
  Value WPack = alloc({F, Size(R0), Size(R1), Size(R2)});
  {
    // WPack[f][r0][r1][r2] = W[f][c][kh][kw]: W's subscripts in the loops
    // (f, r0, r1, r2) of the copy.
    SmallVector<AffineExpr> Subs = {getAffineDimExpr(0, Ctx),
                                    getAffineDimExpr(1 + RedPos(P.C), Ctx),
                                    getAffineDimExpr(1 + RedPos(P.KH), Ctx),
                                    getAffineDimExpr(1 + RedPos(P.KW), Ctx)};
    copy(P.W->get(), AffineMap::get(4, 0, Subs, Ctx), WPack);
  }
  Value WMatrix = collapse(WPack, {{0}, {1, 2, 3}});

  // Per image: C's block copied out (the sums start from it), the windows
  // as columns, the GEMM, C's block copied back.
  Value Col = alloc({Size(R0), Size(R1), Size(R2), OH, OW});
  Value Acc = alloc({F, OH, OW});
  Value ColMatrix = collapse(Col, {{0, 1, 2}, {3, 4}});
  Value AccMatrix = collapse(Acc, {{0}, {1, 2}});
  Value Zero = arith::ConstantIndexOp::create(B, Loc, 0);
  Value One = arith::ConstantIndexOp::create(B, Loc, 1);
  auto Images = scf::ForOp::create(B, Loc, Zero, Size(P.N), One);
  {
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(Images.getBody()->getTerminator());
    Value Image = Images.getInductionVar();
    Value OutImage = image(P.Out->get(), Image);
    Value InImage = image(P.In->get(), Image);
    copy(OutImage, B.getMultiDimIdentityMap(3), Acc);
    // Col[r0][r1][r2][oh][ow] = In[c][oh + kh][ow + kw].
    AffineExpr OhE = getAffineDimExpr(3, Ctx), OwE = getAffineDimExpr(4, Ctx);
    SmallVector<AffineExpr> Subs = {getAffineDimExpr(RedPos(P.C), Ctx),
                                    OhE + getAffineDimExpr(RedPos(P.KH), Ctx),
                                    OwE + getAffineDimExpr(RedPos(P.KW), Ctx)};
    copy(InImage, AffineMap::get(5, 0, Subs, Ctx), Col);

    // Acc[f][p] = body(Col[q][p], WMatrix[f][q], Acc[f][p]) over q in
    // order, the operands in the convolution's order so that the body's
    // arguments keep their roles.
    AffineExpr M = getAffineDimExpr(0, Ctx), N = getAffineDimExpr(1, Ctx),
               K = getAffineDimExpr(2, Ctx);
    AffineMap WMap = AffineMap::get(3, 0, {M, K}, Ctx);
    AffineMap ColMap = AffineMap::get(3, 0, {K, N}, Ctx);
    bool InFirst = P.In->getOperandNumber() == 0;
    SmallVector<Value> Ins = InFirst ? SmallVector<Value>{ColMatrix, WMatrix}
                                     : SmallVector<Value>{WMatrix, ColMatrix};
    SmallVector<AffineMap> Maps = InFirst
                                      ? SmallVector<AffineMap>{ColMap, WMap}
                                      : SmallVector<AffineMap>{WMap, ColMap};
    Maps.push_back(AffineMap::get(3, 0, {M, N}, Ctx));
    auto Gemm = linalg::GenericOp::create(
        B, Loc, Ins, ValueRange{AccMatrix}, Maps,
        {utils::IteratorType::parallel, utils::IteratorType::parallel,
         utils::IteratorType::reduction});
    IRMapping Map;
    P.Op.getRegion().cloneInto(&Gemm.getRegion(), Map);
    Gemm->setDiscardableAttrs(P.Op->getDiscardableAttrDictionary());
    copy(Acc, B.getMultiDimIdentityMap(3), OutImage);
  }
  memref::DeallocOp::create(B, Loc, Acc);
  memref::DeallocOp::create(B, Loc, Col);
  memref::DeallocOp::create(B, Loc, WPack);
  P.Op.erase();
}

struct RaiseConvToGemm
    : public raise::impl::RaiseConvToGemmBase<RaiseConvToGemm> {
  void runOnOperation() override {
    std::vector<ConvPlan> Plans;
    getOperation().walk([&](linalg::GenericOp Op) {
      FailureOr<ConvPlan> Plan = analyse(Op);
      if (succeeded(Plan))
        Plans.push_back(*Plan);
    });
    for (ConvPlan &Plan : Plans) {
      ConvEmitter(Plan).emit();
      ++numConverted;
    }
  }
};

} // namespace
