//===- VectorSupport.h - What the vector kernels share ----------*- C++ -*-===//
//
// The tuned kernels run a raised operation's scalar body on vectors, one
// element of the loop nest per lane. That is exact only for operations whose
// vector form computes each lane as the scalar form would. Where the lanes
// must run along a memref's strided dimension, square blocks are loaded
// along the contiguous one and transposed in registers.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_VECTORSUPPORT_H
#define RAISE_MLIR_PASSES_VECTORSUPPORT_H

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
namespace raise {

/// Loop metadata that keeps LLVM from unrolling or vectorizing a loop: the
/// tuned kernels are vectorized and unrolled as they should run already.
/// What LLVM added was code (unrolled and vectorized copies of edge loops,
/// with their checks and remainders; a third of the compile time of
/// Darknet's GEMMs, a fifth of Polybench's level-2 kernels') without speed,
/// and in the GEMM micro-kernel, whose tile holds 26 of AVX-512's 32
/// registers, two interleaved copies of the body spilled (gemm_nt at 1024:
/// 69 GFLOP/s instead of 103, depending on the code around the loop).
LLVM::LoopAnnotationAttr loopsAsWritten(MLIRContext *Ctx);

/// While alive, gives every `scf.for` that @p B inserts the metadata of
/// loopsAsWritten.
class KeepLoopsAsWritten : public OpBuilder::Listener {
public:
  explicit KeepLoopsAsWritten(OpBuilder &B);
  KeepLoopsAsWritten(const KeepLoopsAsWritten &) = delete;
  KeepLoopsAsWritten &operator=(const KeepLoopsAsWritten &) = delete;
  ~KeepLoopsAsWritten() override;
  void notifyOperationInserted(Operation *Op,
                               OpBuilder::InsertPoint Previous) override;

private:
  OpBuilder &B;
  OpBuilder::Listener *Outer;
  LLVM::LoopAnnotationAttr Annotation;
};

/// True if @p Op may run element-wise on vectors with the same per-lane
/// result as on scalars: the float operations a raised body holds.
bool isLaneWise(Operation *Op);

/// Clones the lane-wise @p Op with @p Map and gives every result the vector
/// type of @p Lanes elements of its scalar type.
Operation *cloneOnLanes(OpBuilder &B, Operation &Op, IRMapping &Map,
                        int64_t Lanes);

/// Broadcasts to @p Lanes lanes of each value @p Ops read that none of them
/// defines and that is not one of @p Given: what a scalar body uses from
/// outside, for running it on vectors. A value is broadcast as @p Scalars
/// maps it (hoisted copies), else as it is.
IRMapping broadcastOperands(OpBuilder &B, Location Loc,
                            ArrayRef<Operation *> Ops, ArrayRef<Value> Given,
                            int64_t Lanes, const IRMapping &Scalars = {});

/// The side of the square blocks that move data between a dimension of
/// @p Width and another through in-register transposes, with vectors of
/// @p Lanes: the largest power of two up to @p Lanes that divides @p Width,
/// or 0 if that is below 4 (too few lanes to gain over scalar copies).
int64_t squareSide(int64_t Lanes, int64_t Width);

/// The transpose of the square block whose rows are @p Rows (n vectors of n
/// lanes, n a power of two), returned as its columns: log2(n) rounds of
/// two-vector shuffles, each swapping the off-diagonal s x s blocks of every
/// 2s x 2s block; for 32-bit lanes, the rounds within groups of four lanes
/// interleave instead, so that every round is one unpack or permute
/// instruction of the backend (8 x 8 f32 on AVX2: 24 shuffles, not 32).
SmallVector<Value> transposeInRegisters(OpBuilder &B, Location Loc,
                                        SmallVector<Value> Rows);

/// The lanes of one 128-bit chunk of vector type @p VectorTy (4 for f32,
/// 2 for f64), or 0 if its lanes do not come in such chunks.
int64_t chunkLanes(Type VectorTy);

/// The columns of a block of n rows by c columns (c = chunkLanes of the
/// vectors) from @p Vectors, c vectors of n lanes of which vector k holds,
/// in its chunk q, row q * c + k: log2(c) rounds of interleaving within
/// the chunks. Loaded a chunk at a time, a block of rows is thus turned
/// into columns without shuffles across chunks (8 x 4 f32 on AVX2: 8
/// unpacks, against 24 for an 8 x 8 transpose that yields twice as many
/// columns, and half the registers).
SmallVector<Value> transposeChunks(OpBuilder &B, Location Loc,
                                   SmallVector<Value> Vectors);

/// The vectors @p Parts (a power of two of them, of one type) one after
/// the other in one vector.
Value concatenate(OpBuilder &B, Location Loc, SmallVector<Value> Parts);

/// True if the innermost stride of the memref @p V is 1, so that vectors
/// load along its last dimension.
bool hasUnitInnerStride(Value V);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_VECTORSUPPORT_H
