//===- TileMatvec.cpp - The raise-tile-matvec pass ------------------------===//
//
// A matrix-vector product y(i) = body(A(i,j), x(j), y(i)) over j is, as
// plain loops, one chain of dependent multiply-adds per row: the loop runs
// at the latency of one multiply-add per element. Several rows at once give
// as many independent chains, each row's sum still computed in j order.
// The transposed product y(i) = body(A(j,i), x(j), y(i)) walks A down its
// columns when i is the outer loop; with j outside and a block of i inside,
// A is read along its rows, the block of y stays in the first-level cache,
// the inner loop vectorizes, and every y(i) still sees j in order.
// Where the source's fast-math flags allow reassociation, the row-wise
// product is instead summed along j in vector lanes, as clang vectorizes
// such a loop itself, one row at a time in four vectors of lanes.
//
//===----------------------------------------------------------------------===//

#include "ExternalFunctions.h"
#include "OperandSupport.h"
#include "Passes.h"
#include "RowUpdates.h"
#include "VectorSupport.h"
#include "mlir-passes/raising/FastMath.h"
#include "target/CacheModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISETILEMATVEC
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// A matvec-like generic: the output indexed by the parallel loop I, the
/// vector by the reduction loop J, the matrix by (I, J), or by (J, I) when
/// Transposed.
struct MatvecPlan {
  linalg::GenericOp Op;
  unsigned I = 0, J = 1;
  bool Transposed = false;
  OpOperand *Matrix = nullptr, *Vector = nullptr, *Out = nullptr;
  /// Elements per vector in the vector kernels; 0 for the scalar ones.
  int64_t Lanes = 0;
  /// Columns of A the row-wise vector kernel turns into vectors at once:
  /// one 128-bit chunk of a row, or Lanes where lanes do not come in chunks.
  int64_t Chunk = 0;
  /// Blocks of Lanes rows the row-wise vector kernel interleaves at most,
  /// and the most bytes of the matrix such a panel of rows may span.
  int64_t RowVectors = 1;
  int64_t PanelBytes = 0;
  /// Whether those blocks keep their accumulators in registers rather than
  /// in y (TargetDescription::MatvecRegisterPanels).
  bool RegisterPanels = false;
  /// The row-wise vector kernel prefetches only matrices of more bytes than
  /// this; 0 for all.
  int64_t PrefetchAboveBytes = 0;
  /// Where not 0, matrices of at most PrefetchAboveBytes take panels of up
  /// to this many blocks through y, square blocks transposed, spanning at
  /// most CachedPanelBytes (cachedPlan()).
  int64_t CachedRowVectors = 0;
  int64_t CachedPanelBytes = 0;
  /// Where not 0, the lanes of the row-wise vector kernel for matrices of
  /// more than PrefetchAboveBytes, fewer than Lanes (streamPlan()).
  int64_t StreamLanes = 0;
  /// `raise.cache.v2`, where the size beyond which matrices come from
  /// memory or the running core's vendor is read at run time
  /// (memoryBytes(), readVendor()); else null.
  func::FuncOp CacheQuery;
  /// Where not -1, the locality hint of the row-wise vector kernel's
  /// prefetches on Intel cores (0 elsewhere), and whether the running core
  /// is Intel's, read before the kernel (readVendor()).
  int64_t IntelPrefetchLocality = -1;
  Value OnIntel;
  /// Where not 0, matrices that would take cachedPlan() take, on Intel
  /// cores, register panels of up to this many blocks of IntelCachedLanes
  /// lanes (intelCachedPlan()).
  int64_t IntelCachedRowVectors = 0;
  int64_t IntelCachedLanes = 0;
  /// How far ahead the reassociating kernel prefetches A, in bytes.
  int64_t ReassocPrefetchBytes = 0;
  /// How many elements ahead of its loads the row-wise vector kernel
  /// prefetches each of its rows; 0 for none.
  int64_t PrefetchAhead = 0;
  /// Where the source allows reassociation, the lanes of the row-wise
  /// kernel that sums each row along j; 0 where it does not apply.
  int64_t ReassocLanes = 0;
};

/// The lanes of the vector kernels for @p P on registers of @p VectorBits
/// bits, or 0 where they do not apply: vectors of one row of the matrix and
/// of the output are loaded, and the body runs on vectors.
int64_t vectorLanes(MatvecPlan P, int64_t VectorBits) {
  unsigned Width = getElementTypeOrSelf(P.Out->get()).getIntOrFloatBitWidth();
  int64_t Lanes = VectorBits / Width;
  if (Lanes < 2 || !llvm::isPowerOf2_64(Lanes) ||
      !raise::hasUnitInnerStride(P.Matrix->get()) ||
      !raise::hasUnitInnerStride(P.Out->get()))
    return 0;
  for (Operation &Inner : P.Op.getBlock()->without_terminator())
    if (!raise::isLaneWise(&Inner))
      return 0;
  return Lanes;
}

/// The lanes of the reassociating row-wise kernel for @p P, or 0 where the
/// source does not allow it: the body adds a term to the output (`y + t`,
/// or `fmuladd(a, b, y)`) and nothing else reads the output, every
/// floating-point operation carries `reassoc` and `nsz`, and A's rows and
/// x are contiguous. Each row's terms may then be summed in any order from
/// zero and added to y at the end.
int64_t reassocLanes(MatvecPlan P, int64_t VectorBits) {
  if (P.Transposed || !P.Lanes || !raise::hasUnitInnerStride(P.Vector->get()))
    return 0;
  Block *Body = P.Op.getBlock();
  Value Acc = P.Op.getMatchingBlockArgument(P.Out);
  if (!Acc.hasOneUse() ||
      Body->getTerminator()->getOperand(0).getDefiningOp() !=
          *Acc.getUsers().begin())
    return 0;
  Operation *Combine = *Acc.getUsers().begin();
  bool Adds = isa<arith::AddFOp>(Combine) ||
              (isa<LLVM::FMulAddOp>(Combine) && Combine->getOperand(2) == Acc &&
               Combine->getOperand(0) != Acc && Combine->getOperand(1) != Acc);
  if (!Adds || (isa<arith::AddFOp>(Combine) &&
                Combine->getOperand(0) == Combine->getOperand(1)))
    return 0;
  for (Operation &Inner : Body->without_terminator())
    if (!raise::isReassociable(&Inner))
      return 0;
  return P.Lanes;
}

FailureOr<MatvecPlan> analyse(linalg::GenericOp Op, int64_t VectorBits) {
  if (!Op.hasPureBufferSemantics() || Op.getNumLoops() != 2 ||
      Op.getNumReductionLoops() != 1 || Op.getNumDpsInputs() != 2 ||
      Op.getNumDpsInits() != 1)
    return failure();
  MatvecPlan P;
  P.Op = Op;
  SmallVector<utils::IteratorType> Iterators = Op.getIteratorTypesArray();
  P.J = Iterators[0] == utils::IteratorType::reduction ? 0 : 1;
  P.I = 1 - P.J;
  P.Out = Op.getDpsInitOperand(0);
  auto IsDims = [](AffineMap Map, ArrayRef<unsigned> Dims) {
    if (Map.getNumResults() != Dims.size())
      return false;
    for (auto [Result, Dim] : llvm::zip(Map.getResults(), Dims)) {
      auto D = dyn_cast<AffineDimExpr>(Result);
      if (!D || D.getPosition() != Dim)
        return false;
    }
    return true;
  };
  if (!IsDims(Op.getMatchingIndexingMap(P.Out), {P.I}))
    return failure();
  for (OpOperand *In : Op.getDpsInputOperands()) {
    AffineMap Map = Op.getMatchingIndexingMap(In);
    if (!P.Vector && IsDims(Map, {P.J}))
      P.Vector = In;
    else if (!P.Matrix && IsDims(Map, {P.I, P.J}))
      P.Matrix = In;
    else if (!P.Matrix && IsDims(Map, {P.J, P.I}))
      P.Matrix = In, P.Transposed = true;
    else
      return failure();
  }
  if (!P.Matrix || !P.Vector)
    return failure();
  for (Value V : Op->getOperands())
    if (!isa<MemRefType>(V.getType()) ||
        !isa<FloatType>(cast<MemRefType>(V.getType()).getElementType()))
      return failure();
  // The output is kept in registers while the inputs are read: it must be
  // neither of them.
  if (P.Out->get() == P.Matrix->get() || P.Out->get() == P.Vector->get())
    return failure();
  // The body is cloned once per row: only operations without effects.
  for (Operation &Inner : Op.getBlock()->without_terminator())
    if (Inner.getNumRegions() != 0 || !isMemoryEffectFree(&Inner))
      return failure();
  P.Lanes = vectorLanes(P, VectorBits);
  if (P.Lanes) {
    int64_t Chunk = raise::chunkLanes(
        VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Matrix->get())));
    P.Chunk = Chunk ? Chunk : P.Lanes;
  }
  P.ReassocLanes = reassocLanes(P, VectorBits);
  return P;
}

