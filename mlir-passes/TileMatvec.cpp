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
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISETILEMATVEC
#include "mlir-passes/Passes.h.inc"
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
};

FailureOr<MatvecPlan> analyse(linalg::GenericOp Op) {
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
  return P;
}

/// Emits the rows of @p P from @p Row0 on, @p Rows of them, each with its
/// accumulator carried through the j loop.
void emitRows(OpBuilder &B, Location Loc, MatvecPlan P, Value Row0,
              int64_t Rows, Value N) {
  auto Index = [&](int64_t V) { return arith::ConstantIndexOp::create(B, Loc, V); };
  SmallVector<Value> RowIdx, Init;
  for (int64_t R = 0; R < Rows; ++R) {
    RowIdx.push_back(arith::AddIOp::create(B, Loc, Row0, Index(R)));
    Init.push_back(memref::LoadOp::create(B, Loc, P.Out->get(),
                                          ValueRange{RowIdx.back()}));
  }
  Block *Body = P.Op.getBlock();
  auto Loop = scf::ForOp::create(
      B, Loc, Index(0), N, Index(1), Init,
      [&](OpBuilder &Nested, Location L, Value J, ValueRange Accs) {
        Value X = memref::LoadOp::create(Nested, L, P.Vector->get(),
                                         ValueRange{J});
        SmallVector<Value> Next;
        for (int64_t R = 0; R < Rows; ++R) {
          Value A = memref::LoadOp::create(Nested, L, P.Matrix->get(),
                                           ValueRange{RowIdx[R], J});
          IRMapping Map;
          Map.map(P.Op.getMatchingBlockArgument(P.Matrix), A);
          Map.map(P.Op.getMatchingBlockArgument(P.Vector), X);
          Map.map(P.Op.getMatchingBlockArgument(P.Out), Accs[R]);
          for (Operation &Inner : Body->without_terminator())
            Nested.clone(Inner, Map);
          Next.push_back(Map.lookupOrDefault(
              Body->getTerminator()->getOperand(0)));
        }
        scf::YieldOp::create(Nested, L, Next);
      });
  for (int64_t R = 0; R < Rows; ++R)
    memref::StoreOp::create(B, Loc, Loop.getResult(R), P.Out->get(),
                            ValueRange{RowIdx[R]});
}

/// Emits the product of @p P, M rows of N terms: whole blocks of @p Rows
/// rows, then the rest one row at a time.
void emitRowBlocks(OpBuilder &B, Location Loc, MatvecPlan P, Value M,
                   Value N, int64_t Rows) {
  Value Step = arith::ConstantIndexOp::create(B, Loc, Rows);
  Value Full = arith::MulIOp::create(
      B, Loc, arith::DivUIOp::create(B, Loc, M, Step), Step);
  scf::ForOp::create(B, Loc, arith::ConstantIndexOp::create(B, Loc, 0), Full,
                     Step, ValueRange{},
                     [&](OpBuilder &Nested, Location L, Value I, ValueRange) {
                       emitRows(Nested, L, P, I, Rows, N);
                       scf::YieldOp::create(Nested, L);
                     });
  scf::ForOp::create(B, Loc, Full, M,
                     arith::ConstantIndexOp::create(B, Loc, 1), ValueRange{},
                     [&](OpBuilder &Nested, Location L, Value I, ValueRange) {
                       emitRows(Nested, L, P, I, 1, N);
                       scf::YieldOp::create(Nested, L);
                     });
}

/// Emits the transposed product of @p P, M outputs and N terms each: for
/// every block of @p Columns outputs, a j loop over the matrix's rows around
/// an i loop along the row.
void emitTransposed(OpBuilder &B, Location Loc, MatvecPlan P, Value M,
                    Value N, int64_t Columns) {
  auto Index = [&](int64_t V) { return arith::ConstantIndexOp::create(B, Loc, V); };
  Block *Body = P.Op.getBlock();
  Value Step = Index(Columns);
  scf::ForOp::create(
      B, Loc, Index(0), M, Step, ValueRange{},
      [&](OpBuilder &B, Location Loc, Value I0, ValueRange) {
        Value End = arith::MinUIOp::create(
            B, Loc, arith::AddIOp::create(B, Loc, I0, Step), M);
        scf::ForOp::create(
            B, Loc, Index(0), N, Index(1), ValueRange{},
            [&](OpBuilder &B, Location Loc, Value J, ValueRange) {
              Value X = memref::LoadOp::create(B, Loc, P.Vector->get(),
                                               ValueRange{J});
              scf::ForOp::create(
                  B, Loc, I0, End, Index(1), ValueRange{},
                  [&](OpBuilder &B, Location Loc, Value I, ValueRange) {
                    IRMapping Map;
                    Map.map(P.Op.getMatchingBlockArgument(P.Matrix),
                            memref::LoadOp::create(B, Loc, P.Matrix->get(),
                                                   ValueRange{J, I}));
                    Map.map(P.Op.getMatchingBlockArgument(P.Vector), X);
                    Map.map(P.Op.getMatchingBlockArgument(P.Out),
                            memref::LoadOp::create(B, Loc, P.Out->get(),
                                                   ValueRange{I}));
                    for (Operation &Inner : Body->without_terminator())
                      B.clone(Inner, Map);
                    memref::StoreOp::create(
                        B, Loc,
                        Map.lookupOrDefault(
                            Body->getTerminator()->getOperand(0)),
                        P.Out->get(), ValueRange{I});
                    scf::YieldOp::create(B, Loc);
                  });
              scf::YieldOp::create(B, Loc);
            });
        scf::YieldOp::create(B, Loc);
      });
}

struct RaiseTileMatvec
    : public raise::impl::RaiseTileMatvecBase<RaiseTileMatvec> {
  using Base::Base;

  void runOnOperation() override {
    if (rows < 1 || columns < 1) {
      getOperation().emitError(
          "raise-tile-matvec: rows and columns must be positive");
      return signalPassFailure();
    }
    std::vector<MatvecPlan> Plans;
    getOperation().walk([&](linalg::GenericOp Op) {
      FailureOr<MatvecPlan> Plan = analyse(Op);
      if (succeeded(Plan))
        Plans.push_back(*Plan);
    });
    for (MatvecPlan &P : Plans) {
      OpBuilder B(P.Op);
      Location Loc = P.Op.getLoc();
      SmallVector<Range> Ranges =
          cast<linalg::LinalgOp>(P.Op.getOperation()).createLoopRanges(B, Loc);
      Value M = getValueOrCreateConstantIndexOp(B, Loc, Ranges[P.I].size);
      Value N = getValueOrCreateConstantIndexOp(B, Loc, Ranges[P.J].size);
      if (P.Transposed)
        emitTransposed(B, Loc, P, M, N, columns);
      else
        emitRowBlocks(B, Loc, P, M, N, rows);
      P.Op.erase();
      ++numLowered;
    }
  }
};

} // namespace
