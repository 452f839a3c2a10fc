#include "report/games/games_table.hpp"

#include <charconv>

#include "analysis/game_columns.hpp"
#include "report/common/json.hpp"
#include "report/common/text.hpp"

namespace rochade::report {

using analysis::Column;
using analysis::ColumnValue;

namespace {

// The most bytes write_number writes (an int64 takes 20, a double's shortest form 24).
constexpr std::size_t number_bytes = 32;

// An integer as it is; a scaled value (a clock in milliseconds) in its shortest decimal form,
// which keeps its decimals (9.8, 65.25) and writes a whole number without any (172). Writes at
// most number_bytes from `at`; returns their end.
char* write_number(const ColumnValue& v, char* at) {
  return (v.scale == 1 ? std::to_chars(at, at + number_bytes, v.number)
                       : std::to_chars(at, at + number_bytes, v.real()))
      .ptr;
}

// A text cell, cleaned (clean_text) as it is appended. CSV (RFC 4180): quoted when it holds a
// comma or a quote, quotes doubled (a line break is a space by then). TSV: clean text holds no
// tab or line break.
void append_text_cell(TableFormat format, std::string_view s, std::string& out) {
  const std::size_t start = out.size();
  if (!append_clean_text(s, out) || format != TableFormat::csv) return;
  const std::string_view cell(out.data() + start, out.size() - start);
  if (cell.find('"') == std::string_view::npos) {
    out.insert(start, 1, '"');
  } else {
    std::string quoted = "\"";
    for (char c : cell) {
      if (c == '"') quoted += '"';
      quoted += c;
    }
    out.replace(start, out.size() - start, quoted);
  }
  out += '"';
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
  // Separators and numbers go to a buffer here, appended before each text cell and at the end:
  // most cells are short numbers or empty.
  char buffer[analysis::table_column_count * (number_bytes + 1)];  // each: a separator, a number
  char* end = buffer;
  for (int i = 0; i < analysis::table_column_count; ++i) {
    if (i) *end++ = sep;
    const ColumnValue& v = row[Column(i)];
    if (v.kind == ColumnValue::Kind::number) {
      end = write_number(v, end);
    } else if (v.kind == ColumnValue::Kind::text) {
      out.append(buffer, end);
      end = buffer;
      append_text_cell(format, v.text, out);
    }
  }
  out.append(buffer, end);
  for (const std::string& t : tags) {
    out += sep;
    append_text_cell(format, record.tag(t), out);
  }
  out += '\n';
}

}  // namespace rochade::report