/// The body of @p P applied to one element (@p Lanes == 0) or to @p Lanes
/// elements at once: @p A, @p X and @p Acc stand for the matrix, vector and
/// output values; @p Map holds what the body uses from outside (broadcast
/// for vectors).
Value emitBody(OpBuilder &B, MatvecPlan P, IRMapping Map, int64_t Lanes,
               Value A, Value X, Value Acc) {
  Map.map(P.Op.getMatchingBlockArgument(P.Matrix), A);
  Map.map(P.Op.getMatchingBlockArgument(P.Vector), X);
  Map.map(P.Op.getMatchingBlockArgument(P.Out), Acc);
  Block *Body = P.Op.getBlock();
  for (Operation &Inner : Body->without_terminator()) {
    if (Lanes)
      raise::cloneOnLanes(B, Inner, Map, Lanes);
    else
      B.clone(Inner, Map);
  }
  return Map.lookupOrDefault(Body->getTerminator()->getOperand(0));
}

/// Broadcasts of the values the body of @p P uses from outside it, for the
/// vector kernels, emitted once before the loops.
IRMapping broadcastOutsideValues(OpBuilder &B, Location Loc, MatvecPlan P) {
  SmallVector<Operation *> Body = llvm::map_to_vector(
      P.Op.getBlock()->getOperations(), [](Operation &Op) { return &Op; });
  SmallVector<Value> Arguments(P.Op.getBlock()->getArguments());
  return raise::broadcastOperands(B, Loc, Body, Arguments, P.Lanes);
}

/// Emits the rows of @p P from @p Row0 on, @p Rows of them, each with its
/// accumulator carried through the j loop.
void emitRows(OpBuilder &B, Location Loc, MatvecPlan P, Value Row0,
              int64_t Rows, Value N) {
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  SmallVector<Value> RowIdx, Init;
  for (int64_t R = 0; R < Rows; ++R) {
    RowIdx.push_back(arith::AddIOp::create(B, Loc, Row0, Index(R)));
    Init.push_back(memref::LoadOp::create(B, Loc, P.Out->get(),
                                          ValueRange{RowIdx.back()}));
  }
  auto Loop = scf::ForOp::create(
      B, Loc, Index(0), N, Index(1), Init,
      [&](OpBuilder &Nested, Location L, Value J, ValueRange Accs) {
        Value X =
            memref::LoadOp::create(Nested, L, P.Vector->get(), ValueRange{J});
        SmallVector<Value> Next;
        for (int64_t R = 0; R < Rows; ++R) {
          Value A = memref::LoadOp::create(Nested, L, P.Matrix->get(),
                                           ValueRange{RowIdx[R], J});
          Next.push_back(emitBody(Nested, P, IRMapping(), 0, A, X, Accs[R]));
        }
        scf::YieldOp::create(Nested, L, Next);
      });
  for (int64_t R = 0; R < Rows; ++R)
    memref::StoreOp::create(B, Loc, Loop.getResult(R), P.Out->get(),
                            ValueRange{RowIdx[R]});
}

/// Emits the rows of @p M in blocks of @p Rows rows as far as whole
/// granules of @p Granule rows go (the last block may hold fewer granules),
/// each by EmitBlock(.., first row, rows of the block), then the rest in
/// groups of @p Group rows by @p EmitGroup as far as whole groups go, and
/// one row at a time by @p EmitRow: a short matrix (fewer rows than a
/// granule) is all rest, whose rows' sums then run side by side instead of
/// one after another.
void emitRowBlocks(
    OpBuilder &B, Location Loc, Value M, Value Rows, int64_t Granule,
    function_ref<void(OpBuilder &, Location, Value, Value)> EmitBlock,
    function_ref<void(OpBuilder &, Location, Value)> EmitRow, int64_t Group = 1,
    function_ref<void(OpBuilder &, Location, Value)> EmitGroup = {}) {
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  Value Full = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, M, Index(Granule)),
      Index(Granule));
  scf::ForOp::create(B, Loc, Index(0), Full, Rows, ValueRange{},
                     [&](OpBuilder &Nested, Location L, Value I, ValueRange) {
                       Value Count = arith::MinUIOp::create(
                           Nested, L, arith::SubIOp::create(Nested, L, Full, I),
                           Rows);
                       EmitBlock(Nested, L, I, Count);
                       scf::YieldOp::create(Nested, L);
                     });
  Value Rest = Full;
  if (Group > 1 && EmitGroup) {
    Rest = arith::AddIOp::create(
        B, Loc, Full,
        arith::MulIOp::create(
            B, Loc,
            arith::DivUIOp::create(
                B, Loc, arith::SubIOp::create(B, Loc, M, Full), Index(Group)),
            Index(Group)));
    scf::ForOp::create(B, Loc, Full, Rest, Index(Group), ValueRange{},
                       [&](OpBuilder &Nested, Location L, Value I, ValueRange) {
                         EmitGroup(Nested, L, I);
                         scf::YieldOp::create(Nested, L);
                       });
  }
  scf::ForOp::create(B, Loc, Rest, M, Index(1), ValueRange{},
                     [&](OpBuilder &Nested, Location L, Value I, ValueRange) {
                       EmitRow(Nested, L, I);
                       scf::YieldOp::create(Nested, L);
                     });
}

/// The bytes @p Rows rows of @p P's matrix span, from its row stride at run
/// time.
Value rowsBytes(OpBuilder &B, Location Loc, MatvecPlan P, int64_t Rows) {
  auto Meta = memref::ExtractStridedMetadataOp::create(B, Loc, P.Matrix->get());
  int64_t Bytes =
      getElementTypeOrSelf(P.Matrix->get()).getIntOrFloatBitWidth() / 8;
  return arith::MulIOp::create(
      B, Loc, Meta.getStrides()[0],
      arith::ConstantIndexOp::create(B, Loc, Rows * Bytes));
}

/// Whether the @p M rows of @p P's matrix span more than @p Bytes.
Value largerThan(OpBuilder &B, Location Loc, MatvecPlan P, Value M,
                 Value Bytes) {
  return arith::CmpIOp::create(
      B, Loc, arith::CmpIPredicate::ugt,
      arith::MulIOp::create(B, Loc, rowsBytes(B, Loc, P, 1), M), Bytes);
}

/// The bytes beyond which @p P's matrix is taken to come from memory:
/// P.PrefetchAboveBytes, or with P.CacheQuery half the last-level cache
/// the running core reports (the other half holds the vectors and what
/// else runs; on Zen 5, 32 MiB of L3, the plans for matrices in a cache
/// lost to the ones for memory from 14 MiB on), P.PrefetchAboveBytes
/// where it reports none. The choices between kernels compare with it.
Value memoryBytes(OpBuilder &B, Location Loc, MatvecPlan P) {
  Value Fixed = arith::ConstantIndexOp::create(B, Loc, P.PrefetchAboveBytes);
  if (!P.CacheQuery)
    return Fixed;
  // raise.cache.v2(4): the L3's bytes, 0 where unknown.
  Value L3 = arith::IndexCastOp::create(
      B, Loc, B.getIndexType(),
      func::CallOp::create(
          B, Loc, P.CacheQuery,
          ValueRange{arith::ConstantIntOp::create(B, Loc, 4, 32)})
          .getResult(0));
  Value Half = arith::ShRUIOp::create(
      B, Loc, L3, arith::ConstantIndexOp::create(B, Loc, 1));
  Value Known =
      arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::ne, Half,
                            arith::ConstantIndexOp::create(B, Loc, 0));
  return arith::SelectOp::create(B, Loc, Known, Half, Fixed);
}

/// How the row-wise vector kernel prefetches its rows.
enum class Prefetching {
  None,
  /// Each row some columns ahead.
  Along,
  /// The next panel of rows at the columns being read.
  Down,
};

/// How the row-wise vector kernel of a matrix of @p M rows prefetches,
/// decided at run time; no prefetches where Ahead is null.
struct RowPrefetch {
  Value M;
  /// Columns ahead within a row.
  Value Ahead;
  /// Where not null, whether the matrix is large enough to prefetch.
  Value Large;
  /// Where not null, whether to prefetch Down rather than Along.
  Value Down;
};

