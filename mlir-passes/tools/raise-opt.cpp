//===- raise-opt.cpp - mlir-opt with the passes of raise ------------------===//
//
// The driver for testing raise's MLIR passes on .mlir files: every upstream
// dialect, extension and pass, plus the passes of this project.
//
//===----------------------------------------------------------------------===//

#include "mlir-passes/lowering/Passes.h"
#include "mlir-passes/pipeline/Pipelines.h"
#include "mlir-passes/pipeline/RegionPipeline.h"
#include "mlir-passes/raising/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"

/// `--raise-tactics=FILE`: user tactics for raise-affine-to-linalg (also
/// settable per pass as `raise-affine-to-linalg{tactics=FILE}`).
static llvm::cl::list<std::string>
    TacticFiles("raise-tactics",
                llvm::cl::desc("Tactics file tried before the built-in "
                               "tactics (repeatable)"),
                llvm::cl::value_desc("file"));

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::raise::registerRaisingPasses([] {
    return std::vector<std::string>(TacticFiles.begin(), TacticFiles.end());
  });
  mlir::raise::registerLoweringPasses();
  mlir::raise::registerPipelines();
  mlir::raise::registerRaisePipelinePass();

  mlir::DialectRegistry Registry;
  mlir::registerAllDialects(Registry);
  mlir::registerAllExtensions(Registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "raise optimizer driver\n", Registry));
}
