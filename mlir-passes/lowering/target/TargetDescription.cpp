//===- TargetDescription.cpp - The targets the lowering knows -------------===//
//
// One entry per vector ISA. The register tile keeps mr x 2 vectors of
// accumulators in the register file: 16 of AVX-512's 32 registers, 12 of
// AVX2's 16, 16 of NEON's 32, 8 of SSE's 16.
//
// The caches: LLVM's x86 cost model reports 32 KiB and 256 KiB, 8-way, for
// every x86 CPU and other targets report none, which is what
// CacheHierarchy::defaults() holds; CPU names are unreliable in virtual
// machines, so no CPU overrides them yet (a CPU with other caches gets an
// entry in getCpuCaches()).
//
//===----------------------------------------------------------------------===//

#include "TargetDescription.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <string>

#include <optional>

using namespace mlir::raise;

namespace {

/// A vector ISA: what a triple's architecture with one feature gives.
struct IsaEntry {
  llvm::Triple::ArchType Arch;
  /// The feature that enables it; empty: the architecture's baseline.
  const char *Feature;
  int64_t VectorBits;
  int64_t VectorRegisters;
  int64_t Mr;
  /// The feature that provides fused multiply-add; empty: always there.
  const char *FmaFeature;
  /// The row-wise matvec kernel keeps a panel's accumulators in registers
  /// (TargetDescription::MatvecRegisterPanels).
  bool MatvecRegisterPanels = false;
  /// The feature that multiplies 16-bit pairs at this width (empty: always
  /// there, as SSE2 on x86-64), and its intrinsic
  /// (TargetDescription::I16PairDot); none where null.
  const char *I16DotFeature = nullptr;
  const char *I16Dot = nullptr;
  /// The row-wise matvec kernel's blocks for matrices in a cache
  /// (TargetDescription::MatvecCachedRowVectors); 0: the same kernel.
  int64_t MatvecCachedRowVectors = 0;
  /// TargetDescription::MatvecStreamVectorBits; 0: VectorBits.
  int64_t MatvecStreamVectorBits = 0;
  /// TargetDescription::GemmMinKc; 0: its default.
  int64_t GemmMinKc = 0;
  /// TargetDescription::IntelGemmMinKc; 0: none (-1).
  int64_t IntelGemmMinKc = 0;
  /// TargetDescription::IntelGemmMaxNc; 0: none.
  int64_t IntelGemmMaxNc = 0;
  /// TargetDescription::MatvecIntelCachedRowVectors and
  /// MatvecIntelCachedVectorBits; 0: none.
  int64_t MatvecIntelCachedRowVectors = 0;
  int64_t MatvecIntelCachedVectorBits = 0;
};

/// Tried in order; the first entry whose architecture matches and whose
/// feature is enabled wins.
const IsaEntry Isas[] = {
    {llvm::Triple::x86_64, "avx512f", 512, 32, 8, "fma", true, "avx512bw",
     "llvm.x86.avx512.pmaddw.d.512", 4, 256, 768, 512, 512, 3, 256},
    {llvm::Triple::x86_64, "avx", 256, 16, 6, "fma", true, "avx2",
     "llvm.x86.avx2.pmadd.wd"},
    {llvm::Triple::x86_64, "", 128, 16, 4, "fma", false, "",
     "llvm.x86.sse2.pmadd.wd"},
    {llvm::Triple::x86, "avx512f", 512, 32, 8, "fma", true, "avx512bw",
     "llvm.x86.avx512.pmaddw.d.512", 4, 256, 768, 512, 512, 3, 256},
    {llvm::Triple::x86, "avx", 256, 16, 6, "fma", true, "avx2",
     "llvm.x86.avx2.pmadd.wd"},
    {llvm::Triple::x86, "", 128, 16, 4, "fma", false, "sse2",
     "llvm.x86.sse2.pmadd.wd"},
    {llvm::Triple::aarch64, "", 128, 32, 8, ""},
};

/// Targets without an entry: 128-bit vectors, a 4-row tile, no FMA.
const IsaEntry Generic = {llvm::Triple::UnknownArch, "", 128, 16, 4, nullptr};

bool hasFeature(llvm::ArrayRef<llvm::StringRef> Features,
                llvm::StringRef Feature) {
  return llvm::is_contained(Features, "+" + Feature.str());
}

/// Caches of CPUs that differ from the defaults, by `target-cpu` name: the
/// place for a CPU's entry. None has one yet: every CPU gets the
/// conservative defaults the blocks were tuned with (CPU names lie, a VM's
/// core may report a part it is not), until the generated code reads the
/// machine's own caches at run time as the design asks.
std::optional<CacheHierarchy> getCpuCaches(llvm::StringRef Cpu) {
  (void)Cpu;
  return std::nullopt;
}

} // namespace

