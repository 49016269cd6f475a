//===- ExternalFunctions.cpp - Declarations of library functions ----------===//

#include "ExternalFunctions.h"
#include "target/CacheModel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

func::FuncOp raise::getOrDeclareFunction(ModuleOp Module, StringRef Name,
                                         FunctionType Type) {
  Operation *Existing = SymbolTable::lookupSymbolIn(Module, Name);
  if (Existing) {
    auto Func = dyn_cast<func::FuncOp>(Existing);
    return Func && Func.getFunctionType() == Type ? Func : func::FuncOp();
  }
  OpBuilder B = OpBuilder::atBlockBegin(Module.getBody());
  auto Func = func::FuncOp::create(B, Module.getLoc(), Name, Type);
  Func.setPrivate();
  return Func;
}

func::FuncOp raise::getOrDeclareCacheQuery(ModuleOp Module, StringRef Pass) {
  MLIRContext *Ctx = Module.getContext();
  func::FuncOp Func =
      getOrDeclareFunction(Module, CacheQueryFunction,
                           FunctionType::get(Ctx, {IntegerType::get(Ctx, 32)},
                                             {IntegerType::get(Ctx, 64)}));
  if (!Func)
    Module.emitError() << Pass << ": the module defines " << CacheQueryFunction
                       << " as something else";
  return Func;
}

Value raise::isIntelCore(OpBuilder &B, Location Loc, func::FuncOp CacheQuery) {
  Value Vendor = func::CallOp::create(B, Loc, CacheQuery,
                                      ValueRange{arith::ConstantIntOp::create(
                                          B, Loc, CacheQueryVendor, 32)})
                     .getResult(0);
  return arith::CmpIOp::create(
      B, Loc, arith::CmpIPredicate::eq, Vendor,
      arith::ConstantIntOp::create(B, Loc, int64_t(CpuVendor::Intel), 64));
}

void raise::emitByVendor(OpBuilder &B, Location Loc, Value OnIntel,
                         int64_t IntelLocality, int64_t Locality,
                         function_ref<void(int64_t)> Emit) {
  if (!OnIntel || IntelLocality < 0 || IntelLocality == Locality)
    return Emit(Locality);
  auto If = scf::IfOp::create(B, Loc, OnIntel, /*withElseRegion=*/true);
  OpBuilder::InsertionGuard Guard(B);
  B.setInsertionPoint(If.thenYield());
  Emit(IntelLocality);
  B.setInsertionPoint(If.elseYield());
  Emit(Locality);
}
