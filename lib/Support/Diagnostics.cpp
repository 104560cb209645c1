//===- Diagnostics.cpp - one-line diagnostics for the hcl driver ----------===//

#include "hcl/Support/Diagnostics.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

using namespace mlir;

namespace hcl {

std::string formatLocation(Location loc) {
  auto fileLoc = loc->findInstanceOf<FileLineColLoc>();
  if (!fileLoc)
    return "";
  return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
          ":" + Twine(fileLoc.getColumn()))
      .str();
}

static StringRef severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

static void printOneLine(llvm::raw_ostream &os, Location loc,
                         DiagnosticSeverity severity, StringRef message) {
  // A diagnostic about no place in a file (a file that cannot be read) is
  // the driver's own: "hcl: error: ...", as its other messages.
  std::string where = formatLocation(loc);
  os << (where.empty() ? std::string("hcl") : where) << ": ";
  os << severityName(severity) << ": " << message << "\n";
}

OneLineDiagnostics::OneLineDiagnostics(MLIRContext &context,
                                       llvm::raw_ostream &os)
    : context(context) {
  // One line per diagnostic: no dump of the operation it is attached to.
  context.printOpOnDiagnostic(false);
  id = context.getDiagEngine().registerHandler([&os](Diagnostic &diag) {
    printOneLine(os, diag.getLocation(), diag.getSeverity(), diag.str());
    for (Diagnostic &note : diag.getNotes())
      printOneLine(os, note.getLocation(), note.getSeverity(), note.str());
    os.flush();
    return success();
  });
}

OneLineDiagnostics::~OneLineDiagnostics() {
  context.getDiagEngine().eraseHandler(id);
}

} // namespace hcl
