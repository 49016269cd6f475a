//===- MatmulWorth.cpp - Whether a region's products pay for raising ------===//
//
// A product of fewer than `min-tuned-work` multiply-adds runs as the plain
// loops of its operation: packing does not pay there. Where every product of
// a region is that small and nothing else in it was raised to something
// faster than the source's loops, the raised code cannot beat the original
// loops, which clang optimized as a whole (an i-k-j source vectorized along
// j; the operation's loops keep k innermost). `@<region>.worth` says so at
// run time, before the region runs: the plugin calls it behind the run-time
// check and runs the original loops where it returns false.
//
//===----------------------------------------------------------------------===//

#include "MatmulTiling.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::raise;

namespace {

/// Whether @p Op is in @p Body or only in the branches of conditionals in
/// it: it runs at most once per run of @p Body.
bool inBranchesOnly(Operation *Op, Region *Body) {
  for (Region *R = Op->getParentRegion(); R != Body;
       R = R->getParentOp()->getParentRegion())
    if (!R || !isa<scf::IfOp, affine::AffineIfOp>(R->getParentOp()))
      return false;
  return true;
}

/// Rebuilds, in another function with the same arguments, the values the
/// products' sizes come from: views of the arguments and index arithmetic on
/// them, nothing that reads memory; in a branch (a version of the nest for
/// K >= 1), nothing that might not be computed before its condition holds
/// (a division).
class SizeCloner {
public:
  SizeCloner(func::FuncOp From, func::FuncOp To, OpBuilder &B) : B(B) {
    for (auto [Old, New] : llvm::zip(From.getArguments(), To.getArguments()))
      Map.map(Old, New);
    Body = &From.getBody();
  }

  /// @p V in the other function, or null where it depends on anything but
  /// the arguments through operations without effects at the function's
  /// top level or pure ones in its branches.
  Value clone(Value V) {
    if (Value Mapped = Map.lookupOrNull(V))
      return Mapped;
    Operation *Def = V.getDefiningOp();
    if (!Def || Def->getNumRegions() || !isMemoryEffectFree(Def) ||
        !inBranchesOnly(Def, Body) ||
        (Def->getParentRegion() != Body && !isPure(Def)))
      return nullptr;
    for (Value Operand : Def->getOperands())
      if (!clone(Operand))
        return nullptr;
    B.clone(*Def, Map);
    return Map.lookup(V);
  }

  IRMapping Map;

private:
  OpBuilder &B;
  Region *Body;
};

/// Whether @p Op, a linalg operation of the region that is not a product
/// raise-tile-matmul lowers, does what the source's loops do as fast: it
/// reduces nothing (fills, copies, scalings). Reductions (matvecs) are
/// vectorized across rows where the source's sums run one after another.
bool asFastAsLoops(linalg::LinalgOp Op) {
  return Op.getNumReductionLoops() == 0;
}

} // namespace

bool mlir::raise::outlineWorthCheck(func::FuncOp F,
                                    ArrayRef<const MatmulPlan *> Plans,
                                    int64_t MinTunedWork) {
  if (Plans.empty() || MinTunedWork <= 0 || F.isExternal())
    return false;
  llvm::SmallPtrSet<Operation *, 4> Products;
  for (const MatmulPlan *P : Plans) {
    // A product inside a loop runs once per trip; one in a branch at most
    // once (gemm_nt's sum in a local scalar, versioned on K >= 1).
    if (!inBranchesOnly(P->Op, &F.getBody()))
      return false;
    Products.insert(P->Op);
  }
  bool OthersAsFast = true;
  F.walk([&](linalg::LinalgOp Op) {
    if (!Products.contains(Op) && !asFastAsLoops(Op))
      OthersAsFast = false;
  });
  if (!OthersAsFast)
    return false;

  OpBuilder B(F);
  B.setInsertionPointAfter(F);
  Location Loc = F.getLoc();
  auto Worth = func::FuncOp::create(
      B, Loc, (F.getName() + ".worth").str(),
      B.getFunctionType(F.getArgumentTypes(), {B.getI1Type()}));
  // Public, as the region's own function: the export makes both internal
  // once they are in the caller's module.
  B.setInsertionPointToStart(Worth.addEntryBlock());
  SizeCloner Sizes(F, Worth, B);
  Value Pays;
  for (const MatmulPlan *P : Plans) {
    linalg::GenericOp Op = P->Op;
    // A loop's extent: the size of the first operand dimension it indexes
    // alone, read from the copied view.
    auto Extent = [&](unsigned Loop) -> Value {
      for (OpOperand &Operand : Op->getOpOperands()) {
        AffineMap Map = Op.getMatchingIndexingMap(&Operand);
        for (auto [Dim, Expr] : llvm::enumerate(Map.getResults()))
          if (auto D = dyn_cast<AffineDimExpr>(Expr);
              D && D.getPosition() == Loop)
            if (Value View = Sizes.clone(Operand.get()))
              return B.createOrFold<memref::DimOp>(Loc, View, Dim);
      }
      return nullptr;
    };
    Value M = Extent(P->MDim), N = Extent(P->NDim), K = Extent(P->KDim);
    if (!M || !N || !K) {
      Worth.erase();
      return false;
    }
    Value Work =
        arith::MulIOp::create(B, Loc, arith::MulIOp::create(B, Loc, M, N), K);
    // Integer kernels pay from fewer multiply-adds: no sum waits on the
    // latency of a float add. Zen 3, int8, int16 and int32 alike: 16^3
    // (4096) ran 2.2-2.5x faster raised than clang's loops, 4 x 64 x 4 and
    // 3 x 100 x 5 (1024, 1500) 2-4x slower.
    int64_t Least = isa<IntegerType>(P->ElemTy)
                        ? std::max<int64_t>(1, MinTunedWork / 8)
                        : MinTunedWork;
    Value Large =
        arith::CmpIOp::create(B, Loc, arith::CmpIPredicate::sge, Work,
                              arith::ConstantIndexOp::create(B, Loc, Least));
    Pays = Pays ? arith::OrIOp::create(B, Loc, Pays, Large) : Large;
  }
  func::ReturnOp::create(B, Loc, Pays);
  return true;
}
