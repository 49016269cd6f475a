//===- AlignTriangles.cpp - The raise-align-triangles pass ----------------===//
//
// Polly's AST starts every loop at zero: `for (j = i; j < n; ++j)` arrives
// as `for j' = 0 to n - i` with `i + j'` in every subscript. Raising wants
// the loop as the source wrote it, so that the stored element is indexed by
// plain loop indices and the triangle is a bound on one index by another.
// Changes how the loop is counted, never which iterations run or in which
// order.
//
//===----------------------------------------------------------------------===//

#include "AffineAccess.h"
#include "Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"

#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEALIGNTRIANGLES
#include "mlir-passes/raising/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using affine::AffineForOp;

namespace {

/// The position of the bound operand of @p Loop that is the index of an
/// enclosing loop and enters its upper bound with coefficient -1, if its
/// lower bound is 0 and every use of its index is a subscript.
std::optional<unsigned> shiftedBy(AffineForOp Loop) {
  if (!Loop.hasConstantLowerBound() || Loop.getConstantLowerBound() != 0 ||
      Loop.getStepAsInt() != 1 || Loop.getUpperBoundMap().getNumResults() != 1)
    return std::nullopt;
  if (!llvm::all_of(Loop.getInductionVar().getUses(), [](OpOperand &Use) {
        Operation *User = Use.getOwner();
        if (auto Load = dyn_cast<affine::AffineLoadOp>(User))
          return Use.getOperandNumber() >=
                 Load.getMapOperands().getBeginOperandIndex();
        if (auto Store = dyn_cast<affine::AffineStoreOp>(User))
          return Use.getOperandNumber() >=
                 Store.getMapOperands().getBeginOperandIndex();
        return false;
      }))
    return std::nullopt;
  AffineMap Ub = Loop.getUpperBoundMap();
  ValueRange Operands = Loop.getUpperBoundOperands();
  for (unsigned D = 0; D < Ub.getNumDims(); ++D) {
    AffineForOp Outer = affine::getForInductionVarOwner(Operands[D]);
    if (!Outer || !Outer->isProperAncestor(Loop))
      continue;
    AffineExpr Rest = simplifyAffineExpr(
        Ub.getResult(0) + getAffineDimExpr(D, Ub.getContext()), Ub.getNumDims(),
        Ub.getNumSymbols());
    if (!Rest.isFunctionOfDim(D))
      return D;
  }
  return std::nullopt;
}

/// Runs @p Loop from the outer index at position @p D of its upper bound
/// instead of from zero, and rewrites the subscripts that used it.
void align(AffineForOp Loop, unsigned D) {
  AffineMap Ub = Loop.getUpperBoundMap();
  SmallVector<Value> Operands(Loop.getUpperBoundOperands());
  MLIRContext *Ctx = Loop.getContext();
  Value Outer = Operands[D];
  AffineExpr Rest =
      simplifyAffineExpr(Ub.getResult(0) + getAffineDimExpr(D, Ctx),
                         Ub.getNumDims(), Ub.getNumSymbols());
  AffineMap NewUb = AffineMap::get(Ub.getNumDims(), Ub.getNumSymbols(), Rest);
  SmallVector<Value> UbOperands = Operands;
  affine::canonicalizeMapAndOperands(&NewUb, &UbOperands);
  Loop.setUpperBound(UbOperands, NewUb);
  Loop.setLowerBound({Outer}, AffineMap::getMultiDimIdentityMap(1, Ctx));

  // Each subscript reads j - outer where it read j'.
  Value Iv = Loop.getInductionVar();
  // Each user once: after its rewrite it still reads the index (as j).
  llvm::SetVector<Operation *> Users(Iv.getUsers().begin(),
                                     Iv.getUsers().end());
  for (Operation *User : Users) {
    AffineMap Map = raise::mapOf(User);
    unsigned First = User->getNumOperands() - Map.getNumInputs();
    SmallVector<Value> MapOperands(User->getOperands().drop_front(First));
    // A new dim for the outer index; the index itself stands for j'.
    unsigned NewDim = Map.getNumDims();
    SmallVector<AffineExpr> DimRepl, SymRepl;
    for (unsigned I = 0; I < Map.getNumDims(); ++I)
      DimRepl.push_back(getAffineDimExpr(I, Ctx) -
                        (MapOperands[I] == Iv ? getAffineDimExpr(NewDim, Ctx)
                                              : getAffineConstantExpr(0, Ctx)));
    for (unsigned I = 0; I < Map.getNumSymbols(); ++I)
      SymRepl.push_back(getAffineSymbolExpr(I, Ctx));
    AffineMap Shifted = Map.replaceDimsAndSymbols(DimRepl, SymRepl, NewDim + 1,
                                                  Map.getNumSymbols());
    SmallVector<Value> NewOperands(MapOperands.begin(),
                                   MapOperands.begin() + NewDim);
    NewOperands.push_back(Outer);
    NewOperands.append(MapOperands.begin() + NewDim, MapOperands.end());
    // Deduplicated first, so that `i + (j - i)` meets its own `i`.
    affine::canonicalizeMapAndOperands(&Shifted, &NewOperands);
    Shifted = simplifyAffineMap(Shifted);
    affine::canonicalizeMapAndOperands(&Shifted, &NewOperands);
    SmallVector<Value> All(User->getOperands().take_front(First));
    All.append(NewOperands);
    User->setOperands(All);
    User->setAttr(affine::AffineLoadOp::getMapAttrStrName(),
                  AffineMapAttr::get(Shifted));
  }
}

struct RaiseAlignTriangles
    : public raise::impl::RaiseAlignTrianglesBase<RaiseAlignTriangles> {
  void runOnOperation() override {
    SmallVector<AffineForOp> Loops;
    getOperation().walk([&](AffineForOp Loop) { Loops.push_back(Loop); });
    for (AffineForOp Loop : Loops)
      if (std::optional<unsigned> D = shiftedBy(Loop)) {
        align(Loop, *D);
        ++numAligned;
      }
  }
};

} // namespace
