//===- ExportToLLVM.cpp - MLIR back into the caller's LLVM module ---------===//

#include "ExportToLLVM.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"

using namespace llvm;
using namespace raising;

static Error fail(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

/// Gives @p F, generated code that runs in place of @p Caller's loops, the
/// caller's target and floating-point attributes.
static void inheritAttributes(Function &F, const Function &Caller) {
  F.setLinkage(GlobalValue::InternalLinkage);
  F.setDSOLocal(true);
  for (const Attribute &A : Caller.getAttributes().getFnAttrs())
    if (A.isStringAttribute())
      F.addFnAttr(A);
  if (Caller.hasFnAttribute(Attribute::UWTable))
    F.addFnAttr(Caller.getFnAttribute(Attribute::UWTable));
  F.addFnAttr(Attribute::NoUnwind);
  F.addFnAttr(GeneratedAttr);
}

Expected<Function *>
raising::exportToLLVM(mlir::ModuleOp Module, StringRef Name, Function &Caller,
                      SmallVectorImpl<Function *> *Helpers) {
  mlir::MLIRContext &Ctx = *Module.getContext();
  mlir::registerBuiltinDialectTranslation(Ctx);
  mlir::registerLLVMDialectTranslation(Ctx);
  mlir::registerOpenMPDialectTranslation(Ctx);
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

  // Renamed in the region's own module, so that they cannot bind to
  // functions of these names the caller's module may have.
  for (auto [Generic, Own] :
       {std::pair{"_mlir_memref_to_llvm_aligned_alloc", AllocFunction},
        std::pair{"_mlir_memref_to_llvm_free", FreeFunction}})
    if (Function *G = Src->getFunction(Generic))
      G->setName(Own);

  if (Dest.getFunction(Name))
    return fail("a function named '" + Name + "' exists already");
  // Other definitions are internal (OpenMP's outlined regions: give them
  // names of their own in the caller's module before linking) or companions
  // of the region's function named `<Name>.<what>` (raise-tile-matmul's
  // `.worth`), linked as it is and made internal with it.
  SmallVector<std::string> Defined;
  std::string Companion = (Name + ".").str();
  for (Function &G : *Src)
    if (!G.isDeclaration() && G.getName() != Name) {
      if (!G.hasLocalLinkage() && !G.getName().starts_with(Companion))
        return fail("the translated region defines a global function '" +
                    G.getName() + "'");
      if (!G.getName().starts_with(Name))
        G.setName(Name + "." + G.getName());
      Defined.push_back(G.getName().str());
    }
  if (Linker::linkModules(Dest, std::move(Src)))
    return fail("linking the translated region into the module failed");
  Function *F = Dest.getFunction(Name);
  if (!F)
    return fail("the translated region lost its function");

  // Same target, same floating-point environment as the loops it replaces.
  inheritAttributes(*F, Caller);
  // Its pointers are the arrays' (and the scalars' slots): the splice calls
  // it only where Polly's run-time check, or alias analysis, showed that no
  // array it writes overlaps another it accesses, which is what noalias
  // promises. The loops raised operations become where no tuned kernel
  // takes them (small GEMMs) then keep sums in registers as the original
  // loops do (Zen 5, 24^3 i-j-k: 0.76x -> 0.96x the original).
  for (Argument &A : F->args())
    if (A.getType()->isPointerTy())
      A.addAttr(Attribute::NoAlias);
  for (const std::string &Helper : Defined) {
    Function *H = Dest.getFunction(Helper);
    if (!H)
      return fail("the translated region lost its function '" + Helper + "'");
    inheritAttributes(*H, Caller);
    if (Helpers)
      Helpers->push_back(H);
  }
  return F;
}
