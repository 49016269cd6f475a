//===- Options.cpp - Command-line options of the raise plugin -------------===//

#include "Options.h"

using namespace llvm;

cl::OptionCategory &raising::getRaiseCategory() {
  static cl::OptionCategory Category("raise", "Options of the raise plugin");
  return Category;
}

cl::opt<bool> raising::Enable(
    "raise-enable", cl::init(true),
    cl::desc("Run the raise plugin (false makes it a no-op)"),
    cl::cat(raising::getRaiseCategory()));
