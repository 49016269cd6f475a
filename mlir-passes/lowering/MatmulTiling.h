//===- MatmulTiling.h - What the GEMM lowering's files share ----*- C++ -*-===//
//
// The private interface of raise-tile-matmul: the plan of a matmul-like
// generic (which operands are A, B and C, and how its body splits between
// A's packing, B's packing and the micro-kernel) and the emitter of its
// loop nest. TileMatmul.cpp analyses the operation, chooses the cache blocks
// and emits the loop nest, MatmulPacking.cpp the packing of the A and B
// panels, MatmulMicroKernel.cpp the register-tiled vector micro-kernel.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_MATMULTILING_H
#define RAISE_MLIR_PASSES_LOWERING_MATMULTILING_H

#include "Passes.h"
#include "VectorSupport.h"
#include "target/CacheModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace raise {

/// A matmul-like generic and how its body splits into what the packing of A,
/// the packing of B and the micro-kernel compute.
struct MatmulPlan {
  linalg::GenericOp Op;
  /// Loop positions: M and N are parallel (N indexes C's contiguous
  /// dimension), K is the reduction.
  unsigned MDim = 0, NDim = 0, KDim = 0;
  /// An input, what the body computes from it alone (absorbed into its
  /// packing, in body order) and the one value of those the kernel reads.
  struct Input {
    OpOperand *X = nullptr;
    SmallVector<Operation *> Ops;
    Value Used;
  };
  /// The inputs that do not use N ("A") and those that do not use M ("B"):
  /// one each for a product, two each where the body sums two products of
  /// the same shape (syr2k's A B^T + B A^T), each packed on its own.
  SmallVector<Input, 1> As, Bs;
  OpOperand *C = nullptr;
  /// C's element type: a float, or an integer (wrapping sums, the same in
  /// any order, but kept in the source's order all the same).
  Type ElemTy;
  /// Body operations computed from no input (hoisted) and from several
  /// (vectorized in the micro-kernel), in body order.
  SmallVector<Operation *> InvariantOps, KernelOps;
  /// C's innermost stride is not known to be one (a Fortran section's view,
  /// every other column of C): the kernel runs on a view of C with a unit
  /// one where it is one at run time, else on a contiguous copy
  /// (withUnitInnerStride).
  bool CInnerStrided = false;
  /// What the body computes for an element of C (the yielded value, or
  /// the kept side of a triangle's select).
  Value Result;
  /// A generic over the box around a triangle (raise-affine-to-linalg's
  /// form) yields `Inner - Outer < Diagonal ? value : C` (`>=` where not
  /// Below): C outside the triangle stays as it is. The kernel masks those
  /// elements out and skips the tiles with none inside.
  struct Triangle {
    unsigned Inner = 0, Outer = 0;
    bool Below = true;
    Value Diagonal;
  };
  std::optional<Triangle> Cut;
  /// C is a fresh buffer that only this product and its neighbours use:
  /// `Fill` sets it just before the product and `Epilogue`, a lane-wise
  /// generic right after it, combines each of its elements into `Out`
  /// (a sum kept in a local scalar and added to the output at the end:
  /// Darknet's gemm_nt, `C[i*ldc+j] += sum`). The kernel starts the first k
  /// block's tile from the fill's value and applies the epilogue to the last
  /// block's tile, so C is touched only between k blocks: three passes over
  /// an output of C's size (the fill, the product's, the epilogue's) become
  /// one, with the same operations on each element.
  struct Fusion {
    /// A linalg.fill, or its generic form, and the value it fills C with.
    Operation *Fill = nullptr;
    Value Init;
    linalg::GenericOp Epilogue;
    OpOperand *Out = nullptr;
  };
  std::optional<Fusion> Fused;
  /// An int32 sum of products of two inputs of 16 bits or fewer, each
  /// widened by one extension (`C + ext(a) * ext(b)`), on a target with an
  /// instruction that multiplies 16-bit pairs (i16-pair-dot): its name. The
  /// panels then hold the inputs as 16-bit integers, the two k of a pair
  /// side by side, and the kernel adds two k's products at a time (wrapping
  /// sums: the same bits in any order). Empty: one k at a time.
  StringRef PairDot;
};

/// Emits the blocked, packed, vectorized loop nest for one analysed generic.
class MatmulEmitter {
public:
  /// @p MaxThreads is `omp_get_max_threads`, declared where the thread
  /// count is to be read at run time; @p CacheQuery `raise.cache.v2`,
  /// declared where the cache blocks are sized or the vendor's choices made
  /// at run time.
  MatmulEmitter(MatmulPlan Plan, const raise::RaiseTileMatmulOptions &Opts,
                func::FuncOp MaxThreads, func::FuncOp CacheQuery);

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

