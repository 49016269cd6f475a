//===- TileMatmul.cpp - The raise-tile-matmul pass ------------------------===//
//
// Lowers matmul-like linalg.generic operations on memrefs to the Goto/BLIS
// loop structure: cache blocks over n, k and m, B and A packed into contiguous
// panels, and a register-tiled vector micro-kernel whose C tile lives in
// registers for a whole k block. Per output element, k is visited in
// ascending order and accumulated sequentially, with the body's own scalar
// operations, so results are bit-identical to the loops.
//
// This file holds the pass: it matches the operations, chooses the cache
// blocks and emits the blocked loop nest, on threads where it pays.
// MatmulPacking.cpp packs the panels, MatmulMicroKernel.cpp emits the
// register tile.
//
//===----------------------------------------------------------------------===//

#include "ExternalFunctions.h"
#include "MatmulTiling.h"
#include "OperandSupport.h"
#include "Passes.h"
#include "VectorSupport.h"
#include "target/CacheModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISETILEMATMUL
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

namespace {

/// Which of the body's block arguments a body value depends on: C, and
/// one bit per input from FromInput on.
enum SideBits : unsigned { FromC = 1, FromInput = 2 };

/// At most this many inputs on each side: each takes a packing buffer and,
/// per k step, registers of the micro-kernel.
constexpr unsigned MaxInputsPerSide = 2;

/// The loop positions @p Map reads, in result order, if it is a projected
/// permutation with two results.
std::optional<std::pair<unsigned, unsigned>> twoDims(AffineMap Map) {
  if (Map.getNumResults() != 2 || !Map.isProjectedPermutation())
    return std::nullopt;
  return std::make_pair(Map.getDimPosition(0), Map.getDimPosition(1));
}

/// Recognizes the yield of a generic over the box around a triangle,
/// `select(index(inner) - index(outer) < D, value, c)` (or `>=`), with D
/// defined outside @p Op; returns the ops of the cut, which are not part of
/// the computation.
std::optional<MatmulPlan::Triangle>
matchCut(linalg::GenericOp Op, Value ArgC,
         llvm::SmallPtrSetImpl<Operation *> &CutOps, Value &Result) {
  Value Yielded = Op.getBlock()->getTerminator()->getOperand(0);
  auto Select = Yielded.getDefiningOp<arith::SelectOp>();
  if (!Select || Select.getFalseValue() != ArgC)
    return std::nullopt;
  auto Cmp = Select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!Cmp || (Cmp.getPredicate() != arith::CmpIPredicate::slt &&
               Cmp.getPredicate() != arith::CmpIPredicate::sge))
    return std::nullopt;
  auto Diff = Cmp.getLhs().getDefiningOp<arith::SubIOp>();
  Value D = Cmp.getRhs();
  if (!Diff || Op->isAncestor(D.getParentBlock()->getParentOp()))
    return std::nullopt;
  auto Inner = Diff.getLhs().getDefiningOp<linalg::IndexOp>();
  auto Outer = Diff.getRhs().getDefiningOp<linalg::IndexOp>();
  if (!Inner || !Outer)
    return std::nullopt;
  Operation *Ops[] = {Select, Cmp, Diff, Inner, Outer};
  for (Operation *X : Ops)
    if (!X->hasOneUse() && X != Select.getOperation())
      return std::nullopt;
  CutOps.insert(std::begin(Ops), std::end(Ops));
  Result = Select.getTrueValue();
  return MatmulPlan::Triangle{
      unsigned(Inner.getDim()), unsigned(Outer.getDim()),
      Cmp.getPredicate() == arith::CmpIPredicate::slt, D};
}

