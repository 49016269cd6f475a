//===- RowGather.h - Rows gathered into one block at run time ---*- C++ -*-===//
//
// A matrix whose rows were allocated one by one (`A[i] = malloc(...)`) has
// them at no fixed distance, so no 2-D array describes it. The copy of a nest
// that RowTables.h makes can still read it as one: before the nest, the rows
// it uses are copied into one block (gathered) with a fixed distance between
// them, the nest runs on the block, and the rows it writes are copied back
// after it. That is exact only where no row the nest writes overlaps another
// row or anything else the nest reads or writes (else the source would see
// its own stores through the other row): the plan below checks it at run time
// over every row and array, in O(n log n) for n of them.
//
// These are the functions the copy calls, emitted into the module once, so
// that the user's program needs nothing but the C library (malloc, free,
// qsort).
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_DELINEARIZE_ROWGATHER_H
#define RAISE_DELINEARIZE_ROWGATHER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace llvm {
class Function;
class Module;
class StructType;
class LLVMContext;
} // namespace llvm

namespace raising {

/// `ptr (ptr Ranges, i64 NumRanges, i64 Bytes)`: returns a block of at least
/// Bytes bytes from malloc (the caller frees it) if no byte written, as the
/// ranges say, lies in two of them; null otherwise, or if malloc fails.
constexpr const char *RowPlanFunction = "raise.rows.plan";

/// `void (ptr Block, ptr Ranges, i64 NumRanges)`: copies the rows of every
/// range of rows into Block, where the range says, unless Block is null.
constexpr const char *RowGatherFunction = "raise.rows.gather";

/// `void (ptr Block, ptr Ranges, i64 NumRanges)`: copies the rows of every
/// range of rows written back from Block and frees it, unless it is null.
constexpr const char *RowScatterFunction = "raise.rows.scatter";

/// What a range descriptor says of its bytes.
enum RangeFlags : uint64_t {
  /// The nest writes them.
  RangeWritten = 1,
  /// They are rows of a table: bytes [Lo, Hi) of each of Count rows, the
  /// first at entry First of the table at Base; else [Base + Lo, Base + Hi).
  RangeRows = 2,
};

/// One range descriptor: `{i64 Flags, ptr Base, i64 First, i64 Count, i64
/// EntrySize, i64 Lo, i64 Hi, i64 Offset, i64 Pitch}`; the rows of a range of
/// rows go at Offset bytes into the block, one every Pitch bytes.
llvm::StructType *getRangeType(llvm::LLVMContext &Ctx);

/// Where the block comes from: `ptr Alloc(i64 alignment, i64 bytes)` and
/// `void Free(ptr)`, raise's buffer cache, which keeps a thread's buffers
/// for its next call (a fresh block costs a page fault per page, every
/// call); or malloc and free where Alloc is empty. The caller defines them
/// where the plan is used.
struct BlockHeap {
  llvm::StringRef Alloc, Free;
};

/// The functions above, added to @p M on first use with attribute
/// @p CheckAttr (so that raise leaves their loops alone).
llvm::Function &getRowPlanFunction(llvm::Module &M, llvm::StringRef CheckAttr,
                                   const BlockHeap &Heap);
llvm::Function &getRowGatherFunction(llvm::Module &M,
                                     llvm::StringRef CheckAttr);
llvm::Function &getRowScatterFunction(llvm::Module &M,
                                      llvm::StringRef CheckAttr,
                                      const BlockHeap &Heap);

/// Erases the functions above from @p M where nothing calls them (every
/// nest that gathered was put back), so that no call of the heap functions
/// is left for the caller to define.
void eraseUnusedRowFunctions(llvm::Module &M);

} // namespace raising

#endif // RAISE_DELINEARIZE_ROWGATHER_H
