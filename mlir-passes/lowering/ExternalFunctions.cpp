//===- ExternalFunctions.cpp - Declarations of library functions ----------===//

#include "ExternalFunctions.h"

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
