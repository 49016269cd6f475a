//===- CacheQuery.h - The running core's caches, for generated code -*- C++
//-*-===//
//
// The tuned GEMM's cache blocks follow from the caches of the core that runs
// it, which need not be the one that compiled it: clang-22 names a 2 MiB-L2
// Xeon's core after a client part with 512 KiB, and LLVM's x86 cost model
// reports 32 KiB and 256 KiB for every core. Generated code therefore asks
// raise.cache.v2 (mlir-passes/lowering/target/CacheModel.h), which reads
// the cache descriptors of CPUID once per process, as BLAS libraries do:
// leaf 4 on Intel, 0x8000001D on AMD and Hygon. The object is the same
// whatever machine compiles it.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_CACHEQUERY_H
#define RAISE_PLUGIN_CACHEQUERY_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class Triple;
} // namespace llvm

namespace raising {

/// True if raise.cache.v2 can read the caches on @p T: x86 and x86-64.
bool supportsCacheQuery(const llvm::Triple &T);

/// Defines raise.cache.v2 in @p M if it declares it: on its first call it
/// reads the data and unified caches of levels 1 to 3 from CPUID (size =
/// ways x partitions x line size x sets) and the vendor (Intel, AMD or
/// Hygon, other) into a global, which every call then reads; 0 for what the
/// processor does not describe.
llvm::Error defineCacheQuery(llvm::Module &M);

} // namespace raising

#endif // RAISE_PLUGIN_CACHEQUERY_H
