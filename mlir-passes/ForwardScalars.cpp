//===- ForwardScalars.cpp - The raise-forward-scalars pass ----------------===//

#include "Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISEFORWARDSCALARS
#include "mlir-passes/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;

namespace {

/// A 0-d memref allocated in the function.
bool isScalar(Value V) {
  auto Alloca = V.getDefiningOp<memref::AllocaOp>();
  return Alloca && Alloca.getType().getRank() == 0;
}

/// The accumulator whose value every store to @p Last copies, if any: each
/// store to Last sits in the body of @p Loop and follows a store of the same
/// value to the accumulator, with no later store to the accumulator there.
Value findAccumulator(Value Last, affine::AffineForOp &Loop) {
  Value Accumulator;
  for (Operation *User : Last.getUsers()) {
    auto Store = dyn_cast<affine::AffineStoreOp>(User);
    if (!Store) {
      if (isa<affine::AffineLoadOp>(User))
        continue;
      return {};
    }
    auto Parent = dyn_cast<affine::AffineForOp>(Store->getParentOp());
    if (!Parent || (Loop && Parent != Loop))
      return {};
    Loop = Parent;
    affine::AffineStoreOp Copy;
    for (Operation &Op : *Loop.getBody()) {
      auto Other = dyn_cast<affine::AffineStoreOp>(&Op);
      if (!Other || Other.getMemRef() == Last)
        continue;
      if (Other.getValueToStore() == Store.getValueToStore() &&
          isScalar(Other.getMemRef()) && Other->isBeforeInBlock(Store))
        Copy = Other;
    }
    if (!Copy || (Accumulator && Accumulator != Copy.getMemRef()))
      return {};
    Accumulator = Copy.getMemRef();
    // Nothing may change the accumulator after the copy in this body.
    for (Operation *Op = Copy->getNextNode(); Op; Op = Op->getNextNode())
      if (Op != Store.getOperation() &&
          Op->walk([&](affine::AffineStoreOp S) {
              return S.getMemRef() == Accumulator ? WalkResult::interrupt()
                                                  : WalkResult::advance();
            }).wasInterrupted())
        return {};
  }
  return Accumulator;
}

struct ForwardScalarsPass
    : raise::impl::RaiseForwardScalarsBase<ForwardScalarsPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> Scalars;
    getOperation().walk([&](memref::AllocaOp A) {
      if (A.getType().getRank() == 0)
        Scalars.push_back(A);
    });
    for (memref::AllocaOp Last : Scalars) {
      affine::AffineForOp Loop;
      Value Accumulator = findAccumulator(Last, Loop);
      if (!Accumulator)
        continue;
      // Loads of the last value after the loop, in the loop's block.
      for (Operation *User : llvm::make_early_inc_range(Last->getUsers())) {
        auto Load = dyn_cast<affine::AffineLoadOp>(User);
        if (!Load || Load->getBlock() != Loop->getBlock() ||
            !Loop->isBeforeInBlock(Load))
          continue;
        bool Rewritten = false;
        for (Operation *Op = Loop->getNextNode(); Op != Load; Op = Op->getNextNode())
          Rewritten |= Op->walk([&](affine::AffineStoreOp S) {
                           return S.getMemRef() == Accumulator ||
                                          S.getMemRef() == Last.getResult()
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         }).wasInterrupted();
        if (Rewritten)
          continue;
        Load->setOperand(Load.getMemRefOperandIndex(), Accumulator);
        ++numForwarded;
      }
      // A scalar nothing reads any more is dead, with its stores.
      if (llvm::all_of(Last->getUsers(), [](Operation *U) {
            return isa<affine::AffineStoreOp>(U);
          })) {
        for (Operation *U : llvm::make_early_inc_range(Last->getUsers()))
          U->erase();
        Last->erase();
      }
    }
  }
};

} // namespace
