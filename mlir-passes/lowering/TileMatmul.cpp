//===- TileMatmul.cpp - The raise-tile-matmul pass ------------------------===//
//
// Lowers matmul-like linalg.generic operations on memrefs to the Goto/BLIS
// loop structure: cache blocks over n, k and m, B and A packed into contiguous
// panels, and a register-tiled vector micro-kernel whose C tile lives in
// registers for a whole k block. Per output element, k is visited in
// ascending order and accumulated sequentially, with the body's own scalar
// operations, so results are bit-identical to the loops.
//
//===----------------------------------------------------------------------===//

#include "target/CacheModel.h"
#include "ExternalFunctions.h"
#include "VectorSupport.h"
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISETILEMATMUL
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// Which of the body's block arguments a body value depends on.
enum SideBits : unsigned { FromA = 1, FromB = 2, FromC = 4 };

/// A matmul-like generic and how its body splits into what the packing of A,
/// the packing of B and the micro-kernel compute.
struct MatmulPlan {
  linalg::GenericOp Op;
  /// Loop positions: M and N are parallel (N indexes C's contiguous
  /// dimension), K is the reduction.
  unsigned MDim = 0, NDim = 0, KDim = 0;
  /// The input that does not use N ("A") and the one that does not use M.
  OpOperand *A = nullptr, *B = nullptr;
  OpOperand *C = nullptr;
  FloatType ElemTy;
  /// Body operations in body order: computed from A alone (absorbed into
  /// A's packing), from B alone (into B's packing), from neither (hoisted),
  /// and the rest (vectorized in the micro-kernel).
  SmallVector<Operation *> AOps, BOps, InvariantOps, KernelOps;
  /// The one A-side and one B-side value the kernel reads.
  Value AValue, BValue;
};

/// The loop positions @p Map reads, in result order, if it is a projected
/// permutation with two results.
std::optional<std::pair<unsigned, unsigned>> twoDims(AffineMap Map) {
  if (Map.getNumResults() != 2 || !Map.isProjectedPermutation())
    return std::nullopt;
  return std::make_pair(Map.getDimPosition(0), Map.getDimPosition(1));
}

/// Analyses @p Op; fails (and leaves it to the plain lowering) unless it is a
/// matmul-like generic this lowering keeps exact.
FailureOr<MatmulPlan> analyse(linalg::GenericOp Op) {
  MatmulPlan Plan;
  Plan.Op = Op;
  if (!Op.hasPureBufferSemantics() || Op.getNumDpsInputs() != 2 ||
      Op.getNumDpsInits() != 1 || Op.getNumLoops() != 3 ||
      Op.getNumReductionLoops() != 1)
    return failure();
  Plan.C = Op.getDpsInitOperand(0);
  auto CType = dyn_cast<MemRefType>(Plan.C->get().getType());
  if (!CType || CType.getRank() != 2)
    return failure();
  Plan.ElemTy = dyn_cast<FloatType>(CType.getElementType());
  if (!Plan.ElemTy)
    return failure();
  // Vector loads and stores of C rows need a unit innermost stride.
  SmallVector<int64_t> Strides;
  int64_t Offset;
  if (failed(CType.getStridesAndOffset(Strides, Offset)) || Strides[1] != 1)
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
    if (!Type || Type.getRank() != 2 || Type.getElementType() != Plan.ElemTy)
      return failure();
    auto Dims = twoDims(Op.getMatchingIndexingMap(In));
    if (!Dims)
      return failure();
    auto Uses = [&](unsigned D) {
      return Dims->first == D || Dims->second == D;
    };
    if (Uses(Plan.KDim) && Uses(Plan.MDim) && !Plan.A)
      Plan.A = In;
    else if (Uses(Plan.KDim) && Uses(Plan.NDim) && !Plan.B)
      Plan.B = In;
    else
      return failure();
  }
  if (!Plan.A || !Plan.B)
    return failure();
  // The output is read and written while the inputs are read: it must not
  // be one of them.
  Value COut = Plan.C->get();
  if (COut == Plan.A->get() || COut == Plan.B->get())
    return failure();

  // Split the body by what each value depends on.
  Block *Body = Op.getBlock();
  DenseMap<Value, unsigned> Side;
  Value ArgA = Op.getMatchingBlockArgument(Plan.A);
  Value ArgB = Op.getMatchingBlockArgument(Plan.B);
  Value ArgC = Op.getMatchingBlockArgument(Plan.C);
  Side[ArgA] = FromA;
  Side[ArgB] = FromB;
  Side[ArgC] = FromC;
  for (Operation &Inner : Body->without_terminator()) {
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
    else if (S == FromA)
      Plan.AOps.push_back(&Inner);
    else if (S == FromB)
      Plan.BOps.push_back(&Inner);
    else
      Plan.KernelOps.push_back(&Inner);
  }
  Value Yielded = Body->getTerminator()->getOperand(0);
  if (Side.lookup(Yielded) != (FromA | FromB | FromC))
    return failure();

  // The kernel reads exactly one A-side and one B-side value; all its
  // operations are lane-wise on the element type.
  llvm::SetVector<Value> AUses, BUses;
  for (Operation *K : Plan.KernelOps) {
    if (!raise::isLaneWise(K))
      return failure();
    for (Value V : K->getOperands()) {
      if (V.getType() != Plan.ElemTy)
        return failure();
      if (Side.lookup(V) == FromA)
        AUses.insert(V);
      else if (Side.lookup(V) == FromB)
        BUses.insert(V);
    }
    for (Value R : K->getResults())
      if (R.getType() != Plan.ElemTy)
        return failure();
  }
  if (AUses.size() != 1 || BUses.size() != 1)
    return failure();
  Plan.AValue = AUses.front();
  Plan.BValue = BUses.front();
  return Plan;
}

