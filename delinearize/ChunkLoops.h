//===- ChunkLoops.h - OpenMP chunk loops in Polly's shape -------*- C++ -*-===//
//
// In an OpenMP microtask the work-sharing loop runs over the thread's chunk
// [lb, ub], both read from what __kmpc_for_static_init_* wrote. After LLVM's
// loop passes it exits on `iv == ub` with an increment that may wrap, which
// Polly cannot bound; loop counters declared outside the parallel loop
// (shared) are stored in every iteration. With schedule(static, n) the
// loop over one chunk's rows runs inside a loop over the thread's chunks
// and is entered without a test SCEV sees, so Polly models its first row
// apart. This puts such loops in the shape Polly models.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_CHUNKLOOPS_H
#define RAISE_DELINEARIZE_CHUNKLOOPS_H

namespace llvm {
class DominatorTree;
class Function;
class LoopInfo;
class ScalarEvolution;
} // namespace llvm

namespace raising {

/// For every outermost loop of @p F that counts up to a bound it tests
/// for equality, entered only if it starts at or below the bound: tests
/// iv + 1 == bound + 1 with a signed increment that does not wrap, so that
/// SCEV and Polly know it does not. A loop over a chunk's rows inside a
/// loop over chunks continues while iv < max(lb, ub) and states lb <=
/// max(lb, ub) in an llvm.assume (the caller rescans its assumption cache).
/// Final values of shared counters that each iteration stores become
/// values computed before the loop, stored once after it. Keeps @p LI and
/// @p DT up to date; returns whether anything changed (the caller
/// invalidates the rest).
bool prepareChunkLoops(llvm::Function &F, llvm::LoopInfo &LI,
                       llvm::DominatorTree &DT, llvm::ScalarEvolution &SE);

/// Marks `captures(none)` the locals @p F passes for the chunk's bounds,
/// stride and last-iteration flag to __kmpc_for_static_init_* (and the
/// distribute forms): the runtime writes them during the call and keeps no
/// pointer to them (LLVM's own OMPKinds.def says as much). Until then the
/// locals escape, every store to an array may write them, and LLVM reloads
/// the chunk's upper bound inside the loop it bounds. Returns how many
/// operands were marked.
unsigned markChunkBoundsUncaptured(llvm::Function &F);

} // namespace raising

#endif // RAISE_DELINEARIZE_CHUNKLOOPS_H
