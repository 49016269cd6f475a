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

/// Whether the core running the code is Intel's (an i1): @p CacheQuery's
/// vendor, asked at @p B's insertion point.
Value isIntelCore(OpBuilder &B, Location Loc, func::FuncOp CacheQuery);

/// Emits @p Emit(Locality) with @p Locality where @p OnIntel is null, and
/// otherwise under an scf.if on it: @p IntelLocality on Intel cores,
/// @p Locality elsewhere (prefetch hints that differ by vendor).
void emitByVendor(OpBuilder &B, Location Loc, Value OnIntel,
                  int64_t IntelLocality, int64_t Locality,
                  function_ref<void(int64_t)> Emit);

} // namespace raise
} // namespace mlir

#endif // RAISE_MLIR_PASSES_EXTERNALFUNCTIONS_H
