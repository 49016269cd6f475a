//===- TargetParameters.cpp - Tuned-lowering parameters for a target ------===//

#include "TargetParameters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace raising;

/// Whether the function's target features enable @p Feature (`+avx2`).
static bool hasFeature(const Function &F, StringRef Feature) {
  StringRef Features =
      F.getFnAttribute("target-features").getValueAsString();
  SmallVector<StringRef, 64> Parts;
  Features.split(Parts, ',');
  return is_contained(Parts, ("+" + Feature).str());
}

unsigned raising::getVectorBits(const Function &F) {
  Triple T(F.getParent()->getTargetTriple());
  if (T.isX86()) {
    if (hasFeature(F, "avx512f"))
      return 512;
    if (hasFeature(F, "avx"))
      return 256;
  }
  return 128;
}

void raising::setTargetParameters(const Function &F,
                                  const TargetTransformInfo &TTI,
                                  mlir::raise::TunedLoweringOptions &Options) {
  Triple T(F.getParent()->getTargetTriple());
  unsigned Bits = getVectorBits(F);
  Options.VectorBits = Bits;
  // mr x (2 vectors) accumulators: 16 of AVX-512's 32 registers, 12 of the
  // 16 of AVX2 and AArch64 NEON's 32 (8), 8 of SSE's 16.
  Options.NrVectors = 2;
  Options.Mr = Bits == 512 ? 8 : Bits == 256 ? 6 : T.isAArch64() ? 8 : 4;
  Options.TargetHasFma =
      (T.isX86() && hasFeature(F, "fma")) || T.isAArch64();
  using Level = TargetTransformInfo::CacheLevel;
  auto SetCache = [&](Level L, auto &Size, auto &Associativity) {
    std::optional<unsigned> Bytes = TTI.getCacheSize(L);
    std::optional<unsigned> Ways = TTI.getCacheAssociativity(L);
    if (Bytes && Ways) {
      Size = *Bytes;
      Associativity = *Ways;
    }
  };
  SetCache(Level::L1D, Options.L1Size, Options.L1Assoc);
  SetCache(Level::L2D, Options.L2Size, Options.L2Assoc);
}