/// The rows of the row-wise vector kernel's panels of @p P (of @p M rows)
/// and how it prefetches them, decided at run time from the matrix's row
/// stride: as many blocks of P.Lanes rows as fit in P.PanelBytes (at least
/// one, at most P.RowVectors). A panel whose rows lie close together reads
/// like a few streams; rows far apart are as many streams as rows, more
/// than the prefetchers follow (on Zen 5, 4096 x 128 f32: 13.5 -> 29
/// GFLOP/s with four blocks; 2048 x 1024: 27 -> 14 with two). Where the
/// panel fits in P.PanelBytes, the next panel is prefetched while this one
/// is read (its rows are one run of memory where the matrix is contiguous;
/// Zen 3, 32000 x 288 f32 from memory: 3.7 -> 8.0 GFLOP/s); otherwise each
/// row P.PrefetchAhead columns ahead, the distance divided among the
/// blocks.
std::pair<Value, RowPrefetch> panelOf(OpBuilder &B, Location Loc, MatvecPlan P,
                                      Value M) {
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  // A stride of zero (one row read over and over) fits any number.
  Value Fit;
  if (P.RowVectors > 1 || P.RegisterPanels)
    Fit = arith::DivUIOp::create(
        B, Loc, Index(P.PanelBytes),
        arith::MaxUIOp::create(B, Loc, rowsBytes(B, Loc, P, P.Lanes),
                               Index(1)));
  Value Blocks = Index(1), Rows = Index(P.Lanes);
  if (P.RowVectors > 1) {
    Blocks = arith::MaxUIOp::create(
        B, Loc, arith::MinUIOp::create(B, Loc, Fit, Index(P.RowVectors)),
        Index(1));
    Rows = arith::MulIOp::create(B, Loc, Blocks, Index(P.Lanes));
  }
  RowPrefetch Prefetch;
  if (!P.PrefetchAhead)
    return {Rows, Prefetch};
  Prefetch.M = M;
  Prefetch.Ahead = Index(P.PrefetchAhead);
  if (P.RowVectors > 1)
    Prefetch.Ahead = arith::DivUIOp::create(B, Loc, Prefetch.Ahead, Blocks);
  if (P.PrefetchAboveBytes)
    // The description's size: measured where the kernel was tuned (AVX2,
    // Zen 3), not against the caches read at run time.
    Prefetch.Large = largerThan(B, Loc, P, M, Index(P.PrefetchAboveBytes));
  if (P.RegisterPanels)
    Prefetch.Down =
        arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::ne, Fit, Index(0));
  return {Rows, Prefetch};
}

/// Emits @p Then where @p Cond holds and @p Else where it does not; only
/// @p Then where @p Cond is null.
void emitChoice(OpBuilder &B, Location Loc, Value Cond,
                function_ref<void(OpBuilder &, Location)> Then,
                function_ref<void(OpBuilder &, Location)> Else) {
  if (!Cond)
    return Then(B, Loc);
  scf::IfOp::create(
      B, Loc, Cond,
      [&](OpBuilder &B, Location Loc) {
        Then(B, Loc);
        scf::YieldOp::create(B, Loc);
      },
      [&](OpBuilder &B, Location Loc) {
        Else(B, Loc);
        scf::YieldOp::create(B, Loc);
      });
}

/// The plan of @p P's row-wise vector kernel for matrices of at most
/// P.PrefetchAboveBytes, which sit in a cache and are not prefetched:
/// P.CachedRowVectors blocks through y, square blocks transposed.
MatvecPlan cachedPlan(MatvecPlan P) {
  P.RegisterPanels = false;
  P.Chunk = P.Lanes;
  P.RowVectors = P.CachedRowVectors;
  P.PanelBytes = P.CachedPanelBytes;
  P.CachedRowVectors = 0;
  P.PrefetchAhead = 0;
  return P;
}

/// The plan of @p P's row-wise vector kernel for the matrices cachedPlan()
/// takes elsewhere, on Intel cores: P.IntelCachedRowVectors blocks of
/// P.IntelCachedLanes rows in registers, turned into columns a 128-bit
/// chunk at a time, within P.CachedPanelBytes, not prefetched.
MatvecPlan intelCachedPlan(MatvecPlan P) {
  P.RegisterPanels = true;
  P.Lanes = P.IntelCachedLanes;
  int64_t Chunk = raise::chunkLanes(
      VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Matrix->get())));
  P.Chunk = Chunk ? Chunk : P.Lanes;
  P.RowVectors = P.IntelCachedRowVectors;
  P.PanelBytes = P.CachedPanelBytes;
  P.CachedRowVectors = 0;
  P.IntelCachedRowVectors = 0;
  P.StreamLanes = 0;
  P.PrefetchAhead = 0;
  return P;
}

/// The plan of @p P's row-wise vector kernel for matrices of more than
/// P.PrefetchAboveBytes, which come from memory: always prefetched, and on
/// vectors of P.StreamLanes where set.
MatvecPlan streamPlan(MatvecPlan P) {
  P.PrefetchAboveBytes = 0;
  P.CachedRowVectors = 0;
  if (!P.StreamLanes)
    return P;
  P.Lanes = P.StreamLanes;
  P.StreamLanes = 0;
  int64_t Chunk = raise::chunkLanes(
      VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Matrix->get())));
  P.Chunk = Chunk && P.RegisterPanels ? Chunk : P.Lanes;
  return P;
}

/// Emits @p P's row-wise vector kernel over a matrix of @p M rows by
/// @p Emit: where P.CachedRowVectors or P.StreamLanes is set, streamPlan()
/// for matrices beyond P.PrefetchAboveBytes, else cachedPlan() (or @p P),
/// chosen at run time from the matrix's size. On Zen 5 (f32, AVX-512)
/// panels of up to four blocks through y run 1.2-1.5x faster than two in
/// registers where A is in L2 or L3 (288 x 768: 32 -> 48 GFLOP/s), and
/// 0.7-0.8x from memory. On Intel cores (P.OnIntel) those take
/// intelCachedPlan() instead, where P.IntelCachedRowVectors is set.
void emitBySize(OpBuilder &B, Location Loc, MatvecPlan P, Value M,
                function_ref<void(OpBuilder &, Location, MatvecPlan)> Emit) {
  if ((!P.CachedRowVectors && !P.StreamLanes) || !P.PrefetchAboveBytes)
    return Emit(B, Loc, P);
  Value Large = largerThan(B, Loc, P, M, memoryBytes(B, Loc, P));
  MatvecPlan Small = P.CachedRowVectors ? cachedPlan(P) : P;
  Small.StreamLanes = 0;
  Small.PrefetchAhead = 0;
  auto EmitCached = [&](OpBuilder &B, Location Loc) {
    if (!P.IntelCachedRowVectors || !P.OnIntel)
      return Emit(B, Loc, Small);
    emitChoice(
        B, Loc, P.OnIntel,
        [&](OpBuilder &B, Location Loc) { Emit(B, Loc, intelCachedPlan(P)); },
        [&](OpBuilder &B, Location Loc) { Emit(B, Loc, Small); });
  };
  emitChoice(
      B, Loc, Large,
      [&](OpBuilder &B, Location Loc) { Emit(B, Loc, streamPlan(P)); },
      EmitCached);
}

/// Emits the scalar kernel of @p P, whose matrix's rows are not contiguous
/// (a view with stride: every other element of each row), over @p M rows of
/// @p N columns: @p Rows rows side by side (independent sums, which LLVM
/// gathers into vectors across the rows) where the matrix is in a cache
/// and its rows hold at least MinStridedRowLength elements, else one row
/// after another, as the source's loops run. On Zen 5 (f32, stride 2) the
/// rows side by side ran 3.5x faster than clang's loops on 2000 x 500 (8
/// MB), but 1.06-5.4x slower from memory, where the gathers are not
/// prefetched (20000 x 500, 1000000 x 8), and 1.03-1.14x slower in a cache
/// on rows of 8 and 16 (100000 x 8, 50000 x 16; 1.14x faster on rows of
/// 32); one row after another ran 1.0-1.2x the source's speed in each.
void emitStridedRows(OpBuilder &B, Location Loc, MatvecPlan P, Value M, Value N,
                     int64_t Rows) {
  constexpr int64_t MinStridedRowLength = 32;
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  auto OneByOne = [&](OpBuilder &B, Location Loc) {
    scf::ForOp::create(B, Loc, Index(0), M, Index(1), ValueRange{},
                       [&](OpBuilder &B, Location Loc, Value Row, ValueRange) {
                         emitRows(B, Loc, P, Row, 1, N);
                         scf::YieldOp::create(B, Loc);
                       });
  };
  if (Rows <= 1 || !P.PrefetchAboveBytes)
    return OneByOne(B, Loc);
  Value Cached = arith::XOrIOp::create(
      B, Loc, largerThan(B, Loc, P, M, memoryBytes(B, Loc, P)),
      arith::ConstantIntOp::create(B, Loc, 1, 1));
  Value Long = arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::uge, N,
                                     Index(MinStridedRowLength));
  emitChoice(
      B, Loc, arith::AndIOp::create(B, Loc, Cached, Long),
      [&](OpBuilder &B, Location Loc) {
        emitRowBlocks(
            B, Loc, M, Index(Rows), Rows,
            [&](OpBuilder &B, Location Loc, Value Row0, Value) {
              emitRows(B, Loc, P, Row0, Rows, N);
            },
            [&](OpBuilder &B, Location Loc, Value Row) {
              emitRows(B, Loc, P, Row, 1, N);
            });
      },
      OneByOne);
}