  void packPanels(Value Buf, const MatmulPlan::Input &In, bool IsA,
                  int64_t Width, Value Base, Value Cur, Value PC, Value KCur);
  /// packPanels() for a kernel that takes k in pairs (MatmulPlan::PairDot):
  /// panel r0/Width at r0 * KPad (KCur rounded up to even), element (p, r)
  /// at (p / 2) * 2 * Width + 2 * r + p % 2, as a 16-bit integer; the k
  /// past KCur and the rows past the slice's end are zeros.
  void packPairs(Value Buf, const MatmulPlan::Input &In, bool IsA,
                 int64_t Width, Value Base, Value Cur, Value PC, Value KCur);
  /// Prefetches the operand @p X of a pack at @p Ahead elements past
  /// @p Outer along m or n (clamped before @p End) and k @p Pi, without
  /// temporal locality: the packs read many rows of k at once, far apart,
  /// each line once, and on Zen 5 the hardware's prefetchers do not follow
  /// rows read by 512-bit loads (16 x 173056 x 27: half the time went to
  /// packing B).
  void prefetchOuter(OpOperand *X, Value Outer, int64_t Ahead, Value End,
                     Value Pi,
                     function_ref<SmallVector<Value>(Value, Value)> At);
  /// How far ahead a pack reading along m or n prefetches each row.
  static constexpr int64_t PackPrefetchBytes = 1024;
  /// Calls @p Body(R0, Pi, R) for each row R past the slice's end @p Cur in
  /// its last panel R0 of @p Width, if that is partial, and each k below
  /// @p Depth: where the panels get zeros.
  void forPastEnd(Value Cur, int64_t Width, Value Depth,
                  function_ref<void(Value R0, Value Pi, Value R)> Body);
  /// The depth of a k block as the panels hold it: @p KCur, rounded up to
  /// even where the kernel takes k in pairs.
  Value panelDepth(Value KCur) {
    return P.PairDot.empty() ? KCur : roundUp(KCur, 2);
  }
  /// The lanes of the vectors @p X is packed by, or 0 if it is packed one
  /// element at a time: the largest power of two up to a vector that divides
  /// the panel @p Width, if at least 4, where @p X's rows are contiguous and
  /// its @p SideOps run lane-wise. Read along k, it is also the side of the
  /// square blocks transposed in registers.
  int64_t vectorSide(OpOperand *X, ArrayRef<Operation *> SideOps,
                     int64_t Width);
  /// @p Lanes elements of @p In from @p Idx on, with its side of the body
  /// applied lane-wise (@p Splats: what else it reads, broadcast). Where
  /// @p Mask is given, only its lanes are read: the others start as zeros
  /// and go through the side of the body too, so the caller uses none of
  /// them.
  Value loadOnLanes(const MatmulPlan::Input &In, int64_t Lanes, ValueRange Idx,
                    const IRMapping &Splats, Value Mask = {});
  /// What @p In's side of the body reads besides @p In, broadcast to
  /// @p Lanes.
  IRMapping sideSplats(const MatmulPlan::Input &In, int64_t Lanes) {
    return raise::broadcastOperands(B, B.getLoc(), In.Ops,
                                    {P.Op.getMatchingBlockArgument(In.X)},
                                    Lanes, Invariants);
  }
  /// Packs one @p Block x @p Block block of @p In: rows (A) or columns (B)
  /// from @p Outer0, k from @p P0, into panel rows P0.. at column @p R.
  /// Each row read is preceded by a prefetch of the next panel's row at the
  /// same k (clamped before @p End), which the pack reads next: the rows
  /// are as many streams as the block has, read by 512-bit loads on AVX-512
  /// (Zen 5, gemm_nt at 32 x 43264 x 144: 107-110 -> 132-137 GFLOP/s).
  /// Where @p KCount is given, the block has only that many k (fewer than
  /// @p Block): each row is read by a masked load and only that many panel
  /// rows are stored.
  void packBlock(Value Buf, const MatmulPlan::Input &In, int64_t Block,
                 int64_t Width, Value Panel, Value Outer0, Value End, Value R,
                 Value P0, function_ref<SmallVector<Value>(Value, Value)> At,
                 Value KCount = {});
  /// The register tile at (@p I0, @p J0): the micro-kernel as wide as the
  /// columns left need, in whole vectors up to NR. One packed panel per
  /// input.
  void registerTile(ArrayRef<Value> APacks, ArrayRef<Value> BPacks, Value IR,
                    Value JR, Value I0, Value J0, Value KCur);
  void microKernel(ArrayRef<Value> APacks, ArrayRef<Value> BPacks, Value IR,
                   Value JR, Value I0, Value J0, Value KCur, int64_t Vectors);

