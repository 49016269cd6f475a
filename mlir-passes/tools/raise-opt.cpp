//===- raise-opt.cpp - mlir-opt with the passes of raise ------------------===//
//
// The driver for testing raise's MLIR passes on .mlir files: every upstream
// dialect, extension and pass, plus the passes of this project.
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();

  mlir::DialectRegistry Registry;
  mlir::registerAllDialects(Registry);
  mlir::registerAllExtensions(Registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "raise optimizer driver\n", Registry));
}
