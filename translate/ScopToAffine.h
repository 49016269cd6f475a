//===- ScopToAffine.h - A Polly SCoP as an affine MLIR function -*- C++ -*-===//
//
// Imports one SCoP into MLIR: a func.func in the affine dialect whose loops
// come from the isl AST of the SCoP's schedule, whose accesses are
// affine.load/affine.store on memrefs of the (delinearized) array shapes, and
// whose statement bodies mirror the LLVM instructions one for one.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_TRANSLATE_SCOPTOAFFINE_H
#define RAISE_TRANSLATE_SCOPTOAFFINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"

#include "isl/isl-noexceptions.h"

#include <string>
#include <vector>

namespace llvm {
class Value;
} // namespace llvm

namespace polly {
class Scop;
class ScopArrayInfo;
} // namespace polly

namespace raising {

/// One argument of an imported region's function, as the caller must pass it.
struct RegionArgument {
  enum class Kind {
    /// A memref over an array of the SCoP: the caller passes the array's base
    /// pointer and its shape.
    Array,
    /// An `index` value of one of the SCoP's parameters (a size such as `n`).
    Parameter,
    /// A scalar read in the region but defined before it (`ALPHA`), or a
    /// load in it that Polly hoists out (`this->scale_`), which the caller
    /// preloads.
    Scalar,
    /// The value the region leaves in a PHI node of its exit block: a 0-d
    /// memref the function writes and the caller reads after the call.
    ExitValue,
    /// A value computed in the region and used after it (the sum of a
    /// matrix-vector product's last row): a 0-d memref into which the
    /// function writes the value's last instance, which the caller reads
    /// after the call in place of the value. Array is the value's scalar,
    /// whose base pointer is the instruction.
    LiveOut,
  };
  Kind K;
  /// For Array, ExitValue (whose base pointer is the PHI node) and LiveOut.
  const polly::ScopArrayInfo *Array = nullptr;
  /// For Parameter: the isl id of the parameter in the SCoP's context.
  std::string ParameterName;
  void *ParameterId = nullptr;
  /// For Scalar.
  llvm::Value *Scalar = nullptr;
};

/// A SCoP translated to MLIR.
struct ImportedRegion {
  mlir::OwningOpRef<mlir::ModuleOp> Module;
  /// The name of the one function in Module.
  std::string FunctionName;
  /// The function's arguments, in order.
  std::vector<RegionArgument> Arguments;
  /// How many loops the translated code has (for remarks).
  unsigned NumLoops = 0;
};

/// Translates @p S, whose isl AST is @p Root, into a function @p Name in a new
/// module in @p Ctx (which must have the affine, arith, func, math, memref
/// and LLVM dialects loaded). Fails with a message that names the construct
/// that could not be expressed; nothing is created then.
llvm::Expected<ImportedRegion> importScop(polly::Scop &S, isl::ast_node Root,
                                          mlir::MLIRContext &Ctx,
                                          llvm::StringRef Name);

/// Registers and loads the dialects importScop() emits.
void loadImportDialects(mlir::MLIRContext &Ctx);

} // namespace raising

#endif // RAISE_TRANSLATE_SCOPTOAFFINE_H
