//===- RuntimeIR.h - Support code for generated code, in LLVM IR -*- C++
//-*-===//
//
// Generated code calls a few functions of raise's own (the buffer cache, the
// cache query), defined in the caller's module from LLVM IR text, as
// linkonce_odr: one definition per program however many translation units
// raise compiled.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_RUNTIMEIR_H
#define RAISE_PLUGIN_RUNTIMEIR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace raising {

/// Parses @p IR, marks its definitions as raise's own (GeneratedAttr: raise
/// does not look at them again) and links them into @p M, with M's data
/// layout and triple. @p What names the code in errors.
llvm::Error linkRuntimeIR(llvm::Module &M, const char *IR,
                          llvm::StringRef What);

} // namespace raising

#endif // RAISE_PLUGIN_RUNTIMEIR_H
