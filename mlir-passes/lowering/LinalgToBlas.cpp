//===- LinalgToBlas.cpp - The raise-linalg-to-blas pass -------------------===//
//
// Matmul- and matvec-like linalg operations on f32/f64 memrefs become calls
// to CBLAS (`cblas_?gemm`, `cblas_?gemv`) with row-major arguments taken from
// the memrefs' strides, behind a run-time check that falls back to the
// original operations. CBLAS sums in its own order, so this runs only where
// reassociation is allowed.
//
//===----------------------------------------------------------------------===//

#include "LinalgToBlas.h"

#include "BlasPlan.h"
#include "ExternalFunctions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <climits>

namespace mlir {
namespace raise {
#define GEN_PASS_DEF_RAISELINALGTOBLAS
#include "mlir-passes/lowering/Passes.h.inc"
} // namespace raise
} // namespace mlir

using namespace mlir;
using namespace mlir::raise;

namespace {

// CBLAS's enumerations (cblas.h).
constexpr int64_t CblasRowMajor = 101;
constexpr int64_t CblasNoTrans = 111;
constexpr int64_t CblasTrans = 112;

/// Emits the guarded call for one plan in place of its operations.
class BlasEmitter {
public:
  BlasEmitter(BlasPlan &P, func::FuncOp Callee)
      : P(P), Callee(Callee), B(P.group().back()), Loc(P.Op.getLoc()) {}

  void emit();

private:
  Value index(int64_t V) { return arith::ConstantIndexOp::create(B, Loc, V); }
  Value i32(Value Index) {
    return arith::IndexCastOp::create(B, Loc, B.getI32Type(), Index);
  }
  Value i32(int64_t V) {
    return arith::ConstantIntOp::create(B, Loc, B.getI32Type(), V);
  }
  Value cmp(arith::CmpIPredicate Pred, Value X, Value Y) {
    return arith::CmpIOp::create(B, Loc, Pred, X, Y);
  }
  /// @p V fits CBLAS's `int`.
  void requireInt(Value V) {
    require(cmp(arith::CmpIPredicate::ule, V, index(INT_MAX)));
  }
  void require(Value Cond) {
    Ok = Ok ? arith::AndIOp::create(B, Loc, Ok, Cond) : Cond;
  }
  void requireNonZero(Value F) {
    Value Zero = arith::ConstantOp::create(B, Loc, B.getFloatAttr(P.ElemTy, 0));
    require(arith::CmpFOp::create(B, Loc, arith::CmpFPredicate::UNE, F, Zero));
  }

  /// Size of the memref dimension @p D of @p O.
  Value size(const Operand &O, unsigned D) {
    return memref::DimOp::create(B, Loc, O.Memref, D);
  }
  /// The product's loop-invariant factors multiplied, in body order.
  Value alpha();
  /// The leading dimension of matrix @p O, checked against its row length.
  Value leadingDim(const Operand &O, memref::ExtractStridedMetadataOp Meta);
  /// The increment of vector @p O, checked to be positive.
  Value increment(const Operand &O, memref::ExtractStridedMetadataOp Meta);
  /// A pointer to @p O's first element in batch @p Batch (or null).
  Value pointer(const Operand &O, memref::ExtractStridedMetadataOp Meta,
                Value Batch);

