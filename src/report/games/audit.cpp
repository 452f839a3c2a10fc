#include "report/games/audit.hpp"

#include <fmt/core.h>
#include <algorithm>

#include "report/common/json.hpp"
#include "report/common/text.hpp"

namespace rochade::report {

using analysis::Finding;
using analysis::FindingKind;
using analysis::GameRecord;

namespace {

constexpr std::string_view seven_tags[] = {"Event", "Site",  "Date",  "Round",
                                           "White", "Black", "Result"};

std::string reasons_text(const Finding& f) {
  std::string s;
  for (const auto& r : f.reasons) {
    if (!s.empty()) s += ", ";
    s += r;
  }
  return s;
}

// The text output is UTF-8 like every other output: tags and the record's own text in Latin-1
// are converted (clean_text), never copied as raw bytes.
void append_text(std::string_view file, const GameRecord& record,
                 const std::vector<const Finding*>& findings, std::string& out) {
  const std::string white = clean_text(record.tag("White")),
                    black = clean_text(record.tag("Black"));
  std::string who;
  if (!white.empty() || !black.empty())
    who = fmt::format("{} - {}", white.empty() ? "?" : white, black.empty() ? "?" : black);
  std::string where;
  for (std::string_view t : {record.tag("Event"), record.tag("Site"), record.tag("Date")}) {
    if (t.empty() || t == "?" || t == "????.??.??") continue;
    if (!where.empty()) where += ", ";
    where += clean_text(t);
  }
  const std::string clean_file = clean_text(file);
  for (const Finding* f : findings) {
    out += fmt::format("{}: game {} (line {})", clean_file, record.number, record.pos.line);
    if (!who.empty()) out += fmt::format(": {}", who);
    if (!where.empty()) out += fmt::format(" ({})", where);
    out += '\n';
    out += fmt::format("  {}", analysis::finding_kind_name(f->kind));
    if (!f->reasons.empty()) out += fmt::format(" [{}]", reasons_text(*f));
    if (f->ply > 0) out += fmt::format(" at line {}", f->line);
    out += '\n';
    out += fmt::format("  {}\n", clean_text(f->message));
    for (const auto& e : f->evidence)
      out += fmt::format("    {:<12} {}\n", clean_text(e.san), clean_text(e.what));
    if (!f->played_as.empty()) out += fmt::format("  played as {}\n", f->played_as);
    if (!f->fen_before.empty()) out += fmt::format("  position before: {}\n", f->fen_before);
    out += '\n';
  }
}

std::string comment_text(const Finding& f) {
  std::string s = fmt::format("rochade: {}", f.message);
  if (!f.played_as.empty()) s += fmt::format("; played as {}", f.played_as);
  std::replace(s.begin(), s.end(), '}', ')');
  return s;
}

void append_pgn(const GameRecord& record, const std::vector<const Finding*>& findings,
                std::string& out) {
  std::string tag;
  for (const Finding* f : findings) {
    if (!tag.empty()) tag += "; ";
    tag += analysis::finding_kind_name(f->kind);
    if (!f->reasons.empty()) tag += ": " + reasons_text(*f);
  }
  std::string escaped;
  for (char c : tag) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  const std::string_view raw = record.raw();
  // Insert the tag after the tag section (before the first move's line, or at the start).
  std::size_t tags_end = 0;
  if (record.tag_count() > 0) {
    std::size_t p = 0;
    while (p < raw.size() && raw[p] == '[') {
      const std::size_t nl = raw.find('\n', p);
      if (nl == std::string_view::npos) {
        p = raw.size();
        break;
      }
      p = nl + 1;
      while (p < raw.size() && (raw[p] == ' ' || raw[p] == '\t')) ++p;
    }
    tags_end = p;
  }
  std::string text(raw.substr(0, tags_end));
  if (!text.empty() && text.back() != '\n') text += '\n';
  text += fmt::format("[Rochade \"{}\"]\n", escaped);
  if (tags_end < raw.size() && raw[tags_end] != '\n' && raw[tags_end] != '\r') text += '\n';
  // Copy the movetext, adding a comment after each move that has a finding.
  std::size_t copied = tags_end;
  std::vector<std::pair<std::size_t, std::string>> inserts;
  for (const Finding* f : findings) {
    if (f->ply <= 0 || static_cast<std::size_t>(f->ply) > record.move_count()) continue;
    const auto& m = record.move(static_cast<std::size_t>(f->ply - 1));
    const std::size_t at = m.raw_offset + m.san_length;
    if (at >= tags_end && at <= raw.size()) inserts.emplace_back(at, comment_text(*f));
  }
  std::stable_sort(inserts.begin(), inserts.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [at, comment] : inserts) {
    text.append(raw.substr(copied, at - copied));
    text += fmt::format(" {{{}}}", comment);
    copied = at;
  }
  text.append(raw.substr(copied));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.pop_back();
  out += text;
  out += "\n\n";
}

}  // namespace

void write_evidence(JsonWriter& j, const analysis::Finding& f) {
  j.begin_array();
  for (const auto& e : f.evidence) {
    j.begin_object();
    j.key("ply");
    if (e.ply > 0)
      j.value(e.ply);
    else
      j.null();
    j.key("san");
    if (!e.san.empty())
      j.value(e.san);
    else
      j.null();
    j.field("what", e.what);
    if (!e.rights.empty()) j.field("rights", e.rights);
    j.end_object();
  }
  j.end_array();
}

void append_finding_jsonl(std::string_view file, const GameRecord& record, const Finding& f,
                          std::string& out) {
  JsonWriter j(out);
  j.begin_object();
  j.field("kind", analysis::finding_kind_name(f.kind));
  j.field("file", file).field("game", record.number).field("line", record.pos.line);
  j.key("tags").begin_object();
  for (std::string_view t : seven_tags) {
    j.key(t);
    if (record.has_tag(t))
      j.value(record.tag(t));
    else
      j.null();
  }
  j.end_object();
  if (f.ply > 0) {
    j.field("ply", f.ply).field("move_number", f.move_number);
    j.field("side", f.side == chess::Color::white ? "white" : "black");
    j.field("san", f.san).field("move_line", f.line);
  } else {
    j.key("ply").null().key("move_number").null().key("side").null().key("san").null();
    if (f.line) j.field("error_line", f.line);
  }
  j.key("reasons").begin_array();
  for (const auto& r : f.reasons) j.value(r);
  j.end_array();
  j.key("evidence");
  write_evidence(j, f);
  j.key("played_as");
  if (f.played_as.empty())
    j.null();
  else
    j.value(f.played_as);
  j.key("fen_before");
  if (f.fen_before.empty())
    j.null();
  else
    j.value(f.fen_before);
  j.field("message", f.message);
  j.end_object();
  out += '\n';
}

void append_audit(AuditFormat format, std::string_view file, const GameRecord& record,
                  const std::vector<const Finding*>& findings, std::string& out) {
  if (findings.empty()) return;
  switch (format) {
    case AuditFormat::text:
      append_text(file, record, findings, out);
      break;
    case AuditFormat::jsonl:
      for (const Finding* f : findings) append_finding_jsonl(file, record, *f, out);
      break;
    case AuditFormat::pgn:
      append_pgn(record, findings, out);
      break;
    case AuditFormat::html:
      break;  // the viewer page's data: report/viewer/viewer_data.hpp
  }
}

}  // namespace rochade::report