/// @p Base plus @p Offset.
Value offset(OpBuilder &B, Location Loc, Value Base, int64_t Offset) {
  if (!Offset)
    return Base;
  return arith::AddIOp::create(B, Loc, Base,
                               arith::ConstantIndexOp::create(B, Loc, Offset));
}

/// Prefetches each of the rows @p RowIdx of @p P's matrix at column
/// @p Column, if given, without temporal locality: the hardware's
/// prefetchers follow few of these many interleaved streams (on Zen 5, 16
/// rows 16 KiB apart: atax 27 -> 35 GFLOP/s, gesummv's two products 13.6 ->
/// 17.5), and each line is read once.
void prefetchRows(OpBuilder &B, Location Loc, MatvecPlan P,
                  ArrayRef<Value> RowIdx, Value Column) {
  if (!Column)
    return;
  auto Prefetch = [&](int64_t Locality) {
    for (Value Row : RowIdx)
      memref::PrefetchOp::create(B, Loc, P.Matrix->get(),
                                 ValueRange{Row, Column},
                                 /*isWrite=*/false, Locality,
                                 /*isDataCache=*/true);
  };
  raise::emitByVendor(B, Loc, P.OnIntel, P.IntelPrefetchLocality,
                      /*Locality=*/0, Prefetch);
}

/// Sets P.OnIntel, at @p B's insertion point, where @p P's vector kernel
/// prefetches otherwise on Intel cores.
void readVendor(OpBuilder &B, Location Loc, MatvecPlan &P) {
  if (!P.CacheQuery || !P.Lanes ||
      (P.IntelPrefetchLocality <= 0 && !P.IntelCachedRowVectors))
    return;
  P.OnIntel = raise::isIntelCore(B, Loc, P.CacheQuery);
}

/// Applies the columns [@p J0, @p J0 + P.Chunk) of the rows @p RowIdx (one
/// per lane) to their accumulator @p Sum in j order and returns it. The
/// block of A is loaded a 128-bit chunk of a row at a time, each vector
/// holding one chunk of every P.Chunk-th row, and turned into columns by
/// interleaving within the chunks (transposeChunks); where the lanes do not
/// come in chunks, a square block of whole rows is transposed.
Value applyColumns(OpBuilder &B, Location Loc, MatvecPlan P,
                   const IRMapping &Outside, ArrayRef<Value> RowIdx, Value J0,
                   Value Sum) {
  Type Element = getElementTypeOrSelf(P.Matrix->get());
  auto XTy = VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Vector->get()));
  SmallVector<Value> Columns;
  if (P.Chunk == P.Lanes) {
    SmallVector<Value> Rows;
    for (Value Row : RowIdx)
      Rows.push_back(
          vector::LoadOp::create(B, Loc, VectorType::get({P.Lanes}, Element),
                                 P.Matrix->get(), ValueRange{Row, J0}));
    Columns = raise::transposeInRegisters(B, Loc, Rows);
  } else {
    SmallVector<Value> Vectors;
    for (int64_t K = 0; K < P.Chunk; ++K) {
      SmallVector<Value> Chunks;
      for (int64_t Q = 0; Q < P.Lanes / P.Chunk; ++Q)
        Chunks.push_back(vector::LoadOp::create(
            B, Loc, VectorType::get({P.Chunk}, Element), P.Matrix->get(),
            ValueRange{RowIdx[Q * P.Chunk + K], J0}));
      Vectors.push_back(raise::concatenate(B, Loc, Chunks));
    }
    Columns = raise::transposeChunks(B, Loc, Vectors);
  }
  for (auto [C, Column] : llvm::enumerate(Columns)) {
    Value J = arith::AddIOp::create(B, Loc, J0,
                                    arith::ConstantIndexOp::create(B, Loc, C));
    Value X = vector::BroadcastOp::create(
        B, Loc, XTy, memref::LoadOp::create(B, Loc, P.Vector->get(), J));
    Sum = emitBody(B, P, Outside, P.Lanes, Column, X, Sum);
  }
  return Sum;
}

/// Applies column @p J of the rows @p RowIdx, gathered, to their
/// accumulator @p Sum and returns it.
Value applyColumn(OpBuilder &B, Location Loc, MatvecPlan P,
                  const IRMapping &Outside, ArrayRef<Value> RowIdx, Value J,
                  Value Sum) {
  auto MatrixTy =
      VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Matrix->get()));
  auto XTy = VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Vector->get()));
  SmallVector<Value> Column;
  for (Value Row : RowIdx)
    Column.push_back(
        memref::LoadOp::create(B, Loc, P.Matrix->get(), ValueRange{Row, J}));
  Value A = vector::FromElementsOp::create(B, Loc, MatrixTy, Column);
  Value X = vector::BroadcastOp::create(
      B, Loc, XTy, memref::LoadOp::create(B, Loc, P.Vector->get(), J));
  return emitBody(B, P, Outside, P.Lanes, A, X, Sum);
}

/// The rows P.Lanes rows from @p Base on.
SmallVector<Value> blockRows(OpBuilder &B, Location Loc, MatvecPlan P,
                             Value Base) {
  SmallVector<Value> RowIdx;
  for (int64_t R = 0; R < P.Lanes; ++R)
    RowIdx.push_back(arith::AddIOp::create(
        B, Loc, Base, arith::ConstantIndexOp::create(B, Loc, R)));
  return RowIdx;
}

/// Column @p J0 plus @p Ahead, clamped to the row (a prefetch past it would
/// be out of bounds); null without prefetches.
Value prefetchColumn(OpBuilder &B, Location Loc, Value J0, Value Ahead,
                     Value N) {
  if (!Ahead)
    return Value();
  return arith::MinSIOp::create(
      B, Loc, arith::AddIOp::create(B, Loc, J0, Ahead),
      arith::SubIOp::create(B, Loc, N,
                            arith::ConstantIndexOp::create(B, Loc, 1)));
}

/// Emits the @p Blocks blocks of P.Lanes rows from @p Row0 on, the rows of
/// each block the lanes of one accumulator vector, all kept in registers
/// through the j loop: blocks of P.Lanes columns by applyColumns on each
/// block of rows in turn, a chunk of columns at a time, then the columns
/// after the last whole block one by one. A block's multiply-adds are one
/// chain, at the latency of one multiply-add per column (on Zen 3, 8 x 8 f32
/// take 32 cycles against about 12 for its loads and unpacks): the
/// independent chains of several blocks overlap (Zen 3, 288 x 288 f32: 15
/// -> 22 GFLOP/s with two blocks here against four through y; with three
/// or four, the rows' addresses and the blocks spill).
void emitRowVectors(OpBuilder &B, Location Loc, MatvecPlan P,
                    const IRMapping &Outside, Value Row0, int64_t Blocks,
                    Value N, const RowPrefetch &Prefetch, Prefetching How) {
  auto OutTy = VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Out->get()));
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  SmallVector<Value> Bases, Init;
  SmallVector<SmallVector<Value>> RowIdx;
  for (int64_t Block = 0; Block < Blocks; ++Block) {
    Bases.push_back(
        Block ? arith::AddIOp::create(B, Loc, Row0, Index(Block * P.Lanes))
              : Row0);
    RowIdx.push_back(blockRows(B, Loc, P, Bases.back()));
    Init.push_back(
        vector::LoadOp::create(B, Loc, OutTy, P.Out->get(), Bases.back()));
  }
  // The next panel's rows, or the last whole panel's (a prefetch past the
  // matrix would be out of bounds).
  SmallVector<Value> NextRows;
  if (How == Prefetching::Down) {
    Value Panel = Index(Blocks * P.Lanes);
    Value First = arith::MinUIOp::create(
        B, Loc, arith::AddIOp::create(B, Loc, Row0, Panel),
        arith::SubIOp::create(B, Loc, Prefetch.M, Panel));
    for (int64_t Row = 0; Row < Blocks * P.Lanes; ++Row)
      NextRows.push_back(arith::AddIOp::create(B, Loc, First, Index(Row)));
  }
  Value Step = Index(P.Lanes);
  Value Full = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, N, Step), Step);
  // Each block's accumulator updated by @p Apply(its rows, the accumulator).
  auto EachBlock =
      [&](OpBuilder &B, ValueRange Accs,
          function_ref<Value(OpBuilder &, ArrayRef<Value>, Value)> Apply) {
        SmallVector<Value> Next;
        for (int64_t Block = 0; Block < Blocks; ++Block)
          Next.push_back(Apply(B, RowIdx[Block], Accs[Block]));
        return Next;
      };
  auto Whole = scf::ForOp::create(
      B, Loc, Index(0), Full, Step, Init,
      [&](OpBuilder &B, Location Loc, Value J0, ValueRange Accs) {
        if (How == Prefetching::Down) {
          prefetchRows(B, Loc, P, NextRows, J0);
        } else if (How == Prefetching::Along) {
          Value Column = prefetchColumn(B, Loc, J0, Prefetch.Ahead, N);
          for (ArrayRef<Value> Rows : RowIdx)
            prefetchRows(B, Loc, P, Rows, Column);
        }
        // A chunk of columns at a time for all blocks, so that only one
        // chunk's broadcasts of x are live.
        SmallVector<Value> Next(Accs);
        for (int64_t C = 0; C < P.Lanes; C += P.Chunk) {
          Value Columns = offset(B, Loc, J0, C);
          Next = EachBlock(
              B, Next, [&](OpBuilder &B, ArrayRef<Value> Rows, Value Acc) {
                return applyColumns(B, Loc, P, Outside, Rows, Columns, Acc);
              });
        }
        scf::YieldOp::create(B, Loc, Next);
      });
  auto Rest = scf::ForOp::create(
      B, Loc, Full, N, Index(1), Whole.getResults(),
      [&](OpBuilder &B, Location Loc, Value J, ValueRange Accs) {
        scf::YieldOp::create(
            B, Loc,
            EachBlock(B, Accs,
                      [&](OpBuilder &B, ArrayRef<Value> Rows, Value Acc) {
                        return applyColumn(B, Loc, P, Outside, Rows, J, Acc);
                      }));
      });
  for (int64_t Block = 0; Block < Blocks; ++Block)
    vector::StoreOp::create(B, Loc, Rest.getResult(Block), P.Out->get(),
                            Bases[Block]);
}