/// Emits the blocked, packed, vectorized loop nest for one analysed generic.
class MatmulEmitter {
public:
  /// @p MaxThreads is `omp_get_max_threads`, declared where the thread
  /// count is to be read at run time.
  MatmulEmitter(MatmulPlan Plan, const raise::RaiseTileMatmulOptions &Opts,
                func::FuncOp MaxThreads)
      : P(Plan), B(Plan.Op.getLoc(), Plan.Op), KeepLoops(B), Opts(Opts),
        MaxThreads(MaxThreads) {
    VL = std::max<int64_t>(1, Opts.vectorBits / P.ElemTy.getWidth());
    MR = Opts.mr;
    NV = Opts.nrVectors;
    NR = NV * VL;
    // Cache blocks from the model unless given; whole register tiles, so
    // only the last tile of a dimension is partial.
    raise::CacheHierarchy Caches;
    Caches.L1 = {Opts.l1Size, Opts.l1Assoc};
    Caches.L2 = {Opts.l2Size, Opts.l2Assoc};
    Caches.L3 = {Opts.l3Size, Opts.l3Assoc};
    int64_t ElemBytes = P.ElemTy.getWidth() / 8;
    raise::BlockSizes Model =
        raise::computeBlockSizes(Caches, MR, NR, ElemBytes);
    if (Model.Kc < Opts.minKc)
      Model = raise::computeBlockSizesForKc(Caches, MR, NR, ElemBytes,
                                            Opts.minKc);
    KC = Opts.kc ? Opts.kc : Model.Kc;
    MC = llvm::alignTo(Opts.mc ? Opts.mc : Model.Mc, MR);
    NC = llvm::alignTo(Opts.nc ? Opts.nc : Model.Nc, NR);
    VecTy = VectorType::get({VL}, P.ElemTy);
  }

  void emit();

private:
  /// The loop nest over C's rows [@p MBegin, @p MEnd) and columns
  /// [@p NBegin, @p NEnd), with buffers of its own.
  void emitNest(Value MBegin, Value MEnd, Value NBegin, Value NEnd);
  /// The nest on threads: C split into one range of whole register tiles
  /// per thread, along the longer of M and N; each thread runs
  /// the whole nest on its range. The threads write disjoint parts of C and
  /// each runs the k loop in order, so every element of C sees the same
  /// operations in the same order as sequentially; no thread waits for
  /// another until the end (the m blocks of each k block in parallel, as
  /// before, joined the threads once per k block: a contraction of
  /// 64 x 128 x 32768 ran at 0.67x of one thread on two).
  void emitParallel();

  Value cst(int64_t V) { return arith::ConstantIndexOp::create(B, V); }
  Value add(Value X, Value Y) { return arith::AddIOp::create(B, X, Y); }
  Value sub(Value X, Value Y) { return arith::SubIOp::create(B, X, Y); }
  Value mul(Value X, Value Y) { return arith::MulIOp::create(B, X, Y); }
  Value min(Value X, Value Y) { return arith::MinSIOp::create(B, X, Y); }
  Value max(Value X, Value Y) { return arith::MaxSIOp::create(B, X, Y); }
  /// Rounds @p X up to a multiple of the constant @p Step.
  Value roundUp(Value X, int64_t Step) {
    return mul(arith::CeilDivSIOp::create(B, X, cst(Step)), cst(Step));
  }