  BlasPlan &P;
  func::FuncOp Callee;
  OpBuilder B;
  Location Loc;
  Value Ok;
};

Value BlasEmitter::alpha() {
  Value A;
  for (Value F : P.Alpha.Factors) {
    if (definedInside(F, P.Op))
      F = B.clone(*F.getDefiningOp())->getResult(0);
    A = A ? arith::MulFOp::create(B, Loc, A, F) : F;
  }
  if (!A)
    A = arith::ConstantOp::create(B, Loc, B.getFloatAttr(P.ElemTy, 1.0));
  if (P.Alpha.Negate)
    A = arith::NegFOp::create(B, Loc, A);
  return A;
}

Value BlasEmitter::leadingDim(const Operand &O,
                              memref::ExtractStridedMetadataOp Meta) {
  Value Ld = Meta.getStrides()[O.Dims[0]];
  Value Row = arith::MaxSIOp::create(B, Loc, size(O, O.Dims[1]), index(1));
  require(cmp(arith::CmpIPredicate::sge, Ld, Row));
  requireInt(Ld);
  return i32(Ld);
}

Value BlasEmitter::increment(const Operand &O,
                             memref::ExtractStridedMetadataOp Meta) {
  Value Inc = Meta.getStrides()[O.Dims[0]];
  require(cmp(arith::CmpIPredicate::sge, Inc, index(1)));
  requireInt(Inc);
  return i32(Inc);
}

Value BlasEmitter::pointer(const Operand &O,
                           memref::ExtractStridedMetadataOp Meta, Value Batch) {
  Value Offset = Meta.getOffset();
  if (Batch)
    Offset = arith::AddIOp::create(
        B, Loc, Offset,
        arith::MulIOp::create(B, Loc, Batch, Meta.getStrides()[*O.BatchDim]));
  Value Base = memref::ExtractAlignedPointerAsIndexOp::create(B, Loc, O.Memref);
  auto PtrTy = LLVM::LLVMPointerType::get(B.getContext());
  auto I64 = B.getI64Type();
  Value Ptr = LLVM::IntToPtrOp::create(
      B, Loc, PtrTy, arith::IndexCastOp::create(B, Loc, I64, Base),
      /*dereferenceable=*/nullptr);
  return LLVM::GEPOp::create(
      B, Loc, PtrTy, P.ElemTy, Ptr,
      ValueRange{arith::IndexCastOp::create(B, Loc, I64, Offset)});
}

void BlasEmitter::emit() {
  SmallVector<memref::ExtractStridedMetadataOp, 3> Meta;
  for (const Operand *O : {&P.A, &P.B, &P.C})
    Meta.push_back(memref::ExtractStridedMetadataOp::create(B, Loc, O->Memref));

  // The call's arguments before the pointers, and the checks they need.
  SmallVector<Value> Head = {i32(CblasRowMajor)};
  Value Lda, Ldb, Ldc;
  if (P.Gemv) {
    Value Rows = size(P.A, P.A.Dims[0]), Cols = size(P.A, P.A.Dims[1]);
    requireInt(Rows);
    requireInt(Cols);
    Head.append(
        {i32(P.TransA ? CblasTrans : CblasNoTrans), i32(Rows), i32(Cols)});
    Lda = leadingDim(P.A, Meta[0]);
    Ldb = increment(P.B, Meta[1]);
    Ldc = increment(P.C, Meta[2]);
  } else {
    // M and N from C, K from A (its non-row dimension when not transposed).
    Value M = size(P.C, P.C.Dims[0]), N = size(P.C, P.C.Dims[1]);
    Value K = size(P.A, P.A.Dims[P.TransA ? 0 : 1]);
    for (Value V : {M, N, K})
      requireInt(V);
    Head.append({i32(P.TransA ? CblasTrans : CblasNoTrans),
                 i32(P.TransB ? CblasTrans : CblasNoTrans), i32(M), i32(N),
                 i32(K)});
    Lda = leadingDim(P.A, Meta[0]);
    Ldb = leadingDim(P.B, Meta[1]);
    Ldc = leadingDim(P.C, Meta[2]);
  }
  Value Alpha = alpha();
  requireNonZero(Alpha);
  Value Beta;
  switch (P.BetaKind) {
  case Beta::One:
  case Beta::Fused:
    Beta = arith::ConstantOp::create(B, Loc, B.getFloatAttr(P.ElemTy, 1.0));
    break;
  case Beta::Zero:
    Beta = arith::ConstantOp::create(B, Loc, B.getFloatAttr(P.ElemTy, 0.0));
    break;
  case Beta::Scaled:
    Beta = P.BetaValue;
    if (definedInside(Beta, P.Before))
      Beta = B.clone(*Beta.getDefiningOp())->getResult(0);
    requireNonZero(Beta);
    break;
  }
  Value BatchSize;
  if (P.BatchLoop)
    BatchSize = size(P.C, *P.C.BatchDim);

  auto If = scf::IfOp::create(B, Loc, Ok, /*withElseRegion=*/true);
  // The original operations run when the check fails.
  for (Operation *Op : P.group())
    Op->moveBefore(If.elseBlock()->getTerminator());

  B.setInsertionPoint(If.thenBlock()->getTerminator());
  auto Call = [&](Value Batch) {
    SmallVector<Value> Args = Head;
    Args.append({Alpha, pointer(P.A, Meta[0], Batch), Lda,
                 pointer(P.B, Meta[1], Batch), Ldb, Beta,
                 pointer(P.C, Meta[2], Batch), Ldc});
    func::CallOp::create(B, Loc, Callee, Args);
  };
  if (!P.BatchLoop)
    return Call(nullptr);
  auto For = scf::ForOp::create(B, Loc, index(0), BatchSize, index(1));
  B.setInsertionPoint(For.getBody()->getTerminator());
  Call(For.getInductionVar());
}

struct RaiseLinalgToBlasPass
    : public raise::impl::RaiseLinalgToBlasBase<RaiseLinalgToBlasPass> {
  using Base::Base;

  RaiseLinalgToBlasPass(const RaiseLinalgToBlasOptions &Options,
                        BlasReportHandler Handler)
      : Base(Options), Handler(std::move(Handler)) {}

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> Ops;
    getOperation().walk([&](linalg::LinalgOp Op) { Ops.push_back(Op); });
    for (linalg::LinalgOp Op : Ops) {
      std::string Why;
      FailureOr<BlasPlan> Plan = analyseForBlas(Op, Why);
      if (failed(Plan)) {
        if (!Why.empty()) {
          ++numNotMapped;
          report(Op, "", Why);
        }
        continue;
      }
      if (!allowReassoc) {
        ++numNotAllowed;
        report(Op.getLoc(), opName(Op), "",
               "reassociation is not allowed (allow-reassoc=false)",
               /*NeedsReassoc=*/true);
        continue;
      }
      foldNeighbours(*Plan);
      func::FuncOp Callee = declare(*Plan, Why);
      if (!Callee) {
        ++numNotMapped;
        report(Op, "", Why);
        continue;
      }
      std::string Call = describe(*Plan, Callee.getName());
      Location Loc = Op.getLoc();
      std::string Name = opName(Op);
      BlasEmitter(*Plan, Callee).emit();
      ++(Plan->Gemv ? numGemv : numGemm);
      if (Plan->BatchLoop)
        ++numBatched;
      if (Plan->BetaKind != Beta::One)
        ++numFolded;
      report(Loc, Name, Call, "");
    }
  }