/// Applies the columns [@p J0, @p J0 + P.Lanes) of the rows @p RowIdx to
/// their accumulator @p Sum, each row prefetched at column @p Column first
/// (if given), and returns it.
Value applyColumnBlock(OpBuilder &B, Location Loc, MatvecPlan P,
                       const IRMapping &Outside, ArrayRef<Value> RowIdx,
                       Value J0, Value Column, Value Sum) {
  prefetchRows(B, Loc, P, RowIdx, Column);
  for (int64_t C = 0; C < P.Lanes; C += P.Chunk)
    Sum = applyColumns(B, Loc, P, Outside, RowIdx, offset(B, Loc, J0, C), Sum);
  return Sum;
}

/// Emits the panel of @p Count rows from @p Row0 on (a multiple of P.Lanes,
/// more than P.Lanes) in blocks of P.Lanes rows, each block's rows the
/// lanes of one accumulator kept in y: for each block of P.Lanes columns,
/// applyColumnBlock on each block of rows in turn, then the columns after
/// the last whole block one by one. A block's multiply-adds are one chain
/// (on Zen 5, 16 columns take 64 cycles of latency); the blocks follow one
/// another in the inner loop, so that the out-of-order core overlaps their
/// chains, and need no more registers than one.
void emitRowPanel(OpBuilder &B, Location Loc, MatvecPlan P,
                  const IRMapping &Outside, Value Row0, Value Count, Value N,
                  const RowPrefetch &Prefetch, Prefetching How) {
  auto OutTy = VectorType::get({P.Lanes}, getElementTypeOrSelf(P.Out->get()));
  Value Step = arith::ConstantIndexOp::create(B, Loc, P.Lanes);
  Value End = arith::AddIOp::create(B, Loc, Row0, Count);
  Value Full = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, N, Step), Step);
  // Each block of rows: @p Body(its rows, its accumulator) returns the
  // accumulator updated.
  auto ForEachBlock =
      [&](OpBuilder &B,
          function_ref<Value(OpBuilder &, ArrayRef<Value>, Value)> Body) {
        scf::ForOp::create(
            B, Loc, Row0, End, Step, ValueRange{},
            [&](OpBuilder &B, Location Loc, Value Base, ValueRange) {
              Value Acc = vector::LoadOp::create(B, Loc, OutTy, P.Out->get(),
                                                 ValueRange{Base});
              vector::StoreOp::create(B, Loc,
                                      Body(B, blockRows(B, Loc, P, Base), Acc),
                                      P.Out->get(), ValueRange{Base});
              scf::YieldOp::create(B, Loc);
            });
      };
  scf::ForOp::create(
      B, Loc, arith::ConstantIndexOp::create(B, Loc, 0), Full, Step,
      ValueRange{}, [&](OpBuilder &B, Location Loc, Value J0, ValueRange) {
        Value Column;
        if (How == Prefetching::Along)
          Column = prefetchColumn(B, Loc, J0, Prefetch.Ahead, N);
        ForEachBlock(B, [&](OpBuilder &B, ArrayRef<Value> RowIdx, Value Sum) {
          return applyColumnBlock(B, Loc, P, Outside, RowIdx, J0, Column, Sum);
        });
        scf::YieldOp::create(B, Loc);
      });
  ForEachBlock(B, [&](OpBuilder &B, ArrayRef<Value> RowIdx, Value Acc) {
    auto Rest = scf::ForOp::create(
        B, Loc, Full, N, arith::ConstantIndexOp::create(B, Loc, 1), Acc,
        [&](OpBuilder &B, Location Loc, Value J, ValueRange Acc) {
          scf::YieldOp::create(
              B, Loc, applyColumn(B, Loc, P, Outside, RowIdx, J, Acc[0]));
        });
    return Rest.getResult(0);
  });
}

/// Emits the rows [@p Row0, @p Row0 + @p Count) of the row-wise vector
/// kernel, @p Count a multiple of P.Lanes up to P.RowVectors blocks of
/// them, prefetching as @p Prefetch decides at run time: with
/// P.RegisterPanels, one kernel per number of blocks, each with its
/// accumulators in registers; otherwise one block in a register, or a
/// panel of them through y.
void emitRowBlock(OpBuilder &B, Location Loc, MatvecPlan P,
                  const IRMapping &Outside, Value Row0, Value Count, Value N,
                  const RowPrefetch &Prefetch) {
  auto Index = [&](OpBuilder &B, int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  auto EmitKernel = [&](OpBuilder &B, Prefetching How) {
    if (P.RowVectors == 1)
      return emitRowVectors(B, Loc, P, Outside, Row0, 1, N, Prefetch, How);
    if (!P.RegisterPanels) {
      Value One = arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::eq, Count,
                                        Index(B, P.Lanes));
      scf::IfOp::create(
          B, Loc, One,
          [&](OpBuilder &B, Location Loc) {
            emitRowVectors(B, Loc, P, Outside, Row0, 1, N, Prefetch, How);
            scf::YieldOp::create(B, Loc);
          },
          [&](OpBuilder &B, Location Loc) {
            emitRowPanel(B, Loc, P, Outside, Row0, Count, N, Prefetch, How);
            scf::YieldOp::create(B, Loc);
          });
      return;
    }
    Value Blocks = arith::DivUIOp::create(B, Loc, Count, Index(B, P.Lanes));
    SmallVector<int64_t> Cases =
        llvm::to_vector(llvm::seq<int64_t>(2, P.RowVectors + 1));
    auto Switch = scf::IndexSwitchOp::create(B, Loc, TypeRange{}, Blocks, Cases,
                                             Cases.size());
    auto Emit = [&](Region &Case, int64_t Count) {
      OpBuilder::InsertionGuard Guard(B);
      B.setInsertionPointToStart(&Case.emplaceBlock());
      emitRowVectors(B, Loc, P, Outside, Row0, Count, N, Prefetch, How);
      scf::YieldOp::create(B, Loc);
    };
    Emit(Switch.getDefaultRegion(), 1);
    for (auto [Case, Count] : llvm::zip(Switch.getCaseRegions(), Cases))
      Emit(Case, Count);
  };
  if (!Prefetch.Ahead)
    return EmitKernel(B, Prefetching::None);
  Prefetching Deep = Prefetch.Down ? Prefetching::Down : Prefetching::Along;
  emitChoice(
      B, Loc, Prefetch.Large,
      [&](OpBuilder &B, Location Loc) {
        emitChoice(
            B, Loc, Prefetch.Down,
            [&](OpBuilder &B, Location) { EmitKernel(B, Deep); },
            [&](OpBuilder &B, Location) { EmitKernel(B, Prefetching::Along); });
      },
      [&](OpBuilder &B, Location) { EmitKernel(B, Prefetching::None); });
}

