#include "app/run_support.hpp"

#include <fmt/core.h>
#include <unistd.h>
#include <CLI/CLI.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>

#include "io/input.hpp"

namespace rochade::app {

namespace {

// The process-wide state a signal handler needs (nothing else is global): the flag the pipeline
// polls, and the temporary output file to remove when a second SIGINT ends the process at once.
std::atomic<bool> interrupt_flag{false};
char temp_output_path[4096] = {};

extern "C" void on_sigint(int) {
  if (interrupt_flag.exchange(true)) {
    if (temp_output_path[0]) unlink(temp_output_path);  // async-signal-safe
    std::_Exit(130);
  }
}

std::string human_bytes(double b) {
  const char* units[] = {"B", "KB", "MB", "GB", "TB"};
  int u = 0;
  while (b >= 1000 && u < 4) b /= 1000, ++u;
  return fmt::format("{:.1f} {}", b, units[u]);
}

// A progress line on stderr, redrawn a few times a second from its own thread.
class Progress {
 public:
  Progress(bool on, std::uint64_t total) : on_(on), total_(total) {
    if (on_) thread_ = std::thread([this] { loop(); });
  }
  ~Progress() { stop(); }
  void stop() {
    if (!on_ || done_.exchange(true)) return;
    thread_.join();
    draw();
    std::fputc('\n', stderr);
  }
  std::atomic<std::uint64_t> bytes{0}, games{0};