/// Analyses @p Op; fails (and leaves it to the plain lowering) unless it is a
/// matmul-like generic this lowering keeps exact.
FailureOr<MatmulPlan> analyse(linalg::GenericOp Op) {
  MatmulPlan Plan;
  Plan.Op = Op;
  if (!Op.hasPureBufferSemantics() || Op.getNumDpsInputs() < 2 ||
      Op.getNumDpsInputs() > 2 * MaxInputsPerSide || Op.getNumDpsInits() != 1 ||
      Op.getNumLoops() != 3 || Op.getNumReductionLoops() != 1)
    return failure();
  Plan.C = Op.getDpsInitOperand(0);
  auto CType = dyn_cast<MemRefType>(Plan.C->get().getType());
  if (!CType || CType.getRank() != 2)
    return failure();
  Plan.ElemTy = CType.getElementType();
  if (!isa<FloatType, IntegerType>(Plan.ElemTy))
    return failure();
  // Vector loads and stores of C rows need a unit innermost stride: static,
  // or checked at run time (withUnitInnerStride).
  SmallVector<int64_t> Strides;
  int64_t Offset;
  if (failed(CType.getStridesAndOffset(Strides, Offset)))
    return failure();
  // A static unit outer stride is a column-major C: its copy would be a
  // transpose; left alone.
  Plan.CInnerStrided = Strides[1] != 1 && Strides[0] != 1;
  if (Strides[1] != 1 && !Plan.CInnerStrided)
    return failure();

  auto CDims = twoDims(Op.getMatchingIndexingMap(Plan.C));
  if (!CDims)
    return failure();
  Plan.MDim = CDims->first;
  Plan.NDim = CDims->second;
  SmallVector<utils::IteratorType> Iterators = Op.getIteratorTypesArray();
  for (unsigned D = 0; D < 3; ++D)
    if (D != Plan.MDim && D != Plan.NDim)
      Plan.KDim = D;
  if (Iterators[Plan.KDim] != utils::IteratorType::reduction)
    return failure();

  for (OpOperand *In : Op.getDpsInputOperands()) {
    auto Type = dyn_cast<MemRefType>(In->get().getType());
    // Narrower integers (int8 or int16 inputs of an int32 sum) are widened
    // by their side of the body, in the packing: the kernel reads C's type.
    if (!Type || Type.getRank() != 2 ||
        (Type.getElementType() != Plan.ElemTy &&
         !(isa<IntegerType>(Plan.ElemTy) && Type.getElementType().isInteger() &&
           Type.getElementType().getIntOrFloatBitWidth() <
               Plan.ElemTy.getIntOrFloatBitWidth())))
      return failure();
    auto Dims = twoDims(Op.getMatchingIndexingMap(In));
    if (!Dims)
      return failure();
    auto Uses = [&](unsigned D) {
      return Dims->first == D || Dims->second == D;
    };
    if (Uses(Plan.KDim) && Uses(Plan.MDim))
      Plan.As.push_back({In, {}, {}});
    else if (Uses(Plan.KDim) && Uses(Plan.NDim))
      Plan.Bs.push_back({In, {}, {}});
    else
      return failure();
    // The output is read and written while the inputs are read: it must
    // not be one of them.
    if (In->get() == Plan.C->get())
      return failure();
  }
  if (Plan.As.empty() || Plan.Bs.empty() || Plan.As.size() > MaxInputsPerSide ||
      Plan.Bs.size() > MaxInputsPerSide)
    return failure();

  // Split the body by what each value depends on.
  Block *Body = Op.getBlock();
  DenseMap<Value, unsigned> Side;
  SmallVector<MatmulPlan::Input *> Inputs;
  for (MatmulPlan::Input &In : Plan.As)
    Inputs.push_back(&In);
  for (MatmulPlan::Input &In : Plan.Bs)
    Inputs.push_back(&In);
  unsigned AllInputs = 0;
  for (auto [I, In] : llvm::enumerate(Inputs)) {
    Side[Op.getMatchingBlockArgument(In->X)] = FromInput << I;
    AllInputs |= FromInput << I;
  }
  Value ArgC = Op.getMatchingBlockArgument(Plan.C);
  Side[ArgC] = FromC;
  auto InputOf = [&](unsigned S) -> MatmulPlan::Input * {
    for (auto [I, In] : llvm::enumerate(Inputs))
      if (S == (FromInput << I))
        return In;
    return nullptr;
  };
  llvm::SmallPtrSet<Operation *, 8> CutOps;
  Plan.Result = Body->getTerminator()->getOperand(0);
  Plan.Cut = matchCut(Op, ArgC, CutOps, Plan.Result);
  if (Plan.Cut) {
    // Between C's row and its column (syrk's triangle of C), or between
    // C's row or column and k (trmm's `k > i`: terms dropped from each
    // row's or column's sums).
    auto Dims = {Plan.Cut->Inner, Plan.Cut->Outer};
    bool OnK = llvm::is_contained(Dims, Plan.KDim);
    if (!(llvm::is_contained(Dims, Plan.MDim) ||
          (OnK && llvm::is_contained(Dims, Plan.NDim))))
      return failure();
  }
  for (Operation &Inner : Body->without_terminator()) {
    if (CutOps.contains(&Inner))
      continue;
    // Packing and hoisting change how often an operation runs: only pure
    // operations may move.
    if (Inner.getNumRegions() != 0 || !isMemoryEffectFree(&Inner))
      return failure();
    unsigned S = 0;
    for (Value V : Inner.getOperands())
      S |= Side.lookup(V);
    for (Value R : Inner.getResults())
      Side[R] = S;
    if (S == 0)
      Plan.InvariantOps.push_back(&Inner);
    else if (MatmulPlan::Input *In = InputOf(S))
      In->Ops.push_back(&Inner);
    else
      Plan.KernelOps.push_back(&Inner);
  }
  if (Side.lookup(Plan.Result) != (AllInputs | FromC))
    return failure();

  // The kernel reads exactly one value of each input's side; all its
  // operations are lane-wise on the element type.
  for (Operation *K : Plan.KernelOps) {
    if (!raise::isLaneWise(K))
      return failure();
    for (Value V : K->getOperands()) {
      if (V.getType() != Plan.ElemTy)
        return failure();
      MatmulPlan::Input *In = InputOf(Side.lookup(V));
      if (!In)
        continue;
      if (In->Used && In->Used != V)
        return failure();
      In->Used = V;
    }
    for (Value R : K->getResults())
      if (R.getType() != Plan.ElemTy)
        return failure();
  }
  for (MatmulPlan::Input *In : Inputs)
    if (!In->Used)
      return failure();
  return Plan;
}

/// The scalar @p Op sets every element of its output @p Use to: a
/// linalg.fill, or its generic form (a scalar input yielded as it is).
Value filledValue(Operation *Op, OpOperand &Use) {
  if (auto Fill = dyn_cast<linalg::FillOp>(Op))
    return Fill.isDpsInit(&Use) ? Fill.getInputs()[0] : Value();
  auto Generic = dyn_cast<linalg::GenericOp>(Op);
  if (!Generic || !Generic.isDpsInit(&Use) || Generic.getNumDpsInputs() != 1 ||
      Generic.getNumDpsInits() != 1 ||
      Generic.getNumParallelLoops() != Generic.getNumLoops())
    return {};
  OpOperand *In = Generic.getDpsInputOperand(0);
  if (isa<ShapedType>(In->get().getType()) ||
      Generic.getBlock()->getTerminator()->getOperand(0) !=
          Generic.getMatchingBlockArgument(In))
    return {};
  return In->get();
}

