//===- VectorSupport.cpp - What the vector kernels share ------------------===//

#include "VectorSupport.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

using namespace mlir;

LLVM::LoopAnnotationAttr raise::loopsAsWritten(MLIRContext *Ctx) {
  BoolAttr True = BoolAttr::get(Ctx, true);
  return LLVM::LoopAnnotationAttr::get(
      Ctx, /*disableNonforced=*/{},
      LLVM::LoopVectorizeAttr::get(Ctx, /*disable=*/True, {}, {}, {}, {}, {},
                                   {}),
      /*interleave=*/{},
      LLVM::LoopUnrollAttr::get(Ctx, /*disable=*/True, {}, {}, {}, {}, {}, {}),
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
}

raise::KeepLoopsAsWritten::KeepLoopsAsWritten(OpBuilder &B)
    : B(B), Outer(B.getListener()), Annotation(loopsAsWritten(B.getContext())) {
  B.setListener(this);
}

raise::KeepLoopsAsWritten::~KeepLoopsAsWritten() { B.setListener(Outer); }

void raise::KeepLoopsAsWritten::notifyOperationInserted(
    Operation *Op, OpBuilder::InsertPoint Previous) {
  if (isa<scf::ForOp>(Op))
    Op->setAttr("loop_annotation", Annotation);
  if (Outer)
    Outer->notifyOperationInserted(Op, Previous);
}

bool raise::isLaneWise(Operation *Op) {
  if (isa<LLVM::FMulAddOp, LLVM::FMAOp>(Op))
    return true;
  return Op->hasTrait<OpTrait::Elementwise>() &&
         Op->hasTrait<OpTrait::Vectorizable>();
}

Operation *raise::cloneOnLanes(OpBuilder &B, Operation &Op, IRMapping &Map,
                               int64_t Lanes) {
  Operation *New = B.clone(Op, Map);
  for (Value Result : New->getResults())
    Result.setType(VectorType::get({Lanes}, Result.getType()));
  return New;
}

SmallVector<Value> raise::transposeInRegisters(OpBuilder &B, Location Loc,
                                               SmallVector<Value> Rows) {
  int64_t N = Rows.size();
  for (int64_t S = N / 2; S >= 1; S /= 2) {
    SmallVector<int64_t> Low, High;
    for (int64_t L = 0; L < N; ++L) {
      bool Even = (L / S) % 2 == 0;
      Low.push_back(Even ? L : N + L - S);
      High.push_back(Even ? L + S : N + L);
    }
    for (int64_t R = 0; R < N; ++R) {
      if (R & S)
        continue;
      Value Top = Rows[R], Bottom = Rows[R + S];
      Rows[R] = vector::ShuffleOp::create(B, Loc, Top, Bottom, Low);
      Rows[R + S] = vector::ShuffleOp::create(B, Loc, Top, Bottom, High);
    }
  }
  return Rows;
}

IRMapping raise::broadcastOperands(OpBuilder &B, Location Loc,
                                   ArrayRef<Operation *> Ops,
                                   ArrayRef<Value> Given, int64_t Lanes,
                                   const IRMapping &Scalars) {
  llvm::SmallPtrSet<Operation *, 8> Defining(Ops.begin(), Ops.end());
  IRMapping Map;
  for (Operation *Op : Ops)
    for (Value V : Op->getOperands()) {
      if (Defining.contains(V.getDefiningOp()) ||
          llvm::is_contained(Given, V) || Map.contains(V))
        continue;
      Map.map(V, vector::BroadcastOp::create(
                     B, Loc, VectorType::get({Lanes}, V.getType()),
                     Scalars.lookupOrDefault(V)));
    }
  return Map;
}

int64_t raise::squareSide(int64_t Lanes, int64_t Width) {
  int64_t Side = 1;
  while (Side * 2 <= Lanes && Width % (Side * 2) == 0)
    Side *= 2;
  return Side >= 4 ? Side : 0;
}

bool raise::hasUnitInnerStride(Value V) {
  auto Type = dyn_cast<MemRefType>(V.getType());
  SmallVector<int64_t> Strides;
  int64_t Offset;
  return Type && succeeded(Type.getStridesAndOffset(Strides, Offset)) &&
         !Strides.empty() && Strides.back() == 1;
}
