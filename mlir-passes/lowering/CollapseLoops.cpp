//===- CollapseLoops.cpp - The raise-collapse-loops pass ------------------===//
//
// Merges parallel loops of a reduction that index their operands as one
// contiguous dimension, so that a product whose rows run over two loops
// (B x T activations) is the three-loop GEMM the kernels take. The strides
// are checked at run time; the original operation stays as the fallback.
//
//===----------------------------------------------------------------------===//

#include "GenericLoops.h"
#include "Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISECOLLAPSELOOPS
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// A run of loops that every operand indexes by adjacent results in loop
/// order, or not at all; and where each operand holds them.
struct Group {
  SmallVector<unsigned> Loops;
  /// Per operand, the result of the group's first loop, or -1.
  SmallVector<int> First;
};

/// The groups of two or more parallel loops of @p Op that may be merged.
SmallVector<Group> findGroups(linalg::GenericOp Op) {
  unsigned NumLoops = Op.getNumLoops();
  SmallVector<utils::IteratorType> Iterators = Op.getIteratorTypesArray();
  SmallVector<std::optional<SmallVector<int>>> Positions;
  for (unsigned L = 0; L < NumLoops; ++L)
    Positions.push_back(Iterators[L] == utils::IteratorType::parallel
                            ? raise::getPlainPositions(Op, L)
                            : std::nullopt);
  // Next[L]: the loop every operand that uses L indexes right after it.
  auto Follows = [&](unsigned L, unsigned M) {
    if (L == M || !Positions[L] || !Positions[M])
      return false;
    bool Used = false;
    for (auto [P, Q] : llvm::zip(*Positions[L], *Positions[M])) {
      if ((P < 0) != (Q < 0) || (P >= 0 && Q != P + 1))
        return false;
      Used |= P >= 0;
    }
    return Used;
  };
  SmallVector<std::optional<unsigned>> Next(NumLoops), Prev(NumLoops);
  for (unsigned L = 0; L < NumLoops; ++L)
    for (unsigned M = 0; M < NumLoops; ++M)
      if (Follows(L, M)) {
        Next[L] = M;
        Prev[M] = L;
      }
  SmallVector<Group> Groups;
  for (unsigned L = 0; L < NumLoops; ++L) {
    if (Prev[L] || !Next[L])
      continue;
    Group G;
    G.First = *Positions[L];
    for (std::optional<unsigned> M = L; M; M = Next[*M])
      G.Loops.push_back(*M);
    Groups.push_back(std::move(G));
  }
  return Groups;
}

/// Whether a generic on memrefs with a reduction may have loops merged.
bool isCandidate(linalg::GenericOp Op) {
  return Op.hasPureBufferSemantics() && Op.getNumReductionLoops() != 0 &&
         llvm::all_of(Op->getOperands(), [](Value V) {
           return isa<MemRefType>(V.getType());
         });
}

/// Builds, before @p Op, the views of its operands with each group's
/// dimensions merged and the condition under which they address what the
/// operands do: the outer dimension's stride is the inner one's times its
/// extent, for each pair of a group's dimensions.
struct Views {
  SmallVector<Value> Operands;
  Value Contiguous;
};

