//===- ExternalFunctions.cpp - Declarations of library functions ----------===//

#include "ExternalFunctions.h"
#include "target/CacheModel.h"

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
