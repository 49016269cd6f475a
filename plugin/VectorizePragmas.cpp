//===- VectorizePragmas.cpp - Sums a pragma lets LLVM reorder -------------===//
//
// The loop vectorizer's rule (LoopVectorizeHints::allowReordering): it may
// reorder a loop's floating-point reductions where vectorization is forced
// (`llvm.loop.vectorize.enable`) or a width above one is asked for
// (`llvm.loop.vectorize.width`). At the point raise runs, such a sum is a
// floating-point PHI in the loop's header.
//
//===----------------------------------------------------------------------===//

#include "VectorizePragmas.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/RegionInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

/// True if a pragma asks the loop vectorizer to vectorize @p L.
static bool isVectorizationForced(const Loop &L) {
  if (getBooleanLoopAttribute(&L, "llvm.loop.vectorize.enable"))
    return true;
  std::optional<int> Width =
      getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width");
  return Width && *Width > 1;
}

/// True if @p L carries a floating-point value from one iteration to the
/// next: a sum LLVM promoted to a register.
static bool carriesFloatingPointValue(const Loop &L) {
  for (const PHINode &Phi : L.getHeader()->phis())
    if (Phi.getType()->isFPOrFPVectorTy())
      return true;
  return false;
}

std::string raising::describeReorderedSum(const Region &R, const LoopInfo &LI) {
  for (const Loop *Top : LI)
    for (const Loop *L : Top->getLoopsInPreorder()) {
      if (!R.contains(L) || !isVectorizationForced(*L) ||
          !carriesFloatingPointValue(*L))
        continue;
      std::string Where;
      if (DebugLoc Loc = L->getStartLoc())
        Where = (" at line " + Twine(Loc.getLine())).str();
      return "its loop" + Where +
             " has a vectorization pragma, which lets LLVM reorder the "
             "floating-point sum it carries: left to the vectorizer (raised "
             "code would add in the source's order, not that build's)";
    }
  return "";
}
