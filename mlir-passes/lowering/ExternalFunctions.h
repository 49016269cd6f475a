//===- ExternalFunctions.h - Declarations of library functions --*- C++ -*-===//
//
// Lowerings that call into a library (CBLAS, the OpenMP runtime) declare the
// functions they call once per module.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_MLIR_PASSES_EXTERNALFUNCTIONS_H
#define RAISE_MLIR_PASSES_EXTERNALFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace raise {

/// The function @p Name of type @p Type in @p Module: the existing
/// declaration or definition, or a new private declaration at the start of
/// the module. Null if the module has a symbol of that name that is not a
/// function of that type (the library's function cannot be called then).
func::FuncOp getOrDeclareFunction(ModuleOp Module, StringRef Name,
                                  FunctionType Type);

/// `i64 raise.cache.v2(i32)` (target/CacheModel.h), which the plugin
/// defines, declared in @p Module if it is not yet; null, after an error
/// that names @p Pass, if the name is taken.
func::FuncOp getOrDeclareCacheQuery(ModuleOp Module, StringRef Pass);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_EXTERNALFUNCTIONS_H
