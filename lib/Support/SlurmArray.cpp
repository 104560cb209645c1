//===- SlurmArray.cpp - command lines as one Slurm job array --------------===//
//
// The array is one batch script whose `case` on SLURM_ARRAY_TASK_ID picks the
// task; the task writes its status file last (renamed into place, so a
// status file is always whole). sbatch --parsable submits it without
// waiting; squeue is then asked, at growing intervals, whether any of the
// array is left: sbatch --wait polls at 2, 8, 32 s..., too coarse for tasks
// of seconds, and needs no less of the controller.
//
//===----------------------------------------------------------------------===//

#include "hcl/Support/SlurmArray.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <thread>

using namespace llvm;

namespace hcl {

char SlurmError::ID = 0;

namespace {

Error slurmError(SlurmFailure failure, const Twine &message) {
  return make_error<SlurmError>(failure, message.str());
}

std::string pathIn(StringRef dir, const Twine &file) {
  SmallString<256> path(dir);
  sys::path::append(path, file);
  return path.str().str();
}

std::string absolute(StringRef path) {
  SmallString<256> full(path);
  sys::fs::make_absolute(full);
  sys::path::remove_dots(full, /*remove_dot_dot=*/true);
  return full.str().str();
}

/// A program's exit status and what it printed.
struct Ran {
  int status = -1;
  std::string out, err;
};

Ran runCaptured(StringRef program, ArrayRef<std::string> args) {
  Ran ran;
  SmallString<128> outFile, errFile;
  if (sys::fs::createTemporaryFile("hcl-slurm", "out", outFile) ||
      sys::fs::createTemporaryFile("hcl-slurm", "err", errFile)) {
    ran.err = "cannot create a temporary file";
    return ran;
  }
  std::vector<StringRef> argv = {program};
  for (const std::string &arg : args)
    argv.push_back(arg);
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(outFile),
                                          StringRef(errFile)};
  std::string message;
  ran.status = sys::ExecuteAndWait(program, argv, std::nullopt, redirects, 0, 0,
                                   &message);
  for (auto [file, text] :
       {std::pair{&outFile, &ran.out}, {&errFile, &ran.err}}) {
    if (auto buffer = MemoryBuffer::getFile(*file))
      *text = (*buffer)->getBuffer().trim().str();
    sys::fs::remove(*file);
  }
  if (!message.empty())
    ran.err += (ran.err.empty() ? "" : "\n") + message;
  return ran;
}

Error checkNames(ArrayRef<SlurmTask> tasks) {
  StringSet<> seen;
  for (const SlurmTask &task : tasks) {
    if (task.name.empty() || !all_of(task.name, [](char c) {
          return isAlnum(c) || c == '_' || c == '-' || c == '.';
        }))
      return createStringError("slurm: the task name '" + task.name +
                               "' is not letters, digits, '_', '-' and '.'");
    if (!seen.insert(task.name).second)
      return createStringError("slurm: two tasks are named " + task.name);
  }
  return Error::success();
}

Error writeText(StringRef path, StringRef text) {
  std::error_code error;
  raw_fd_ostream os(path, error);
  if (error)
    return createStringError("slurm: cannot write " + path + ": " +
                             error.message());
  os << text;
  return Error::success();
}

/// The batch script: the task's `case` line sets its name, directory and
/// command; the common tail runs it and writes "STATUS START END".
std::string batchScript(ArrayRef<SlurmTask> tasks, StringRef stateDir) {
  std::string text;
  raw_string_ostream os(text);
  os << "#!/bin/bash\n"
        "# Written by hcl: one task of this Slurm job array per case.\n"
     << "state=" << shellQuote(stateDir) << "\n"
     << "case \"${SLURM_ARRAY_TASK_ID:-}\" in\n";
  for (auto [index, task] : enumerate(tasks))
    os << index << ") name=" << shellQuote(task.name)
       << " dir=" << shellQuote(absolute(task.directory))
       << " command=" << shellQuote(task.command) << " ;;\n";
  os << "*) echo \"hcl: no task ${SLURM_ARRAY_TASK_ID:-(not an array "
        "task)} in this array\" >&2; exit 2 ;;\n"
        "esac\n"
        "start=$(date +%s.%N)\n"
        "cd \"$dir\" && bash -c \"$command\" >\"$state/$name.out\" "
        "2>\"$state/$name.err\"\n"
        "status=$?\n"
        "echo \"$status $start $(date +%s.%N)\" >\"$state/$name.status.part\" "
        "&& mv \"$state/$name.status.part\" \"$state/$name.status\"\n"
        "exit $status\n";
  return text;
}

Expected<std::string> findTool(StringRef name) {
  ErrorOr<std::string> path = sys::findProgramByName(name);
  if (!path)
    return slurmError(SlurmFailure::NotInstalled,
                      "slurm: " + name +
                          " is not on PATH: --slurm needs Slurm's client "
                          "commands (Debian: apt-get install slurm-client; "
                          "on a cluster, the login node's Slurm)");
  return *path;
}

/// Submits the script as an array of `count` tasks; returns the job id.
Expected<std::string> submit(StringRef sbatch, StringRef script, size_t count,
                             const SlurmOptions &options) {
  std::vector<std::string> args = {
      "--parsable", "--array=0-" + std::to_string(count - 1),
      "--job-name=" + options.jobName,
      "--output=" + pathIn(options.stateDir, "slurm-%a.log"),
      "--chdir=" + absolute(options.stateDir)};
  if (!options.partition.empty())
    args.push_back("--partition=" + options.partition);
  if (!options.timeLimit.empty())
    args.push_back("--time=" + options.timeLimit);
  BumpPtrAllocator allocator;
  StringSaver saver(allocator);
  SmallVector<const char *> extra;
  cl::TokenizeGNUCommandLine(options.extraArgs, saver, extra);
  for (const char *arg : extra)
    args.push_back(arg);
  args.push_back(script.str());
  Ran ran = runCaptured(sbatch, args);
  // --parsable prints "JOBID" or "JOBID;CLUSTER".
  StringRef id = StringRef(ran.out).split(';').first.trim();
  if (ran.status != 0 || id.empty() || !all_of(id, isDigit))
    return slurmError(SlurmFailure::SubmitFailed,
                      "slurm: sbatch did not take the array (exit status " +
                          Twine(ran.status) +
                          "): " + (ran.err.empty() ? ran.out : ran.err));
  return id.str();
}

/// How many of the array's tasks are still queued or running.
Expected<unsigned> unfinished(StringRef squeue, StringRef jobId) {
  Ran ran = runCaptured(squeue, {"--noheader", "--array", "--format=%i",
                                 "--jobs=" + jobId.str()});
  // A finished job is forgotten after MinJobAge, and squeue then calls its
  // id invalid: nothing is left.
  if (ran.status != 0 && StringRef(ran.err).contains("Invalid job id"))
    return 0;
  if (ran.status != 0)
    return createStringError(ran.err.empty() ? "squeue failed" : ran.err);
  SmallVector<StringRef> lines;
  StringRef(ran.out).split(lines, '\n', -1, false);
  return lines.size();
}

Error waitForArray(StringRef squeue, StringRef jobId,
                   const SlurmOptions &options, raw_ostream &progress) {
  using namespace std::chrono;
  double pause = 0.5;
  // The controller may be busy or restarting: squeue is given about two
  // minutes of consecutive failures before the wait is given up.
  steady_clock::time_point firstFailure{};
  bool failing = false;
  std::optional<unsigned> shown;
  while (true) {
    std::this_thread::sleep_for(duration<double>(pause));
    pause = std::min(pause * 1.5, options.maxPollSeconds);
    Expected<unsigned> left = unfinished(squeue, jobId);
    if (!left) {
      std::string why = toString(left.takeError());
      if (!failing)
        firstFailure = steady_clock::now();
      failing = true;
      if (steady_clock::now() - firstFailure > seconds(120))
        return slurmError(SlurmFailure::LostContact,
                          "slurm: squeue stopped answering while job " + jobId +
                              " ran (" + why +
                              "); its tasks may still run: their results "
                              "will be in " +
                              options.stateDir);
      continue;
    }
    failing = false;
    if (*left == 0)
      return Error::success();
    if (shown != *left)
      progress << "slurm: job " << jobId << ": " << *left
               << " task(s) queued or running\n";
    shown = *left;
  }
}

SlurmTaskResult readResult(const SlurmTask &task, size_t index,
                           StringRef stateDir) {
  SlurmTaskResult result;
  result.name = task.name;
  result.stdoutPath = pathIn(stateDir, task.name + ".out");
  result.stderrPath = pathIn(stateDir, task.name + ".err");
  result.slurmLogPath = pathIn(stateDir, "slurm-" + Twine(index) + ".log");
  auto buffer = MemoryBuffer::getFile(pathIn(stateDir, task.name + ".status"));
  if (!buffer)
    return result;
  SmallVector<StringRef> fields;
  (*buffer)->getBuffer().trim().split(fields, ' ');
  int status;
  if (fields.empty() || fields[0].getAsInteger(10, status))
    return result;
  result.exitCode = status;
  double start, end;
  if (fields.size() == 3 && !fields[1].getAsDouble(start) &&
      !fields[2].getAsDouble(end))
    result.seconds = end - start;
  return result;
}

/// What an earlier result must have been run with to be kept.
std::string taskKey(const SlurmTask &task) {
  std::string text =
      task.command + '\0' + absolute(task.directory) + '\0' + task.fingerprint;
  return utohexstr(xxh3_64bits(text));
}

/// The earlier result of `task`, when it succeeded with the same key.
std::optional<SlurmTaskResult> keptResult(const SlurmTask &task,
                                          StringRef stateDir) {
  if (task.fingerprint.empty())
    return std::nullopt;
  auto key = MemoryBuffer::getFile(pathIn(stateDir, task.name + ".key"));
  if (!key || (*key)->getBuffer().trim() != taskKey(task))
    return std::nullopt;
  SlurmTaskResult result = readResult(task, 0, stateDir);
  if (!result.succeeded())
    return std::nullopt;
  result.slurmLogPath.clear();
  result.kept = true;
  return result;
}

/// The results; a status missing at first is looked for again for a few
/// seconds, as a shared filesystem may show a node's files late.
std::vector<SlurmTaskResult> gatherResults(ArrayRef<SlurmTask> tasks,
                                           StringRef stateDir) {
  std::vector<SlurmTaskResult> results;
  for (int attempt = 0; attempt < 10; ++attempt) {
    results.clear();
    for (auto [index, task] : enumerate(tasks))
      results.push_back(readResult(task, index, stateDir));
    if (all_of(results, [](auto &r) { return r.exitCode.has_value(); }))
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  return results;
}

Expected<std::vector<SlurmTaskResult>>
submitAndWait(ArrayRef<SlurmTask> tasks, const SlurmOptions &options,
              StringRef stateDir, raw_ostream &progress) {
  Expected<std::string> sbatch = findTool("sbatch");
  if (!sbatch)
    return sbatch.takeError();
  Expected<std::string> squeue = findTool("squeue");
  if (!squeue)
    return squeue.takeError();
  // A status left by an earlier run must not pass for this run's.
  for (const SlurmTask &task : tasks) {
    for (StringRef suffix : {".status", ".status.part", ".out", ".err"})
      sys::fs::remove(pathIn(stateDir, task.name + suffix));
    if (Error error =
            writeText(pathIn(stateDir, task.name + ".key"), taskKey(task)))
      return error;
  }
  std::string script = pathIn(stateDir, "tasks.sh");
  if (Error error = writeText(script, batchScript(tasks, stateDir)))
    return error;
  SlurmOptions resolved = options;
  resolved.stateDir = stateDir.str();
  Expected<std::string> jobId = submit(*sbatch, script, tasks.size(), resolved);
  if (!jobId)
    return jobId.takeError();
  progress << "slurm: submitted job " << *jobId << ", an array of "
           << tasks.size() << " task(s); files in " << stateDir << "\n";
  progress.flush();
  if (Error error = waitForArray(*squeue, *jobId, resolved, progress))
    return error;
  return gatherResults(tasks, stateDir);
}

} // namespace

std::string shellQuote(StringRef text) {
  // Plain words stay as they are, so that the batch script reads well.
  if (!text.empty() && all_of(text, [](char c) {
        return isAlnum(c) || StringRef("_-./=:,+%@").contains(c);
      }))
    return text.str();
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

Error checkSlurmInstalled() {
  for (StringRef tool : {"sbatch", "squeue"})
    if (Expected<std::string> path = findTool(tool); !path)
      return path.takeError();
  return Error::success();
}

Expected<std::vector<SlurmTaskResult>>
runSlurmArray(ArrayRef<SlurmTask> tasks, const SlurmOptions &options,
              raw_ostream &progress) {
  if (tasks.empty())
    return std::vector<SlurmTaskResult>();
  if (Error error = checkNames(tasks))
    return error;
  std::string stateDir = absolute(options.stateDir);
  if (std::error_code error = sys::fs::create_directories(stateDir))
    return createStringError("slurm: cannot create " + stateDir + ": " +
                             error.message());
  // Results kept from an earlier run, by task; the others are submitted.
  std::vector<std::optional<SlurmTaskResult>> kept;
  std::vector<SlurmTask> submitted;
  for (const SlurmTask &task : tasks) {
    kept.push_back(options.rerun ? std::nullopt : keptResult(task, stateDir));
    if (!kept.back())
      submitted.push_back(task);
  }
  std::vector<SlurmTaskResult> fresh;
  if (!submitted.empty()) {
    Expected<std::vector<SlurmTaskResult>> ran =
        submitAndWait(submitted, options, stateDir, progress);
    if (!ran)
      return ran.takeError();
    fresh = std::move(*ran);
  }
  if (submitted.size() < tasks.size())
    progress << "slurm: " << tasks.size() - submitted.size()
             << " task(s) kept from an earlier run (same command and files)\n";
  std::vector<SlurmTaskResult> results;
  auto next = fresh.begin();
  for (std::optional<SlurmTaskResult> &result : kept)
    results.push_back(result ? std::move(*result) : std::move(*next++));
  return results;
}

std::string fingerprintFiles(ArrayRef<std::string> paths) {
  std::string text;
  for (const std::string &path : paths) {
    text += path + '\0';
    if (auto buffer = MemoryBuffer::getFile(path))
      text += utohexstr(xxh3_64bits((*buffer)->getBuffer()));
    text += '\0';
  }
  return utohexstr(xxh3_64bits(text));
}

unsigned printSlurmReport(ArrayRef<SlurmTaskResult> results, raw_ostream &os) {
  size_t width = 4;
  for (const SlurmTaskResult &result : results)
    width = std::max(width, result.name.size());
  os << left_justify("task", width) << "  status      seconds  output\n";
  SmallVector<StringRef> failed;
  for (const SlurmTaskResult &result : results) {
    std::string status = !result.exitCode ? "no status"
                         : result.kept    ? "ok (kept)"
                         : result.succeeded()
                             ? "ok"
                             : "exit " + std::to_string(*result.exitCode);
    os << left_justify(result.name, width) << "  " << left_justify(status, 10)
       << " " << format("%8.1f", result.seconds) << "  "
       << (result.succeeded() ? result.stdoutPath
           : result.exitCode  ? result.stderrPath
                              : result.slurmLogPath)
       << "\n";
    if (!result.succeeded())
      failed.push_back(result.name);
  }
  if (failed.empty())
    os << "slurm: all " << results.size() << " task(s) succeeded\n";
  else
    os << "slurm: " << failed.size() << " of " << results.size()
       << " task(s) failed: " << join(failed, ", ") << "\n";
  if (any_of(results, [](auto &r) { return !r.exitCode; }))
    os << "slurm: a task with no status was cancelled, ran out of time or "
          "lost its node: its Slurm log says which\n";
  return failed.size();
}

int reportSlurmError(Error error, raw_ostream &os) {
  int code = 1;
  handleAllErrors(
      std::move(error),
      [&](const SlurmError &slurm) {
        os << "hcl: error: " << slurm.message << "\n";
        code = static_cast<int>(slurm.failure);
      },
      [&](const ErrorInfoBase &other) {
        os << "hcl: error: " << other.message() << "\n";
      });
  return code;
}

} // namespace hcl