 private:
  void loop() {
    while (!done_.load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      if (!done_.load()) draw();
    }
  }
  void draw() {
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::uint64_t b = bytes.load(), g = games.load();
    const double rate = secs > 0 ? g / secs : 0;
    std::string line;
    if (total_ > 0) {
      const double frac = std::min(1.0, static_cast<double>(b) / static_cast<double>(total_));
      const int width = 24, filled = static_cast<int>(frac * width);
      const double eta = frac > 0 ? secs / frac - secs : 0;
      line =
          fmt::format("\r[{}{}] {:3.0f}% {} of {}  {} games  {:.0f} games/s  ETA {}:{:02}",
                      std::string(static_cast<std::size_t>(filled), '#'),
                      std::string(static_cast<std::size_t>(width - filled), ' '), frac * 100,
                      human_bytes(static_cast<double>(b)), human_bytes(static_cast<double>(total_)),
                      g, rate, static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    } else {
      line = fmt::format("\r{} read  {} games  {:.0f} games/s", human_bytes(static_cast<double>(b)),
                         g, rate);
    }
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
  }

  bool on_;
  std::uint64_t total_;
  std::atomic<bool> done_{false};
  std::thread thread_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace

const std::atomic<bool>& install_interrupt_handler() {
  struct sigaction sa {};
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a closed stdout shows up as a failed write instead
  return interrupt_flag;
}

void add_input_options(CLI::App& app, InputOptions& opts, const std::vector<std::string>& formats,
                       const std::string& default_format) {
  opts.format = default_format;
  app.add_option("INPUT", opts.inputs,
                 "PGN files (plain, .gz, .bz2, .xz, .zst), directories, or - for stdin")
      ->required();
  app.add_option("-o,--output", opts.output, "write the result to FILE instead of stdout");
  app.add_option("--format", opts.format, "output format")
      ->check(CLI::IsMember(formats))
      ->capture_default_str();
  app.add_option("-j,--threads", opts.threads, "worker threads (default: all cores)")
      ->check(CLI::Range(0, 1024));
  app.add_flag("--progress", opts.progress, "show a progress bar on stderr");
  app.add_flag("--no-progress", opts.no_progress, "never show a progress bar");
  app.add_flag("-q,--quiet", opts.quiet, "no warnings on stderr");
  app.add_option("--max-games", opts.max_games, "stop after N games in all");
}

int worker_count(const InputOptions& opts) {
  if (opts.threads > 0) return opts.threads;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

Output::Output(const std::string& path) : path_(path) {
  if (path.empty() || path == "-") {
    file_ = stdout;
    return;
  }
  std::string tmpl = path + ".tmp-XXXXXX";
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) {
    error_ = fmt::format("cannot create a file next to {}: {}", path, std::strerror(errno));
    return;
  }
  temp_ = tmpl;
  if (temp_.size() < sizeof temp_output_path) {
    std::memcpy(temp_output_path, temp_.c_str(), temp_.size() + 1);
  }
  file_ = fdopen(fd, "w");
}

Output::~Output() {
  temp_output_path[0] = '\0';
  if (!temp_.empty()) {
    if (file_) std::fclose(file_);
    std::remove(temp_.c_str());
  }
}

void Output::write(std::string_view s) {
  if (!file_ || failed_ || s.empty()) return;
  if (std::fwrite(s.data(), 1, s.size(), file_) != s.size()) failed_ = true;
}

bool Output::commit() {
  if (!file_) return false;
  if (std::fflush(file_) != 0) failed_ = true;
  if (temp_.empty()) return !failed_;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  const bool renamed = !failed_ && closed && std::rename(temp_.c_str(), path_.c_str()) == 0;
  if (!renamed) std::remove(temp_.c_str());
  temp_.clear();
  temp_output_path[0] = '\0';
  return renamed;
}

RunResult run_inputs(const std::string& command, const InputOptions& opts,
                     const io::ExpandedInputs& expanded, bool capture_raw,
                     const std::function<analysis::GameConsumer&(int)>& consumer_for, int workers,
                     Output* out) {
  RunResult result;
  for (const auto& e : expanded.errors) {
    if (!opts.quiet) fmt::print(stderr, "rochade {}: {}: {}\n", command, e.path, e.message);
    result.exit_status = 1;
    result.inputs.push_back({e.path, "", 0, 0, false, e.message});
  }
  std::uint64_t total = 0;
  for (const auto& p : expanded.paths) {
    std::error_code ec;
    if (p != "-") {
      const auto size = std::filesystem::file_size(p, ec);
      if (!ec) total += size;
    }
  }
  const bool show = !opts.no_progress && (opts.progress || isatty(STDERR_FILENO));
  Progress progress(show, total);
  std::uint64_t done_before = 0, current_size = 0;

  run::PipelineOptions popts;
  popts.threads = workers;
  popts.max_games = opts.max_games;
  popts.capture_raw = capture_raw;
  popts.cancel = &install_interrupt_handler();
  std::atomic<bool> closed_output{false};
  popts.enough = &closed_output;
  run::PipelineHooks hooks;
  hooks.write = [&](std::string_view s) {
    if (!out) return;
    out->write(s);
    if (out->failed()) closed_output.store(true);  // e.g. `rochade find ... | head -1`
  };
  hooks.skipped = [&](const run::InputEvent& e) {
    if (!opts.quiet)
      fmt::print(stderr, "rochade {}: {}:{}: skipped text that is not a game: {}\n", command,
                 e.path, e.error.pos.line, e.error.message);
  };
  hooks.opened = [&](std::size_t, const io::Input& in) {
    done_before += current_size;
    current_size = in.size();
  };
  hooks.consumed = [&](const io::Input& in) {
    progress.bytes.store(done_before + in.consumed(), std::memory_order_relaxed);
  };
  hooks.games_done = [&](std::uint64_t games) {
    progress.games.store(games, std::memory_order_relaxed);
  };
  auto summaries = run::run_pipeline(expanded.paths, popts, consumer_for, hooks);
  progress.stop();
  for (auto& s : summaries) {
    if (!s.complete) {
      if (s.error == "interrupted" || popts.cancel->load()) {
        result.interrupted = popts.cancel->load();
      } else if (s.error != "not read (stopped early)") {
        if (!opts.quiet) fmt::print(stderr, "rochade {}: {}: {}\n", command, s.path, s.error);
        result.exit_status = 1;
      }
    }
    result.inputs.push_back(std::move(s));
  }
  if (popts.cancel->load()) result.interrupted = true;
  return result;
}

}  // namespace rochade::app
