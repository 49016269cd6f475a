#include "mlir-passes/pipeline/Pipelines.h"
