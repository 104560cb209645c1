//===- LargeStack.cpp - running the compiler on a deep stack --------------===//

#include "LargeStack.h"

#include <exception>
#include <pthread.h>

namespace hcl::detail {

/// Room for the writer's recursion at kMaxExprDepth (about 1.5 KB a level)
/// and MLIR's on the same chain. Only the pages a program touches are
/// ever backed by memory.
static constexpr size_t kLargeStackBytes = size_t(1) << 30;

static thread_local bool onLargeStackThread = false;

namespace {
struct Job {
  const std::function<void()> *work;
  std::exception_ptr error;
};
} // namespace

static void *runJob(void *opaque) {
  auto *job = static_cast<Job *>(opaque);
  onLargeStackThread = true;
  try {
    (*job->work)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

void runOnLargeStack(const std::function<void()> &work) {
  if (onLargeStackThread) {
    work();
    return;
  }
  Job job{&work, nullptr};
  pthread_attr_t attributes;
  pthread_t thread;
  bool started = pthread_attr_init(&attributes) == 0;
  if (started) {
    started = pthread_attr_setstacksize(&attributes, kLargeStackBytes) == 0 &&
              pthread_create(&thread, &attributes, &runJob, &job) == 0;
    pthread_attr_destroy(&attributes);
  }
  if (!started) {
    // No room for the thread: ordinary programs still build here.
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error)
    std::rethrow_exception(job.error);
}

} // namespace hcl::detail
