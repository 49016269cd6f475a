//===- ExportToLLVM.cpp - MLIR back into the caller's LLVM module ---------===//

#include "ExportToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"

using namespace llvm;
using namespace raising;

static Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

Expected<Function *> raising::exportToLLVM(
    mlir::ModuleOp Module, StringRef Name, Function &Caller,
    function_ref<void(mlir::OpPassManager &)> BuildLowering) {
  mlir::MLIRContext &Ctx = *Module.getContext();
  mlir::PassManager PM(&Ctx);
  BuildLowering(PM);
  if (mlir::failed(PM.run(Module)))
    return fail("lowering to the LLVM dialect failed");

  mlir::registerBuiltinDialectTranslation(Ctx);
  mlir::registerLLVMDialectTranslation(Ctx);
  llvm::Module &Dest = *Caller.getParent();
  std::unique_ptr<llvm::Module> Src =
      mlir::translateModuleToLLVMIR(Module, Caller.getContext(), Name);
  if (!Src)
    return fail("translation of the LLVM dialect to LLVM IR failed");
  Src->setDataLayout(Dest.getDataLayout());
  Src->setTargetTriple(Dest.getTargetTriple());
  // MLIR names the module's flags and identification itself; the caller's
  // module has its own.
  for (NamedMDNode &MD : make_early_inc_range(Src->named_metadata()))
    Src->eraseNamedMetadata(&MD);

  if (Dest.getFunction(Name))
    return fail("a function named '" + Name + "' exists already");
  if (Linker::linkModules(Dest, std::move(Src)))
    return fail("linking the translated region into the module failed");
  Function *F = Dest.getFunction(Name);
  if (!F)
    return fail("the translated region lost its function");

  F->setLinkage(GlobalValue::InternalLinkage);
  F->setDSOLocal(true);
  // Same target, same floating-point environment as the loops it replaces.
  for (const Attribute &A : Caller.getAttributes().getFnAttrs())
    if (A.isStringAttribute())
      F->addFnAttr(A);
  if (Caller.hasFnAttribute(Attribute::UWTable))
    F->addFnAttr(Caller.getFnAttribute(Attribute::UWTable));
  F->addFnAttr(Attribute::NoUnwind);
  F->addFnAttr(GeneratedAttr);
  return F;
}
