//===- TargetDescriptionTest.cpp - What the lowering knows of a target ----===//
//
// TargetDescription::get() takes the vector width, register tile and FMA
// use from a triple, its CPU and its target features, never from the build
// machine, and the caches from its table.
//
//===----------------------------------------------------------------------===//

#include "mlir-passes/lowering/target/TargetDescription.h"

#include "gtest/gtest.h"

using namespace mlir::raise;

namespace {

constexpr const char *X86 = "x86_64-unknown-linux-gnu";

// x86-64 with AVX-512: 512-bit vectors, an 8 x 2-vector tile (16 of 32
// registers), FMA, the caches LLVM's x86 cost model reports (32 KiB and
// 256 KiB, 8-way) and an 8 MiB 16-way L3.
TEST(TargetDescription, X86Avx512) {
  TargetDescription D =
      TargetDescription::get(X86, "znver5", "+avx,+avx2,+fma,+avx512f");
  EXPECT_EQ(D.VectorBits, 512);
  EXPECT_EQ(D.VectorRegisters, 32);
  EXPECT_EQ(D.Mr, 8);
  EXPECT_EQ(D.NrVectors, 2);
  EXPECT_TRUE(D.HasFma);
  EXPECT_EQ(D.Caches.L1.SizeBytes, 32 * 1024);
  EXPECT_EQ(D.Caches.L1.Associativity, 8);
  EXPECT_EQ(D.Caches.L2.SizeBytes, 256 * 1024);
  EXPECT_EQ(D.Caches.L2.Associativity, 8);
  EXPECT_EQ(D.Caches.L3.SizeBytes, 8 * 1024 * 1024);
  EXPECT_EQ(D.Caches.L3.Associativity, 16);
  EXPECT_EQ(D.MatvecPrefetchBytes, 512);
  // Two blocks of rows in registers, matrices prefetched beyond the L3;
  // up to four blocks through y within 96 KiB for those in it.
  EXPECT_EQ(D.MatvecRowVectors, 2);
  EXPECT_TRUE(D.MatvecRegisterPanels);
  EXPECT_EQ(D.MatvecPrefetchAboveBytes, 8 * 1024 * 1024);
  EXPECT_EQ(D.MatvecCachedRowVectors, 4);
  EXPECT_EQ(D.MatvecCachedPanelBytes, 96 * 1024);
  // Beyond it, on 256-bit vectors.
  EXPECT_EQ(D.MatvecStreamVectorBits, 256);
  EXPECT_EQ(D.I16PairDot, "llvm.x86.avx512.pmaddw.d.512");
  // The GEMM's k blocks three times the 256 of other targets, twice on
  // Intel cores.
  EXPECT_EQ(D.GemmMinKc, 768);
  EXPECT_EQ(D.IntelGemmMinKc, 512);
  EXPECT_EQ(D.IntelGemmMaxNc, 512);
  // Intel cores: three register blocks of 8 rows for matrices in a cache.
  EXPECT_EQ(D.MatvecIntelCachedRowVectors, 3);
  EXPECT_EQ(D.MatvecIntelCachedVectorBits, 256);
}

// 16-bit pairs need the integer instructions of the vector width: AVX-512
// without BW, or AVX without AVX2, multiplies none.
TEST(TargetDescription, X86I16PairDot) {
  EXPECT_EQ(TargetDescription::get(X86, "", "+avx,+avx2,+avx512f").I16PairDot,
            "");
  EXPECT_EQ(TargetDescription::get(X86, "", "+avx").I16PairDot, "");
  EXPECT_EQ(TargetDescription::get(X86, "x86-64-v3", "").I16PairDot,
            "llvm.x86.avx2.pmadd.wd");
  EXPECT_EQ(TargetDescription::get(X86, "x86-64", "").I16PairDot,
            "llvm.x86.sse2.pmadd.wd");
  EXPECT_EQ(TargetDescription::get("aarch64-linux-gnu", "", "+neon").I16PairDot,
            "");
}

// AVX-512 turned off by a later feature is off: "-avx512f" is not "+avx512f".
TEST(TargetDescription, X86Avx2) {
  TargetDescription D =
      TargetDescription::get(X86, "", "+avx,+avx2,+fma,-avx512f");
  EXPECT_EQ(D.VectorBits, 256);
  EXPECT_EQ(D.Mr, 6);
  EXPECT_TRUE(D.HasFma);
  // Two blocks of rows in registers, matrices prefetched beyond the L3.
  EXPECT_EQ(D.MatvecRowVectors, 2);
  EXPECT_TRUE(D.MatvecRegisterPanels);
  EXPECT_EQ(D.MatvecPrefetchAboveBytes, 8 * 1024 * 1024);
  EXPECT_EQ(D.MatvecCachedRowVectors, 0);
  EXPECT_EQ(D.MatvecStreamVectorBits, 0);
  EXPECT_EQ(D.GemmMinKc, 256);
  EXPECT_EQ(D.IntelGemmMinKc, -1);
  EXPECT_EQ(D.IntelGemmMaxNc, 0);
  EXPECT_EQ(D.MatvecIntelCachedRowVectors, 0);
}

// SSE-only x86-64: 128-bit vectors, a 4-row tile, no FMA.
TEST(TargetDescription, X86Sse) {
  TargetDescription D = TargetDescription::get(X86, "x86-64", "+sse2");
  EXPECT_EQ(D.VectorBits, 128);
  EXPECT_EQ(D.Mr, 4);
  EXPECT_FALSE(D.HasFma);
}

// A CPU alone, as flang gives its functions for -march: its features.
TEST(TargetDescription, X86CpuOnly) {
  TargetDescription D = TargetDescription::get(X86, "x86-64-v3", "");
  EXPECT_EQ(D.VectorBits, 256);
  EXPECT_EQ(D.Mr, 6);
  EXPECT_TRUE(D.HasFma);
}

// A feature the list turns off goes with the CPU's, and so do those that
// imply it: without AVX there is no AVX2 or FMA, and no 256-bit vectors.
TEST(TargetDescription, X86CpuFeaturesTurnedOff) {
  EXPECT_EQ(TargetDescription::get(X86, "znver5", "-avx512f").VectorBits, 256);
  TargetDescription D = TargetDescription::get(X86, "x86-64-v3", "-avx");
  EXPECT_EQ(D.VectorBits, 128);
  EXPECT_FALSE(D.HasFma);
}

// A CPU name LLVM does not know adds nothing.
TEST(TargetDescription, X86UnknownCpu) {
  TargetDescription D = TargetDescription::get(X86, "no-such-cpu", "");
  EXPECT_EQ(D.VectorBits, 128);
  EXPECT_FALSE(D.HasFma);
}

// AArch64: NEON's 128-bit vectors, 32 registers, FMA always.
TEST(TargetDescription, AArch64) {
  TargetDescription D =
      TargetDescription::get("aarch64-linux-gnu", "neoverse-n1", "+neon");
  EXPECT_EQ(D.VectorBits, 128);
  EXPECT_EQ(D.VectorRegisters, 32);
  EXPECT_EQ(D.Mr, 8);
  EXPECT_TRUE(D.HasFma);
}

// The packs' prefetches are non-temporal, except on Intel cores, which
// every x86 description leaves to the code to tell at run time whatever
// the ISA or CPU name; other targets have no vendor to read.
TEST(TargetDescription, PackPrefetchLocality) {
  for (const char *Cpu : {"x86-64", "x86-64-v3", "znver5", "emeraldrapids"}) {
    TargetDescription D = TargetDescription::get(X86, Cpu, "");
    EXPECT_EQ(D.PackPrefetchLocality, 0) << Cpu;
    EXPECT_EQ(D.IntelPackPrefetchLocality, 3) << Cpu;
    EXPECT_EQ(D.MatvecIntelPrefetchLocality, 3) << Cpu;
  }
  TargetDescription Arm =
      TargetDescription::get("aarch64-linux-gnu", "neoverse-n1", "+neon");
  EXPECT_EQ(Arm.PackPrefetchLocality, 0);
  EXPECT_EQ(Arm.IntelPackPrefetchLocality, -1);
  EXPECT_EQ(Arm.MatvecIntelPrefetchLocality, -1);
}

// A target without an entry: the generic description.
TEST(TargetDescription, Unknown) {
  TargetDescription D = TargetDescription::get("riscv64-linux-gnu", "", "");
  EXPECT_EQ(D.VectorBits, 128);
  EXPECT_EQ(D.Mr, 4);
  EXPECT_FALSE(D.HasFma);
}

} // namespace
