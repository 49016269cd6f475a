//===- Options.h - Command-line options of the raise plugin -----*- C++ -*-===//
//
// Every option of the plugin lives in one cl::OptionCategory so that
// `clang -mllvm -help` and `opt -help` list them together.
//
//===----------------------------------------------------------------------===//

#ifndef RAISE_PLUGIN_OPTIONS_H
#define RAISE_PLUGIN_OPTIONS_H

#include "llvm/Support/CommandLine.h"

namespace raising {

/// The category every `-raise-*` option belongs to.
llvm::cl::OptionCategory &getRaiseCategory();

/// `-raise-enable`: when false the plugin leaves every function untouched and
/// emits no remark, as if it were not loaded.
extern llvm::cl::opt<bool> Enable;

} // namespace raising

#endif // RAISE_PLUGIN_OPTIONS_H
