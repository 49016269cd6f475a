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

cl::opt<bool> raising::Roundtrip(
    "raise-roundtrip", cl::init(false),
    cl::desc("Splice every translated region back, even if nothing in it was "
             "raised (tests the translation alone)"),
    cl::cat(raising::getRaiseCategory()));

cl::bits<raising::DumpStage> raising::Dump(
    "raise-dump", cl::CommaSeparated,
    cl::desc("Print each region's MLIR at these stages"),
    cl::values(clEnumValN(raising::DumpStage::Affine, "affine",
                          "as translated from the SCoP"),
               clEnumValN(raising::DumpStage::Linalg, "linalg",
                          "after the tactics raised it")),
    cl::cat(raising::getRaiseCategory()));

cl::opt<std::string> raising::DumpDir(
    "raise-dump-dir", cl::value_desc("directory"),
    cl::desc("Write -raise-dump output to <directory>/<function>.<region>."
             "<stage>.mlir instead of standard error"),
    cl::cat(raising::getRaiseCategory()));

cl::list<std::string> raising::TacticFiles(
    "raise-tactics", cl::value_desc("file"),
    cl::desc("Tactics file tried before the built-in tactics (repeatable)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::AllowReassoc(
    "raise-allow-reassoc", cl::init(false),
    cl::desc("Allow rewrites that reorder floating-point arithmetic "
             "(matrix-chain reordering) without fast-math reassociation in "
             "the source"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<raising::Lowering> raising::LoweringKind(
    "raise-lowering", cl::init(raising::Lowering::Tuned),
    cl::desc("How raised code is lowered"),
    cl::values(clEnumValN(raising::Lowering::Tuned, "tuned",
                          "tiled, packed and vectorized for the target"),
               clEnumValN(raising::Lowering::Loops, "loops",
                          "plain loops in source order")),
    cl::cat(raising::getRaiseCategory()));