  /// `for (IV = Lower; IV < Upper; IV += Step)`, with the builder inside.
  template <typename BodyFn>
  void loop(Value Lower, Value Upper, int64_t Step, BodyFn Body) {
    loop(Lower, Upper, cst(Step), Body);
  }
  template <typename BodyFn>
  void loop(Value Lower, Value Upper, Value Step, BodyFn Body) {
    auto For = scf::ForOp::create(B, Lower, Upper, Step);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(For.getBody()->getTerminator());
    Body(For.getInductionVar());
  }

  /// The same loop as an `scf.parallel`, whose iterations may run at once.
  template <typename BodyFn>
  void parallelLoop(Value Lower, Value Upper, Value Step, BodyFn Body) {
    auto Par = scf::ParallelOp::create(B, ValueRange{Lower}, ValueRange{Upper},
                                       ValueRange{Step});
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(Par.getBody()->getTerminator());
    Body(Par.getInductionVars()[0]);
  }

  /// The indices of operand @p Operand for loop values M, N, K.
  SmallVector<Value> indices(OpOperand *Operand, Value M, Value N, Value K) {
    SmallVector<Value> Loops(3);
    Loops[P.MDim] = M;
    Loops[P.NDim] = N;
    Loops[P.KDim] = K;
    AffineMap Map = P.Op.getMatchingIndexingMap(Operand);
    return {Loops[Map.getDimPosition(0)], Loops[Map.getDimPosition(1)]};
  }

  /// Clones @p Ops (one side of the body) after mapping @p Arg to
  /// @p Loaded; returns what @p Wanted becomes.
  Value cloneSide(ArrayRef<Operation *> Ops, Value Arg, Value Loaded,
                  Value Wanted) {
    IRMapping Map = Invariants;
    Map.map(Arg, Loaded);
    for (Operation *Op : Ops)
      B.clone(*Op, Map);
    return Map.lookup(Wanted);
  }

  void packPanels(Value Buf, OpOperand *X, int64_t Width, Value Base,
                  Value Cur, Value PC, Value KCur);
  /// The lanes of the vectors @p X is packed by, or 0 if it is packed one
  /// element at a time: the largest power of two up to a vector that divides
  /// the panel @p Width, if at least 4, where @p X's rows are contiguous and
  /// its @p SideOps run lane-wise. Read along k, it is also the side of the
  /// square blocks transposed in registers.
  int64_t vectorSide(OpOperand *X, ArrayRef<Operation *> SideOps,
                     int64_t Width);
  /// @p Lanes elements of @p X from @p Idx on, with @p X's side of the body
  /// applied lane-wise (@p Splats: what else it reads, broadcast).
  Value loadOnLanes(OpOperand *X, int64_t Lanes, ValueRange Idx,
                    const IRMapping &Splats);
  /// What @p X's side of the body reads besides @p X, broadcast to @p Lanes.
  IRMapping sideSplats(OpOperand *X, int64_t Lanes) {
    return raise::broadcastOperands(B, B.getLoc(), X == P.A ? P.AOps : P.BOps,
                                    {P.Op.getMatchingBlockArgument(X)}, Lanes,
                                    Invariants);
  }
  /// Packs one @p Block x @p Block block of @p X: rows (A) or columns (B)
  /// from @p Outer0, k from @p P0, into panel rows P0.. at column @p R.
  void packBlock(Value Buf, OpOperand *X, int64_t Block, int64_t Width,
                 Value Panel, Value Outer0, Value R, Value P0,
                 function_ref<SmallVector<Value>(Value, Value)> At);
  /// The register tile at (@p I0, @p J0): the micro-kernel as wide as the
  /// columns left need, in whole vectors up to NR.
  void registerTile(Value APack, Value BPack, Value IR, Value JR, Value I0,
                    Value J0, Value KCur);
  void microKernel(Value APack, Value BPack, Value IR, Value JR, Value I0,
                   Value J0, Value KCur, int64_t Vectors);

  /// Prefetches the rows of C of the register tile below the one at
  /// (@p I0, @p J0), @p Width columns wide, which the ir loop computes next,
  /// while this tile's k loop runs. The tile's accumulators start from C
  /// (the source adds into C in k order, so C cannot be added at the end as
  /// BLIS does), and C is read again for every k block: without the
  /// prefetch each micro-kernel call would begin with cache misses on C.
  /// Indices are clamped into C; a prefetch changes no value.
  void prefetchNextTile(Value I0, Value J0, int64_t Width);