/// The features a function is compiled with: on x86 those its `target-cpu`
/// implies (flang gives functions a `target-cpu` for -march and no
/// `target-features`; clang lists them all), then its own list in order,
/// `+f` enabling and `-f` disabling one with what it implies (AVX2 implies
/// AVX; without AVX there is no AVX2). Each enabled one as `+f`.
static std::vector<std::string> effectiveFeatures(const llvm::Triple &T,
                                                  llvm::StringRef Cpu,
                                                  llvm::StringRef FeatureList) {
  llvm::SmallVector<llvm::StringRef, 64> Listed;
  FeatureList.split(Listed, ',', -1, /*KeepEmpty=*/false);
  if (!T.isX86())
    return {Listed.begin(), Listed.end()};
  llvm::StringMap<bool> Enabled;
  // updateImpliedFeatures sets what a feature implies (or, turned off, what
  // implies it), the feature itself only in the second case.
  auto Set = [&](llvm::StringRef F, bool On) {
    llvm::X86::updateImpliedFeatures(F, On, Enabled);
    Enabled[F] = On;
  };
  // Only CPUs LLVM knows: getFeaturesForCPU asserts on others.
  if (llvm::X86::parseArchX86(Cpu) != llvm::X86::CK_None) {
    llvm::SmallVector<llvm::StringRef, 64> Implied;
    llvm::X86::getFeaturesForCPU(Cpu, Implied, /*NeedPlus=*/false);
    for (llvm::StringRef F : Implied)
      Set(F, true);
  }
  for (llvm::StringRef F : Listed)
    if (F.size() > 1 && (F[0] == '+' || F[0] == '-'))
      Set(F.drop_front(), F[0] == '+');
  std::vector<std::string> Features;
  for (const auto &Entry : Enabled)
    if (Entry.getValue())
      Features.push_back("+" + Entry.getKey().str());
  return Features;
}

TargetDescription TargetDescription::get(llvm::StringRef TripleName,
                                         llvm::StringRef Cpu,
                                         llvm::StringRef FeatureList) {
  llvm::Triple T(TripleName);
  std::vector<std::string> Owned = effectiveFeatures(T, Cpu, FeatureList);
  llvm::SmallVector<llvm::StringRef, 64> Features(Owned.begin(), Owned.end());
  const IsaEntry *Isa = &Generic;
  for (const IsaEntry &E : Isas)
    if (E.Arch == T.getArch() &&
        (!*E.Feature || hasFeature(Features, E.Feature))) {
      Isa = &E;
      break;
    }
  TargetDescription D;
  D.VectorBits = Isa->VectorBits;
  D.VectorRegisters = Isa->VectorRegisters;
  D.Mr = Isa->Mr;
  D.NrVectors = 2;
  D.HasFma = Isa->FmaFeature &&
             (!*Isa->FmaFeature || hasFeature(Features, Isa->FmaFeature));
  if (Isa->I16Dot &&
      (!*Isa->I16DotFeature || hasFeature(Features, Isa->I16DotFeature)))
    D.I16PairDot = Isa->I16Dot;
  if (std::optional<CacheHierarchy> Caches = getCpuCaches(Cpu))
    D.Caches = *Caches;
  if (Isa->MatvecRegisterPanels) {
    D.MatvecRegisterPanels = true;
    D.MatvecRowVectors = 2;
    D.MatvecPrefetchAboveBytes = D.Caches.L3.SizeBytes;
  }
  D.MatvecCachedRowVectors = Isa->MatvecCachedRowVectors;
  D.MatvecStreamVectorBits = Isa->MatvecStreamVectorBits;
  if (Isa->GemmMinKc)
    D.GemmMinKc = Isa->GemmMinKc;
  if (Isa->IntelGemmMinKc)
    D.IntelGemmMinKc = Isa->IntelGemmMinKc;
  D.IntelGemmMaxNc = Isa->IntelGemmMaxNc;
  D.MatvecIntelCachedRowVectors = Isa->MatvecIntelCachedRowVectors;
  D.MatvecIntelCachedVectorBits = Isa->MatvecIntelCachedVectorBits;
  if (T.isX86()) {
    D.IntelPackPrefetchLocality = 3;
    D.MatvecIntelPrefetchLocality = 3;
  }
  return D;
}
