//===- CacheModelTest.cpp - The analytical model of the cache blocks ------===//
//
// computeBlockSizes against blocks worked out by hand from the formulas of
// Low et al. on known cache configurations, and on degenerate ones.
//
//===----------------------------------------------------------------------===//

#include "mlir-passes/lowering/target/CacheModel.h"

#include "gtest/gtest.h"

using namespace mlir::raise;

namespace {

/// Sandy Bridge: 32 KiB 8-way L1, 256 KiB 8-way L2, 8 MiB 16-way L3.
CacheHierarchy sandyBridge() {
  return {{32 * 1024, 8}, {256 * 1024, 8}, {8 * 1024 * 1024, 16}};
}

// The paper's Sandy Bridge DGEMM (mr x nr = 8 x 4): C_Ar = floor(7 / 1.5) =
// 4 ways of 4 KiB, kc = 4 * 4096 / (8 * 8) = 256; in L2 B's micro-panel
// takes ceil(256 * 4 * 8 / 32768) = 1 of the 32 KiB ways, A 8 - 1 - 1 = 6,
// mc = 6 * 32768 / (256 * 8) = 96 (BLIS's own kc and mc for this core); in
// L3 A takes 1 of the 512 KiB ways, B 14, nc = 14 * 524288 / 2048 = 3584.
TEST(CacheModel, SandyBridgeDgemm) {
  BlockSizes B = computeBlockSizes(sandyBridge(), 8, 4, 8);
  EXPECT_EQ(B.Kc, 256);
  EXPECT_EQ(B.Mc, 96);
  EXPECT_EQ(B.Nc, 3584);
}

// Haswell DGEMM with BLIS's 6 x 8 tile and the same caches: C_Ar =
// floor(7 * 6 / 14) = 3, kc = 3 * 4096 / 48 = 256; mc = 6 * 32768 / 2048 =
// 96, a multiple of 6; nc as above, a multiple of 8.
TEST(CacheModel, HaswellDgemm) {
  BlockSizes B = computeBlockSizes(sandyBridge(), 6, 8, 8);
  EXPECT_EQ(B.Kc, 256);
  EXPECT_EQ(B.Mc, 96);
  EXPECT_EQ(B.Nc, 3584);
}

// An AVX-512 core of this project's machine kind (48 KiB 12-way L1, 2 MiB
// 16-way L2, a 32 MiB 16-way L3 assumed) with raise's f32 tile 8 x 32:
// C_Ar = floor(11 * 8 / 40) = 2 ways of 4 KiB, kc = 2 * 4096 / 32 = 256; in
// L2 (128 KiB ways) B's micro-panel takes ceil(256 * 32 * 4 / 131072) = 1,
// A 14, mc = 14 * 131072 / 1024 = 1792; in L3 (2 MiB ways) A takes
// ceil(1792 * 256 * 4 / 2097152) = 1, B 14, nc = 14 * 2097152 / 1024 =
// 28672.
TEST(CacheModel, SkylakeServerSgemm) {
  CacheHierarchy C = {
      {48 * 1024, 12}, {2048 * 1024, 16}, {32 * 1024 * 1024, 16}};
  BlockSizes B = computeBlockSizes(C, 8, 32, 4);
  EXPECT_EQ(B.Kc, 256);
  EXPECT_EQ(B.Mc, 1792);
  EXPECT_EQ(B.Nc, 28672);
}

// What LLVM's x86 cost model reports (the defaults) with the f32 tile:
// C_Ar = floor(7 * 8 / 40) = 1, kc = 4096 / 32 = 128; mc = 6 * 32768 / 512
// = 384; nc = 14 * 524288 / 512 = 14336.
TEST(CacheModel, DefaultsSgemm) {
  BlockSizes B = computeBlockSizes(CacheHierarchy::defaults(), 8, 32, 4);
  EXPECT_EQ(B.Kc, 128);
  EXPECT_EQ(B.Mc, 384);
  EXPECT_EQ(B.Nc, 14336);
}

// Unknown levels (size or associativity 0) are taken from the defaults.
TEST(CacheModel, UnknownLevelsUseDefaults) {
  CacheHierarchy Unknown;
  BlockSizes B = computeBlockSizes(Unknown, 8, 32, 4);
  BlockSizes D = computeBlockSizes(CacheHierarchy::defaults(), 8, 32, 4);
  EXPECT_EQ(B.Kc, D.Kc);
  EXPECT_EQ(B.Mc, D.Mc);
  EXPECT_EQ(B.Nc, D.Nc);
  CacheHierarchy OnlyL1 = Unknown;
  OnlyL1.L1 = {48 * 1024, 12};
  EXPECT_EQ(computeBlockSizes(OnlyL1, 8, 32, 4).Kc, 256);
}

// Too few ways or too small a cache for the model: every block is still at
// least one register tile, mc and nc multiples of mr and nr.
TEST(CacheModel, DegenerateCaches) {
  CacheHierarchy Tiny = {{1024, 2}, {2048, 2}, {4096, 2}};
  BlockSizes B = computeBlockSizes(Tiny, 6, 16, 8);
  EXPECT_GE(B.Kc, 1);
  EXPECT_EQ(B.Mc % 6, 0);
  EXPECT_GE(B.Mc, 6);
  EXPECT_EQ(B.Nc % 16, 0);
  EXPECT_GE(B.Nc, 16);
  // Direct-mapped caches leave no way for the model to share out: each
  // block gets one way, kc = 32768 / 32 = 1024, mc = 262144 / 4096 = 64,
  // nc = 8 MiB / 4096 = 2048.
  CacheHierarchy DirectMapped = {
      {32 * 1024, 1}, {256 * 1024, 1}, {8 * 1024 * 1024, 1}};
  B = computeBlockSizes(DirectMapped, 8, 32, 4);
  EXPECT_EQ(B.Kc, 1024);
  EXPECT_EQ(B.Mc, 64);
  EXPECT_EQ(B.Nc, 2048);
}

} // namespace

// A k block chosen otherwise (raise-tile-matmul's min-kc): mc and nc follow
// from it as in the model. Defaults, f32 8x32, kc = 256: C_Br = ceil(256 *
// 32 * 4 / 32768) = 1, mc = 6 * 32768 / 1024 = 192; C_Ac3 = ceil(192 * 256 *
// 4 / 524288) = 1, nc = 14 * 524288 / 1024 = 7168.
TEST(CacheModel, GivenKc) {
  BlockSizes B =
      computeBlockSizesForKc(CacheHierarchy::defaults(), 8, 32, 4, 256);
  EXPECT_EQ(B.Kc, 256);
  EXPECT_EQ(B.Mc, 192);
  EXPECT_EQ(B.Nc, 7168);
  // The model's own kc gives the model's blocks.
  BlockSizes M = computeBlockSizes(CacheHierarchy::defaults(), 8, 32, 4);
  BlockSizes Same =
      computeBlockSizesForKc(CacheHierarchy::defaults(), 8, 32, 4, M.Kc);
  EXPECT_EQ(Same.Mc, M.Mc);
  EXPECT_EQ(Same.Nc, M.Nc);
}