  /// Prefetches line @p Line of the A panel that the next pack reads: rows
  /// [@p Row0, +MR), k [@p K0, +@p Depth), lines counted along A's
  /// contiguous dimension first. The micro-kernel issues one per k step for
  /// the next A panel of its rows, so that streaming A from memory overlaps
  /// with the arithmetic instead of stalling the next pack: where each
  /// element of A serves few register tiles (a CNN layer of 512 x 25 x 4608
  /// reads 9.4 MB of weights once), the layer went from 2.0 to 1.7 ms. (B's
  /// next panel the same way was slower: its prefetches did not pay for
  /// their index arithmetic.) Indices are clamped into the panel and the
  /// operand; a prefetch changes no value.
  void prefetchNextA(ImplicitLocOpBuilder &KB, Value Row0, Value K0,
                     Value Depth, Value Line);

  /// The thread count: the `threads` option, or the OpenMP runtime's.
  Value threadCount();

  MatmulPlan P;
  ImplicitLocOpBuilder B;
  /// Every loop the emitter writes runs as written: its bodies are already
  /// the vector code (see raise::loopsAsWritten).
  raise::KeepLoopsAsWritten KeepLoops;
  const raise::RaiseTileMatmulOptions &Opts;
  func::FuncOp MaxThreads;
  int64_t VL, MR, NV, NR, KC, MC, NC;
  VectorType VecTy;
  Value M, N, K, Zero;
  /// Where the part of C the nest being emitted computes ends: its rows
  /// before M1, its columns before N1.
  Value M1, N1;
  /// The body's loop-invariant values, hoisted before the nest.
  IRMapping Invariants;
  /// Broadcasts of scalars the kernel reads that are not A, B or C.
  IRMapping KernelSplats;
  /// Where the next A pack starts: its first row and k.
  Value NextARow, NextAK;
};

/// Packs the slice [Base, Base+Cur) x [PC, PC+KCur) of @p X (A: rows by k,
/// B: columns by k) into @p Width-wide panels: panel r0/Width is a
/// contiguous KCur x Width block at r0*KCur, element (p, r) at p*Width + r.
/// The operand's own body operations (Darknet's scaling of A by ALPHA) are
/// applied here, once per element, exactly as the body computes them; the
/// rows or columns past the operand's end are zeros. The operand is read
/// along its contiguous dimension, by vectors where it can be: where that is
/// k, whole panels go by square blocks loaded along k and transposed in
/// registers (as scalar code the backend made the strided stores scatters,
/// an eighth of gemm_nt's time on Zen 4); otherwise 8 rows of k at a time.
void MatmulEmitter::packPanels(Value Buf, OpOperand *X, int64_t Width,
                               Value Base, Value Cur, Value PC, Value KCur) {
  bool IsA = X == P.A;
  ArrayRef<Operation *> SideOps = IsA ? P.AOps : P.BOps;
  Value Arg = P.Op.getMatchingBlockArgument(X);
  Value Wanted = IsA ? P.AValue : P.BValue;
  auto At = [&](Value Outer, Value Pi) {
    return IsA ? indices(X, Outer, Value(), add(PC, Pi))
               : indices(X, Value(), Outer, add(PC, Pi));
  };
  bool KContiguous =
      P.Op.getMatchingIndexingMap(X).getDimPosition(1) == P.KDim;
  auto Element = [&](Value R0, Value R, Value Pi) {
    Value V =
        memref::LoadOp::create(B, X->get(), At(add(Base, add(R0, R)), Pi));
    V = cloneSide(SideOps, Arg, V, Wanted);
    Value To = add(mul(R0, KCur), add(mul(Pi, cst(Width)), R));
    memref::StoreOp::create(B, V, Buf, ValueRange{To});
  };
  int64_t Block = vectorSide(X, SideOps, Width);
  if (!KContiguous) {
    // A few rows of k at a time across all panels: X is read in runs as
    // long as the slice. (Panel by panel, each k row was a run of one
    // panel's width, a page apart: B's pack in a CNN layer of 64 x 6400 x
    // 288 was a quarter of its time.) Not one row at a time: the panels lie
    // a power of two apart, so one row's stores across them all fell into
    // one L1 set and evicted each other (gemm_tn at 512 x 25 x 4608: 50
    // instead of 58 GFLOP/s). Whole panels go by vectors.
    const int64_t RowsAtOnce = 8;
    IRMapping Splats = Block ? sideSplats(X, Block) : IRMapping();
    loop(cst(0), KCur, RowsAtOnce, [&](Value P0) {
      Value PEnd = min(add(P0, cst(RowsAtOnce)), KCur);
      loop(cst(0), Cur, Width, [&](Value R0) {
        Value WidthCur = min(cst(Width), sub(Cur, R0));
        auto Scalars = [&] {
          loop(P0, PEnd, 1, [&](Value Pi) {
            loop(cst(0), WidthCur, 1, [&](Value R) { Element(R0, R, Pi); });
          });
        };
        if (!Block)
          return Scalars();
        Value Whole = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                            WidthCur, cst(Width));
        auto If = scf::IfOp::create(B, Whole, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard Guard(B);
        B.setInsertionPoint(If.thenYield());
        loop(P0, PEnd, 1, [&](Value Pi) {
          Value Row = add(mul(R0, KCur), mul(Pi, cst(Width)));
          for (int64_t L = 0; L < Width; L += Block)
            vector::StoreOp::create(
                B, loadOnLanes(X, Block, At(add(Base, add(R0, cst(L))), Pi),
                               Splats),
                Buf, ValueRange{add(Row, cst(L))});
        });
        B.setInsertionPoint(If.elseYield());
        Scalars();
      });
    });
  } else {
    loop(cst(0), Cur, Width, [&](Value R0) {
      Value WidthCur = min(cst(Width), sub(Cur, R0));
      Value KBlocked = cst(0);
      if (Block) {
        // Whole panels only: k up to the last whole block.
        Value Whole = arith::CmpIOp::create(B, arith::CmpIPredicate::eq,
                                            WidthCur, cst(Width));
        KBlocked = arith::SelectOp::create(
            B, Whole, mul(arith::DivSIOp::create(B, KCur, cst(Block)),
                          cst(Block)),
            cst(0));
        loop(cst(0), KBlocked, Block, [&](Value P0) {
          loop(cst(0), cst(Width), Block, [&](Value R) {
            packBlock(Buf, X, Block, Width, mul(R0, KCur),
                      add(Base, add(R0, R)), R, P0, At);
          });
        });
      }
      loop(cst(0), WidthCur, 1, [&](Value R) {
        loop(KBlocked, KCur, 1, [&](Value Pi) { Element(R0, R, Pi); });
      });
    });
  }
  // Zeros past the slice's end, in its last panel if that is partial.
  Value Tail = arith::RemSIOp::create(B, Cur, cst(Width));
  Value Partial =
      arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, Tail, cst(0));
  auto If = scf::IfOp::create(B, Partial, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If.thenYield());
  Value Panel = mul(sub(Cur, Tail), KCur);
  loop(cst(0), KCur, 1, [&](Value Pi) {
    Value Row = add(Panel, mul(Pi, cst(Width)));
    loop(Tail, cst(Width), 1, [&](Value R) {
      memref::StoreOp::create(B, Zero, Buf, ValueRange{add(Row, R)});
    });
  });
}

