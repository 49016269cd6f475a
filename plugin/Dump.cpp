//===- Dump.cpp - -raise-dump output --------------------------------------===//

#include "Dump.h"

#include "mlir/IR/Operation.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace raising;

static StringRef getStageName(DumpStage Stage) {
  switch (Stage) {
  case DumpStage::Affine:
    return "affine";
  case DumpStage::Linalg:
    return "linalg";
  case DumpStage::LLVM:
    return "llvm";
  }
  llvm_unreachable("unknown dump stage");
}

Error raising::dump(DumpStage Stage, const Function &F, unsigned Region,
                    mlir::Operation &Op, StringRef Header) {
  if (!Dump.isSet(Stage))
    return Error::success();
  StringRef StageName = getStageName(Stage);
  if (DumpDir.empty()) {
    errs() << "// -----// raise: " << StageName << " of " << F.getName()
           << " region " << Region << " //----- //\n";
    errs() << Header;
    Op.print(errs());
    errs() << "\n";
    return Error::success();
  }
  SmallString<128> Path(DumpDir);
  sys::path::append(Path, F.getName() + "." + Twine(Region) + "." + StageName +
                              ".mlir");
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "raise: cannot write -raise-dump-dir file '" +
                                     Path + "': " + EC.message());
  OS << Header;
  Op.print(OS);
  OS << "\n";
  return Error::success();
}
