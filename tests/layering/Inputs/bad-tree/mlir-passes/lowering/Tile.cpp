#include "mlir-passes/raising/Matcher.h"
#include "target/Caches.h"
