#include "common/cli.hpp"

#include <cctype>
#include <charconv>
#include <cstdint>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "common/errors.hpp"

namespace gs {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  std::istringstream in(text);
  while (std::getline(in, cur, sep))
    if (!cur.empty()) parts.push_back(cur);
  return parts;
}

std::int64_t parse_int(const std::string& text, const std::string& what) {
  if (text.empty()) throw InputError(what + ": expected an integer, got nothing");
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE) throw InputError(what + ": integer out of range: '" + text + "'");
  // Accept 1e6-style values when they are exact integers.
  if (*end == 'e' || *end == 'E' || *end == '.') {
    const double d = parse_double(text, what);
    if (d != std::floor(d) || std::fabs(d) > 9.0e18)
      throw InputError(what + ": expected an integer, got '" + text + "'");
    return std::int64_t(d);
  }
  if (*end != '\0') throw InputError(what + ": expected an integer, got '" + text + "'");
  return v;
}

double parse_double(const std::string& text, const std::string& what) {
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v))
    throw InputError(what + ": expected a finite number, got '" + text + "'");
  return v;
}

const char* scale_name(Scale scale) { return scale == Scale::paper ? "paper" : "quick"; }

Cli::Cli(std::string program, std::string description, bool takes_sources)
    : program_(std::move(program)), description_(std::move(description)), takes_sources_(takes_sources) {}

namespace {
struct CommonOption;
const CommonOption* find_common(const std::string& name);
}  // namespace

void Cli::declare(const std::string& name, Extra extra) {
  if (extras_.count(name) || find_common(name)) throw std::logic_error("Cli: option --" + name + " declared twice");
  extras_[name] = std::move(extra);
  extra_order_.push_back(name);
}

void Cli::add_option(const std::string& name, const std::string& help, const std::string& default_value) {
  declare(name, {help, default_value, false, false, false, {}});
}

void Cli::add_flag(const std::string& name, const std::string& help) {
  declare(name, {help, "0", true, false, false, {}});
}

void Cli::option(const std::string& name, const std::string& help, std::int64_t& target) {
  declare(name, {help, std::to_string(target), false, false, false,
                 [&target, name](const std::string& v) { target = parse_int(v, "--" + name); }});
}

void Cli::option(const std::string& name, const std::string& help, int& target) {
  declare(name, {help, std::to_string(target), false, false, false, [&target, name](const std::string& v) {
                   const std::int64_t x = parse_int(v, "--" + name);
                   if (x < INT32_MIN || x > INT32_MAX)
                     throw InputError("--" + name + ": integer out of range: '" + v + "'");
                   target = int(x);
                 }});
}

void Cli::option(const std::string& name, const std::string& help, double& target) {
  std::ostringstream d;
  d << target;
  declare(name, {help, d.str(), false, false, false,
                 [&target, name](const std::string& v) { target = parse_double(v, "--" + name); }});
}

void Cli::option(const std::string& name, const std::string& help, float& target) {
  std::ostringstream d;
  d << target;
  declare(name, {help, d.str(), false, false, false,
                 [&target, name](const std::string& v) { target = float(parse_double(v, "--" + name)); }});
}

void Cli::option(const std::string& name, const std::string& help, std::string& target) {
  declare(name, {help, target, false, false, false, [&target](const std::string& v) { target = v; }});
}

void Cli::option(const std::string& name, const std::string& help, std::optional<int>& target,
                 const std::string& default_text) {
  declare(name, {help, target ? std::to_string(*target) : default_text, false, false, false,
                 [&target, name](const std::string& v) {
                   const std::int64_t x = parse_int(v, "--" + name);
                   if (x < INT32_MIN || x > INT32_MAX)
                     throw InputError("--" + name + ": integer out of range: '" + v + "'");
                   target = int(x);
                 }});
}

void Cli::option(const std::string& name, const std::string& help, bool& target) {
  declare(name, {help, target ? "1" : "0", false, true, false, [&target, name](const std::string& v) {
                   if (v != "0" && v != "1") throw InputError("--" + name + ": expected 0 or 1, got '" + v + "'");
                   target = v == "1";
                 }});
}

void Cli::option(const std::string& name, const std::string& help, std::vector<std::int64_t>& target,
                 const std::string& default_text) {
  std::string d = default_text;
  if (d.empty())
    for (std::size_t i = 0; i < target.size(); ++i) {
      if (i) d += ',';
      d += std::to_string(target[i]);
    }
  declare(name, {help, d, false, false, false, [&target, name](const std::string& v) {
                   target.clear();
                   for (const auto& part : split(v, ',')) target.push_back(parse_int(part, "--" + name));
                   if (target.empty()) throw InputError("--" + name + ": needs at least one value");
                 }});
}

