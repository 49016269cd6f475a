//===- BufferCache.h - Heap buffers of generated code -----------*- C++ -*-===//
//
// The tuned kernels allocate their packing buffers on every call. A fresh
// buffer costs a page fault per page touched, every call, once the C library
// has given the memory back to the system (glibc trims its heap on free): a
// 256^3 SGEMM spent a third of its time there. Generated code therefore
// allocates through raise.alloc.v2 / raise.free.v2 (ExportToLLVM.h), which
// keep the last four buffers of each thread for the next call, as BLAS
// libraries keep theirs: a GEMM's two packing buffers and, around a TTGT
// contraction's GEMM, its two transposed operands (abc-acd-db spent a fifth
// of its time in page faults with two).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_BUFFERCACHE_H
#define RAISE_PLUGIN_BUFFERCACHE_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class Triple;
} // namespace llvm

namespace raising {

/// True if the buffer cache works on @p T: 64-bit Linux, whose C libraries
/// run a thread's destructors with __cxa_thread_atexit_impl. Elsewhere
/// generated code allocates from the C library directly.
bool supportsBufferCache(const llvm::Triple &T);

/// Defines the allocation functions in @p M if it declares them: per
/// thread, four cached buffers of up to 64 MiB, 64-byte aligned; a request
/// takes the smallest free buffer large enough for it, or else replaces the
/// smallest free one (so that a small request does not take, and a growing
/// one does not drop, a large buffer the next request needs); a buffer in
/// use is never handed out again until freed; what the cache cannot serve
/// (all in use, larger, a stricter alignment, no __cxa_thread_atexit_impl
/// in the C library) comes from aligned_alloc. The cached buffers are freed
/// when the thread exits.
llvm::Error defineBufferCache(llvm::Module &M);

} // namespace raising

#endif // RAISE_PLUGIN_BUFFERCACHE_H
