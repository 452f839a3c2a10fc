// A game record's tag lookup (GameRecord::tag / has_tag): the exact name first, else the first
// name that differs only in ASCII case, else nothing. Checked against a plain search of the tags
// on many random records and names, so that the record's shortcut for absent names (a bit per
// name, the same in any case) can never hide a tag that is there.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "analysis/column_tags.hpp"
#include "analysis/game_record.hpp"
#include "support/replay.hpp"

using namespace rochade;

namespace {

using Tags = std::vector<std::pair<std::string, std::string>>;

std::optional<std::string> plain_lookup(const Tags& tags, const std::string& name) {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  for (const auto& [n, v] : tags) {
    if (n.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < n.size() && same; ++i) same = (n[i] | 0x20) == (name[i] | 0x20);
    if (same) return v;
  }
  return std::nullopt;
}

// A real tag name, or a random one (letters, digits, '_'), in a random mix of cases.
std::string random_name(std::mt19937& rng) {
  static const std::vector<std::string> real = {"Event",
                                                "Site",
                                                "Date",
                                                "Round",
                                                "White",
                                                "Black",
                                                "Result",
                                                "FEN",
                                                "SetUp",
                                                "Variant",
                                                "WhiteElo",
                                                "BlackElo",
                                                "ECO",
                                                "Opening",
                                                "UTCDate",
                                                "TimeControl",
                                                "Termination",
                                                "PlyCount",
                                                "Annotator",
                                                "Mode",
                                                "WhiteRatingDiff",
                                                "BlackRatingDiff",
                                                "EventDate",
                                                "X"};
  std::string name;
  if (rng() % 3 != 0) {
    name = real[rng() % real.size()];
  } else {
    const std::string chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    const std::size_t len = 1 + rng() % 20;
    for (std::size_t i = 0; i < len; ++i) name += chars[rng() % chars.size()];
  }
  for (char& c : name)
    if (rng() % 4 == 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) c ^= 0x20;
  return name;
}

}  // namespace

TEST_CASE("tag lookup: the same as a plain search, exact name first, then any case",
          "[analysis][tags]") {
  std::mt19937 rng(20261202);
  analysis::GameRecord record;
  std::size_t found = 0, loose = 0, absent = 0;
  for (int round = 0; round < 3000; ++round) {
    record.clear();
    Tags tags;
    const std::size_t count = rng() % 25;
    for (std::size_t i = 0; i < count; ++i) {
      tags.emplace_back(random_name(rng), std::to_string(round) + "/" + std::to_string(i));
      record.add_tag(tags.back().first, tags.back().second);
    }
    for (int q = 0; q < 20; ++q) {
      const std::string name =
          q % 2 == 0 && !tags.empty() ? tags[rng() % tags.size()].first : random_name(rng);
      std::string asked = name;
      if (q % 4 == 0)
        for (char& c : asked)
          if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) c ^= 0x20;
      const auto want = plain_lookup(tags, asked);
      INFO("round " << round << ", name " << asked);
      CHECK(record.has_tag(asked) == want.has_value());
      CHECK(record.tag(asked) == (want ? std::string_view(*want) : std::string_view()));
      if (!want) {
        ++absent;
      } else if (std::find_if(tags.begin(), tags.end(),
                              [&](const auto& t) { return t.first == asked; }) == tags.end()) {
        ++loose;
      } else {
        ++found;
      }
    }
  }
  // Each kind of answer was asked for many times.
  CHECK(found > 5000);
  CHECK(loose > 2000);
  CHECK(absent > 5000);
}

TEST_CASE("column tags: looked up together, each as the record's lookup gives it",
          "[analysis][tags]") {
  // analysis::ColumnTags reads a game's tags once for the games table's two dozen; every value
  // and presence must be the plain search's, on records of column tag names in any case, names
  // one byte off them (same length, often the same hash), and random names.
  std::vector<std::string> column_names;
  for (const auto& row : analysis::column_tag_names()) column_names.emplace_back(row.name);
  std::mt19937 rng(20261207);
  const auto some_name = [&] {
    std::string name =
        rng() % 4 != 0 ? column_names[rng() % column_names.size()] : random_name(rng);
    if (rng() % 5 == 0) name[rng() % name.size()] = "aZ_0eE"[rng() % 6];
    for (char& c : name)
      if (rng() % 4 == 0 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) c ^= 0x20;
    return name;
  };
  analysis::GameRecord record;
  std::size_t present = 0, exact = 0;
  for (int round = 0; round < 4000; ++round) {
    record.clear();
    Tags tags;
    const std::size_t count = rng() % 30;
    for (std::size_t i = 0; i < count; ++i) {
      tags.emplace_back(some_name(), std::to_string(round) + "/" + std::to_string(i));
      record.add_tag(tags.back().first, tags.back().second);
    }
    const analysis::ColumnTags together(record);
    for (const auto& row : analysis::column_tag_names()) {
      const auto want = plain_lookup(tags, std::string(row.name));
      INFO("round " << round << ", tag " << row.name);
      CHECK(together.has(row.value) == want.has_value());
      CHECK(together.value(row.value) == (want ? std::string_view(*want) : std::string_view()));
      present += want.has_value();
      exact +=
          std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == row.name; });
    }
  }
  CHECK(present > 20000);
  CHECK(exact > 5000);
  CHECK(present - exact > 5000);  // found in another case
}

TEST_CASE("tag lookup: a game with [fen] and [setup] in lower case starts from its position",
          "[analysis][tags]") {
  // Only from this position is 1... Qh4# legal and mate at once (the start position has no
  // queen that reaches h4).
  const auto games = test::replay_text(
      "[event \"lower-case tags\"]\n[setup \"1\"]\n"
      "[fen \"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\"]\n\n"
      "2... Qh4# 0-1\n");
  REQUIRE(games.size() == 1);
  CHECK(games[0].record.tag("FEN") ==
        "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  CHECK(games[0].record.tag("Event") == "lower-case tags");
  CHECK(games[0].analysis.status == analysis::GameStatus::replayed);
  CHECK(games[0].analysis.findings.empty());
}