  /// The CBLAS function for @p P, declared in the module if it is not yet;
  /// null (with @p Why) if the module has that name for something else.
  func::FuncOp declare(const BlasPlan &P, std::string &Why) {
    bool Single = P.ElemTy.isF32();
    std::string Name = std::string("cblas_") + (Single ? "s" : "d") +
                       (P.Gemv ? "gemv" : "gemm");
    MLIRContext *Ctx = &getContext();
    Type I32 = IntegerType::get(Ctx, 32), F = P.ElemTy;
    Type Ptr = LLVM::LLVMPointerType::get(Ctx);
    SmallVector<Type> Args =
        P.Gemv ? SmallVector<Type>{I32, I32, I32, I32, F,   Ptr,
                                   I32, Ptr, I32, F,   Ptr, I32}
               : SmallVector<Type>{I32, I32, I32, I32, I32, I32, F,
                                   Ptr, I32, Ptr, I32, F,   Ptr, I32};
    func::FuncOp Func = getOrDeclareFunction(getOperation(), Name,
                                             FunctionType::get(Ctx, Args, {}));
    if (!Func)
      Why = "the module defines " + Name + " as something else";
    return Func;
  }

  static std::string opName(linalg::LinalgOp Op) {
    std::string Name = Op->getName().getStringRef().str();
    if (auto Tactic = Op->getAttrOfType<StringAttr>("raise.tactic"))
      Name += " (" + Tactic.getValue().str() + ")";
    return Name;
  }

  void report(linalg::LinalgOp Op, const std::string &Call,
              const std::string &Reason) {
    report(Op.getLoc(), opName(Op), Call, Reason);
  }

  void report(Location Loc, const std::string &Name, const std::string &Call,
              const std::string &Reason, bool NeedsReassoc = false) {
    if (emitRemarks)
      emitRemark(Loc) << Name << ": "
                      << (Call.empty() ? "not lowered to BLAS: " + Reason
                                       : "lowered to " + Call);
    if (Handler)
      Handler(BlasReport{Loc, Name, Call, Reason, NeedsReassoc});
  }

  BlasReportHandler Handler;
};

} // namespace

std::unique_ptr<Pass> mlir::raise::createRaiseLinalgToBlasPass(
    const RaiseLinalgToBlasOptions &Options, BlasReportHandler Handler) {
  return std::make_unique<RaiseLinalgToBlasPass>(Options, std::move(Handler));
}