int64_t MatmulEmitter::vectorSide(OpOperand *X,
                                  ArrayRef<Operation *> SideOps,
                                  int64_t Width) {
  if (!raise::hasUnitInnerStride(X->get()) ||
      !llvm::all_of(SideOps, raise::isLaneWise))
    return 0;
  return raise::squareSide(VL, Width);
}

Value MatmulEmitter::loadOnLanes(OpOperand *X, int64_t Lanes, ValueRange Idx,
                                 const IRMapping &Splats) {
  bool IsA = X == P.A;
  Value Arg = P.Op.getMatchingBlockArgument(X);
  IRMapping Map = Splats;
  auto LoadTy = VectorType::get({Lanes}, getElementTypeOrSelf(X->get()));
  Map.map(Arg, vector::LoadOp::create(B, LoadTy, X->get(), Idx));
  for (Operation *Op : IsA ? P.AOps : P.BOps)
    raise::cloneOnLanes(B, *Op, Map, Lanes);
  return Map.lookup(IsA ? P.AValue : P.BValue);
}

void MatmulEmitter::packBlock(
    Value Buf, OpOperand *X, int64_t Block, int64_t Width, Value Panel,
    Value Outer0, Value R, Value P0,
    function_ref<SmallVector<Value>(Value, Value)> At) {
  IRMapping Splats = sideSplats(X, Block);
  SmallVector<Value> Rows;
  for (int64_t S = 0; S < Block; ++S)
    Rows.push_back(loadOnLanes(X, Block, At(add(Outer0, cst(S)), P0), Splats));
  SmallVector<Value> Columns =
      raise::transposeInRegisters(B, B.getLoc(), Rows);
  for (int64_t C = 0; C < Block; ++C)
    vector::StoreOp::create(
        B, Columns[C], Buf,
        ValueRange{add(Panel, add(mul(add(P0, cst(C)), cst(Width)), R))});
}

