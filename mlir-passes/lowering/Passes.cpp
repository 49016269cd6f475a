//===- Passes.cpp - Registration of the lowering passes -------------------===//

#include "Passes.h"

void mlir::raise::registerLoweringPasses() {
  registerPass([] { return createRaiseCollapseLoops(); });
  registerPass([] { return createRaiseSplitBatch(); });
  registerPass([] { return createRaiseConvToGemm(); });
  registerPass([] { return createRaiseTileMatmul(); });
  registerPass([] { return createRaiseTileMatvec(); });
  registerPass([] { return createRaiseTileTranspose(); });
  registerPass([] { return createRaiseLinalgToBlas(); });
}
