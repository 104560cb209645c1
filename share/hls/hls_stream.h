// hls_stream.h - hcl's stand-in for Vitis HLS's hls::stream, for the C
// simulation of hcl's HLS projects when the vendor's headers are absent.
//
// hls::stream<T, Depth> is a FIFO. Built plainly, the dataflow processes of
// a region run one after another and a stream grows as needed (as in Vitis'
// C simulation). Built with -DHCL_DATAFLOW_THREADS -pthread (hcl check
// --hls does), hcl's generated code runs each process of a dataflow region
// in a thread of an hcl::dataflow::Region: a write to a stream holding
// Depth elements waits for room, a read of an empty one waits for data, and
// a process that shares an ordinary buffer with an earlier one waits until
// that one has finished (Vitis' ping-pong buffers). When every unfinished
// process waits and none can go on, the simulation reports the deadlock,
// naming each process and what it waits for, and exits with status 3.
#ifndef HCL_HLS_STREAM_H
#define HCL_HLS_STREAM_H

#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

#ifdef HCL_DATAFLOW_THREADS
#include <condition_variable>
#include <functional>
#include <initializer_list>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace hcl {
namespace dataflow {

// One lock for all channels and processes: the simulation checks, it does
// not race.
struct Monitor {
  std::mutex lock;
  std::condition_variable changed;
  int running = 0; // processes started and not finished
  struct Wait {
    std::string process;
    std::function<bool()> ready;
    std::string what;
  };
  std::map<std::thread::id, Wait> waiting;

  static Monitor &get() {
    static Monitor monitor;
    return monitor;
  }

  // Called with the lock held: exits when no running process can go on.
  void checkDeadlock() {
    if (running == 0 || static_cast<int>(waiting.size()) < running)
      return;
    for (auto &entry : waiting)
      if (entry.second.ready())
        return;
    std::map<std::string, std::string> byProcess; // a stable order
    for (auto &entry : waiting)
      byProcess[entry.second.process] += entry.second.what;
    std::fprintf(stderr, "hcl dataflow: deadlock:");
    const char *separator = " ";
    for (auto &entry : byProcess) {
      std::fprintf(stderr, "%s'%s' %s", separator, entry.first.c_str(),
                   entry.second.c_str());
      separator = "; ";
    }
    std::fprintf(stderr, "\n");
    std::fflush(stderr);
    std::_Exit(3);
  }
};

// The name of the process the calling thread runs.
inline std::string &currentProcess() {
  thread_local std::string name = "main";
  return name;
}

// Waits, with the monitor's lock held by `held`, until `ready()`.
template <typename Ready>
void waitUntil(std::unique_lock<std::mutex> &held, Ready ready,
               const std::string &what) {
  Monitor &m = Monitor::get();
  if (ready())
    return;
  m.waiting[std::this_thread::get_id()] = {currentProcess(), ready, what};
  while (!ready()) {
    m.checkDeadlock();
    m.changed.wait(held);
  }
  m.waiting.erase(std::this_thread::get_id());
}

// The processes of one dataflow region: add them in program order, then
// run() starts them all (so that none is thought stuck while a later one
// has yet to start) and waits for them.
class Region {
public:
  void add(const char *name, std::initializer_list<int> after,
           std::function<void()> body) {
    processes.push_back({name, std::vector<int>(after), std::move(body)});
  }

  void run() {
    Monitor &m = Monitor::get();
    {
      std::lock_guard<std::mutex> held(m.lock);
      m.running += static_cast<int>(processes.size());
      done.assign(processes.size(), 0);
    }
    std::vector<std::thread> threads;
    for (size_t i = 0; i < processes.size(); ++i)
      threads.emplace_back([this, i] { runProcess(i); });
    for (std::thread &t : threads)
      t.join();
    processes.clear();
  }

private:
  struct Process {
    std::string name;
    std::vector<int> after;
    std::function<void()> body;
  };

  void runProcess(size_t i) {
    Monitor &m = Monitor::get();
    currentProcess() = processes[i].name;
    {
      std::unique_lock<std::mutex> held(m.lock);
      for (int d : processes[i].after)
        waitUntil(held, [this, d] { return done[d] != 0; },
                  "waits for '" + processes[d].name +
                      "' to finish (an ordinary buffer they share)");
    }
    processes[i].body();
    std::lock_guard<std::mutex> held(m.lock);
    done[i] = 1;
    --m.running;
    m.changed.notify_all();
    m.checkDeadlock();
  }

  std::vector<Process> processes;
  std::vector<char> done; // read and written with the monitor's lock held
};

} // namespace dataflow
} // namespace hcl
#endif // HCL_DATAFLOW_THREADS

namespace hls {

template <typename T, int Depth = 0> class stream {
public:
  stream() : name_("stream") {}
  explicit stream(const char *name) : name_(name) {}
  stream(const stream &) = delete;
  stream &operator=(const stream &) = delete;

  ~stream() {
    if (!data_.empty())
      std::fprintf(stderr, "hls::stream '%s': %zu elements left unread\n",
                   name_.c_str(), data_.size());
  }

  void write(const T &value) {
#ifdef HCL_DATAFLOW_THREADS
    hcl::dataflow::Monitor &m = hcl::dataflow::Monitor::get();
    std::unique_lock<std::mutex> held(m.lock);
    hcl::dataflow::waitUntil(
        held,
        [this] { return Depth <= 0 || static_cast<int>(data_.size()) < Depth; },
        "waits to write '" + name_ + "' (full at depth " +
            std::to_string(Depth) + ")");
    data_.push_back(value);
    m.changed.notify_all();
#else
    data_.push_back(value);
#endif
  }

  T read() {
#ifdef HCL_DATAFLOW_THREADS
    hcl::dataflow::Monitor &m = hcl::dataflow::Monitor::get();
    std::unique_lock<std::mutex> held(m.lock);
    hcl::dataflow::waitUntil(held, [this] { return !data_.empty(); },
                             "waits to read '" + name_ + "' (empty)");
    m.changed.notify_all();
#else
    if (data_.empty()) {
      std::fprintf(stderr, "hls::stream '%s': read while empty\n",
                   name_.c_str());
      std::exit(3);
    }
#endif
    T value = data_.front();
    data_.pop_front();
    return value;
  }

  void read(T &value) { value = read(); }
  stream &operator<<(const T &value) {
    write(value);
    return *this;
  }
  stream &operator>>(T &value) {
    value = read();
    return *this;
  }
  bool empty() const { return data_.empty(); }
  bool full() const {
    return Depth > 0 && static_cast<int>(data_.size()) >= Depth;
  }
  std::size_t size() const { return data_.size(); }

private:
  std::deque<T> data_;
  std::string name_;
};

} // namespace hls

#endif // HCL_HLS_STREAM_H