/// Recognizes the fill and the epilogue around the product of @p P that the
/// micro-kernel can take over (MatmulPlan::Fusion): C a fresh allocation
/// used by nothing else, filled with a scalar just before the product;
/// right after it, a generic of lane-wise operations other than multiplies
/// reading C and writing
/// another memref element for element; between them, nothing that touches
/// memory. The epilogue then runs while the product still reads its inputs:
/// its output must view none of them (distinct function arguments are
/// distinct arrays: the region's run-time check proved it).
std::optional<MatmulPlan::Fusion> matchFusion(MatmulPlan &P) {
  Value C = P.C->get();
  if (P.Cut || P.CInnerStrided || !C.getDefiningOp<memref::AllocOp>())
    return std::nullopt;
  MatmulPlan::Fusion F;
  for (OpOperand &Use : C.getUses()) {
    Operation *User = Use.getOwner();
    if (User == P.Op || isa<memref::DeallocOp>(User))
      continue;
    if (Value Init = filledValue(User, Use); Init && !F.Fill) {
      F.Fill = User;
      F.Init = Init;
      continue;
    }
    auto Epilogue = dyn_cast<linalg::GenericOp>(User);
    if (Epilogue && !F.Epilogue && Epilogue.isDpsInput(&Use)) {
      F.Epilogue = Epilogue;
      continue;
    }
    return std::nullopt;
  }
  if (!F.Fill || !F.Epilogue || F.Fill->getBlock() != P.Op->getBlock() ||
      F.Epilogue->getBlock() != P.Op->getBlock() ||
      !F.Fill->isBeforeInBlock(P.Op) || !P.Op->isBeforeInBlock(F.Epilogue) ||
      !raise::onlyPureBetween(F.Fill, P.Op) ||
      !raise::onlyPureBetween(P.Op, F.Epilogue) || F.Init.getType() != P.ElemTy)
    return std::nullopt;

  linalg::GenericOp E = F.Epilogue;
  if (!E.hasPureBufferSemantics() || E.getNumDpsInputs() != 1 ||
      E.getNumDpsInits() != 1 || E.getNumLoops() != 2 ||
      E.getNumParallelLoops() != 2)
    return std::nullopt;
  F.Out = E.getDpsInitOperand(0);
  AffineMap Map = E.getMatchingIndexingMap(E.getDpsInputOperand(0));
  auto OutType = dyn_cast<MemRefType>(F.Out->get().getType());
  if (!Map.isPermutation() || Map != E.getMatchingIndexingMap(F.Out) ||
      !OutType || OutType.getElementType() != P.ElemTy ||
      !raise::hasUnitInnerStride(F.Out->get()))
    return std::nullopt;
  Value Out = raise::viewedMemref(F.Out->get());
  for (OpOperand *In : P.Op.getDpsInputOperands())
    if (raise::viewedMemref(In->get()) == Out)
      return std::nullopt;
  // No multiplication: where contraction is allowed (flang's default), the
  // backend may fuse a multiply with an add on vectors as it did not in the
  // source's scalar loop (Fortran's `ALPHA*TEMP + BETA*C(I,J)` came out one
  // bit apart).
  Block *Body = E.getBlock();
  for (Operation &X : Body->without_terminator()) {
    if (!raise::isLaneWise(&X) || isa<arith::MulFOp>(X))
      return std::nullopt;
    for (Value V : llvm::concat<Value>(X.getOperands(), X.getResults()))
      if (V.getType() != P.ElemTy)
        return std::nullopt;
  }
  Value Yielded = Body->getTerminator()->getOperand(0);
  if (Yielded.getParentBlock() != Body)
    return std::nullopt;
  return F;
}

/// Whether @p P sums products of two inputs of 16 bits or fewer, each
/// widened to C's 32 bits by one extension that keeps its value in a signed
/// 16-bit integer, into C: `C + ext(a) * ext(b)`, what a multiply of 16-bit
/// pairs computes two k at a time.
bool sumsI16Pairs(const MatmulPlan &P) {
  if (!P.ElemTy.isInteger(32) || P.As.size() != 1 || P.Bs.size() != 1 ||
      P.Cut || P.KernelOps.size() != 2)
    return false;
  for (const MatmulPlan::Input *In : {&P.As.front(), &P.Bs.front()}) {
    if (In->Ops.size() != 1 || In->Used != In->Ops.front()->getResult(0))
      return false;
    unsigned Bits = getElementTypeOrSelf(In->X->get()).getIntOrFloatBitWidth();
    if (!(isa<arith::ExtSIOp>(In->Ops.front()) && Bits <= 16) &&
        !(isa<arith::ExtUIOp>(In->Ops.front()) && Bits < 16))
      return false;
  }
  auto Of = [](Operation *Op, Value X, Value Y) {
    return Op && ((Op->getOperand(0) == X && Op->getOperand(1) == Y) ||
                  (Op->getOperand(0) == Y && Op->getOperand(1) == X));
  };
  auto Mul = dyn_cast<arith::MulIOp>(P.KernelOps[0]);
  auto Add = dyn_cast<arith::AddIOp>(P.KernelOps[1]);
  return Of(Mul, P.As.front().Used, P.Bs.front().Used) &&
         Of(Add, linalg::GenericOp(P.Op).getMatchingBlockArgument(P.C), Mul) &&
         P.Result == Add.getResult();
}

