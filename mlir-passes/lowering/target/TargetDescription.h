//===- TargetDescription.h - What lowering knows of a target ----*- C++ -*-===//
//
// Everything the tuned lowering needs to know about the machine the code is
// for, built in one place from the triple, CPU and features of the function
// being compiled (what -march chose), never from the build machine. Every
// pass that needs target knowledge asks this description; adding a target or
// a CPU with other caches means adding an entry in TargetDescription.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_LOWERING_TARGET_TARGETDESCRIPTION_H
#define RAISE_MLIR_PASSES_LOWERING_TARGET_TARGETDESCRIPTION_H

#include "CacheModel.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace mlir {
namespace raise {

/// Which vector kernels the tuned lowering emits for a target (the tuned
/// pipeline's gemm-kernels, matvec-kernels and transpose-kernels): a
/// target without one lowers those operations as plain loops.
struct KernelSet {
  /// Packed, register-tiled GEMM micro-kernels (raise-tile-matmul).
  bool Gemm = true;
  /// Row-block and transposed matrix-vector kernels (raise-tile-matvec).
  bool Matvec = true;
  /// In-register block transposes (raise-tile-transpose).
  bool Transpose = true;
};

/// The target as the lowering sees it.
struct TargetDescription {
  /// Width of one vector register in bits.
  int64_t VectorBits = 128;
  /// Architectural vector registers; the register tile keeps its
  /// accumulators in about half of them, leaving the rest for A's
  /// broadcasts and B's vectors.
  int64_t VectorRegisters = 16;
  /// A fused multiply-add instruction exists, so `llvm.intr.fmuladd` may be
  /// emitted as `vector.fma` (what the backend makes of it anyway).
  bool HasFma = false;
  /// The intrinsic that multiplies 16-bit integers lane by lane and adds
  /// each pair of neighbouring products into a 32-bit lane, for vectors of
  /// VectorBits (x86's pmaddwd; the backend fuses it with an add into
  /// VNNI's vpdpwssd where there is one); empty where there is none. Integer
  /// GEMMs of 16-bit or narrower inputs take two k at a time with it, twice
  /// the products per instruction of 32-bit lanes (wrapping sums: the same
  /// in any order).
  std::string I16PairDot;
  /// The GEMM's register tile: Mr rows by NrVectors vectors.
  int64_t Mr = 4;
  int64_t NrVectors = 2;
  /// The least depth of the GEMM's k block (raise-tile-matmul's min-kc).
  /// The cache model keeps B's micro-panel in L1 and does not count the
  /// load and store of C's tile that ends every k block; the deeper the
  /// block, the fewer of those per multiply-add. 256 where the depth was
  /// measured on Zen 4 (the model's 128 reached 0.82x OpenBLAS at 2048^3,
  /// 256 1.00x) and on Zen 3. On AVX-512 768 (Zen 5, f32 8 x 32 tile,
  /// Darknet's four GEMM forms interleaved: 2-6% faster than 256 at 2048^3
  /// and at yolov3-tiny's deep layers, with mc anywhere from 40 to 128;
  /// f64 2048^3 121 -> 124 GFLOP/s): a k step of that tile loads 160 bytes
  /// of its micro-panels for 16 vector FMAs, which these cores' L2 feeds
  /// once B's micro-panel outgrows L1.
  int64_t GemmMinKc = 256;
  /// Where not -1, GemmMinKc on Intel cores, which the generated code picks
  /// at run time from the running core's vendor (as the packs' prefetch
  /// hint below). On AVX-512 512 (Emerald Rapids, 48 KiB L1 and 2 MiB L2
  /// per core, Darknet's four forms at square and yolov3-tiny's shapes,
  /// geo-mean 1.06x against 768; the model's mc, 80, as fast as larger
  /// ones). Zen 5 keeps 768.
  int64_t IntelGemmMinKc = -1;
  /// Where not 0, the most columns of the GEMM's packed B block on Intel
  /// cores (picked at run time), where the model's, sized for L3, is wider.
  /// On AVX-512 512 (Emerald Rapids: yolov3-tiny's layers of M 32-128
  /// 1.05-1.35x faster with B packed 512 columns at a time and used while
  /// in L2, square GEMMs at par; 256 and 1024-1792 columns were slower).
  int64_t IntelGemmMaxNc = 0;
  /// The locality hint (memref.prefetch's, 0-3) of the prefetches that run
  /// ahead along the rows a GEMM pack reads, and where not -1 the hint on
  /// Intel cores, which the generated code then picks at run time from the
  /// running core's vendor (where the plugin defines raise.cache.v2). The
  /// choice follows the vendor's cache hierarchy, not the ISA or the CPU
  /// name: on Zen 5 non-temporal prefetches (0) made Darknet's 16 x 173056
  /// x 27 1.2x faster than none; on an Intel Xeon (Emerald Rapids, AVX-512
  /// and AVX2 kernels), whose non-temporal prefetches fill L1 alone, packing
  /// took twice as long as with prefetches into L1 (3): that layer's
  /// gemm_nn 36 -> 65 GFLOP/s, 32 x 43264 x 144 59 -> 88.
  int64_t PackPrefetchLocality = 0;
  int64_t IntelPackPrefetchLocality = -1;
  /// The data caches the cache-block model sizes the GEMM's blocks for.
  CacheHierarchy Caches = CacheHierarchy::defaults();
  /// How far ahead the row-wise matvec kernel prefetches each row.
  int64_t MatvecPrefetchBytes = 512;
  /// Those prefetches are non-temporal (Zen 5); where not -1, their hint on
  /// Intel cores, which the generated code picks at run time from the
  /// running core's vendor. 3 on x86: on Emerald Rapids the non-temporal
  /// ones fill L1 alone, and the AVX2 kernel streamed 4096 x 768 f32 at 4.1
  /// GFLOP/s with them, 12.3 with prefetches into L1.
  int64_t MatvecIntelPrefetchLocality = -1;
  /// Blocks of rows the row-wise matvec kernel interleaves at most (their
  /// multiply-add chains overlap) and the most bytes of the matrix they may
  /// span (rows far apart are many streams). Measured on Zen 5: four blocks
  /// within 48 KiB.
  int64_t MatvecRowVectors = 4;
  int64_t MatvecPanelBytes = 48 * 1024;
  /// Whether the row-wise matvec kernel keeps the accumulators of a panel's
  /// blocks in registers, each its own chain through the j loop, instead of
  /// in y, the blocks taking turns for each block of columns. On AVX2 (Zen
  /// 3, measured): two blocks in registers, 8 x 4 blocks of A turned into
  /// columns with unpacks, run 1.2-1.5x faster than four blocks through y
  /// where A is in a cache; more blocks spill. On AVX-512 (Zen 5,
  /// measured): two blocks of 16 rows in registers, 16 x 4 blocks turned
  /// into columns, 1.2x faster in L2 (288 x 288 f32: 36 -> 43 GFLOP/s) and
  /// 1.5x from memory (32000 x 288: 10.6 -> 15.8), at par from L3; four
  /// blocks were no faster (their 64 row addresses spill).
  bool MatvecRegisterPanels = false;
  /// The row-wise matvec kernel prefetches only matrices of more bytes than
  /// this (0: all): below, the hardware's prefetchers keep up and the
  /// prefetches only cost (Zen 3, 288 x 288 f32 from L2: 12 -> 21 GFLOP/s
  /// without). On AVX2 and AVX-512 the last-level cache of the
  /// description.
  int64_t MatvecPrefetchAboveBytes = 0;
  /// Where not 0, the row-wise matvec kernel takes, for matrices of at most
  /// MatvecPrefetchAboveBytes, panels of up to this many blocks of rows
  /// through y, square blocks transposed, spanning at most
  /// MatvecCachedPanelBytes; the kernel above is for larger ones. On
  /// AVX-512 (Zen 5, f32, measured): four blocks within 96 KiB run 1.2-1.5x
  /// faster than two in registers from L2 and L3, which are faster from
  /// memory (32000 x 768: 14.8 against 10.7 GFLOP/s).
  int64_t MatvecCachedRowVectors = 0;
  int64_t MatvecCachedPanelBytes = 96 * 1024;
  /// Where not 0, the width of the row-wise matvec kernel's vectors for
  /// matrices of 32-bit elements of more than MatvecPrefetchAboveBytes. On
  /// AVX-512 (Zen 5, measured): 256 bits; the hardware's prefetchers
  /// followed rows read by 256-bit loads and not by 512-bit ones (32000 x
  /// 288 f32 from memory: 19 -> 29 GFLOP/s, 16000 x 768: 20 -> 26), and
  /// from memory the wider vectors have no arithmetic to gain. f64's
  /// kernels through y lost on narrower vectors (0.65-0.7x).
  int64_t MatvecStreamVectorBits = 0;
  /// Where not 0, on Intel cores (chosen at run time) the matrices of 32-bit
  /// elements that take MatvecCachedRowVectors' panels elsewhere take
  /// register panels of up to this many blocks on vectors of
  /// MatvecIntelCachedVectorBits instead. On AVX-512 (Emerald Rapids,
  /// measured): 512-bit shuffles issue on one port, which bounds the square
  /// transposes at 4 elements a cycle (288 x 768 f32 in L2: 21 GFLOP/s);
  /// three blocks of 8 rows, 256-bit unpacks of 128-bit chunks on two
  /// ports, reach 28 (clang's own -ffast-math loop: 27), 768 x 768 from L3
  /// 15 -> 19.6. On AVX2, with 16 registers, a third block spilled.
  int64_t MatvecIntelCachedRowVectors = 0;
  int64_t MatvecIntelCachedVectorBits = 0;
  /// The kernels that exist for this target.
  KernelSet Kernels;

  /// The description of code compiled for @p Triple (e.g.
  /// "x86_64-unknown-linux-gnu"), CPU @p Cpu ("znver5", may be empty) and
  /// features @p Features ("+avx2,+fma,-avx512f", LLVM's
  /// `target-features` syntax).
  static TargetDescription get(llvm::StringRef Triple, llvm::StringRef Cpu,
                               llvm::StringRef Features);
};

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_LOWERING_TARGET_TARGETDESCRIPTION_H