void MatmulEmitter::prefetchNextTile(Value I0, Value J0, int64_t Width) {
  // Cache lines per row of the tile, in elements: the first element of each
  // line the row may touch, and its last element.
  int64_t Bytes = P.ElemTy.getWidth() / 8;
  int64_t LineElems = std::max<int64_t>(1, 64 / Bytes);
  SmallVector<int64_t> Offsets;
  for (int64_t Col = 0; Col < Width; Col += LineElems)
    Offsets.push_back(Col);
  Offsets.push_back(Width - 1);
  Value LastRow = sub(M1, cst(1)), LastCol = sub(N1, cst(1));
  for (int64_t R = 0; R < MR; ++R) {
    Value Row = min(add(I0, cst(MR + R)), LastRow);
    for (int64_t Offset : Offsets) {
      Value Col = min(add(J0, cst(Offset)), LastCol);
      memref::PrefetchOp::create(B, P.C->get(),
                                 indices(P.C, Row, Col, Value()),
                                 /*isWrite=*/true, /*localityHint=*/3,
                                 /*isDataCache=*/true);
    }
  }
}

/// A tile of C's last columns narrower than NR runs a micro-kernel of fewer
/// vectors: with N = 100 and NR = 32, the last tile's 4 columns took a whole
/// 32-wide kernel, and 512 x 100 x 2304 (a CNN layer) ran at 80 GFLOP/s
/// where 512 x 96 ran at 104.
void MatmulEmitter::registerTile(Value APack, Value BPack, Value IR, Value JR,
                                 Value I0, Value J0, Value KCur) {
  Value Cols = sub(N1, J0);
  OpBuilder::InsertionGuard Guard(B);
  for (int64_t Vectors = 1; Vectors < NV; ++Vectors) {
    Value Fits = arith::CmpIOp::create(B, arith::CmpIPredicate::sle, Cols,
                                       cst(Vectors * VL));
    auto If = scf::IfOp::create(B, Fits, /*withElseRegion=*/true);
    B.setInsertionPoint(If.thenYield());
    microKernel(APack, BPack, IR, JR, I0, J0, KCur, Vectors);
    B.setInsertionPoint(If.elseYield());
  }
  microKernel(APack, BPack, IR, JR, I0, J0, KCur, NV);
}

