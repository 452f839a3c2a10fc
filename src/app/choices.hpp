// The command line's choices: an option whose value is one of a name table's names
// (base/names.hpp) is read straight into its enum (an enum, an optional one, or a vector of them),
// so no format, colour, group key, finding kind or reason travels past src/app as text.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "app/run_support.hpp"
#include "base/names.hpp"
#include "report/common/formats.hpp"

namespace rochade::app {

// "{a,b,c}": the names as the help lists them, after the option's type.
inline std::string choice_list(const std::vector<std::string>& names) {
  std::string out = "{";
  for (const std::string& name : names) out.append(out.size() > 1 ? "," : "").append(name);
  return out + "}";
}

// The validator of a choice: a word of `table` is replaced by its value's number, which CLI11
// stores in the option's enum; any other word is the usage error "WORD not in {a,b,c}".
template <class E, class Row>
CLI::Validator choice_of(const base::NameTable<E, Row>& table) {
  const std::string list = choice_list(table.names());
  return CLI::Validator(
      [&table, list](std::string& word) -> std::string {
        const auto value = table.parse(word);
        if (!value) return word + " not in " + list;
        word = std::to_string(static_cast<unsigned>(*value));
        return {};
      },
      list);
}

// An option whose value (or values: a vector target) is a name of `table`, shown as
// "--by TEXT:{year,decade,...}" in the help.
template <class T, class E, class Row>
CLI::Option* add_choice(CLI::App& app, const std::string& name, T& target,
                        const base::NameTable<E, Row>& table, const std::string& description) {
  return app.add_option(name, target, description)->type_name("TEXT")->transform(choice_of(table));
}

// Declares -o and --format, the format read into `format`, whose value before parsing is the
// default. Once parsing is done, without --format it is the one the -o name asks for, else the
// default (report::choose_format); a name asking for a format the subcommand does not write, or
// contradicting --format, is a usage error (exit 2).
template <class E, class Row>
void add_output_options(CLI::App& app, std::string& output, E& format,
                        const base::NameTable<E, Row>& formats) {
  const std::string fallback(formats.name(format));
  add_output_option(app, output, formats.names());
  const CLI::Option* given =
      add_choice(app, "--format", format, formats,
                 "output format (default: the one the -o name asks for, else " + fallback + ")");
  // After parsing (CLI11 may call it more than once: it decides from what was given each time).
  app.parse_complete_callback([&output, &format, &formats, given, fallback] {
    const std::string asked =
        given->count() == 0 ? std::string() : std::string(formats.name(format));
    const report::FormatChoice choice =
        report::choose_format(output, asked, formats.names(), fallback);
    if (!choice.error.empty()) throw CLI::ValidationError(choice.error);
    if (const auto chosen = formats.parse(choice.format)) format = *chosen;
  });
}

// Declares INPUT..., -o, --format (add_output_options), -j, --progress, -q, --max-games, --where,
// --list-inputs, --dedup.
template <class E, class Row>
void add_input_options(CLI::App& app, InputOptions& opts, E& format,
                       const base::NameTable<E, Row>& formats) {
  add_inputs_option(app, opts);
  add_output_options(app, opts.output, format, formats);
  add_run_options(app, opts);
}

}  // namespace rochade::app