/// How many rows ahead the reassociating kernel of @p P prefetches, at run
/// time from the row stride: P.ReassocPrefetchBytes of the matrix, at least
/// one row; and whether the @p M rows are large enough for it: a matrix
/// that may sit in a second-level cache (2 MiB, the largest among the cores
/// measured) is read without prefetches, which there only take issue slots
/// (Zen 5, 288 x 288 f32: 62 -> 57 GFLOP/s with them). Null for none.
std::pair<Value, Value> reassocPrefetchRows(OpBuilder &B, Location Loc,
                                            MatvecPlan P, Value M) {
  constexpr int64_t LargeBytes = 2 << 20;
  if (!P.ReassocPrefetchBytes)
    return {};
  auto Index = [&](int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  Value RowBytes = rowsBytes(B, Loc, P, 1);
  Value Rows = arith::DivUIOp::create(
      B, Loc, Index(P.ReassocPrefetchBytes),
      arith::MaxUIOp::create(B, Loc, RowBytes, Index(1)));
  return {arith::MaxUIOp::create(B, Loc, Rows, Index(1)),
          largerThan(B, Loc, P, M, Index(LargeBytes))};
}

/// Emits row @p Row of @p P summed along j from zero in P.ReassocLanes
/// lanes, in four vectors (so that the multiply-adds of a step are
/// independent), as clang vectorizes such a loop itself; the columns after
/// the last whole step a vector at a time, the last masked; then the lanes
/// added up and to y(i). Only where reassocLanes allows it. One row at a
/// time reads A as one stream: on Zen 5, four rows sharing each vector of x
/// ran at 0.85-0.9x clang's own loop where A comes from L3 or memory. Each
/// line is prefetched from row @p Ahead (some rows further on), if given:
/// the demand loads of a whole row at once outrun the hardware's
/// prefetchers (Zen 5, 4096 x 256 from L3: 50 -> 58 GFLOP/s; 32000 x 288
/// from memory: 15 -> 17-19).
void emitRowReassoc(OpBuilder &B, Location Loc, MatvecPlan P,
                    const IRMapping &Outside, Value Row, Value Ahead, Value N) {
  constexpr int64_t Unroll = 4;
  int64_t L = P.ReassocLanes;
  // One prefetch per cache line of 64 bytes.
  int64_t LineElements = std::max<int64_t>(
      1, 512 / getElementTypeOrSelf(P.Matrix->get()).getIntOrFloatBitWidth());
  auto Index = [&](OpBuilder &B, int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  auto AccTy = VectorType::get({L}, getElementTypeOrSelf(P.Out->get()));
  auto MatrixTy = VectorType::get({L}, getElementTypeOrSelf(P.Matrix->get()));
  auto XTy = VectorType::get({L}, getElementTypeOrSelf(P.Vector->get()));
  auto Flags = arith::FastMathFlags::reassoc | arith::FastMathFlags::nsz;
  Value Zero = arith::ConstantOp::create(B, Loc, B.getZeroAttr(AccTy));
  Value Step = Index(B, L * Unroll);
  Value Full = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, N, Step), Step);
  auto Steps = scf::ForOp::create(
      B, Loc, Index(B, 0), Full, Step, SmallVector<Value>(Unroll, Zero),
      [&](OpBuilder &B, Location Loc, Value J0, ValueRange Accs) {
        SmallVector<Value> Next;
        for (int64_t U = 0; U < Unroll; ++U) {
          Value J = arith::AddIOp::create(B, Loc, J0, Index(B, U * L));
          Value X = vector::LoadOp::create(B, Loc, XTy, P.Vector->get(),
                                           ValueRange{J});
          if (Ahead && U * L % LineElements == 0)
            memref::PrefetchOp::create(B, Loc, P.Matrix->get(),
                                       ValueRange{Ahead, J},
                                       /*isWrite=*/false, /*localityHint=*/3,
                                       /*isDataCache=*/true);
          Value A = vector::LoadOp::create(B, Loc, MatrixTy, P.Matrix->get(),
                                           ValueRange{Row, J});
          Next.push_back(emitBody(B, P, Outside, L, A, X, Accs[U]));
        }
        scf::YieldOp::create(B, Loc, Next);
      });
  // The columns after the last whole step, a vector at a time, then the
  // vector the row ends in, if partial, masked: its lanes past the row add
  // zeros. Only that one is masked: on Zen 5 masked loads of every vector
  // left held 32000 x 288 f32 from memory to 0.8x clang's own loop.
  Value Whole = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, N, Index(B, L)), Index(B, L));
  auto Vectors = [&](Value Begin, Value End, ValueRange Init, bool Masked) {
    return scf::ForOp::create(
        B, Loc, Begin, End, Index(B, L), Init,
        [&](OpBuilder &B, Location Loc, Value J, ValueRange Accs) {
          if (Ahead)
            memref::PrefetchOp::create(B, Loc, P.Matrix->get(),
                                       ValueRange{Ahead, J},
                                       /*isWrite=*/false, /*localityHint=*/3,
                                       /*isDataCache=*/true);
          Value X, A;
          if (Masked) {
            Value Mask = vector::CreateMaskOp::create(
                B, Loc, VectorType::get({L}, B.getI1Type()),
                ValueRange{arith::SubIOp::create(B, Loc, N, J)});
            X = vector::MaskedLoadOp::create(
                B, Loc, XTy, P.Vector->get(), ValueRange{J}, Mask,
                arith::ConstantOp::create(B, Loc, B.getZeroAttr(XTy)));
            A = vector::MaskedLoadOp::create(
                B, Loc, MatrixTy, P.Matrix->get(), ValueRange{Row, J}, Mask,
                arith::ConstantOp::create(B, Loc, B.getZeroAttr(MatrixTy)));
          } else {
            X = vector::LoadOp::create(B, Loc, XTy, P.Vector->get(),
                                       ValueRange{J});
            A = vector::LoadOp::create(B, Loc, MatrixTy, P.Matrix->get(),
                                       ValueRange{Row, J});
          }
          SmallVector<Value> Next(Accs);
          Next[0] = emitBody(B, P, Outside, L, A, X, Accs[0]);
          scf::YieldOp::create(B, Loc, Next);
        });
  };
  scf::ForOp Rest = Vectors(Full, Whole, Steps.getResults(), false);
  Rest = Vectors(Whole, N, Rest.getResults(), true);
  Value Lanes = Rest.getResult(0);
  for (int64_t U = 1; U < Unroll; ++U)
    Lanes = arith::AddFOp::create(B, Loc, Lanes, Rest.getResult(U), Flags);
  Value Sum = vector::ReductionOp::create(B, Loc, vector::CombiningKind::ADD,
                                          Lanes, Flags);
  Value Y = memref::LoadOp::create(B, Loc, P.Out->get(), Row);
  memref::StoreOp::create(B, Loc, arith::AddFOp::create(B, Loc, Y, Sum, Flags),
                          P.Out->get(), Row);
}

/// Emits @p P's reassociating kernel over the @p M rows of @p N columns,
/// row after row: prefetched where reassocPrefetchRows() says so, and on
/// vectors of P.StreamLanes beyond P.PrefetchAboveBytes where set (Zen 5,
/// 32000 x 288 f32 from memory: 21 -> 25 GFLOP/s; see streamPlan()).
void emitReassoc(OpBuilder &B, Location Loc, MatvecPlan P, Value M, Value N) {
  auto EmitRows = [&](OpBuilder &B, Location Loc, MatvecPlan Plan,
                      Value AheadRows) {
    IRMapping Outside = broadcastOutsideValues(B, Loc, Plan);
    Value One = arith::ConstantIndexOp::create(B, Loc, 1);
    scf::ForOp::create(
        B, Loc, arith::ConstantIndexOp::create(B, Loc, 0), M, One, ValueRange{},
        [&](OpBuilder &B, Location Loc, Value Row, ValueRange) {
          // Clamped to the last row: past it would be out of bounds.
          Value Ahead;
          if (AheadRows)
            Ahead = arith::MinUIOp::create(
                B, Loc, arith::AddIOp::create(B, Loc, Row, AheadRows),
                arith::SubIOp::create(B, Loc, M, One));
          emitRowReassoc(B, Loc, Plan, Outside, Row, Ahead, N);
          scf::YieldOp::create(B, Loc);
        });
  };
  // Plain values: lambdas may not capture structured bindings (C++17).
  Value AheadRows, Large;
  std::tie(AheadRows, Large) = reassocPrefetchRows(B, Loc, P, M);
  if (!AheadRows)
    return EmitRows(B, Loc, P, Value());
  auto Prefetched = [&](OpBuilder &B, Location Loc) {
    if (!P.StreamLanes || !P.PrefetchAboveBytes)
      return EmitRows(B, Loc, P, AheadRows);
    MatvecPlan Stream = P;
    Stream.Lanes = Stream.ReassocLanes = P.StreamLanes;
    emitChoice(
        B, Loc, largerThan(B, Loc, P, M, memoryBytes(B, Loc, P)),
        [&](OpBuilder &B, Location Loc) {
          EmitRows(B, Loc, Stream, AheadRows);
        },
        [&](OpBuilder &B, Location Loc) { EmitRows(B, Loc, P, AheadRows); });
  };
  emitChoice(B, Loc, Large, Prefetched,
             [&](OpBuilder &B, Location Loc) { EmitRows(B, Loc, P, Value()); });
}

/// The end of the whole vectors of P.Lanes outputs in [@p Begin, @p End);
/// @p Begin if the kernels are scalar.
Value vectorEnd(OpBuilder &B, Location Loc, MatvecPlan P, Value Begin,
                Value End) {
  if (!P.Lanes)
    return Begin;
  Value Lanes = arith::ConstantIndexOp::create(B, Loc, P.Lanes);
  Value Whole = arith::DivUIOp::create(
      B, Loc, arith::SubIOp::create(B, Loc, End, Begin), Lanes);
  return arith::AddIOp::create(B, Loc, Begin,
                               arith::MulIOp::create(B, Loc, Whole, Lanes));
}

