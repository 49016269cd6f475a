#include "mlir-passes/tools/Main.h"
