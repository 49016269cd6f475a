//===- Options.cpp - Command-line options of the raise plugin -------------===//

#include "Options.h"

using namespace llvm;

cl::OptionCategory &raising::getRaiseCategory() {
  static cl::OptionCategory Category("raise", "Options of the raise plugin");
  return Category;
}

cl::opt<bool>
    raising::Enable("raise-enable", cl::init(true),
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
                          "after the tactics raised it"),
               clEnumValN(raising::DumpStage::LLVM, "llvm",
                          "lowered to the LLVM dialect (what raise-opt "
                          "--raise-pipeline gives for the affine dump)")),
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
             "(matrix-chain reordering, BLAS calls) without fast-math "
             "reassociation in the source"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::ReportVersions(
    "raise-report-versions", cl::init(false),
    cl::desc("Make the program print at exit how often each spliced region "
             "ran its raised code and its original loops"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::WidenSubscripts(
    "raise-widen-subscripts", cl::init(true),
    cl::desc("Compute 32-bit subscripts that hide a nest's structure in 64 "
             "bits, behind a run-time check that they do not wrap"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::RowOffsets(
    "raise-row-offsets", cl::init(true),
    cl::desc("Split run-time offsets of sub-matrices (`B[off + k*ldb + j]`) "
             "into rows and columns, behind a run-time check that the leading "
             "dimension is positive"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::RowTables(
    "raise-row-tables", cl::init(true),
    cl::desc("Read matrices held as tables of row pointers as evenly spaced "
             "rows, behind a run-time check that the tables hold them"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::GatherRows(
    "raise-gather-rows", cl::init(true),
    cl::desc("Where the rows of a table of row pointers are not evenly "
             "spaced, copy them into one block for the raised code, behind a "
             "run-time check that no row the nest writes overlaps anything "
             "else it touches (with -raise-row-tables)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::DataGuards(
    "raise-data-guards", cl::init(true),
    cl::desc("Run the code a test on loaded data guards (the reference "
             "BLAS's `IF (A(J,L).NE.ZERO)`) without the test where loops run "
             "first find that it holds for every element"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::InvariantLoads(
    "raise-invariant-loads", cl::init(true),
    cl::desc("Read the pointers and sizes a loop nest reloads on every "
             "iteration once before it, behind a run-time check that no store "
             "of the nest writes them"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::HoistInvariantLoads(
    "raise-hoist-invariant-loads", cl::init(true),
    cl::desc("Let Polly hoist loads invariant in a nest (a C++ object's data "
             "pointer and sizes) out of it, so that the nest is one SCoP"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::ExpandMemsets(
    "raise-expand-memsets", cl::init(true),
    cl::desc("Model memsets that zero an array a loop nest writes, and "
             "memcpys of local arrays in loops, as loops of stores for "
             "Polly; the intrinsics stay in the code"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<raising::Lowering> raising::LoweringKind(
    "raise-lowering", cl::init(raising::Lowering::Tuned),
    cl::desc("How raised code is lowered"),
    cl::values(clEnumValN(raising::Lowering::Tuned, "tuned",
                          "tiled, packed and vectorized for the target"),
               clEnumValN(raising::Lowering::Blas, "blas",
                          "CBLAS calls where reassociation is allowed "
                          "(link -lopenblas), tuned elsewhere"),
               clEnumValN(raising::Lowering::Loops, "loops",
                          "plain loops in source order")),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned> raising::MaxStatements(
    "raise-max-statements", cl::init(200), cl::value_desc("n"),
    cl::desc("Leave SCoPs of more than <n> statements alone"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned> raising::MaxDepth(
    "raise-max-depth", cl::init(12), cl::value_desc("n"),
    cl::desc("Leave SCoPs with loops nested more than <n> deep alone"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned long> raising::IslMaxOperations(
    "raise-isl-max-operations", cl::init(2000000), cl::value_desc("n"),
    cl::desc("Leave a SCoP alone once raise's isl work on it exceeds <n> "
             "operations (0: no bound)"),
    cl::cat(raising::getRaiseCategory()));

bool raising::ThreadsParser::parse(cl::Option &O, StringRef ArgName,
                                   StringRef Arg, int &Value) {
  if (Arg == "auto") {
    Value = -1;
    return false;
  }
  unsigned N;
  if (Arg.getAsInteger(10, N) || N > 4096)
    return O.error("expects a number of threads (0 to 4096) or 'auto', got '" +
                   Arg + "'");
  Value = static_cast<int>(N);
  return false;
}

cl::opt<int, false, raising::ThreadsParser> raising::Threads(
    "raise-threads", cl::init(0), cl::value_desc("N|auto"),
    cl::desc("Run the tuned GEMM kernels on N OpenMP threads, or as many as "
             "there are cores (auto); 0, the default, runs them sequentially. "
             "Link with -fopenmp"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned> raising::BlockMc(
    "raise-mc", cl::init(0), cl::value_desc("rows"),
    cl::desc("Rows of the tuned GEMM's packed A block (0: from the cache "
             "model)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned> raising::BlockKc(
    "raise-kc", cl::init(0), cl::value_desc("depth"),
    cl::desc("Depth of the tuned GEMM's k block (0: from the cache model)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::InterchangeReductions(
    "raise-interchange-reductions", cl::init(true),
    cl::desc("Where no tactic raised a sum, move its loop outside a loop of "
             "independent iterations that then vectorizes (exact)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<bool> raising::RuntimeCaches(
    "raise-runtime-caches", cl::init(false),
    cl::desc("Size the tuned GEMM's cache blocks at run time from the "
             "running core's caches (x86 only; off: from the target's "
             "description)"),
    cl::cat(raising::getRaiseCategory()));

cl::opt<unsigned> raising::BlockNc(
    "raise-nc", cl::init(0), cl::value_desc("columns"),
    cl::desc("Columns of the tuned GEMM's packed B block (0: from the cache "
             "model)"),
    cl::cat(raising::getRaiseCategory()));
