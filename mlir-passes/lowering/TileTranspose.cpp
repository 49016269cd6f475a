//===- TileTranspose.cpp - The raise-tile-transpose pass ------------------===//
//
// TTGT contractions transpose their operands around one GEMM. As plain loops,
// a transpose of the last two dimensions reads or writes along a strided
// dimension, which the backend vectorizes with gathers (on Zen 4 a fifth of
// the abc-acd-db contraction). Square blocks loaded along the source's
// contiguous dimension, transposed in registers and stored along the
// destination's move every element once, in vectors. A copy changes no
// value, so any order is exact.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "VectorSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISETILETRANSPOSE
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// The side of the square blocks @p Op is moved by, or 0 if it is left for
/// the plain lowering: it must swap the last two dimensions of memrefs that
/// are contiguous in their last, of an element type with at least 4 lanes
/// in a vector of @p VectorBits.
int64_t blockSide(linalg::TransposeOp Op, int64_t VectorBits) {
  auto In = dyn_cast<MemRefType>(Op.getInput().getType());
  auto Out = dyn_cast<MemRefType>(Op.getInit().getType());
  if (!In || !Out || In.getRank() < 2 || !In.getElementType().isIntOrFloat() ||
      !raise::hasUnitInnerStride(Op.getInput()) ||
      !raise::hasUnitInnerStride(Op.getInit()))
    return 0;
  ArrayRef<int64_t> Perm = Op.getPermutation();
  int64_t Rank = In.getRank();
  for (int64_t D = 0; D < Rank - 2; ++D)
    if (Perm[D] != D)
      return 0;
  if (Perm[Rank - 2] != Rank - 1 || Perm[Rank - 1] != Rank - 2)
    return 0;
  // At most 16: a 16 x 16 block of f32 fills AVX-512's 32 registers once.
  return raise::squareSide(
      VectorBits / In.getElementType().getIntOrFloatBitWidth(), 16);
}

/// Emits @p Op, whose output is the input with its last two dimensions
/// swapped, by @p Side x @p Side blocks and the rest element by element.
void emitTiled(linalg::TransposeOp Op, int64_t Side) {
  ImplicitLocOpBuilder B(Op.getLoc(), Op);
  raise::KeepLoopsAsWritten Keep(B);
  Value In = Op.getInput(), Out = Op.getInit();
  int64_t Rank = cast<MemRefType>(In.getType()).getRank();
  auto Cst = [&](int64_t V) { return arith::ConstantIndexOp::create(B, V); };
  auto Dim = [&](int64_t D) { return memref::DimOp::create(B, In, D); };
  auto Loop = [&](Value Lower, Value Upper, Value Step, auto Body) {
    auto For = scf::ForOp::create(B, Lower, Upper, Step);
    OpBuilder::InsertionGuard Guard(B);
    B.setInsertionPoint(For.getBody()->getTerminator());
    Body(For.getInductionVar());
  };
  Value Rows = Dim(Rank - 2), Cols = Dim(Rank - 1);
  Value S = Cst(Side);
  Value RowsWhole =
      arith::MulIOp::create(B, arith::DivUIOp::create(B, Rows, S), S);
  Value ColsWhole =
      arith::MulIOp::create(B, arith::DivUIOp::create(B, Cols, S), S);
  auto VecTy =
      VectorType::get({Side}, cast<MemRefType>(In.getType()).getElementType());

  // The leading dimensions, as loops around everything.
  SmallVector<Value> Outer;
  std::function<void(int64_t)> Nest = [&](int64_t D) {
    if (D < Rank - 2)
      return Loop(Cst(0), Dim(D), Cst(1), [&](Value I) {
        Outer.push_back(I);
        Nest(D + 1);
        Outer.pop_back();
      });
    auto At = [&](Value Row, Value Col) {
      SmallVector<Value> Indices(Outer);
      Indices.append({Row, Col});
      return Indices;
    };
    auto Element = [&](Value Row, Value Col) {
      Value V = memref::LoadOp::create(B, In, At(Row, Col));
      memref::StoreOp::create(B, V, Out, At(Col, Row));
    };
    Loop(Cst(0), RowsWhole, S, [&](Value R0) {
      Loop(Cst(0), ColsWhole, S, [&](Value C0) {
        SmallVector<Value> Block;
        for (int64_t R = 0; R < Side; ++R)
          Block.push_back(vector::LoadOp::create(
              B, VecTy, In, At(arith::AddIOp::create(B, R0, Cst(R)), C0)));
        SmallVector<Value> Transposed =
            raise::transposeInRegisters(B, B.getLoc(), Block);
        for (int64_t C = 0; C < Side; ++C)
          vector::StoreOp::create(B, Transposed[C], Out,
                                  At(arith::AddIOp::create(B, C0, Cst(C)), R0));
      });
      // The columns after the last whole block, for these rows.
      Loop(R0, arith::AddIOp::create(B, R0, S), Cst(1), [&](Value Row) {
        Loop(ColsWhole, Cols, Cst(1), [&](Value Col) { Element(Row, Col); });
      });
    });
    // The rows after the last whole block.
    Loop(RowsWhole, Rows, Cst(1), [&](Value Row) {
      Loop(Cst(0), Cols, Cst(1), [&](Value Col) { Element(Row, Col); });
    });
  };
  Nest(0);
  Op.erase();
}

struct RaiseTileTranspose
    : public raise::impl::RaiseTileTransposeBase<RaiseTileTranspose> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::TransposeOp, int64_t>> Work;
    getOperation().walk([&](linalg::TransposeOp Op) {
      if (int64_t Side = blockSide(Op, vectorBits))
        Work.push_back({Op, Side});
    });
    for (auto [Op, Side] : Work) {
      emitTiled(Op, Side);
      ++numTiled;
    }
  }
};

} // namespace
