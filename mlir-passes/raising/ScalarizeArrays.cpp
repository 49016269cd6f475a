//===- ScalarizeArrays.cpp - The raise-scalarize-arrays pass --------------===//
//
// A small local array indexed only by the indices of loops with constant
// bounds (code tiled by hand at -Os: `float acc[8]` in memory, updated by
// `for (t = 0; t < 8; ++t)` loops) becomes one scalar per element: its
// loops are unrolled, so that each access has a constant subscript, and each
// element gets a 0-d memref of its own. That is the form LLVM's own unrolling
// gives the same code at -O3, which raise-reroll-lanes rerolls. Exact: the
// unrolled loops run the same operations in the same order.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/LoopUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISESCALARIZEARRAYS
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;
using affine::AffineLoadOp;
using affine::AffineStoreOp;
using raise::isAccess;
using raise::mapOf;
using raise::mapOperandsOf;

namespace {

/// The loops to unroll so that every subscript of @p Array is a constant,
/// innermost first; none where @p Array is no small local array accessed
/// only by affine loads and stores through such subscripts.
std::optional<SmallVector<AffineForOp>> getLoopsToUnroll(memref::AllocaOp Array,
                                                         int64_t MaxElements) {
  MemRefType Type = Array.getType();
  if (Type.getRank() == 0 || !Type.hasStaticShape() ||
      !Type.getLayout().isIdentity() || Type.getNumElements() > MaxElements)
    return std::nullopt;
  llvm::SetVector<Operation *> Loops;
  for (OpOperand &Use : Array->getUses()) {
    Operation *User = Use.getOwner();
    // The array itself, not a value stored into another.
    if (!isAccess(User) || raise::memrefOf(User) != Use.get() ||
        (isa<AffineStoreOp>(User) && Use.getOperandNumber() == 0))
      return std::nullopt;
    for (Value V : mapOperandsOf(User)) {
      if (getConstantIntValue(V))
        continue;
      AffineForOp Loop = affine::getForInductionVarOwner(V);
      std::optional<uint64_t> Trips =
          Loop ? affine::getConstantTripCount(Loop) : std::nullopt;
      if (!Trips || *Trips > static_cast<uint64_t>(MaxElements))
        return std::nullopt;
      Loops.insert(Loop);
    }
  }
  // Inner loops before the loops around them: an outer loop's unrolling
  // copies the inner loops, which must be gone by then. Loops of one depth
  // stay in the order found.
  auto Depth = [](Operation *Loop) {
    unsigned D = 0;
    while ((Loop = Loop->getParentOfType<AffineForOp>()))
      ++D;
    return D;
  };
  SmallVector<std::tuple<unsigned, unsigned, AffineForOp>> Order;
  for (auto [I, Loop] : llvm::enumerate(Loops))
    Order.push_back({Depth(Loop), I, cast<AffineForOp>(Loop)});
  llvm::sort(Order, [](const auto &A, const auto &B) {
    return std::get<0>(A) != std::get<0>(B) ? std::get<0>(A) > std::get<0>(B)
                                            : std::get<1>(A) < std::get<1>(B);
  });
  SmallVector<AffineForOp> Result;
  for (auto &Entry : Order)
    Result.push_back(std::get<2>(Entry));
  return Result;
}

/// The element @p Access reaches, once its subscripts are constants.
std::optional<SmallVector<int64_t>> getElement(Operation *Access) {
  AffineMap Map = mapOf(Access);
  SmallVector<Value> Operands(mapOperandsOf(Access));
  affine::fullyComposeAffineMapAndOperands(&Map, &Operands);
  SmallVector<Attribute> Constants;
  for (Value V : Operands) {
    std::optional<int64_t> C = getConstantIntValue(V);
    if (!C)
      return std::nullopt;
    Constants.push_back(IntegerAttr::get(IndexType::get(Map.getContext()), *C));
  }
  SmallVector<Attribute> Results;
  if (failed(Map.constantFold(Constants, Results)))
    return std::nullopt;
  SmallVector<int64_t> Element;
  for (Attribute R : Results)
    Element.push_back(cast<IntegerAttr>(R).getInt());
  return Element;
}

/// Replaces every access of @p Array by one of a scalar per element, or
/// leaves it where a subscript is no constant or out of bounds.
bool scalarize(memref::AllocaOp Array) {
  MemRefType Type = Array.getType();
  SmallVector<std::pair<Operation *, int64_t>> Accesses;
  for (Operation *User : Array->getUsers()) {
    std::optional<SmallVector<int64_t>> Element = getElement(User);
    if (!Element)
      return false;
    int64_t Linear = 0;
    for (auto [Index, Size] : llvm::zip(*Element, Type.getShape())) {
      if (Index < 0 || Index >= Size)
        return false;
      Linear = Linear * Size + Index;
    }
    Accesses.push_back({User, Linear});
  }
  OpBuilder B(Array);
  auto ScalarType = MemRefType::get({}, Type.getElementType());
  SmallVector<Value> Scalars;
  for (int64_t I = 0, E = Type.getNumElements(); I < E; ++I)
    Scalars.push_back(memref::AllocaOp::create(B, Array.getLoc(), ScalarType));
  for (auto [Access, Linear] : Accesses) {
    B.setInsertionPoint(Access);
    if (auto Load = dyn_cast<AffineLoadOp>(Access)) {
      Value New =
          AffineLoadOp::create(B, Load.getLoc(), Scalars[Linear], ValueRange());
      Load.replaceAllUsesWith(New);
    } else {
      auto Store = cast<AffineStoreOp>(Access);
      AffineStoreOp::create(B, Store.getLoc(), Store.getValueToStore(),
                            Scalars[Linear], ValueRange());
    }
    Access->erase();
  }
  Array->erase();
  // Elements never used need no scalar.
  for (Value S : Scalars)
    if (S.use_empty())
      S.getDefiningOp()->erase();
  return true;
}

struct RaiseScalarizeArraysPass
    : public raise::impl::RaiseScalarizeArraysBase<RaiseScalarizeArraysPass> {
  using RaiseScalarizeArraysBase::RaiseScalarizeArraysBase;

  void runOnOperation() override {
    SmallVector<memref::AllocaOp> Arrays;
    getOperation().walk([&](memref::AllocaOp A) { Arrays.push_back(A); });
    for (memref::AllocaOp Array : Arrays) {
      std::optional<SmallVector<AffineForOp>> Loops =
          getLoopsToUnroll(Array, maxElements);
      if (!Loops)
        continue;
      // The loops are found again for each array: unrolling one array's
      // loops may have copied another's.
      if (llvm::any_of(*Loops, [](AffineForOp Loop) {
            return failed(affine::loopUnrollFull(Loop));
          }))
        continue;
      if (scalarize(Array))
        ++numScalarized;
    }
  }
};

} // namespace
