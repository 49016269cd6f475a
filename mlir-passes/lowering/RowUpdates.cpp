//===- RowUpdates.cpp - Element-wise row updates before a product ---------===//

#include "RowUpdates.h"

#include "OperandSupport.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// The value @p Loop's single upper bound is, or null.
Value upperBoundValue(affine::AffineForOp Loop) {
  AffineMap Upper = Loop.getUpperBoundMap();
  if (Upper.getNumResults() != 1)
    return {};
  AffineExpr E = Upper.getResult(0);
  if (auto D = dyn_cast<AffineDimExpr>(E))
    return Loop.getUpperBoundOperands()[D.getPosition()];
  if (auto S = dyn_cast<AffineSymbolExpr>(E))
    return Loop.getUpperBoundOperands()[Upper.getNumDims() + S.getPosition()];
  return {};
}

/// True if @p Loop runs from 0 by 1 as many times as @p Size counts: to the
/// same constant, to @p Size itself, or to x where @p Size is max(x, 0) (a
/// view's size taken from a loop bound).
bool runsFor(affine::AffineForOp Loop, Value Size) {
  if (!Loop.hasConstantLowerBound() || Loop.getConstantLowerBound() != 0 ||
      Loop.getStepAsInt() != 1 || Loop.getNumResults() != 0)
    return false;
  if (Loop.hasConstantUpperBound()) {
    std::optional<int64_t> Count = getConstantIntValue(Size);
    return Count &&
           *Count == std::max<int64_t>(Loop.getConstantUpperBound(), 0);
  }
  Value Bound = upperBoundValue(Loop);
  if (!Bound)
    return false;
  if (Size == Bound)
    return true;
  auto Max = Size.getDefiningOp<affine::AffineMaxOp>();
  if (!Max || Max.getMap().getNumResults() != 2)
    return false;
  AffineMap Map = Max.getMap();
  bool Zero = false, Same = false;
  for (AffineExpr Result : Map.getResults()) {
    if (auto C = dyn_cast<AffineConstantExpr>(Result))
      Zero |= C.getValue() == 0;
    else if (auto D = dyn_cast<AffineDimExpr>(Result))
      Same |= Max.getOperands()[D.getPosition()] == Bound;
    else if (auto S = dyn_cast<AffineSymbolExpr>(Result))
      Same |= Max.getOperands()[Map.getNumDims() + S.getPosition()] == Bound;
  }
  return Zero && Same;
}

/// The array @p Matrix views from its first element on with unit strides
/// (through subviews), or null.
Value viewedFromFirst(Value Matrix) {
  while (auto View = Matrix.getDefiningOp<memref::SubViewOp>()) {
    if (View.getSourceType().getRank() != View.getType().getRank() ||
        !llvm::all_of(View.getStaticOffsets(),
                      [](int64_t Offset) { return Offset == 0; }) ||
        !llvm::all_of(View.getStaticStrides(),
                      [](int64_t Stride) { return Stride == 1; }))
      return {};
    Matrix = View.getSource();
  }
  return Matrix == raise::viewedMemref(Matrix) ? Matrix : Value();
}

/// True if an access through @p Map and @p Operands is element (@p Row,
/// @p Column).
bool atElement(AffineMap Map, ValueRange Operands, Value Row, Value Column) {
  return Map.isIdentity() && Map.getNumResults() == 2 && Operands.size() == 2 &&
         Operands[0] == Row && Operands[1] == Column;
}

bool expandable(AffineMap Map) {
  return llvm::all_of(Map.getResults(),
                      [](AffineExpr E) { return E.isPureAffine(); });
}

} // namespace

affine::AffineForOp raise::findRowUpdate(Operation *Product, Value Matrix,
                                         Value Vector, Value Out, Value Rows,
                                         Value Columns) {
  Value A = viewedFromFirst(Matrix);
  if (!A || viewedMemref(Vector) == A || viewedMemref(Out) == A)
    return {};
  Operation *Before = Product->getPrevNode();
  while (Before && isMemoryEffectFree(Before))
    Before = Before->getPrevNode();
  auto Outer = dyn_cast_or_null<affine::AffineForOp>(Before);
  if (!Outer || !runsFor(Outer, Rows) ||
      Outer.getBody()->getOperations().size() != 2)
    return {};
  auto Inner = dyn_cast<affine::AffineForOp>(Outer.getBody()->front());
  if (!Inner || !runsFor(Inner, Columns) ||
      !expandable(Inner.getUpperBoundMap()))
    return {};
  Value Row = Outer.getInductionVar(), Column = Inner.getInductionVar();
  int Stores = 0;
  for (Operation &Op : Inner.getBody()->without_terminator()) {
    if (auto Load = dyn_cast<affine::AffineLoadOp>(Op)) {
      Value Read = viewedMemref(Load.getMemRef());
      bool Element =
          Load.getMemRef() == A &&
          atElement(Load.getAffineMap(), Load.getMapOperands(), Row, Column);
      if ((Read == A && !Element) || Read == viewedMemref(Out) ||
          !expandable(Load.getAffineMap()))
        return {};
    } else if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
      if (Store.getMemRef() != A ||
          !atElement(Store.getAffineMap(), Store.getMapOperands(), Row, Column))
        return {};
      ++Stores;
    } else if (Op.getNumRegions() != 0 || !isMemoryEffectFree(&Op)) {
      return {};
    }
  }
  return Stores == 1 ? Outer : affine::AffineForOp();
}

void raise::emitRowUpdate(OpBuilder &B, Location Loc,
                          affine::AffineForOp Update, Value Row) {
  auto Inner = cast<affine::AffineForOp>(Update.getBody()->front());
  Value End = affine::expandAffineMap(B, Loc, Inner.getUpperBoundMap(),
                                      Inner.getUpperBoundOperands())
                  ->front();
  auto Loop = scf::ForOp::create(
      B, Loc, arith::ConstantIndexOp::create(B, Loc, 0), End,
      arith::ConstantIndexOp::create(B, Loc, 1), ValueRange{},
      [&](OpBuilder &B, Location Loc, Value Column, ValueRange) {
        IRMapping Map;
        Map.map(Update.getInductionVar(), Row);
        Map.map(Inner.getInductionVar(), Column);
        auto Indices = [&](AffineMap Access, ValueRange Operands) {
          SmallVector<Value> Mapped = llvm::map_to_vector(
              Operands, [&](Value V) { return Map.lookupOrDefault(V); });
          return *affine::expandAffineMap(B, Loc, Access, Mapped);
        };
        for (Operation &Op : Inner.getBody()->without_terminator()) {
          if (auto Load = dyn_cast<affine::AffineLoadOp>(Op))
            Map.map(Load.getResult(),
                    memref::LoadOp::create(
                        B, Loc, Load.getMemRef(),
                        Indices(Load.getAffineMap(), Load.getMapOperands())));
          else if (auto Store = dyn_cast<affine::AffineStoreOp>(Op))
            memref::StoreOp::create(
                B, Loc, Map.lookup(Store.getValueToStore()), Store.getMemRef(),
                Indices(Store.getAffineMap(), Store.getMapOperands()));
          else
            B.clone(Op, Map);
        }
        scf::YieldOp::create(B, Loc);
      });
  // An element-wise loop over a row: LLVM's to vectorize, unlike the
  // product's kernels around it.
  Loop->removeAttr("loop_annotation");
}