/// Emits what row @p J of the matrix adds to the outputs [@p Begin, @p End)
/// of the transposed product @p P: whole vectors up to @p VectorEnd, then
/// one output at a time. @p Outside maps what the body uses from outside it
/// to broadcasts.
void emitTransposedRow(OpBuilder &B, Location Loc, MatvecPlan P,
                       const IRMapping &Outside, Value J, Value Begin,
                       Value VectorEnd, Value End) {
  auto Index = [&](OpBuilder &B, int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  Value X = memref::LoadOp::create(B, Loc, P.Vector->get(), ValueRange{J});
  if (P.Lanes) {
    Value XS = vector::BroadcastOp::create(
        B, Loc, VectorType::get({P.Lanes}, X.getType()), X);
    auto TypeOf = [&](OpOperand *Operand) {
      return VectorType::get({P.Lanes}, getElementTypeOrSelf(Operand->get()));
    };
    scf::ForOp::create(
        B, Loc, Begin, VectorEnd, Index(B, P.Lanes), ValueRange{},
        [&](OpBuilder &B, Location Loc, Value I, ValueRange) {
          Value A = vector::LoadOp::create(B, Loc, TypeOf(P.Matrix),
                                           P.Matrix->get(), ValueRange{J, I});
          Value Y =
              vector::LoadOp::create(B, Loc, TypeOf(P.Out), P.Out->get(), I);
          vector::StoreOp::create(B, Loc,
                                  emitBody(B, P, Outside, P.Lanes, A, XS, Y),
                                  P.Out->get(), I);
          scf::YieldOp::create(B, Loc);
        });
  }
  scf::ForOp::create(
      B, Loc, VectorEnd, End, Index(B, 1), ValueRange{},
      [&](OpBuilder &B, Location Loc, Value I, ValueRange) {
        Value A =
            memref::LoadOp::create(B, Loc, P.Matrix->get(), ValueRange{J, I});
        Value Y = memref::LoadOp::create(B, Loc, P.Out->get(), I);
        memref::StoreOp::create(B, Loc, emitBody(B, P, IRMapping(), 0, A, X, Y),
                                P.Out->get(), I);
        scf::YieldOp::create(B, Loc);
      });
}

/// Emits the transposed product of @p P, M outputs and N terms each: for
/// every block of @p Columns outputs, a j loop over the matrix's rows around
/// an i loop along the row, on vectors of P.Lanes outputs where P.Lanes is
/// not 0, with the outputs after the last whole vector one at a time. With
/// @p Update, the first block's pass updates each row just before reading it
/// (RowUpdates.h).
void emitTransposed(OpBuilder &B, Location Loc, MatvecPlan P, Value M, Value N,
                    int64_t Columns, affine::AffineForOp Update) {
  auto Index = [&](OpBuilder &B, int64_t V) {
    return arith::ConstantIndexOp::create(B, Loc, V);
  };
  IRMapping Outside;
  if (P.Lanes)
    Outside = broadcastOutsideValues(B, Loc, P);
  Value Step = Index(B, Columns);
  scf::ForOp::create(
      B, Loc, Index(B, 0), M, Step, ValueRange{},
      [&](OpBuilder &B, Location Loc, Value I0, ValueRange) {
        Value End = arith::MinUIOp::create(
            B, Loc, arith::AddIOp::create(B, Loc, I0, Step), M);
        Value VectorEnd = vectorEnd(B, Loc, P, I0, End);
        scf::ForOp::create(
            B, Loc, Index(B, 0), N, Index(B, 1), ValueRange{},
            [&](OpBuilder &B, Location Loc, Value J, ValueRange) {
              if (Update)
                scf::IfOp::create(
                    B, Loc,
                    arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::eq, I0,
                                          Index(B, 0)),
                    [&](OpBuilder &B, Location Loc) {
                      raise::emitRowUpdate(B, Loc, Update, J);
                      scf::YieldOp::create(B, Loc);
                    });
              emitTransposedRow(B, Loc, P, Outside, J, I0, VectorEnd, End);
              scf::YieldOp::create(B, Loc);
            });
        scf::YieldOp::create(B, Loc);
      });
}

/// True if the row-wise product @p Rows and the transposed product @p Cols
/// of the same matrix, one after the other in either order with only pure
/// operations between them (emitted together in place of the second), may
/// run row
/// block by row block together: for each block, the rows of @p Rows, then
/// what those rows of the matrix add to the outputs of @p Cols. Each output
/// still sees its terms in order; neither writes what the other reads,
/// except that @p Cols may read the outputs of a @p Rows before it (atax:
/// tmp = A x, then y = A^T tmp), which each block has computed by then.
/// Distinct memrefs are distinct arrays (the region's run-time check).
bool fusable(MatvecPlan Rows, MatvecPlan Cols) {
  if (Rows.Transposed || !Cols.Transposed || !Rows.Lanes ||
      Rows.Lanes != Cols.Lanes || Rows.Matrix->get() != Cols.Matrix->get())
    return false;
  bool RowsFirst = Rows.Op->isBeforeInBlock(Cols.Op);
  if (Rows.Op->getBlock() != Cols.Op->getBlock() ||
      !raise::onlyPureBetween(RowsFirst ? Rows.Op : Cols.Op,
                              RowsFirst ? Cols.Op : Rows.Op))
    return false;
  Value Matrix = raise::viewedMemref(Rows.Matrix->get());
  Value RowsOut = raise::viewedMemref(Rows.Out->get()),
        ColsOut = raise::viewedMemref(Cols.Out->get());
  Value RowsIn = raise::viewedMemref(Rows.Vector->get());
  Value ColsIn = raise::viewedMemref(Cols.Vector->get());
  if (RowsOut == Matrix || ColsOut == Matrix || RowsOut == ColsOut ||
      RowsOut == RowsIn || ColsOut == RowsIn || ColsOut == ColsIn)
    return false;
  if (ColsIn != RowsOut)
    return true;
  return RowsFirst && Cols.Vector->get() == Rows.Out->get();
}

/// Emits the fusable @p Rows and @p Cols together, the matrix being @p M x
/// @p N: the rows of each block stay in cache between the two. The fused
/// kernel never reassociates (the reassociating row kernel, row after row
/// with each row's transposed update after it, ran no faster: atax under
/// -ffast-math, LARGE, Zen 5, 1.40 ms either way, bicg 1.34 -> 1.49).
void emitFused(OpBuilder &B, Location Loc, MatvecPlan Rows, MatvecPlan Cols,
               Value M, Value N) {
  // As for the exact kernels, narrower vectors from memory pay only for
  // 32-bit elements (atax under -ffast-math, f64, Zen 5: 1.71-2.05 ms on
  // 256-bit vectors against 1.40-1.61 on 512-bit ones; bicg 2.34 -> 1.34).
  if (getElementTypeOrSelf(Rows.Matrix->get()).getIntOrFloatBitWidth() != 32)
    Rows.StreamLanes = 0;
  IRMapping ColsOutside = broadcastOutsideValues(B, Loc, Cols);
  Value Zero = arith::ConstantIndexOp::create(B, Loc, 0);
  Value VectorEnd = vectorEnd(B, Loc, Cols, Zero, N);
  auto AddRow = [&](OpBuilder &B, Location Loc, Value Row) {
    emitTransposedRow(B, Loc, Cols, ColsOutside, Row, Zero, VectorEnd, N);
  };
  emitBySize(B, Loc, Rows, M, [&](OpBuilder &B, Location Loc, MatvecPlan Plan) {
    // On the plan's lanes, which differ between plans.
    IRMapping RowsOutside = broadcastOutsideValues(B, Loc, Plan);
    // Plain values: lambdas may not capture structured bindings (C++17).
    Value PanelRows;
    RowPrefetch Prefetch;
    std::tie(PanelRows, Prefetch) = panelOf(B, Loc, Plan, M);
    emitRowBlocks(
        B, Loc, M, PanelRows, Plan.Lanes,
        [&](OpBuilder &B, Location Loc, Value Row0, Value Count) {
          emitRowBlock(B, Loc, Plan, RowsOutside, Row0, Count, N, Prefetch);
          scf::ForOp::create(
              B, Loc, Row0, arith::AddIOp::create(B, Loc, Row0, Count),
              arith::ConstantIndexOp::create(B, Loc, 1), ValueRange{},
              [&](OpBuilder &B, Location Loc, Value Row, ValueRange) {
                AddRow(B, Loc, Row);
                scf::YieldOp::create(B, Loc);
              });
        },
        [&](OpBuilder &B, Location Loc, Value Row) {
          emitRows(B, Loc, Plan, Row, 1, N);
          AddRow(B, Loc, Row);
        });
  });
}