/// The vector width in bits of each intrinsic `i16-pair-dot` may name.
std::optional<int64_t> pairDotBits(StringRef Name) {
  return llvm::StringSwitch<std::optional<int64_t>>(Name)
      .Case("llvm.x86.sse2.pmadd.wd", 128)
      .Case("llvm.x86.avx2.pmadd.wd", 256)
      .Case("llvm.x86.avx512.pmaddw.d.512", 512)
      .Default(std::nullopt);
}

/// Gives the generic of @p P a C with a static unit innermost stride where
/// C's is not known to be one (a strided view of a section):
/// C itself where the stride is one, else a contiguous copy of C, copied
/// back after the operation. Copies change no value, and each element's
/// operations stay those of the loops, in the same order.
void withUnitInnerStride(MatmulPlan &P) {
  linalg::GenericOp Op = P.Op;
  ImplicitLocOpBuilder B(Op.getLoc(), Op);
  Value C = P.C->get();
  auto CType = cast<MemRefType>(C.getType());
  MLIRContext *Ctx = B.getContext();
  auto UnitType =
      MemRefType::get(CType.getShape(), CType.getElementType(),
                      StridedLayoutAttr::get(Ctx, ShapedType::kDynamic,
                                             {ShapedType::kDynamic, 1}),
                      CType.getMemorySpace());
  auto copyOfC = [&] {
    auto Contiguous = MemRefType::get(CType.getShape(), CType.getElementType());
    SmallVector<Value> Sizes;
    for (unsigned D = 0; D < 2; ++D)
      if (CType.isDynamicDim(D))
        Sizes.push_back(memref::DimOp::create(B, C, D));
    IntegerAttr Align = B.getI64IntegerAttr(64);
    Value Copy = memref::AllocOp::create(B, Contiguous, Sizes, Align);
    linalg::CopyOp::create(B, C, Copy);
    return memref::CastOp::create(B, UnitType, Copy).getResult();
  };
  auto copyBack = [&](Value View) {
    linalg::CopyOp::create(B, View, C);
    memref::DeallocOp::create(B, View);
  };
  // A static stride other than one: always the copy.
  if (!ShapedType::isDynamic(CType.getStridesAndOffset().first[1])) {
    P.C->set(copyOfC());
    B.setInsertionPointAfter(Op);
    copyBack(P.C->get());
    return;
  }
  auto Meta = memref::ExtractStridedMetadataOp::create(B, C);
  Value One = arith::ConstantIndexOp::create(B, 1);
  Value Unit = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                     Meta.getStrides()[1], One);
  auto If = scf::IfOp::create(B, TypeRange{UnitType}, Unit,
                              /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPointToStart(If.thenBlock());
    scf::YieldOp::create(B, ValueRange{memref::CastOp::create(B, UnitType, C)});
    B.setInsertionPointToStart(If.elseBlock());
    scf::YieldOp::create(B, ValueRange{copyOfC()});
  }
  Value View = If.getResult(0);
  P.C->set(View);
  // After the operation: the copy's elements back into C.
  B.setInsertionPointAfter(Op);
  auto Back = scf::IfOp::create(B, Unit, /*withElseRegion=*/true);
  B.setInsertionPoint(Back.elseYield());
  copyBack(View);
}

} // namespace

MatmulEmitter::MatmulEmitter(MatmulPlan Plan,
                             const raise::RaiseTileMatmulOptions &Opts,
                             func::FuncOp MaxThreads, func::FuncOp CacheQuery)
    : P(Plan), B(Plan.Op.getLoc(), Plan.Op), KeepLoops(B), Opts(Opts),
      MaxThreads(MaxThreads), CacheQuery(CacheQuery) {
  VL = std::max<int64_t>(1, Opts.vectorBits / P.ElemTy.getIntOrFloatBitWidth());
  // Two products at once need twice the panels' registers per k step: half
  // the rows of C's tile leave them room.
  MR = P.As.size() > 1 || P.Bs.size() > 1 ? std::max<int64_t>(1, Opts.mr / 2)
                                          : Opts.mr;
  NV = Opts.nrVectors;
  NR = NV * VL;
  // Cache blocks from the model unless given; whole register tiles, so
  // only the last tile of a dimension is partial.
  raise::CacheHierarchy Caches;
  Caches.L1 = {Opts.l1Size, Opts.l1Assoc};
  Caches.L2 = {Opts.l2Size, Opts.l2Assoc};
  Caches.L3 = {Opts.l3Size, Opts.l3Assoc};
  int64_t ElemBytes = P.ElemTy.getIntOrFloatBitWidth() / 8;
  // The model's depth, at least min-kc (intel-min-kc on Intel cores), or
  // the one given by hand: mc and nc follow from it.
  auto Blocks = [&](int64_t MinKc) {
    int64_t Depth =
        Opts.kc
            ? Opts.kc
            : std::max(raise::computeBlockSizes(Caches, MR, NR, ElemBytes).Kc,
                       MinKc);
    raise::BlockSizes Model =
        raise::computeBlockSizesForKc(Caches, MR, NR, ElemBytes, Depth);
    raise::BlockSizes Given;
    Given.Kc = Model.Kc;
    Given.Mc = llvm::alignTo(Opts.mc ? Opts.mc : Model.Mc, MR);
    Given.Nc = llvm::alignTo(Opts.nc ? Opts.nc : Model.Nc, NR);
    return Given;
  };
  Static = Blocks(Opts.minKc);
  IntelStatic = Opts.intelMinKc >= 0 ? Blocks(Opts.intelMinKc) : Static;
  if (Opts.intelMaxNc > 0 && !Opts.nc)
    IntelStatic.Nc =
        std::min<int64_t>(IntelStatic.Nc, llvm::alignTo(Opts.intelMaxNc, NR));
  VecTy = VectorType::get({VL}, P.ElemTy);
}