Views buildViews(OpBuilder &B, linalg::GenericOp Op, ArrayRef<Group> Groups) {
  Location Loc = Op.getLoc();
  Views Result;
  Value True = arith::ConstantIntOp::create(B, Loc, 1, 1);
  Result.Contiguous = True;
  for (OpOperand &Operand : Op->getOpOperands()) {
    unsigned Number = Operand.getOperandNumber();
    if (llvm::all_of(Groups, [&](const Group &G) { return G.First[Number] < 0; })) {
      Result.Operands.push_back(Operand.get());
      continue;
    }
    auto Type = cast<MemRefType>(Operand.get().getType());
    auto Meta =
        memref::ExtractStridedMetadataOp::create(B, Loc, Operand.get());
    SmallVector<OpFoldResult> Sizes, Strides;
    SmallVector<int64_t> Shape;
    for (unsigned D = 0, E = Type.getRank(); D < E;) {
      const Group *Merged = nullptr;
      for (const Group &G : Groups)
        if (G.First[Number] == static_cast<int>(D))
          Merged = &G;
      unsigned Width = Merged ? Merged->Loops.size() : 1;
      Value Size = Meta.getSizes()[D];
      for (unsigned I = D + 1; I < D + Width; ++I) {
        Value Inner = Meta.getSizes()[I];
        Size = arith::MulIOp::create(B, Loc, Size, Inner);
        Value Expected =
            arith::MulIOp::create(B, Loc, Meta.getStrides()[I], Inner);
        Value Same = arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::eq,
                                           Meta.getStrides()[I - 1], Expected);
        Result.Contiguous =
            arith::AndIOp::create(B, Loc, Result.Contiguous, Same);
      }
      Sizes.push_back(Size);
      Strides.push_back(Meta.getStrides()[D + Width - 1]);
      Shape.push_back(ShapedType::kDynamic);
      D += Width;
    }
    auto ViewType = MemRefType::get(
        Shape, Type.getElementType(),
        StridedLayoutAttr::get(B.getContext(), ShapedType::kDynamic,
                               SmallVector<int64_t>(Shape.size(),
                                                    ShapedType::kDynamic)));
    Result.Operands.push_back(memref::ReinterpretCastOp::create(
        B, Loc, ViewType, Operand.get(), Meta.getOffset(), Sizes, Strides));
  }
  return Result;
}

/// The generic @p Op computes, on @p Operands, with each group's loops one.
void buildMerged(OpBuilder &B, linalg::GenericOp Op, ArrayRef<Group> Groups,
                 ValueRange Operands) {
  unsigned NumLoops = Op.getNumLoops();
  llvm::SmallBitVector Dropped(NumLoops);
  for (const Group &G : Groups)
    for (unsigned L : ArrayRef<unsigned>(G.Loops).drop_front())
      Dropped.set(L);
  SmallVector<AffineMap> Maps;
  for (auto [Number, Map] : llvm::enumerate(Op.getIndexingMapsArray())) {
    llvm::SmallBitVector DropResults(Map.getNumResults());
    for (const Group &G : Groups)
      for (unsigned I = 1; G.First[Number] >= 0 && I < G.Loops.size(); ++I)
        DropResults.set(G.First[Number] + I);
    Maps.push_back(compressDims(Map.dropResults(DropResults), Dropped));
  }
  raise::cloneWithoutLoops(B, Op, Operands, Maps, Dropped);
}

/// Versions @p Op on the contiguity of @p Groups: the merged generic where
/// the views hold, @p Op itself elsewhere.
void collapse(linalg::GenericOp Op, ArrayRef<Group> Groups) {
  OpBuilder B(Op);
  Views V = buildViews(B, Op, Groups);
  auto If = scf::IfOp::create(B, Op.getLoc(), V.Contiguous,
                              /*withElseRegion=*/true);
  B.setInsertionPoint(If.thenBlock()->getTerminator());
  buildMerged(B, Op, Groups, V.Operands);
  Op->moveBefore(If.elseBlock()->getTerminator());
}

struct RaiseCollapseLoops
    : public raise::impl::RaiseCollapseLoopsBase<RaiseCollapseLoops> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, SmallVector<Group>>> Work;
    getOperation().walk([&](linalg::GenericOp Op) {
      if (!isCandidate(Op))
        return;
      SmallVector<Group> Groups = findGroups(Op);
      if (!Groups.empty())
        Work.push_back({Op, std::move(Groups)});
    });
    for (auto &[Op, Groups] : Work) {
      collapse(Op, Groups);
      ++numCollapsed;
    }
  }
};

} // namespace