struct RaiseTileMatvec
    : public raise::impl::RaiseTileMatvecBase<RaiseTileMatvec> {
  using Base::Base;

  void runOnOperation() override {
    if (rows < 1 || rowVectors < 1 || columns < 1 || vectorBits < 0 ||
        prefetchBytes < 0 || panelBytes < 0 || reassocPrefetchBytes < 0 ||
        cachedRowVectors < 0 || cachedPanelBytes < 0 || streamVectorBits < 0 ||
        intelCachedRowVectors < 0 || intelCachedVectorBits < 0) {
      getOperation().emitError(
          "raise-tile-matvec: rows, row-vectors and columns must be positive, "
          "vector-bits, prefetch-bytes, panel-bytes, reassoc-prefetch-bytes, "
          "cached-row-vectors, cached-panel-bytes, stream-vector-bits, "
          "intel-cached-row-vectors and intel-cached-vector-bits not "
          "negative");
      return signalPassFailure();
    }
    if (intelPrefetchLocality < -1 || intelPrefetchLocality > 3) {
      getOperation().emitError()
          << "raise-tile-matvec: intel-prefetch-locality must be a locality "
             "hint from 0 to 3 or -1 (none), not "
          << static_cast<int64_t>(intelPrefetchLocality);
      return signalPassFailure();
    }
    std::vector<MatvecPlan> Plans;
    getOperation().walk([&](linalg::GenericOp Op) {
      FailureOr<MatvecPlan> Plan = analyse(Op, vectorBits);
      if (failed(Plan))
        return;
      unsigned Bits =
          getElementTypeOrSelf(Plan->Matrix->get()).getIntOrFloatBitWidth();
      Plan->PrefetchAhead = llvm::divideCeil(prefetchBytes * 8, Bits);
      Plan->RowVectors = rowVectors;
      Plan->PanelBytes = panelBytes;
      // Measured for f32 (Zen 3): f64's fused products (PolyBench's atax
      // and bicg) ran 7-19% slower with them than through y.
      Plan->RegisterPanels = registerPanels && Bits == 32;
      // The panels through y were measured with square blocks.
      if (!Plan->RegisterPanels)
        Plan->Chunk = Plan->Lanes;
      Plan->PrefetchAboveBytes = prefetchAboveBytes;
      Plan->CachedRowVectors = cachedRowVectors;
      Plan->CachedPanelBytes = cachedPanelBytes;
      Plan->ReassocPrefetchBytes = reassocPrefetchBytes;
      Plan->IntelPrefetchLocality = intelPrefetchLocality;
      // Register panels, measured for f32 alone.
      if (intelCachedRowVectors && Plan->Lanes && Bits == 32) {
        Plan->IntelCachedLanes = vectorLanes(
            *Plan, intelCachedVectorBits ? intelCachedVectorBits : vectorBits);
        if (Plan->IntelCachedLanes)
          Plan->IntelCachedRowVectors = intelCachedRowVectors;
      }
      // Measured on Zen 5: f64's kernels through y ran 0.65-0.7x from
      // memory on 256-bit vectors (16000 x 288: 5.5-5.9 -> 3.6-3.7
      // GFLOP/s); its reassociating kernel 1.3-1.5x faster (9-10 ->
      // 13.5).
      if (streamVectorBits && Plan->Lanes &&
          (Bits == 32 || Plan->ReassocLanes)) {
        int64_t Lanes = vectorLanes(*Plan, streamVectorBits);
        if (Lanes < Plan->Lanes)
          Plan->StreamLanes = Lanes;
      }
      Plans.push_back(*Plan);
    });
    // Declared for the vector kernels; dropped below if none chose a kernel
    // by size.
    func::FuncOp Query;
    bool Declared = false;
    bool BySize =
        prefetchAboveBytes && llvm::any_of(Plans, [](const MatvecPlan &P) {
          return P.Lanes || !raise::hasUnitInnerStride(P.Matrix->get());
        });
    bool ByVendor = llvm::any_of(Plans, [&](const MatvecPlan &P) {
      return P.Lanes && (intelPrefetchLocality > 0 || P.IntelCachedRowVectors);
    });
    if (runtimeCaches && (BySize || ByVendor)) {
      Declared = !SymbolTable::lookupSymbolIn(getOperation(),
                                              raise::CacheQueryFunction);
      Query = raise::getOrDeclareCacheQuery(getOperation(), getArgument());
      if (!Query)
        return signalPassFailure();
      for (MatvecPlan &P : Plans)
        P.CacheQuery = Query;
    }
    for (size_t Index = 0; Index < Plans.size(); ++Index) {
      MatvecPlan P = Plans[Index];
      OpBuilder B(P.Op);
      // Vector kernels as written; scalar ones are LLVM's to vectorize.
      std::optional<raise::KeepLoopsAsWritten> Keep;
      if (P.Lanes)
        Keep.emplace(B);
      Location Loc = P.Op.getLoc();
      if (Index + 1 < Plans.size()) {
        MatvecPlan Next = Plans[Index + 1];
        std::optional<std::pair<MatvecPlan, MatvecPlan>> Pair;
        if (fusable(P, Next))
          Pair = {P, Next};
        else if (fusable(Next, P))
          Pair = {Next, P};
        if (Pair) {
          // In place of the second, where the operands of both are defined;
          // the row-wise product's loops are the matrix's rows and columns.
          B.setInsertionPoint(Next.Op);
          readVendor(B, Loc, Pair->first);
          Pair->second.OnIntel = Pair->first.OnIntel;
          auto [M, N] = loopSizes(B, Loc, Pair->first);
          emitFused(B, Loc, Pair->first, Pair->second, M, N);
          P.Op.erase();
          Next.Op.erase();
          ++Index;
          numLowered += 2;
          numVectorized += 2;
          ++numFused;
          continue;
        }
      }
      readVendor(B, Loc, P);
      // Plain values: lambdas may not capture structured bindings (C++17).
      Value M, N;
      std::tie(M, N) = loopSizes(B, Loc, P);
      if (P.Transposed) {
        affine::AffineForOp Update =
            raise::findRowUpdate(P.Op, P.Matrix->get(), P.Vector->get(),
                                 P.Out->get(), /*Rows=*/N, /*Columns=*/M);
        emitTransposed(B, Loc, P, M, N, columns, Update);
        if (Update) {
          Update.erase();
          ++numRowUpdates;
        }
      } else if (P.ReassocLanes) {
        emitReassoc(B, Loc, P, M, N);
      } else {
        // Scalar kernels on a matrix whose rows are not contiguous: rows
        // side by side only where it is in a cache and its rows are long.
        if (!P.Lanes && !raise::hasUnitInnerStride(P.Matrix->get())) {
          emitStridedRows(B, Loc, P, M, N, rows);
          P.Op.erase();
          ++numLowered;
          continue;
        }
        auto Emit = [&](OpBuilder &B, Location Loc, MatvecPlan Plan) {
          IRMapping Outside;
          if (Plan.Lanes)
            Outside = broadcastOutsideValues(B, Loc, Plan);
          Value Rows = arith::ConstantIndexOp::create(B, Loc, rows);
          RowPrefetch Prefetch;
          if (Plan.Lanes)
            std::tie(Rows, Prefetch) = panelOf(B, Loc, Plan, M);
          emitRowBlocks(
              B, Loc, M, Rows, Plan.Lanes ? Plan.Lanes : rows,
              [&](OpBuilder &B, Location Loc, Value Row0, Value Count) {
                if (Plan.Lanes)
                  emitRowBlock(B, Loc, Plan, Outside, Row0, Count, N, Prefetch);
                else
                  emitRows(B, Loc, Plan, Row0, rows, N);
              },
              [&](OpBuilder &B, Location Loc, Value Row) {
                emitRows(B, Loc, Plan, Row, 1, N);
              },
              Plan.Lanes ? rows : 1,
              [&](OpBuilder &B, Location Loc, Value Row0) {
                emitRows(B, Loc, Plan, Row0, rows, N);
              });
        };
        if (P.Lanes)
          emitBySize(B, Loc, P, M, Emit);
        else
          Emit(B, Loc, P);
      }
      P.Op.erase();
      ++numLowered;
      if (P.Lanes)
        ++numVectorized;
    }
    if (Declared && Query.symbolKnownUseEmpty(getOperation()))
      Query.erase();
  }

  /// The trip counts of @p P's loops I and J.
  static std::pair<Value, Value> loopSizes(OpBuilder &B, Location Loc,
                                           MatvecPlan P) {
    SmallVector<Range> Ranges =
        cast<linalg::LinalgOp>(P.Op.getOperation()).createLoopRanges(B, Loc);
    return {getValueOrCreateConstantIndexOp(B, Loc, Ranges[P.I].size),
            getValueOrCreateConstantIndexOp(B, Loc, Ranges[P.J].size)};
  }
};

} // namespace
