//===- LoadedProgram.cpp - a program read by the hcl driver ---------------===//

#include "LoadedProgram.h"
#include "InputRanges.h"
#include "OnnxInput.h"

#include "hcl/InitHCL.h"
#include "hcl/Support/ModuleLoader.h"
#include "hcl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace hcl::driver {

static mlir::DialectRegistry makeRegistry() {
  mlir::DialectRegistry registry;
  registerHCLDialects(registry);
  return registry;
}

LoadedProgram::LoadedProgram()
    : context(makeRegistry()), diagnostics(context, llvm::errs()) {}

std::unique_ptr<LoadedProgram>
LoadedProgram::load(llvm::StringRef path, PipelineBuilder pipeline,
                    llvm::ArrayRef<std::string> inputFiles) {
  std::unique_ptr<LoadedProgram> program(new LoadedProgram());
  if (isOnnxPath(path)) {
    // An ONNX model: imported into hcl's MLIR, then read as any program.
    llvm::Expected<OnnxImportOptions> options =
        importOptionsFromCommandLine(inputFiles);
    if (!options) {
      fail(llvm::toString(options.takeError()));
      return nullptr;
    }
    llvm::Expected<std::string> text =
        importOnnxText(path, *options, &program->onnx);
    if (!text) {
      fail(llvm::toString(text.takeError()));
      return nullptr;
    }
    setGivenArguments(program->onnx.weightArguments);
    program->sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(*text, path), llvm::SMLoc());
    program->moduleOp = mlir::parseSourceFile<mlir::ModuleOp>(
        program->sourceMgr, &program->context);
  } else {
    program->moduleOp = loadModule(path, program->context, program->sourceMgr);
  }
  if (!program->moduleOp)
    return nullptr;
  // Named first: the schedule's messages name arguments.
  program->nameArguments();
  // Every command works on affine loop nests.
  if (mlir::failed(runPipeline(*program->moduleOp, pipeline)))
    return nullptr;
  return program;
}

/// The text of a parenthesized list starting at `text[0] == '('`, without
/// the parentheses.
static llvm::StringRef parenthesized(llvm::StringRef text) {
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(' || text[i] == '<' || text[i] == '[' || text[i] == '{')
      ++depth;
    else if (text[i] == ')' || (text[i] == '>' && text[i - 1] != '-') ||
             text[i] == ']' || text[i] == '}')
      if (--depth == 0)
        return text.slice(1, i);
  }
  return "";
}

std::vector<std::string>
LoadedProgram::argumentNames(llvm::StringRef function) {
  auto func = moduleOp->lookupSymbol<mlir::func::FuncOp>(function);
  if (!func)
    return {};
  // The imported text calls them %arg0...; the user knows the ONNX names.
  if (!onnx.inputNames.empty() && func.isPublic() &&
      onnx.inputNames.size() == func.getNumArguments())
    return onnx.inputNames;
  std::vector<std::string> names = sourceNames(func);
  // A name attribute wins: the front ends name arguments after their
  // tensors there, which printing keeps (and the SSA names do not).
  for (size_t i = 0; i < names.size(); ++i)
    if (auto name =
            func.getArgAttrOfType<mlir::StringAttr>(i, kArgNameAttrName))
      names[i] = name.str();
  return names;
}

std::vector<std::string> LoadedProgram::sourceNames(mlir::func::FuncOp func) {
  std::vector<std::string> names(func.getNumArguments());
  auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(func.getLoc());
  if (!loc || sourceMgr.getNumBuffers() == 0)
    return names;
  unsigned buffer = sourceMgr.getMainFileID();
  llvm::SMLoc at =
      sourceMgr.FindLocForLineAndColumn(buffer, loc.getLine(), loc.getColumn());
  if (!at.isValid())
    return names;
  llvm::StringRef text = sourceMgr.getMemoryBuffer(buffer)->getBuffer();
  text = text.drop_front(at.getPointer() - text.data());
  size_t open = text.find('(');
  if (open == llvm::StringRef::npos)
    return names;
  // `%A: memref<4x4xf32> {attrs}, %B: ...`: commas nest in types.
  llvm::StringRef list = parenthesized(text.drop_front(open));
  size_t index = 0;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= list.size() && index < names.size(); ++i) {
    char c = i < list.size() ? list[i] : ',';
    if (c == '(' || c == '<' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || (c == '>' && i > 0 && list[i - 1] != '-') ||
             c == ']' || c == '}')
      --depth;
    else if (c == ',' && depth == 0) {
      llvm::StringRef entry = list.slice(start, i).trim();
      if (entry.consume_front("%"))
        names[index] = entry
                           .take_while([](char ch) {
                             return llvm::isAlnum(ch) || ch == '_' ||
                                    ch == '$' || ch == '.';
                           })
                           .str();
      ++index;
      start = i + 1;
    }
  }
  return names;
}

void LoadedProgram::nameArguments() {
  for (auto func : moduleOp->getOps<mlir::func::FuncOp>()) {
    std::vector<std::string> names = argumentNames(func.getSymName());
    for (size_t i = 0; i < names.size(); ++i)
      if (!names[i].empty() && !func.getArgAttr(i, kArgNameAttrName))
        func.setArgAttr(i, kArgNameAttrName,
                        mlir::StringAttr::get(&context, names[i]));
  }
}

int fail(const llvm::Twine &message) {
  llvm::errs() << "hcl: error: " << message << "\n";
  return 1;
}

} // namespace hcl::driver
