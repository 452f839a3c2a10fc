// `rochade audit` output: findings as text blocks for people, JSON lines
// (docs/AUDIT-JSONL.md), or the games themselves as PGN with a comment at each move
// that has a finding and a [Rochade "..."] tag.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "analysis/finding.hpp"
#include "analysis/game_record.hpp"
#include "report/common/formats.hpp"
#include "report/common/json.hpp"

namespace rochade::report {

// Appends the output for one game's findings (those selected) to `out`. `file` is the input's
// path as given.
void append_audit(AuditFormat format, std::string_view file, const analysis::GameRecord& record,
                  const std::vector<const analysis::Finding*>& findings, std::string& out);

// A finding's evidence as a JSON array (docs/AUDIT-JSONL.md): the audit's lines and the SQLite
// table's evidence column.
void write_evidence(JsonWriter& j, const analysis::Finding& f);
// One finding as a JSON object on one line (with the newline).
void append_finding_jsonl(std::string_view file, const analysis::GameRecord& record,
                          const analysis::Finding& f, std::string& out);

}  // namespace rochade::report