Value MatmulEmitter::threadCount() {
  Value Threads;
  if (Opts.threads > 0)
    Threads = cst(Opts.threads);
  else
    Threads = arith::IndexCastOp::create(
        B, B.getIndexType(),
        func::CallOp::create(B, MaxThreads, ValueRange{}).getResult(0));
  return max(Threads, cst(1));
}

void MatmulEmitter::cacheBlocks() {
  // The static blocks, Intel's where they differ and the core is Intel's.
  auto ByVendor = [&](int64_t Other, int64_t Intel) {
    if (!OnIntel || Other == Intel)
      return cst(Other);
    return arith::SelectOp::create(B, OnIntel, cst(Intel), cst(Other))
        .getResult();
  };
  KCv = ByVendor(Static.Kc, IntelStatic.Kc);
  MCv = ByVendor(Static.Mc, IntelStatic.Mc);
  NCv = ByVendor(Static.Nc, IntelStatic.Nc);
  if (!CacheQuery || !Opts.runtimeCaches || (Opts.mc && Opts.kc && Opts.nc))
    return;
  // Each of the six numbers the query reports, and whether all are known.
  SmallVector<Value, 6> Caches;
  Value Known;
  for (int32_t I = 0; I < 6; ++I) {
    Value Report =
        func::CallOp::create(B, CacheQuery,
                             ValueRange{arith::ConstantIntOp::create(B, I, 32)})
            .getResult(0);
    Value V = arith::IndexCastOp::create(B, B.getIndexType(), Report);
    Value Positive =
        arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, V, cst(0));
    Known = Known ? arith::AndIOp::create(B, Known, Positive) : Positive;
    // At least 1, so that nothing below divides by zero where unknown.
    Caches.push_back(max(V, cst(1)));
  }
  // The model of CacheModel.cpp (computeBlockSizes, then at least min-kc).
  auto Div = [&](Value A, Value D) {
    return arith::DivSIOp::create(B, A, max(D, cst(1))).getResult();
  };
  auto CeilDiv = [&](Value A, Value D) {
    return arith::CeilDivSIOp::create(B, A, max(D, cst(1))).getResult();
  };
  auto RoundDown = [&](Value X, int64_t Step) {
    return max(mul(Div(X, cst(Step)), cst(Step)), cst(Step));
  };
  int64_t Bytes = P.ElemTy.getIntOrFloatBitWidth() / 8;
  Value S = cst(Bytes);
  Value L1 = Caches[0], W1 = Caches[1], L2 = Caches[2], W2 = Caches[3],
        L3 = Caches[4], W3 = Caches[5];
  Value One = cst(1);
  Value CAr = max(Div(mul(sub(W1, One), cst(MR)), cst(MR + NR)), One);
  int64_t MinKc = std::max<int64_t>(Opts.minKc, 1);
  Value Kc =
      Opts.kc ? cst(Opts.kc)
              : max(Div(mul(CAr, Div(L1, W1)), cst(MR * Bytes)),
                    ByVendor(MinKc, Opts.intelMinKc >= 0
                                        ? std::max<int64_t>(Opts.intelMinKc, 1)
                                        : MinKc));
  Value KcBytes = mul(Kc, S);
  Value Way2 = Div(L2, W2);
  Value CBr = CeilDiv(mul(KcBytes, cst(NR)), Way2);
  Value CAc = max(sub(sub(W2, One), CBr), One);
  Value Mc = RoundDown(Div(mul(CAc, Way2), KcBytes), MR);
  Value Way3 = Div(L3, W3);
  Value CAc3 = CeilDiv(mul(Mc, KcBytes), Way3);
  Value CBc = max(sub(sub(W3, One), CAc3), One);
  Value Nc = RoundDown(Div(mul(CBc, Way3), KcBytes), NR);
  if (OnIntel && Opts.intelMaxNc > 0)
    Nc = arith::SelectOp::create(
        B, OnIntel, min(Nc, cst(llvm::alignTo(Opts.intelMaxNc, NR))), Nc);
  auto Pick = [&](int64_t Given, Value Model, Value Static) {
    return Given ? Static
                 : arith::SelectOp::create(B, Known, Model, Static).getResult();
  };
  KCv = Pick(Opts.kc, Kc, KCv);
  MCv = Pick(Opts.mc, Mc, MCv);
  NCv = Pick(Opts.nc, Nc, NCv);
}

/// Whether @p Opts choose otherwise on Intel cores than on others.
static bool differsOnIntel(const raise::RaiseTileMatmulOptions &Opts) {
  bool Hint = Opts.intelPackPrefetchLocality >= 0 &&
              Opts.intelPackPrefetchLocality != Opts.packPrefetchLocality;
  bool Depth =
      !Opts.kc && Opts.intelMinKc >= 0 && Opts.intelMinKc != Opts.minKc;
  bool Width = !Opts.nc && Opts.intelMaxNc > 0;
  return Hint || Depth || Width;
}

