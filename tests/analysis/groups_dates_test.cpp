// --by timecontrol and --by year/decade (issue 15): FIDE periods, increments and daily games;
// years from Date, else EventDate, else UTCDate, in the usual written forms.
#include <catch2/catch.hpp>

#include "analysis/game_columns.hpp"
#include "analysis/stats.hpp"
#include "analysis/where.hpp"
#include "support/replay.hpp"

using namespace rochade;
using analysis::time_control_class;

TEST_CASE("time controls: Lichess forms, FIDE periods, daily games", "[groups]") {
  CHECK(time_control_class("15+0") == "ultrabullet");
  CHECK(time_control_class("60+1") == "bullet");
  CHECK(time_control_class("180+2") == "blitz");
  CHECK(time_control_class("600+5") == "rapid");
  CHECK(time_control_class("5400+30") == "classical");
  CHECK(time_control_class("7200") == "classical");
  CHECK(time_control_class("40/7200:3600") == "classical");
  CHECK(time_control_class("40/5400+30:1800+30") == "classical");
  CHECK(time_control_class("40/900") == "rapid");
  CHECK(time_control_class("1/259200") == "correspondence");
  CHECK(time_control_class("1/86400") == "correspondence");
  CHECK(time_control_class("-") == "correspondence");
  CHECK(time_control_class("?") == "unknown");
  CHECK(time_control_class("") == "unknown");
  CHECK(time_control_class("0/60") == "unknown");
  CHECK(time_control_class("40/abc") == "unknown");
}

TEST_CASE("years: Date, else EventDate, else UTCDate, in any usual form", "[groups]") {
  const auto games = test::replay_text(
      "[Date \"1986.03.12\"]\n\n1. e4 *\n\n"
      "[Date \"1986-03-12\"]\n\n1. e4 *\n\n"
      "[Date \"12.03.1986\"]\n\n1. e4 *\n\n"
      "[Date \"1986.??.??\"]\n\n1. e4 *\n\n"
      "[Date \"????.??.??\"]\n[EventDate \"1975.??.??\"]\n\n1. e4 *\n\n"
      "[Date \"?\"]\n[UTCDate \"2021.01.02\"]\n\n1. e4 *\n\n"
      "[Date \"??.??.1901\"]\n\n1. e4 *\n\n"
      "[Date \"March 1986\"]\n\n1. e4 *\n\n");
  REQUIRE(games.size() == 8);
  const char* years[] = {"1986", "1986", "1986", "1986", "1975", "2021", "1901", "unknown"};
  const char* decades[] = {"1980s", "1980s", "1980s", "1980s",
                           "1970s", "2020s", "1900s", "unknown"};
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1);
    CHECK(analysis::group_value(analysis::GroupKey::year, games[i].record) == years[i]);
    CHECK(analysis::group_value(analysis::GroupKey::decade, games[i].record) == decades[i]);
  }
}

TEST_CASE("one year: --by year, the games table's year and --where year agree", "[groups]") {
  // Dated by Date; by EventDate only; by UTCDate only; by EventDate and UTCDate (EventDate
  // first); undated.
  const auto games = test::replay_text(
      "[Date \"1986.03.12\"]\n[EventDate \"1970.01.01\"]\n\n1. e4 *\n\n"
      "[Date \"????.??.??\"]\n[EventDate \"1975.??.??\"]\n\n1. e4 *\n\n"
      "[Date \"?\"]\n[UTCDate \"2021.01.02\"]\n\n1. e4 *\n\n"
      "[EventDate \"1999.05.01\"]\n[UTCDate \"2021.01.02\"]\n\n1. e4 *\n\n"
      "[Event \"undated\"]\n\n1. e4 *\n\n");
  REQUIRE(games.size() == 5);
  const char* years[] = {"1986", "1975", "2021", "1999", "unknown"};
  std::string scratch;
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i + 1);
    const auto& r = games[i].record;
    CHECK(analysis::group_value(analysis::GroupKey::year, r) == years[i]);
    const auto column = analysis::column_value(analysis::Column::year, r, nullptr, "in", scratch);
    const std::string shown = column.kind == analysis::ColumnValue::Kind::number
                                  ? std::to_string(column.number)
                                  : std::string("unknown");
    CHECK(shown == years[i]);
    const auto where =
        analysis::Where::parse(std::string("year = ") + (i + 1 < games.size() ? years[i] : "0"));
    REQUIRE(where.where.has_value());
    CHECK(where.where->matches(r, nullptr, "in") == (i + 1 < games.size()));
  }
}
