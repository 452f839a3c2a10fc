// Castling statistics as mergeable values: every count of docs/STATS-JSON.md, added
// game by game and combined with +=. merge(parts) equals the statistics of the whole.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "base/names.hpp"
#include "chess/castling.hpp"

namespace rochade::analysis {

// "K/Q" keys: index 0 = K (kingside first), 1 = Q, 2 = '-' (never castled).
inline constexpr std::array<std::string_view, 3> pattern_names{"K", "Q", "-"};
inline constexpr std::array<std::string_view, 4> result_names{"1-0", "0-1", "1/2-1/2", "*"};
int result_index(std::string_view result_tag);  // anything unknown is "*"

// Counts for one set of games (all games, or one group).
struct Counts {
  std::uint64_t games = 0;  // game records (skipped ones included)
  std::uint64_t replayed = 0, with_errors = 0, skipped_variant = 0;
  std::uint64_t filtered = 0;  // --where did not hold: counted in `games`, not analysed
  std::uint64_t duplicates = 0;  // --dedup: an earlier game's copy: counted in `games` only
  // Games whose main line has no move (broadcast headers, games abandoned before the first
  // move): counted in `games` only, so that no castling percentage counts them.
  std::uint64_t without_moves = 0;
  // The game an input's failed reading cut (GameStatus::cut_off): counted in `games` only.
  std::uint64_t cut_off = 0;
  std::array<std::array<std::uint64_t, 2>, 2> castled{};  // [colour][side]: castling moves
  std::array<std::uint64_t, 2> never{};                   // games in which a colour never castled
  std::uint64_t both_castled = 0, opposite_sides = 0, same_side = 0;
  std::uint64_t white_first = 0, black_first = 0;
  std::uint64_t with_check = 0, checkmate = 0;
  // by_move[colour][side][n]: castling moves played on full move n (index n).
  std::array<std::array<std::vector<std::uint64_t>, 2>, 2> by_move{};
  std::array<std::uint64_t, 2> king_moved_first{};
  std::uint64_t illegal_castling = 0;
  std::array<std::uint64_t, chess::castling_reason_count> illegal_by_reason{};
  std::uint64_t annotation_mismatch = 0;
  std::uint64_t false_repetition = 0;
  // results[white pattern][black pattern][result]
  std::array<std::array<std::array<std::uint64_t, 4>, 3>, 3> results{};

  void add(const GameRecord& record, const GameAnalysis& analysis);
  void add_by_move(chess::Color c, chess::CastlingSide s, std::size_t move, std::uint64_t n);
  Counts& operator+=(const Counts& o);  // every field of ROCHADE_COUNTS_FIELDS
  bool operator==(const Counts& o) const;
  std::uint64_t largest() const;  // the largest count (merge checks its sums against a limit)