void MatmulEmitter::readVendor() {
  if (!CacheQuery || !differsOnIntel(Opts))
    return;
  OnIntel = raise::isIntelCore(B, B.getLoc(), CacheQuery);
}

void MatmulEmitter::emit() {
  SmallVector<Range> Ranges = cast<linalg::LinalgOp>(P.Op.getOperation())
                                  .createLoopRanges(B, B.getLoc());
  M = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.MDim].size);
  N = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.NDim].size);
  K = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.KDim].size);
  // Integer loops in the operation's order do not vectorize as the source's
  // did (Zen 5, int32 16^3: 0.6x): integers always take the tuned nest.
  if (Opts.minTunedWork > 0 && !isa<IntegerType>(P.ElemTy)) {
    // Small problems: the operation as it is, lowered to its loops later;
    // the tuned nest in the else branch.
    Value Small =
        arith::CmpIOp::create(B, arith::CmpIPredicate::slt, mul(mul(M, N), K),
                              cst(Opts.minTunedWork));
    auto If = scf::IfOp::create(B, Small, /*withElseRegion=*/true);
    B.setInsertionPoint(If.thenYield());
    if (P.Fused)
      B.clone(*P.Fused->Fill);
    B.clone(*P.Op);
    if (P.Fused)
      B.clone(*P.Fused->Epilogue);
    B.setInsertionPoint(If.elseYield());
  }
  Zero = arith::ConstantOp::create(B, cast<TypedAttr>(B.getZeroAttr(P.ElemTy)));
  readVendor();
  cacheBlocks();

  // Body values that depend on no block argument are computed once.
  for (Operation *Op : P.InvariantOps)
    B.clone(*Op, Invariants);
  if (P.Cut) {
    // Inner - Outer < D over (m, x), x being n or k: x < m + D where Inner
    // is x, and m - x < D, that is x >= m - D + 1, where Inner is m (`>=`
    // the other way round).
    CutOnK = P.Cut->Inner == P.KDim || P.Cut->Outer == P.KDim;
    CutOnCols = CutOnK && (P.Cut->Inner == P.NDim || P.Cut->Outer == P.NDim);
    unsigned Of = CutOnCols ? P.NDim : P.MDim;
    bool InnerIsX = P.Cut->Inner != Of;
    CutBelow = P.Cut->Below == InnerIsX;
    CutOffset = InnerIsX ? P.Cut->Diagonal : sub(cst(1), P.Cut->Diagonal);
  }
  Value ArgC = P.Op.getMatchingBlockArgument(P.C);
  SmallVector<Value> Fed{ArgC};
  for (const MatmulPlan::Input &In :
       llvm::concat<MatmulPlan::Input>(P.As, P.Bs))
    Fed.push_back(In.Used);
  KernelSplats =
      raise::broadcastOperands(B, B.getLoc(), P.KernelOps, Fed, VL, Invariants);
  if (P.Fused) {
    linalg::GenericOp E = P.Fused->Epilogue;
    SmallVector<Operation *> Ops;
    for (Operation &Op : E.getBlock()->without_terminator())
      Ops.push_back(&Op);
    SmallVector<Value> Args(E.getBlock()->getArguments());
    EpilogueSplats =
        raise::broadcastOperands(B, B.getLoc(), Ops, Args, VL, Invariants);
  }

  if (Opts.threads == 0)
    return emitNest(cst(0), M, cst(0), N);
  if (Opts.minParallelWork <= 0)
    return emitParallel();
  // Threads only where the work pays for starting them: below that, the
  // sequential nest.
  Value Work = mul(mul(M, N), K);
  Value Enough = arith::CmpIOp::create(B, arith::CmpIPredicate::sge, Work,
                                       cst(Opts.minParallelWork));
  auto If = scf::IfOp::create(B, Enough, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If.thenYield());
  emitParallel();
  B.setInsertionPoint(If.elseYield());
  emitNest(cst(0), M, cst(0), N);
}

void MatmulEmitter::emitParallel() {
  // Whole register tiles per thread, along the longer of M and N: each
  // thread packs all of the operand the split does not divide (B if M is
  // split), so the shorter dimension's operand is the one packed twice
  // (64 x 128 x 32768: split along M, each thread packed all 16 MB of B,
  // 1.3x one thread; split along N, 1.8x).
  Value Threads = threadCount();
  Value MTiles = arith::CeilDivSIOp::create(B, M, cst(MR));
  Value NTiles = arith::CeilDivSIOp::create(B, N, cst(NR));
  Value SplitM = arith::CmpIOp::create(B, arith::CmpIPredicate::sge, M, N);
  auto Pick = [&](Value IfM, Value IfN) {
    return arith::SelectOp::create(B, SplitM, IfM, IfN).getResult();
  };
  Value Extent = Pick(M, N);
  Value Share =
      mul(arith::CeilDivSIOp::create(B, Pick(MTiles, NTiles), Threads),
          Pick(cst(MR), cst(NR)));
  parallelLoop(cst(0), Extent, max(Share, cst(1)), [&](Value Begin) {
    Value End = min(add(Begin, Share), Extent);
    emitNest(Pick(Begin, cst(0)), Pick(End, M), Pick(cst(0), Begin),
             Pick(N, End));
  });
}

