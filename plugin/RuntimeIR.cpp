//===- RuntimeIR.cpp - Support code for generated code, in LLVM IR --------===//

#include "RuntimeIR.h"

#include "translate/ExportToLLVM.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

Error raising::linkRuntimeIR(Module &M, const char *IR, StringRef What) {
  // The parser needs value names; clang's context discards them.
  LLVMContext &Ctx = M.getContext();
  bool Discard = Ctx.shouldDiscardValueNames();
  Ctx.setDiscardValueNames(false);
  SMDiagnostic Diag;
  std::unique_ptr<Module> Defs = parseAssemblyString(IR, Diag, Ctx);
  Ctx.setDiscardValueNames(Discard);
  if (!Defs) {
    std::string Message;
    raw_string_ostream OS(Message);
    Diag.print(("raise " + What).str().c_str(), OS);
    return createStringError(inconvertibleErrorCode(), Message);
  }
  Defs->setDataLayout(M.getDataLayout());
  Defs->setTargetTriple(M.getTargetTriple());
  for (Function &F : *Defs)
    if (!F.isDeclaration())
      F.addFnAttr(GeneratedAttr);
  if (Linker::linkModules(M, std::move(Defs)))
    return createStringError(inconvertibleErrorCode(),
                             "linking the " + What + " failed");
  return Error::success();
}
