//===- SplitBatch.cpp - The raise-split-batch pass ------------------------===//
//
// The tuned GEMM kernels (raise-tile-matmul) take a matmul-like operation of
// three loops. A batched one (C[b] += A[b] * B[b], or any other loops that
// index every operand the same way) becomes a loop over its batch loops
// around one such operation on rank-reduced views, each of which is then
// tiled like any GEMM.
//
//===----------------------------------------------------------------------===//

#include "GenericLoops.h"
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISESPLITBATCH
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// For each operand of @p Op, the position of the result of its indexing map
/// that is exactly loop @p Loop, or -1 where the operand does not use the
/// loop (a matrix every batch shares); nullopt if some operand uses the loop
/// in any other way, or the output does not use it.
std::optional<SmallVector<int>> batchPositions(linalg::GenericOp Op,
                                               unsigned Loop) {
  std::optional<SmallVector<int>> Positions =
      raise::getPlainPositions(Op, Loop);
  if (!Positions || Positions->back() < 0)
    return std::nullopt;
  return Positions;
}

/// The batch loops of @p Op: parallel loops that index each operand by a
/// dimension of their own or not at all, such that three loops remain.
/// Loops that index every operand go first, then the outermost others
/// (`C[b][t][o] += A[b][t][i] * W[o][i]` is a loop over b around a GEMM
/// of W). Empty if it has none or is not a generic on memrefs of such a
/// shape.
SmallVector<unsigned> batchLoops(linalg::GenericOp Op) {
  if (!Op.hasPureBufferSemantics() || Op.getNumLoops() <= 3 ||
      Op.getNumDpsInits() != 1 || Op.getNumReductionLoops() != 1)
    return {};
  for (Value V : Op->getOperands())
    if (!isa<MemRefType>(V.getType()))
      return {};
  // Subscripts that are loops alone, as in a product of matrices.
  if (!llvm::all_of(Op.getIndexingMapsArray(), [](AffineMap Map) {
        return Map.isProjectedPermutation();
      }))
    return {};
  SmallVector<unsigned> Everywhere, Some;
  SmallVector<utils::IteratorType> Iterators = Op.getIteratorTypesArray();
  for (unsigned L = 0, E = Op.getNumLoops(); L < E; ++L) {
    if (Iterators[L] != utils::IteratorType::parallel)
      continue;
    std::optional<SmallVector<int>> Positions = batchPositions(Op, L);
    if (!Positions)
      continue;
    (llvm::is_contained(*Positions, -1) ? Some : Everywhere).push_back(L);
  }
  unsigned Needed = Op.getNumLoops() - 3;
  SmallVector<unsigned> Batch(Everywhere);
  Batch.append(Some.begin(), Some.end());
  if (Batch.size() < Needed)
    return {};
  Batch.resize(Needed);
  llvm::sort(Batch);
  return Batch;
}

/// Rewrites @p Op as loops over @p Batch around the same generic, without
/// those loops, on views that fix them.
void split(linalg::GenericOp Op, ArrayRef<unsigned> Batch) {
  OpBuilder B(Op);
  Location Loc = Op.getLoc();
  SmallVector<Range> Ranges =
      cast<linalg::LinalgOp>(Op.getOperation()).createLoopRanges(B, Loc);
  // Batch loops outermost, in the order of the iteration space: the order
  // in which the batches' elements are computed changes, but each output
  // element is computed by one batch with its reduction in order.
  SmallVector<Value> Ivs;
  for (unsigned L : Batch) {
    Value Lb = getValueOrCreateConstantIndexOp(B, Loc, Ranges[L].offset);
    Value Ub = getValueOrCreateConstantIndexOp(B, Loc, Ranges[L].size);
    Value Step = arith::ConstantIndexOp::create(B, Loc, 1);
    auto For = scf::ForOp::create(B, Loc, Lb, Ub, Step);
    B.setInsertionPoint(For.getBody()->getTerminator());
    Ivs.push_back(For.getInductionVar());
  }

  // A rank-reduced view of each operand at the batch indices.
  SmallVector<Value> Views;
  SmallVector<AffineMap> Maps;
  llvm::SmallBitVector Dropped(Op.getNumLoops());
  for (unsigned L : Batch)
    Dropped.set(L);
  for (OpOperand &Operand : Op->getOpOperands()) {
    auto Type = cast<MemRefType>(Operand.get().getType());
    AffineMap Map = Op.getMatchingIndexingMap(&Operand);
    SmallVector<OpFoldResult> Offsets, Sizes, Strides;
    llvm::SmallBitVector DropResults(Map.getNumResults());
    for (unsigned D = 0, E = Type.getRank(); D < E; ++D) {
      Offsets.push_back(B.getIndexAttr(0));
      Sizes.push_back(memref::getMixedSize(B, Loc, Operand.get(), D));
      Strides.push_back(B.getIndexAttr(1));
    }
    for (auto [I, L] : llvm::enumerate(Batch)) {
      int Pos = (*batchPositions(Op, L))[Operand.getOperandNumber()];
      if (Pos < 0)
        continue;
      Offsets[Pos] = Ivs[I];
      Sizes[Pos] = B.getIndexAttr(1);
      DropResults.set(Pos);
    }
    SmallVector<int64_t> Shape;
    for (unsigned D = 0, E = Type.getRank(); D < E; ++D)
      if (!DropResults.test(D))
        Shape.push_back(Type.getDimSize(D));
    auto ViewType = memref::SubViewOp::inferRankReducedResultType(
        Shape, Type, Offsets, Sizes, Strides);
    Views.push_back(
        memref::SubViewOp::create(B, Loc, cast<MemRefType>(ViewType),
                                  Operand.get(), Offsets, Sizes, Strides));
    Maps.push_back(compressDims(Map.dropResults(DropResults), Dropped));
  }

  raise::cloneWithoutLoops(B, Op, Views, Maps, Dropped);
  Op.erase();
}

struct RaiseSplitBatch
    : public raise::impl::RaiseSplitBatchBase<RaiseSplitBatch> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, SmallVector<unsigned>>> Work;
    getOperation().walk([&](linalg::GenericOp Op) {
      SmallVector<unsigned> Batch = batchLoops(Op);
      if (!Batch.empty())
        Work.push_back({Op, std::move(Batch)});
    });
    for (auto &[Op, Batch] : Work) {
      split(Op, Batch);
      ++numSplit;
    }
  }
};

} // namespace
