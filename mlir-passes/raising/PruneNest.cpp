//===- PruneNest.cpp - What a copied loop nest no longer needs ------------===//

#include "PruneNest.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

void mlir::raise::pruneNest(affine::AffineForOp Root) {
  bool Changed = true;
  while (Changed) {
    SmallVector<Operation *> Dead;
    Root.walk<WalkOrder::PostOrder>([&](Operation *Op) {
      if (Op == Root.getOperation())
        return;
      auto For = dyn_cast<affine::AffineForOp>(Op);
      if ((For && For.getBody()->getOperations().size() == 1) ||
          (!For && Op->use_empty() && wouldOpBeTriviallyDead(Op)))
        Dead.push_back(Op);
    });
    for (Operation *Op : Dead)
      Op->erase();
    Changed = !Dead.empty();
  }
}