/// One MR x (@p Vectors * VL) tile of C at (I0, J0): the tile is loaded into
/// MR * @p Vectors vector registers (masked at the edges of C), updated for
/// each p of the k block in ascending order with the body's lane-wise
/// operations, and stored back.
void MatmulEmitter::microKernel(Value APack, Value BPack, Value IR, Value JR,
                                Value I0, Value J0, Value KCur,
                                int64_t Vectors) {
  Value Rows = min(cst(MR), sub(M1, I0));
  Value Cols = min(cst(Vectors * VL), sub(N1, J0));
  Value VZero = arith::ConstantOp::create(
      B, VecTy, DenseElementsAttr::get(VecTy, B.getFloatAttr(P.ElemTy, 0.0)));

  // Masks and (always in-bounds) addresses of the tile's vectors. A row or
  // vector wholly outside C gets an empty mask and C's first element of the
  // tile as its address.
  SmallVector<Value> Masks, RowIdx, ColIdx;
  auto MaskTy = VectorType::get({VL}, B.getI1Type());
  for (int64_t R = 0; R < MR; ++R) {
    Value RowOk = arith::CmpIOp::create(B, arith::CmpIPredicate::slt, cst(R),
                                        Rows);
    Value Row = arith::SelectOp::create(B, RowOk, add(I0, cst(R)), I0);
    for (int64_t V = 0; V < Vectors; ++V) {
      Value Count = max(min(sub(Cols, cst(V * VL)), cst(VL)), cst(0));
      Count = arith::SelectOp::create(B, RowOk, Count, cst(0));
      Value ColOk = arith::CmpIOp::create(B, arith::CmpIPredicate::sgt, Count,
                                          cst(0));
      Value Col = arith::SelectOp::create(B, ColOk, add(J0, cst(V * VL)), J0);
      Masks.push_back(
          vector::CreateMaskOp::create(B, MaskTy, ValueRange{Count}));
      RowIdx.push_back(Row);
      ColIdx.push_back(Col);
    }
  }
  SmallVector<Value> Acc;
  for (size_t T = 0; T < Masks.size(); ++T)
    Acc.push_back(vector::MaskedLoadOp::create(
        B, VecTy, P.C->get(), indices(P.C, RowIdx[T], ColIdx[T], Value()),
        Masks[T], VZero));

  prefetchNextTile(I0, J0, Vectors * VL);

  Value ArgC = P.Op.getMatchingBlockArgument(P.C);
  Value APanel = mul(IR, KCur);
  Value BPanel = mul(JR, KCur);
  auto KLoop = scf::ForOp::create(
      B, cst(0), KCur, cst(1), Acc,
      [&](OpBuilder &Nested, Location Loc, Value Pi, ValueRange Iter) {
        ImplicitLocOpBuilder KB(Loc, Nested);
        auto I = [&](int64_t V) {
          return arith::ConstantIndexOp::create(KB, V);
        };
        Value BRow = arith::AddIOp::create(
            KB, BPanel, arith::MulIOp::create(KB, Pi, I(NR)));
        Value ARow = arith::AddIOp::create(
            KB, APanel, arith::MulIOp::create(KB, Pi, I(MR)));
        prefetchNextA(KB, arith::AddIOp::create(KB, NextARow, IR), NextAK,
                      KCur, Pi);
        SmallVector<Value> BVecs;
        for (int64_t V = 0; V < Vectors; ++V)
          BVecs.push_back(vector::LoadOp::create(
              KB, VecTy, BPack,
              ValueRange{arith::AddIOp::create(KB, BRow, I(V * VL))}));
        SmallVector<Value> Next;
        for (int64_t R = 0; R < MR; ++R) {
          Value AElem = memref::LoadOp::create(
              KB, APack, ValueRange{arith::AddIOp::create(KB, ARow, I(R))});
          Value ASplat = vector::BroadcastOp::create(KB, VecTy, AElem);
          for (int64_t V = 0; V < Vectors; ++V) {
            IRMapping Map = KernelSplats;
            Map.map(P.AValue, ASplat);
            Map.map(P.BValue, BVecs[V]);
            Map.map(ArgC, Iter[R * Vectors + V]);
            for (Operation *Op : P.KernelOps) {
              if (Opts.targetHasFma && isa<LLVM::FMulAddOp>(Op)) {
                // On a target with FMA the backend fuses fmuladd anyway: an
                // explicit fma is the same operation.
                Value Fma = vector::FMAOp::create(
                    KB, Map.lookup(Op->getOperand(0)),
                    Map.lookup(Op->getOperand(1)),
                    Map.lookup(Op->getOperand(2)));
                Map.map(Op->getResult(0), Fma);
              } else {
                raise::cloneOnLanes(KB, *Op, Map, VL);
              }
            }
            Value Yielded = P.Op.getBlock()->getTerminator()->getOperand(0);
            Next.push_back(Map.lookup(Yielded));
          }
        }
        scf::YieldOp::create(KB, Next);
      });
  for (size_t T = 0; T < Masks.size(); ++T)
    vector::MaskedStoreOp::create(B, P.C->get(),
                                  indices(P.C, RowIdx[T], ColIdx[T], Value()),
                                  Masks[T], KLoop.getResult(T));
  // Unrolled after the stores exist, so that they read the epilogue loop's
  // results. Unrolling keeps the order of p; the epilogue, a clone, keeps
  // the loop's metadata.
  if (Opts.kUnroll > 1)
    (void)loopUnrollByFactor(KLoop, Opts.kUnroll);
}