bool Cli::given(const std::string& name) const {
  auto it = extras_.find(name);
  if (it == extras_.end()) throw std::logic_error("Cli::given: undeclared option " + name);
  return it->second.given;
}

namespace {

// The common options, declared once: --help is written from this table and
// parse() stores through it. `value` is the placeholder in --help ("" = a flag).
struct CommonOption {
  const char* name;
  const char* value;
  const char* help;
  void (*store)(CommonOptions& opt, const std::string& program, const std::string& text);
};

int at_least(const std::string& program, const char* name, const std::string& text, int lo) {
  const std::int64_t v = parse_int(text, std::string("--") + name);
  if (v < lo || v > INT32_MAX)
    throw InputError(program + ": --" + name + " must be >= " + std::to_string(lo) + ", got '" + text + "'");
  return int(v);
}

const std::vector<CommonOption>& common_options() {
  static const std::vector<CommonOption> table = {
      {"help", "", "this text", nullptr},
      {"scale", "quick|paper", "problem sizes (default quick)",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         if (t == "quick") o.scale = Scale::quick;
         else if (t == "paper") o.scale = Scale::paper;
         else throw InputError(program + ": --scale must be quick or paper, got '" + t + "'");
       }},
      {"input", "PATH",
       "run on a graph file instead of the generator; format from the extension: .gr (DIMACS/GTgraph),\n"
       ".mtx, .el, .wel, .txt (SNAP), .gsc (cache)",
       [](CommonOptions& o, const std::string&, const std::string& t) { o.input = t; }},
      {"relabel", "auto|yes|no",
       "--input vertex ids: yes renumbers the ids that occur 0..k-1 in ascending order (they may then\n"
       "be any value < 2^64); auto (default) does so for SNAP .txt, whose ids are names; --sources and\n"
       "the source column always use the file's ids",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         if (t != "auto" && t != "yes" && t != "no")
           throw InputError(program + ": --relabel must be auto, yes or no, got '" + t + "'");
         o.relabel = t;
       }},
      {"algorithms", "a,b,c", "programs to run (default: every one this machine can run)",
       [](CommonOptions& o, const std::string&, const std::string& t) { o.algorithms = split(t, ','); }},
      {"list-algorithms", "", "name the programs and exit",
       [](CommonOptions& o, const std::string&, const std::string&) { o.list_algorithms = true; }},
      {"json", "", "with --list-algorithms: the programs as JSON (name, label, family, device, ...)",
       [](CommonOptions& o, const std::string&, const std::string&) { o.json = true; }},
      {"trials", "K", "timed trials after the warm-up (default 3)",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         o.trials = at_least(program, "trials", t, 1);
       }},
      {"warmups", "W",
       "untimed, verified runs before the trials (default 1; 0 for baselines that take minutes per run)",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         o.warmups = at_least(program, "warmups", t, 0);
       }},
      {"threads", "T", "OpenMP threads (default: all cores)",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         o.threads = at_least(program, "threads", t, 1);
       }},
      {"seed", "S", "generator seed (default 1)",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         const std::int64_t v = parse_int(t, "--seed");
         if (v < 0) throw InputError(program + ": --seed must be >= 0");
         o.seed = std::uint64_t(v);
       }},
      {"out", "DIR", "results directory (default results/local)",
       [](CommonOptions& o, const std::string&, const std::string& t) { o.out = t; }},
      {"tag", "NAME", "results file suffix (default: the piece name)",
       [](CommonOptions& o, const std::string&, const std::string& t) { o.tag = t; }},
      {"list-pieces", "",
       "print the pieces of this experiment at this scale and exit (name, estimated seconds, cpu|gpu;\n"
       "one per line)",
       [](CommonOptions& o, const std::string&, const std::string&) { o.list_pieces = true; }},
      {"piece", "NAME", "run only that piece; results go to <out>/<experiment>-<piece>.csv",
       [](CommonOptions& o, const std::string&, const std::string& t) { o.piece = t; }},
      {"sources", "v1,v2,...",
       "source vertices as the file numbers them (.gr/.mtx: 0-based, the file's id minus 1); default:\n"
       "random roots as the paper says",
       [](CommonOptions& o, const std::string& program, const std::string& t) {
         o.sources_given = true;
         for (const auto& s : split(t, ',')) {
           std::uint64_t v = 0;
           const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
           if (ec != std::errc() || end != s.data() + s.size())
             throw InputError(program + ": --sources: bad vertex id '" + s + "' (a non-negative integer below 2^64)");
           o.sources.push_back(v);
         }
         if (o.sources.empty()) throw InputError(program + ": --sources needs at least one vertex");
       }},
  };
  return table;
}