void MatmulEmitter::emitNest(Value MBegin, Value MEnd, Value NBegin,
                             Value NEnd) {
  M1 = MEnd;
  N1 = NEnd;
  // k blocks of equal depth, ceil((K - KC / 3) / KC) of them (at least
  // one), so that none is deeper than 4/3 KC and a K up to 4/3 KC is one
  // block: a last block much shallower than the others would still cost a
  // whole pass over C's tiles (on Zen 4, a CNN layer with k = 288 ran at 65
  // GFLOP/s in blocks of 256 and 32, at 79 in two of 144), and a second
  // block at all one more (Zen 5, 1024^3 in one block of 1024 rather than
  // two of 512: nn 255 -> 264 GFLOP/s, gemm_nt, whose second block also
  // reads its sum's temporary back, 243 -> 262).
  Value Third = arith::DivSIOp::create(B, KCv, cst(3));
  Value KBlocks = max(
      arith::CeilDivSIOp::create(B, sub(K, Third), KCv).getResult(), cst(1));
  Value KCEven = arith::CeilDivSIOp::create(B, K, KBlocks);
  // Packing buffers, sized for the largest block this part of the problem
  // has.
  Value KCMax = panelDepth(KCEven);
  Value BSize = mul(min(roundUp(sub(NEnd, NBegin), NR), NCv), KCMax);
  Value ASize = mul(min(roundUp(sub(MEnd, MBegin), MR), MCv), KCMax);
  auto BufTy = MemRefType::get({ShapedType::kDynamic},
                               P.PairDot.empty() ? P.ElemTy : B.getI16Type());
  IntegerAttr Align = B.getI64IntegerAttr(64);
  SmallVector<Value> BPacks, APacks;
  for (size_t I = 0; I < P.Bs.size(); ++I)
    BPacks.push_back(
        memref::AllocOp::create(B, BufTy, ValueRange{BSize}, Align));
  for (size_t I = 0; I < P.As.size(); ++I)
    APacks.push_back(
        memref::AllocOp::create(B, BufTy, ValueRange{ASize}, Align));

  // Loop order jc (n block), pc (k block, ascending), ic (m block), jr, ir:
  // the B panel of a jr step stays in L1 across the ir loop, the packed A
  // block in L2 across the jr loop.
  loop(NBegin, NEnd, NCv, [&](Value JC) {
    Value NCur = min(NCv, sub(NEnd, JC));
    loop(cst(0), K, KCEven, [&](Value PC) {
      Value KCur = min(KCEven, sub(K, PC));
      for (auto [Pack, In] : llvm::zip(BPacks, P.Bs))
        packPanels(Pack, In, /*IsA=*/false, NR, JC, NCur, PC, KCur);
      KBegin = PC;
      loop(MBegin, MEnd, MCv, [&](Value IC) {
        Value MCur = min(MCv, sub(MEnd, IC));
        // Where the cut is on k, an m block none of whose rows sums over
        // this k block is skipped, packing and all.
        OpBuilder::InsertionGuard Guard(B);
        if (CutOnK && !CutOnCols) {
          auto Inside = scf::IfOp::create(B, rowsReachK(IC, MCur, KCur),
                                          /*withElseRegion=*/false);
          B.setInsertionPoint(Inside.thenYield());
        }
        for (auto [Pack, In] : llvm::zip(APacks, P.As))
          packPanels(Pack, In, /*IsA=*/true, MR, IC, MCur, PC, KCur);
        // The next m block of this k block, or the first of the next.
        Value NextIC = add(IC, MCv);
        Value Last =
            arith::CmpIOp::create(B, arith::CmpIPredicate::sge, NextIC, MEnd);
        NextARow = arith::SelectOp::create(B, Last, MBegin, NextIC);
        NextAK = arith::SelectOp::create(B, Last, add(PC, KCur), PC);
        auto Column = [&](Value JR) {
          loop(cst(0), MCur, MR, [&](Value IR) {
            registerTile(APacks, BPacks, IR, JR, add(IC, IR), add(JC, JR),
                         KCur);
          });
        };
        // The first column of tiles prefetches the next A block; the others
        // would prefetch the same lines again, and the address of each
        // takes a dozen scalar instructions per k step (Zen 3: 1024^3 ran
        // at 68 GFLOP/s with every column prefetching, 79 without).
        PrefetchA = true;
        Column(cst(0));
        PrefetchA = false;
        loop(cst(NR), NCur, NR, Column);
      });
    });
  });
  for (Value Pack : llvm::concat<Value>(APacks, BPacks))
    memref::DeallocOp::create(B, Pack);
}

