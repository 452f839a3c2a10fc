#include "report/games/games_table.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "analysis/game_columns.hpp"
#include "report/common/json.hpp"
#include "report/common/text.hpp"

namespace rochade::report {

using analysis::Column;
using analysis::ColumnValue;

namespace {

// The most bytes write_number writes (an int64 takes 20, a double's shortest form 24).
constexpr std::size_t number_bytes = 24;

// An integer as it is; a scaled value (a clock in milliseconds) in its shortest decimal form,
// which keeps its decimals (9.8, 65.25) and writes a whole number without any (172). Writes at
// most number_bytes from `at`; returns their end.
char* write_number(const ColumnValue& v, char* at) {
  if (v.scale == 1 && static_cast<std::uint64_t>(v.number) < 10) {  // most counts: one digit
    *at = static_cast<char>('0' + v.number);
    return at + 1;
  }
  return (v.scale == 1 ? std::to_chars(at, at + number_bytes, v.number)
                       : std::to_chars(at, at + number_bytes, v.real()))
      .ptr;
}

// The most bytes write_text_cell writes for s: its clean text, quoted, each '"' doubled (one
// byte of the input that became two).
std::size_t text_cell_bytes(std::string_view s) { return clean_text_bound(s.size()) + 2; }

// A text cell, cleaned (clean_text), from `at` (room for text_cell_bytes(s)); returns its end.
// CSV (RFC 4180): quoted when it holds a comma or a quote, quotes doubled (a line break is a
// space by then). TSV: clean text holds no tab or line break. Printable ASCII, most tags, is
// copied as it is tested; other text is cleaned in `clean` first.
char* write_text_cell(TableFormat format, std::string_view s, char* at, std::string& clean) {
  const bool csv = format == TableFormat::csv;
  if (const Printable p = copy_printable(s, at); p.ok && !p.quote) {
    if (!csv || !p.comma) return at + s.size();
    std::memmove(at + 1, at, s.size());  // "Carlsen, Magnus"
    at[0] = '"';
    at[s.size() + 1] = '"';
    return at + s.size() + 2;
  }
  clean.clear();
  if (!append_clean_text(s, clean) || !csv) return std::copy(clean.begin(), clean.end(), at);
  *at++ = '"';
  for (const char c : clean) {
    if (c == '"') *at++ = '"';
    *at++ = c;
  }
  *at++ = '"';
  return at;
}

}  // namespace

std::optional<TableFormat> table_format(FindFormat format) {
  switch (format) {
    case FindFormat::csv:
      return TableFormat::csv;
    case FindFormat::tsv:
      return TableFormat::tsv;
    case FindFormat::jsonl:
      return TableFormat::jsonl;
    case FindFormat::pgn:
    case FindFormat::html:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<TableFormat> table_format(GamesFormat format) {
  switch (format) {
    case GamesFormat::csv:
      return TableFormat::csv;
    case GamesFormat::tsv:
      return TableFormat::tsv;
    case GamesFormat::jsonl:
      return TableFormat::jsonl;
    case GamesFormat::sqlite:
      return std::nullopt;
  }
  return std::nullopt;
}

std::string games_table_header(TableFormat format, const std::vector<std::string>& tags) {
  if (format == TableFormat::jsonl) return {};
  const char sep = format == TableFormat::csv ? ',' : '\t';
  std::string out;
  for (int i = 0; i < analysis::table_column_count; ++i) {
    if (i) out += sep;
    out += analysis::column_name(Column(i));
  }
  for (const std::string& t : tags) {
    out += sep;
    out += analysis::tag_column_name(t);
  }
  out += '\n';
  return out;
}

void append_game_row(TableFormat format, std::string_view input, const analysis::GameRecord& record,
                     const analysis::GameAnalysis& analysis, std::string& out,
                     const std::vector<std::string>& tags) {
  const analysis::GameRow row(record, analysis, input);
  if (format == TableFormat::jsonl) {
    JsonWriter j(out);
    j.begin_object();
    for (int i = 0; i < analysis::table_column_count; ++i) {
      const ColumnValue& v = row[Column(i)];
      j.key(analysis::column_name(Column(i)));
      switch (v.kind) {
        case ColumnValue::Kind::missing:
          j.null();
          break;
        case ColumnValue::Kind::number:
          if (v.scale == 1)
            j.value(static_cast<std::int64_t>(v.number));
          else
            j.value(v.real());
          break;
        case ColumnValue::Kind::text:
          j.value(clean_text(v.text));
          break;
      }
    }
    for (const std::string& t : tags) {
      j.key(analysis::tag_column_name(t));
      const std::string_view value = record.tag(t);
      if (value.empty())
        j.null();
      else
        j.value(clean_text(value));
    }
    j.end_object();
    out += '\n';
    return;
  }
  const char sep = format == TableFormat::csv ? ',' : '\t';
  // The row is written in place: room for its most bytes first, the unused part cut after.
  std::size_t room = 1;  // the line break
  for (int i = 0; i < analysis::table_column_count; ++i) {
    const ColumnValue& v = row[Column(i)];
    room += 1 + (v.kind == ColumnValue::Kind::text ? text_cell_bytes(v.text) : number_bytes);
  }
  for (const std::string& t : tags) room += 1 + text_cell_bytes(record.tag(t));  // --tag's
  const std::size_t start = out.size();
  out.resize(start + room);
  char* at = out.data() + start;
  std::string clean;  // a cell that is not printable ASCII, cleaned
  for (int i = 0; i < analysis::table_column_count; ++i) {
    if (i) *at++ = sep;
    const ColumnValue& v = row[Column(i)];
    if (v.kind == ColumnValue::Kind::number)
      at = write_number(v, at);
    else if (v.kind == ColumnValue::Kind::text)
      at = write_text_cell(format, v.text, at, clean);
  }
  for (const std::string& t : tags) {
    *at++ = sep;
    at = write_text_cell(format, record.tag(t), at, clean);
  }
  *at++ = '\n';
  out.resize(static_cast<std::size_t>(at - out.data()));
}

}  // namespace rochade::report