  /// Prefetches the rows of C of the register tile below the one at
  /// (@p I0, @p J0), @p Width columns wide, which the ir loop computes next,
  /// while this tile's k loop runs. The tile's accumulators start from C
  /// (the source adds into C in k order, so C cannot be added at the end as
  /// BLIS does), and C is read again for every k block: without the
  /// prefetch each micro-kernel call would begin with cache misses on C.
  /// Indices are clamped into C; a prefetch changes no value. Where the
  /// epilogue is fused, the array the next tile is stored into in this k
  /// block: the output in the last one, else the temporary.
  void prefetchNextTile(Value I0, Value J0, int64_t Width, Value KBegin,
                        Value KCur);
  /// Stores the tile @p Tile of the micro-kernel at @p Idx (its vectors'
  /// indices into C) under @p Masks (none: whole vectors): into C, or
  /// through the fused epilogue into its output (@p Finish).
  void storeTile(ValueRange Tile, ArrayRef<SmallVector<Value>> Idx,
                 ArrayRef<Value> Masks, bool Finish);

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
  /// raise.cache.v2 where the blocks are sized or the vendor's choices
  /// made at run time, else null.
  func::FuncOp CacheQuery;
  /// Whether the running core is Intel's, where the options choose
  /// otherwise on Intel cores (intel-pack-prefetch-locality, intel-min-kc),
  /// else null.
  Value OnIntel;
  /// Sets OnIntel from raise.cache.v2's vendor where the options ask.
  void readVendor();
  int64_t VL, MR, NV, NR;
  /// The cache blocks of the static model (or the options), and those of
  /// Intel cores (intel-min-kc; the same where it is -1).
  raise::BlockSizes Static, IntelStatic;
  /// The cache blocks as the nest uses them: the static ones (by vendor),
  /// or computed at run time (runtimeCaches, cacheBlocks()).
  Value KCv, MCv, NCv;

  /// Sets KCv, MCv and NCv: the model of CacheModel.h evaluated on the
  /// caches raise.cache.v2 reports at run time, each where the options do
  /// not fix it and the report is complete.
  void cacheBlocks();
  VectorType VecTy;
  Value M, N, K, Zero;
  /// Where the part of C the nest being emitted computes ends: its rows
  /// before M1, its columns before N1.
  Value M1, N1;
  /// The body's loop-invariant values, hoisted before the nest.
  IRMapping Invariants;
  /// Broadcasts of scalars the kernel reads that are not A, B or C.
  IRMapping KernelSplats;
  /// The same for the fused epilogue's body.
  IRMapping EpilogueSplats;
  /// Where the next A pack starts: its first row and k.
  Value NextARow, NextAK;
  /// Whether the micro-kernels being emitted issue those prefetches.
  bool PrefetchA = true;
  /// A triangle's cut as a bound on the columns of each row m of C:
  /// `n < m + CutOffset` (CutBelow) or `n >= m + CutOffset`; where CutOnK,
  /// on the k each row sums over instead, `k < m + CutOffset` or
  /// `k >= m + CutOffset`, and where CutOnCols too, on the k each column n
  /// sums over (m read as n).
  Value CutOffset;
  bool CutBelow = true;
  bool CutOnK = false, CutOnCols = false;
  /// The first k of the k block being emitted.
  Value KBegin;

  /// Whether one of the @p Rows rows (CutOnCols: columns) of C from
  /// @p FirstRow sums over a k of the block [KBegin, KBegin + @p KCur)
  /// (CutOnK).
  Value rowsReachK(Value FirstRow, Value Rows, Value KCur);

  /// Whether the tile at (@p I0, @p J0) has an element inside the triangle.
  Value tileInside(Value I0, Value J0);
  /// The lanes of the vector at row @p Row, column @p Col0 that are inside
  /// the triangle, and among the first @p Count.
  Value laneMask(Value Row, Value Col0, Value Count);
};

/// Defines `@<F>.worth`, with @p F's arguments, which returns whether one of
/// @p Plans, the products in @p F, has @p MinTunedWork multiply-adds or more
/// (an eighth of that for integers). Defines nothing where that cannot be
/// known before @p F runs (a product inside a loop, sizes read from memory
/// or computed in a branch by what may not run before its condition holds)
/// or where @p F holds other raised reductions (matvecs), which pay at any
/// size. Returns whether it defined the function.
bool outlineWorthCheck(func::FuncOp F, ArrayRef<const MatmulPlan *> Plans,
                       int64_t MinTunedWork);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LOWERING_MATMULTILING_H