  // Calls f(name, member) for every count, in the order of ROCHADE_COUNTS_FIELDS (tests use it
  // to check that every count survives JSON and merge).
  template <class F>
  void for_each_field(F&& f);
};

// Every count of Counts, once: merge (+=), comparison and the tests' round trips are written
// over this list, so a new count cannot be forgotten by one of them.
#define ROCHADE_COUNTS_FIELDS(X)                                                              \
  X(games) X(replayed) X(with_errors) X(skipped_variant) X(castled) X(never) X(both_castled)  \
  X(opposite_sides) X(same_side) X(white_first) X(black_first) X(with_check) X(checkmate)     \
  X(by_move) X(king_moved_first) X(illegal_castling) X(illegal_by_reason)                     \
  X(annotation_mismatch) X(false_repetition) X(results) X(filtered) X(duplicates)            \
  X(without_moves) X(cut_off)

template <class F>
void Counts::for_each_field(F&& f) {
#define ROCHADE_VISIT_FIELD(m) f(#m, m);
  ROCHADE_COUNTS_FIELDS(ROCHADE_VISIT_FIELD)
#undef ROCHADE_VISIT_FIELD
}

// How the reading of an input ended. One name each: reports write the name of an outcome other
// than read or failed where the error goes ("error": "interrupted"), and read it back from there
// (merge).
enum class InputOutcome : std::uint8_t {
  read,           // to its end, without a fault
  failed,         // a fault: InputSummary::error says what and where
  interrupted,    // the run was interrupted (SIGINT, SIGTERM) while reading it
  stopped_early,  // --max-games stopped inside it
  not_read,       // --max-games (or an interruption) stopped before it
};
inline constexpr base::NameTable<InputOutcome> input_outcome_names{
    {{InputOutcome::read, "read"},
     {InputOutcome::failed, "error"},
     {InputOutcome::interrupted, "interrupted"},
     {InputOutcome::stopped_early, "stopped early (--max-games)"},
     {InputOutcome::not_read, "not read (stopped early)"}}};
inline std::string_view input_outcome_name(InputOutcome o) { return input_outcome_names.name(o); }
// Back from a report's "complete" and "error": the outcome those name, else failed.
InputOutcome input_outcome_from(bool complete, std::string_view error);

// What a run knows about one input.
struct InputSummary {
  std::string path;
  std::string compression{};  // {}: a designated initialiser may leave it out
  std::uint64_t bytes = 0;
  std::uint64_t games = 0;
  InputOutcome outcome = InputOutcome::read;
  std::string error;  // what went wrong, with outcome failed; else empty
  bool complete() const { return outcome == InputOutcome::read; }
  // What reports write as the input's error: the fault, or the outcome's name; empty when read.
  std::string_view error_text() const {
    return outcome == InputOutcome::failed ? std::string_view(error)
           : complete()                    ? std::string_view()
                                           : input_outcome_name(outcome);
  }
  bool operator==(const InputSummary&) const = default;
};

// The --by keys: read from their names at the edge (the command line, a partial's JSON), names
// again only when written.
enum class GroupKey : std::uint8_t { year, decade, elo, timecontrol, eco, result, event };
inline constexpr base::NameTable<GroupKey> group_key_names{{{GroupKey::year, "year"},
                                                            {GroupKey::decade, "decade"},
                                                            {GroupKey::elo, "elo"},
                                                            {GroupKey::timecontrol, "timecontrol"},
                                                            {GroupKey::eco, "eco"},
                                                            {GroupKey::result, "result"},
                                                            {GroupKey::event, "event"}}};
inline std::string_view group_key_name(GroupKey k) { return group_key_names.name(k); }
// Keys ordered by their names: every output lists the groups in that order.
struct ByKeyName {
  bool operator()(GroupKey a, GroupKey b) const { return group_key_name(a) < group_key_name(b); }
};
// The group value of a game ("unknown" where the tag is missing or unreadable).
std::string group_value(GroupKey k, const GameRecord& record);
// Lichess's time-control classes, fastest first: the values of --by timecontrol (besides
// "unknown"), in the order the reports list them.
enum class TimeControlClass : std::uint8_t {
  ultrabullet,
  bullet,
  blitz,
  rapid,
  classical,
  correspondence
};
inline constexpr base::NameTable<TimeControlClass> time_control_classes{
    {{TimeControlClass::ultrabullet, "ultrabullet"},
     {TimeControlClass::bullet, "bullet"},
     {TimeControlClass::blitz, "blitz"},
     {TimeControlClass::rapid, "rapid"},
     {TimeControlClass::classical, "classical"},
     {TimeControlClass::correspondence, "correspondence"}}};
// The class of a TimeControl tag value (one of time_control_classes), or "unknown".
std::string_view time_control_class(std::string_view tag);

struct Stats {
  std::vector<InputSummary> inputs;
  Counts all;
  // groups[key][value] (ordered maps: output is sorted and independent of threads).
  using GroupValues = std::map<std::string, Counts, std::less<>>;
  std::map<GroupKey, GroupValues, ByKeyName> groups;

  // Adds a game to `all` and to its value of each requested key.
  void add(const GameRecord& record, const GameAnalysis& analysis,
           const std::vector<GroupKey>& keys);
  Stats& operator+=(const Stats& o);
  bool operator==(const Stats& o) const;
};

}  // namespace rochade::analysis