namespace {

struct RaiseTileMatmul
    : public raise::impl::RaiseTileMatmulBase<RaiseTileMatmul> {
  using Base::Base;

  /// `int omp_get_max_threads(void)` of the OpenMP runtime, declared in the
  /// module if it is not yet; null (after an error) if the name is taken.
  func::FuncOp declareMaxThreads() {
    MLIRContext *Ctx = &getContext();
    StringRef Name = "omp_get_max_threads";
    func::FuncOp Func = raise::getOrDeclareFunction(
        getOperation(), Name,
        FunctionType::get(Ctx, {}, {IntegerType::get(Ctx, 32)}));
    if (!Func)
      getOperation().emitError("raise-tile-matmul: the module defines ")
          << Name << " as something else than the OpenMP runtime's";
    return Func;
  }

  void runOnOperation() override {
    if (mr < 1 || nrVectors < 1 || vectorBits < 8 || mc < 0 || kc < 0 ||
        minKc < 0 || nc < 0 || l1Size < 0 || l1Assoc < 0 || l2Size < 0 ||
        l2Assoc < 0 || l3Size < 0 || l3Assoc < 0 || minParallelWork < 0 ||
        minTunedWork < 0) {
      getOperation().emitError(
          "raise-tile-matmul: the register tile and vector width must be "
          "positive; blocks, cache parameters, min-parallel-work and "
          "min-tuned-work not "
          "negative");
      return signalPassFailure();
    }
    if (!i16PairDot.empty() && pairDotBits(i16PairDot) != vectorBits) {
      getOperation().emitError("raise-tile-matmul: i16-pair-dot '")
          << i16PairDot
          << "' is not llvm.x86.sse2.pmadd.wd, llvm.x86.avx2.pmadd.wd or "
             "llvm.x86.avx512.pmaddw.d.512 for vectors of vector-bits ("
          << vectorBits << ")";
      return signalPassFailure();
    }
    if (threads < -1) {
      getOperation().emitError(
          "raise-tile-matmul: threads must be -1 (at run time), 0 or more");
      return signalPassFailure();
    }
    std::vector<MatmulPlan> Plans;
    getOperation().walk([&](linalg::GenericOp Op) {
      FailureOr<MatmulPlan> Plan = analyse(Op);
      if (succeeded(Plan))
        Plans.push_back(*Plan);
    });
    func::FuncOp MaxThreads;
    if (threads == -1 && !Plans.empty() && !(MaxThreads = declareMaxThreads()))
      return signalPassFailure();
    for (auto [Name, Locality] :
         {std::pair<StringRef, int64_t>{"pack-prefetch-locality",
                                        packPrefetchLocality},
          {"intel-pack-prefetch-locality", intelPackPrefetchLocality}})
      if (Locality < -1 || Locality > 3 ||
          (Locality == -1 && Name == "pack-prefetch-locality")) {
        getOperation().emitError()
            << "raise-tile-matmul: " << Name
            << " must be a locality hint from 0 to 3"
            << (Name == "pack-prefetch-locality" ? "" : " or -1 (none)")
            << ", not " << Locality;
        return signalPassFailure();
      }
    if (intelMinKc < -1) {
      getOperation().emitError()
          << "raise-tile-matmul: intel-min-kc must be -1 (none) or more, not "
          << static_cast<int64_t>(intelMinKc);
      return signalPassFailure();
    }
    if (intelMaxNc < 0) {
      getOperation().emitError()
          << "raise-tile-matmul: intel-max-nc must be 0 (none) or more, not "
          << static_cast<int64_t>(intelMaxNc);
      return signalPassFailure();
    }
    raise::RaiseTileMatmulOptions Opts;
    Opts.mr = mr;
    Opts.nrVectors = nrVectors;
    Opts.vectorBits = vectorBits;
    Opts.mc = mc;
    Opts.kc = kc;
    Opts.nc = nc;
    Opts.l1Size = l1Size;
    Opts.l1Assoc = l1Assoc;
    Opts.l2Size = l2Size;
    Opts.l2Assoc = l2Assoc;
    Opts.l3Size = l3Size;
    Opts.l3Assoc = l3Assoc;
    Opts.minKc = minKc;
    Opts.kUnroll = kUnroll;
    Opts.targetHasFma = targetHasFma;
    Opts.threads = threads;
    Opts.minParallelWork = minParallelWork;
    Opts.minTunedWork = minTunedWork;
    Opts.runtimeCaches = runtimeCaches;
    Opts.packPrefetchLocality = packPrefetchLocality;
    Opts.intelPackPrefetchLocality = intelPackPrefetchLocality;
    Opts.intelMinKc = intelMinKc;
    Opts.intelMaxNc = intelMaxNc;
    bool RuntimeBlocks = runtimeCaches && !(mc && kc && nc);
    bool VendorChoice = differsOnIntel(Opts);
    func::FuncOp CacheQuery;
    if ((RuntimeBlocks || VendorChoice) && !Plans.empty() &&
        !(CacheQuery =
              raise::getOrDeclareCacheQuery(getOperation(), getArgument())))
      return signalPassFailure();
    // Before the products are lowered: the check reads their sizes.
    for (auto F : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
      SmallVector<const MatmulPlan *> InF;
      for (const MatmulPlan &Plan : Plans)
        if (Plan.Op->getParentOfType<func::FuncOp>() == F)
          InF.push_back(&Plan);
      if (outlineWorthCheck(F, InF, minTunedWork))
        ++numWorthChecks;
    }
    for (MatmulPlan &Plan : Plans) {
      if (Plan.CInnerStrided)
        withUnitInnerStride(Plan);
      // The nest goes where the epilogue is: its output may be a view
      // defined after the product.
      if (!i16PairDot.empty() && sumsI16Pairs(Plan)) {
        Plan.PairDot = i16PairDot;
        ++numPairDots;
      }
      if ((Plan.Fused = matchFusion(Plan))) {
        Plan.Op->moveBefore(Plan.Fused->Epilogue);
        ++numFused;
      }
      MatmulEmitter(Plan, Opts, MaxThreads, CacheQuery).emit();
      if (VendorChoice)
        ++numVendorChoices;
      Plan.Op.erase();
      if (Plan.Fused) {
        Plan.Fused->Fill->erase();
        Plan.Fused->Epilogue.erase();
      }
      ++numLowered;
    }
  }
};

} // namespace