void MatmulEmitter::prefetchNextA(ImplicitLocOpBuilder &KB, Value Row0,
                                  Value K0, Value Depth, Value Line) {
  auto I = [&](int64_t V) { return arith::ConstantIndexOp::create(KB, V); };
  auto Add = [&](Value L, Value R) { return arith::AddIOp::create(KB, L, R); };
  auto Mul = [&](Value L, Value R) { return arith::MulIOp::create(KB, L, R); };
  auto Min = [&](Value L, Value R) {
    return arith::MinSIOp::create(KB, L, R);
  };
  auto Last = [&](Value V) { return arith::SubIOp::create(KB, V, I(1)); };
  int64_t LineElems = std::max<int64_t>(1, 512 / P.ElemTy.getWidth());
  Value Row, Col;
  if (P.Op.getMatchingIndexingMap(P.A).getDimPosition(1) == P.KDim) {
    // Rows along k: the MR rows' first lines, then their second lines...
    Row = Add(Row0, arith::RemUIOp::create(KB, Line, I(MR)));
    Col = Add(K0, Mul(arith::DivUIOp::create(KB, Line, I(MR)), I(LineElems)));
  } else {
    int64_t Lines = llvm::divideCeil(MR, LineElems);
    Row = Add(Row0,
              Mul(arith::RemUIOp::create(KB, Line, I(Lines)), I(LineElems)));
    Col = Add(K0, arith::DivUIOp::create(KB, Line, I(Lines)));
  }
  Row = Min(Min(Row, Add(Row0, I(MR - 1))), Last(M1));
  Col = Min(Min(Col, Last(Add(K0, Depth))), Last(K));
  memref::PrefetchOp::create(KB, P.A->get(), indices(P.A, Row, Value(), Col),
                             /*isWrite=*/false, /*localityHint=*/2,
                             /*isDataCache=*/true);
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

void MatmulEmitter::emit() {
  SmallVector<Range> Ranges =
      cast<linalg::LinalgOp>(P.Op.getOperation())
          .createLoopRanges(B, B.getLoc());
  M = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.MDim].size);
  N = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.NDim].size);
  K = getValueOrCreateConstantIndexOp(B, B.getLoc(), Ranges[P.KDim].size);
  Zero = arith::ConstantOp::create(B, B.getFloatAttr(P.ElemTy, 0.0));

  // Body values that depend on no block argument are computed once.
  for (Operation *Op : P.InvariantOps)
    B.clone(*Op, Invariants);
  Value ArgC = P.Op.getMatchingBlockArgument(P.C);
  KernelSplats = raise::broadcastOperands(
      B, B.getLoc(), P.KernelOps, {P.AValue, P.BValue, ArgC}, VL, Invariants);

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
  Value Share = mul(arith::CeilDivSIOp::create(B, Pick(MTiles, NTiles),
                                               Threads),
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
  // Packing buffers, sized for the largest block this part of the problem
  // has.
  Value KCMax = min(K, cst(KC));
  Value BSize = mul(min(roundUp(sub(NEnd, NBegin), NR), cst(NC)), KCMax);
  Value ASize = mul(min(roundUp(sub(MEnd, MBegin), MR), cst(MC)), KCMax);
  auto BufTy = MemRefType::get({ShapedType::kDynamic}, P.ElemTy);
  IntegerAttr Align = B.getI64IntegerAttr(64);
  Value BPack = memref::AllocOp::create(B, BufTy, ValueRange{BSize}, Align);
  Value APack = memref::AllocOp::create(B, BufTy, ValueRange{ASize}, Align);

  // Loop order jc (n block), pc (k block, ascending), ic (m block), jr, ir:
  // the B panel of a jr step stays in L1 across the ir loop, the packed A
  // block in L2 across the jr loop. k blocks of equal depth, at most KC: a
  // last block much shallower than the others would still cost a whole pass
  // over C's tiles (on Zen 4, a CNN layer with k = 288 ran at 65 GFLOP/s in
  // blocks of 256 and 32, at 79 in two of 144).
  Value KBlocks = max(arith::CeilDivSIOp::create(B, K, cst(KC)), cst(1));
  Value KCEven = arith::CeilDivSIOp::create(B, K, KBlocks);
  loop(NBegin, NEnd, NC, [&](Value JC) {
    Value NCur = min(cst(NC), sub(NEnd, JC));
    loop(cst(0), K, KCEven, [&](Value PC) {
      Value KCur = min(KCEven, sub(K, PC));
      packPanels(BPack, P.B, NR, JC, NCur, PC, KCur);
      loop(MBegin, MEnd, MC, [&](Value IC) {
        Value MCur = min(cst(MC), sub(MEnd, IC));
        packPanels(APack, P.A, MR, IC, MCur, PC, KCur);
        // The next m block of this k block, or the first of the next.
        Value NextIC = add(IC, cst(MC));
        Value Last = arith::CmpIOp::create(B, arith::CmpIPredicate::sge,
                                           NextIC, MEnd);
        NextARow = arith::SelectOp::create(B, Last, MBegin, NextIC);
        NextAK = arith::SelectOp::create(B, Last, add(PC, KCur), PC);
        loop(cst(0), NCur, NR, [&](Value JR) {
          loop(cst(0), MCur, MR, [&](Value IR) {
            registerTile(APack, BPack, IR, JR, add(IC, IR), add(JC, JR),
                         KCur);
          });
        });
      });
    });
  });
  memref::DeallocOp::create(B, APack);
  memref::DeallocOp::create(B, BPack);
}

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
        l2Assoc < 0 || l3Size < 0 || l3Assoc < 0 || minParallelWork < 0) {
      getOperation().emitError(
          "raise-tile-matmul: the register tile and vector width must be "
          "positive; blocks, cache parameters and min-parallel-work not "
          "negative");
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
    if (threads == -1 && !Plans.empty() &&
        !(MaxThreads = declareMaxThreads()))
      return signalPassFailure();
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
    for (MatmulPlan &Plan : Plans) {
      MatmulEmitter(Plan, Opts, MaxThreads).emit();
      Plan.Op.erase();
      ++numLowered;
    }
  }
};

} // namespace
