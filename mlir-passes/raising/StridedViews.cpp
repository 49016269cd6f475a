//===- StridedViews.cpp - The raise-strided-views pass --------------------===//
//
// A section of an array that takes every n-th element of a dimension (a
// Fortran section `a(1:2*n:2, :)` once its callee is inlined, C code that
// works on every other row) reaches raise as subscripts that step by n on
// the whole array: `A[l][2 * i]`. No tactic matches an element that is not
// indexed by a loop index; a view with stride n, `A'[l][i]`, is the same
// element and the form the tactics (and the lowering's strided packing)
// take. Only addresses change: every access reads or writes the element it
// did.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"

#include "mlir/Analysis/FlatLinearValueConstraints.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/MapVector.h"

#include <numeric>

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISESTRIDEDVIEWS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineLoadOp;
using affine::AffineStoreOp;

namespace {

/// How one dimension of an array is taken: every Stride-th element from
/// Offset on.
struct DimStep {
  int64_t Stride = 1;
  int64_t Offset = 0;
};

/// The step every access in @p Accesses takes in dimension @p Dim: the
/// greatest common divisor of the subscripts' coefficients, where each
/// subscript's constant leaves the same remainder by it. A stride of one
/// where there is none (a subscript that is not a sum of multiples, or
/// accesses at different remainders, such as the `2k` and `2k + 1` of
/// partial sums).
DimStep stepOf(ArrayRef<Operation *> Accesses, unsigned Dim) {
  int64_t Gcd = 0;
  SmallVector<int64_t> Constants;
  for (Operation *Access : Accesses) {
    AffineMap Map = raise::mapOf(Access);
    SmallVector<int64_t> Flat;
    // Sums of multiples of indices and sizes only: no divisions.
    if (failed(getFlattenedAffineExpr(Map.getResult(Dim), Map.getNumDims(),
                                      Map.getNumSymbols(), &Flat)) ||
        Flat.size() != Map.getNumInputs() + 1)
      return {};
    for (int64_t C : ArrayRef(Flat).drop_back())
      Gcd = std::gcd(Gcd, C < 0 ? -C : C);
    Constants.push_back(Flat.back());
  }
  if (Gcd <= 1)
    return {};
  int64_t Offset = llvm::mod(Constants.front(), Gcd);
  if (llvm::any_of(Constants,
                   [&](int64_t C) { return llvm::mod(C, Gcd) != Offset; }))
    return {};
  return {Gcd, Offset};
}

/// Views @p Array through @p Steps at the start of the function and moves
/// @p Accesses onto the view, each subscript `n * e + r` becoming `e`.
void viewThrough(Value Array, ArrayRef<DimStep> Steps,
                 ArrayRef<Operation *> Accesses, func::FuncOp Func) {
  Location Loc = Array.getLoc();
  OpBuilder B = OpBuilder::atBlockBegin(&Func.getBody().front());
  MLIRContext *Ctx = B.getContext();
  SmallVector<OpFoldResult> Offsets, Sizes, Strides;
  for (auto [Dim, Step] : llvm::enumerate(Steps)) {
    Offsets.push_back(B.getIndexAttr(Step.Offset));
    Strides.push_back(B.getIndexAttr(Step.Stride));
    OpFoldResult Size = memref::getMixedSize(B, Loc, Array, Dim);
    if (Step.Stride == 1) {
      Sizes.push_back(Size);
      continue;
    }
    // The elements from Offset on, every Stride-th: none where the
    // dimension is shorter than Offset (the accesses then do not run).
    AffineExpr S = getAffineSymbolExpr(0, Ctx);
    AffineMap Count = AffineMap::get(
        0, 1,
        {(S - Step.Offset).ceilDiv(Step.Stride), getAffineConstantExpr(0, Ctx)},
        Ctx);
    Sizes.push_back(affine::makeComposedFoldedAffineMax(B, Loc, Count, {Size}));
  }
  Value View =
      memref::SubViewOp::create(B, Loc, Array, Offsets, Sizes, Strides);

  for (Operation *Access : Accesses) {
    AffineMap Map = raise::mapOf(Access);
    SmallVector<AffineExpr> Results;
    for (auto [Dim, Step] : llvm::enumerate(Steps))
      Results.push_back(simplifyAffineExpr(
          (Map.getResult(Dim) - Step.Offset).floorDiv(Step.Stride),
          Map.getNumDims(), Map.getNumSymbols()));
    auto NewMap =
        AffineMap::get(Map.getNumDims(), Map.getNumSymbols(), Results, Ctx);
    OpBuilder AB(Access);
    if (auto Load = dyn_cast<AffineLoadOp>(Access)) {
      Value New = AffineLoadOp::create(AB, Load.getLoc(), View, NewMap,
                                       Load.getMapOperands());
      Load.replaceAllUsesWith(New);
    } else {
      auto Store = cast<AffineStoreOp>(Access);
      AffineStoreOp::create(AB, Store.getLoc(), Store.getValueToStore(), View,
                            NewMap, Store.getMapOperands());
    }
    Access->erase();
  }
}

struct RaiseStridedViewsPass
    : public raise::impl::RaiseStridedViewsBase<RaiseStridedViewsPass> {
  void runOnOperation() override {
    func::FuncOp Func = getOperation();
    if (Func.getBody().empty())
      return;
    // Per array argument, its affine accesses in program order.
    llvm::MapVector<Value, SmallVector<Operation *>> AccessesOf;
    Func.walk([&](Operation *Op) {
      if (!raise::isAccess(Op))
        return;
      Value Array = raise::memrefOf(Op);
      auto Arg = dyn_cast<BlockArgument>(Array);
      if (Arg && Arg.getOwner()->isEntryBlock() &&
          Arg.getOwner()->getParentOp() == Func)
        AccessesOf[Array].push_back(Op);
    });
    for (auto &[Array, Accesses] : AccessesOf) {
      auto Type = cast<MemRefType>(Array.getType());
      if (Type.getRank() == 0 || !Type.getLayout().isIdentity())
        continue;
      SmallVector<DimStep> Steps;
      for (unsigned Dim = 0; Dim < Type.getRank(); ++Dim)
        Steps.push_back(stepOf(Accesses, Dim));
      if (llvm::all_of(Steps, [](DimStep S) { return S.Stride == 1; }))
        continue;
      viewThrough(Array, Steps, Accesses, Func);
      ++numViewed;
    }
  }
};

} // namespace
