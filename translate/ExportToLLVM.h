//===- ExportToLLVM.h - MLIR back into the caller's LLVM module -*- C++ -*-===//
//
// Lowers an imported (and possibly raised) region to the LLVM dialect,
// translates it into the caller's LLVMContext and links it into the module.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_EXPORTTOLLVM_H
#define RAISE_TRANSLATE_EXPORTTOLLVM_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Function;
} // namespace llvm

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace raising {

/// Translates @p Module, in the LLVM dialect (raise-pipeline's output), with
/// @p Caller's data layout and triple, and links it into the caller's
/// module. The region's function, @p Name, becomes an internal function
/// carrying the caller's target and floating-point attributes, so it is
/// compiled for the same target with the same semantics. Memref arguments
/// follow MLIR's default calling convention: each is expanded into
/// (allocated pointer, aligned pointer, offset, sizes..., strides...); every
/// pointer parameter is `noalias`, so the caller may call it only where no
/// array it writes overlaps another it accesses (behind the SCoP's run-time
/// check).
/// Functions the translation defines besides it (the outlined bodies of
/// OpenMP parallel regions; public companions named `<Name>.<what>`, such
/// as raise-tile-matmul's `.worth`) get the same attributes and linkage and
/// are appended to @p Helpers if given. Calls to MLIR's generic allocation functions (a
/// lowering with `generic-alloc`) are calls to AllocFunction and
/// FreeFunction in the caller's module, which the caller defines.
llvm::Expected<llvm::Function *>
exportToLLVM(mlir::ModuleOp Module, llvm::StringRef Name,
             llvm::Function &Caller,
             llvm::SmallVectorImpl<llvm::Function *> *Helpers = nullptr);

/// `ptr AllocFunction(i64 alignment, i64 bytes)` and `void FreeFunction(ptr)`:
/// the heap allocation of generated code, named so that no C function can
/// be taken for them, and versioned: their definitions are shared by every
/// translation unit of a program that raise compiled (linkonce_odr).
constexpr const char *AllocFunction = "raise.alloc.v2";
constexpr const char *FreeFunction = "raise.free.v2";

/// The attribute that marks functions raise generated, so that it does not
/// look at them again.
constexpr const char *GeneratedAttr = "raise-generated";

} // namespace raising

#endif // RAISE_TRANSLATE_EXPORTTOLLVM_H
