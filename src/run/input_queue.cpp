#include "run/input_queue.hpp"

#include <utility>

#include "run/progress.hpp"

namespace rochade::run {

std::uint32_t InputNames::add(std::string name) {
  std::lock_guard lock(mutex_);
  names_.push_back(std::move(name));
  return static_cast<std::uint32_t>(names_.size() - 1);
}

std::string_view InputNames::operator[](std::size_t i) const {
  std::lock_guard lock(mutex_);
  return i < names_.size() ? std::string_view(names_[i]) : std::string_view("?");
}

std::size_t InputNames::size() const {
  std::lock_guard lock(mutex_);
  return names_.size();
}

InputQueue::InputQueue(const std::vector<io::InputSpec>& specs, std::size_t ahead,
                       InputNames& names, RunEvents& events, Progress* progress)
    : specs_(specs),
      ahead_(ahead < 1 ? 1 : ahead),
      names_(names),
      events_(events),
      progress_(progress) {}

std::unique_ptr<DecodedBytes> InputQueue::wrap(std::unique_ptr<io::Input> in, bool is_stdin,
                                               bool member) {
  // An archive (or a member, which libarchive inflates) is decoded on its own thread even with
  // one worker: decoding then overlaps the replay instead of adding to it (until the pipeline
  // hands it over to the workers, who have every core). Not standard input: a thread blocked
  // reading it could hold up a stop.
  const bool decoded = in->compression() != io::Compression::plain || member;
  if (in->ok() && (ahead_ > 1 || decoded) && !is_stdin)
    return std::make_unique<Prefetch>(std::move(in));
  return std::make_unique<DirectBytes>(std::move(in));
}

InputQueue::Opened InputQueue::open(const io::InputSpec& spec) {
  Opened o;
  o.spec = &spec;
  auto in = io::Input::open(spec.path);
  const io::Content c = in->content();
  if (in->ok() && (c == io::Content::zip || c == io::Content::sevenzip || c == io::Content::tar)) {
    o.container = io::Container::open(std::move(in), spec.is_stdin);
  } else {
    o.text = wrap(std::move(in), spec.is_stdin, false);
  }
  return o;
}

DecodedBytes* InputQueue::start(std::unique_ptr<DecodedBytes> in, std::string format) {
  current_ = std::move(in);
  format_ = std::move(format);
  index_ = names_.add(current_->input().path());
  if (progress_) progress_->opened(current_->input());
  return current_.get();
}

DecodedBytes* InputQueue::next(bool stopped, bool list_members) {
  if (stopped) {
    drain(list_members);
    return nullptr;
  }
  for (;;) {
    if (container_) {
      auto member = container_->next_member();
      if (!member) {
        finish_container();
        continue;
      }
      ++members_;
      member_ = true;
      current_spec_ = container_spec_;
      std::string format = container_->format_name();
      if (member->compression() != io::Compression::plain) {
        format.push_back('+');
        format += io::compression_name(member->compression());
      }
      return start(wrap(std::move(member), container_stdin_, true), std::move(format));
    }
    while (next_spec_ < specs_.size() && open_.size() < ahead_)
      open_.push_back(open(specs_[next_spec_++]));
    if (open_.empty()) return nullptr;
    Opened o = std::move(open_.front());
    open_.pop_front();
    if (o.container) {
      container_ = std::move(o.container);
      container_stdin_ = o.spec->is_stdin;
      container_spec_ = spec_index(o.spec);
      members_ = 0;
      continue;
    }
    member_ = false;
    current_spec_ = spec_index(o.spec);
    const std::string format(io::compression_name(o.text->input().compression()));
    return start(std::move(o.text), format);
  }
}

void InputQueue::close(bool reached_end, bool interrupted) {
  current_->stop();  // no decoding thread writes to the input from here on
  const io::Input& input = current_->input();
  InputSummary sum;
  sum.path = input.path();
  sum.compression = format_;
  // A member's own size (docs/STATS-JSON.md); a file's size, or the bytes read of a stream.
  sum.bytes = member_ ? input.own_size() : input.size() != 0 ? input.size() : input.consumed();
  // A fault counts only if the reading got to it: one that decoding ahead found past the
  // point where the run stopped (--max-games, a closed output) is not this run's business.
  const auto& err = input.error();
  if (err && reached_end) {
    sum.outcome = InputOutcome::failed;
    sum.error = err->located();
  } else if (interrupted) {
    sum.outcome = InputOutcome::interrupted;
  }
  current_.reset();
  add_summary(std::move(sum), !reached_end, current_spec_);
}

void InputQueue::add_summary(InputSummary s, bool unfinished, std::size_t spec) {
  summaries_.push_back(std::move(s));
  unfinished_.push_back(unfinished);
  summary_specs_.push_back(spec);
}

// The archive has given all its members: notes for what it held besides PGN, its damage as an
// input of its own (named by the archive; the message names the member before it). An archive
// named on the command line with no PGN member is an error, as a directory with none is.
void InputQueue::finish_container() {
  io::Container& c = *container_;
  for (const std::string& note : c.notes()) events_.note(c.name(), note);
  if (members_ == 0 && !c.error() && !specs_[container_spec_].named)
    events_.note(c.name(), "no PGN member in the archive");
  if (c.error() || (members_ == 0 && specs_[container_spec_].named)) {
    names_.add(c.name());
    add_summary({c.name(), c.format_name(), c.size(), 0, InputOutcome::failed,
                 c.error() ? c.error()->located() : "no PGN member in the archive"},
                false, container_spec_);
  }
  container_.reset();
}

// Stopped: the rest of the archive it stopped inside, what was opened ahead, and what was not
// opened at all, is listed as not read.
void InputQueue::drain(bool list_members) {
  const auto not_read = [&](const std::string& name, std::size_t spec) {
    names_.add(name);
    add_summary({name, "", 0, 0, InputOutcome::not_read, {}}, true, spec);
  };
  if (container_ && list_members)
    for (const std::string& member : container_->rest()) not_read(member, container_spec_);
  container_.reset();
  for (Opened& o : open_) not_read(o.spec->name, spec_index(o.spec));
  open_.clear();
  for (; next_spec_ < specs_.size(); ++next_spec_) not_read(specs_[next_spec_].name, next_spec_);
}

}  // namespace rochade::run