const CommonOption* find_common(const std::string& name) {
  for (const CommonOption& c : common_options())
    if (name == c.name) return &c;
  return nullptr;
}

// "  --name VALUE" padded to the help column, then the help, its further lines indented.
void write_option(std::ostream& o, const std::string& left_text, const std::string& help) {
  constexpr std::size_t kHelpColumn = 25;
  std::string left = "  " + left_text;
  if (left.size() < kHelpColumn) left.resize(kHelpColumn, ' ');
  else left += "  ";
  std::string text = help;
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', at + 1))
    text.insert(at + 1, std::string(kHelpColumn, ' '));
  o << left << text << "\n";
}

}  // namespace

std::string Cli::usage() const {
  std::ostringstream o;
  o << "usage: " << program_ << " [options]\n\n" << description_ << "\n\nCommon options:\n";
  for (const CommonOption& c : common_options()) {
    if (std::string(c.name) == "sources" && !takes_sources_) continue;
    write_option(o, std::string("--") + c.name + (*c.value ? std::string(" ") + c.value : ""), c.help);
  }
  if (!extra_order_.empty()) {
    o << "\nOptions of " << program_ << ":\n";
    for (const auto& name : extra_order_) {
      const Extra& e = extras_.at(name);
      write_option(o, "--" + name + (e.is_flag ? "" : " VALUE"),
                   e.help + (e.is_flag ? "" : " (default " + (e.value.empty() ? std::string("none") : e.value) + ")"));
    }
  }
  o << "\nExit status: 0 success, 1 a verification failed, 2 bad input or usage,\n"
       "3 not enough memory or no device for the requested size.\n";
  return o.str();
}

CommonOptions Cli::parse(int argc, char** argv) {
  CommonOptions opt;
  for (int i = 0; i < argc; ++i) {
    if (i) command_line_ += ' ';
    command_line_ += argv[i];
  }
  auto value_of = [&](int& i, const std::string& name) -> std::string {
    if (i + 1 >= argc) throw InputError(program_ + ": option --" + name + " needs a value (see --help)");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0) throw InputError(program_ + ": unexpected argument '" + arg + "' (see --help)");
    std::string name = arg.substr(2), inline_value;
    bool has_inline = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_inline = true;
    }
    auto val = [&]() { return has_inline ? inline_value : value_of(i, name); };
    opt.given.insert(name);
    if (name == "help") {
      std::cout << usage();
      std::exit(0);
    } else if (name == "sources" && !takes_sources_) {
      throw InputError(program_ + ": --sources: " + program_ +
                       "'s programs have no source vertex (it applies to hybrid_dfs and dijkstra_deg5)");
    } else if (const CommonOption* c = find_common(name)) {
      c->store(opt, program_, *c->value ? val() : std::string());
    } else if (auto it = extras_.find(name); it != extras_.end()) {
      Extra& e = it->second;
      // A bool option may stand alone (`--flag` = 1) unless a value follows inline.
      const bool bare =
          e.is_flag || (e.is_bool && !has_inline && (i + 1 >= argc || std::string(argv[i + 1]).rfind("--", 0) == 0));
      e.value = bare ? "1" : val();
      e.given = true;
      if (e.store) e.store(e.value);
    } else {
      throw InputError(program_ + ": unknown option '--" + name + "' (see --help)");
    }
  }
  if (opt.tag.empty()) opt.tag = opt.piece;
  for (char c : opt.tag)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
      throw InputError(program_ + ": --tag/--piece may hold letters, digits, '-', '_' and '.' only");
  return opt;
}

std::vector<std::pair<std::string, std::string>> Cli::declared_values() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& name : extra_order_) out.emplace_back(name, extras_.at(name).value);
  return out;
}

std::string Cli::get(const std::string& name) const {
  auto it = extras_.find(name);
  if (it == extras_.end()) throw std::logic_error("Cli::get: undeclared option " + name);
  return it->second.value;
}
std::int64_t Cli::get_int(const std::string& name) const { return parse_int(get(name), "--" + name); }
double Cli::get_double(const std::string& name) const { return parse_double(get(name), "--" + name); }
bool Cli::flag(const std::string& name) const { return get(name) == "1"; }

}  // namespace gs
