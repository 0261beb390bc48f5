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
    if (d != std::floor(d) || std::fabs(d) > 9.0e18) throw InputError(what + ": expected an integer, got '" + text + "'");
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

void Cli::declare(const std::string& name, Extra extra) {
  if (extras_.count(name)) throw std::logic_error("Cli: option --" + name + " declared twice");
  extras_[name] = std::move(extra);
  extra_order_.push_back(name);
}

void Cli::add_option(const std::string& name, const std::string& help, const std::string& default_value) {
  declare(name, {help, default_value, false, false, false, {}});
}

void Cli::add_flag(const std::string& name, const std::string& help) { declare(name, {help, "0", true, false, false, {}}); }

void Cli::option(const std::string& name, const std::string& help, std::int64_t& target) {
  declare(name, {help, std::to_string(target), false, false, false, [&target, name](const std::string& v) {
                   target = parse_int(v, "--" + name);
                 }});
}

void Cli::option(const std::string& name, const std::string& help, int& target) {
  declare(name, {help, std::to_string(target), false, false, false, [&target, name](const std::string& v) {
                   const std::int64_t x = parse_int(v, "--" + name);
                   if (x < INT32_MIN || x > INT32_MAX) throw InputError("--" + name + ": integer out of range: '" + v + "'");
                   target = int(x);
                 }});
}

void Cli::option(const std::string& name, const std::string& help, double& target) {
  std::ostringstream d;
  d << target;
  declare(name, {help, d.str(), false, false, false, [&target, name](const std::string& v) { target = parse_double(v, "--" + name); }});
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
                   if (x < INT32_MIN || x > INT32_MAX) throw InputError("--" + name + ": integer out of range: '" + v + "'");
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

std::string Cli::usage() const {
  std::ostringstream o;
  o << "usage: " << program_ << " [options]\n\n" << description_ << "\n\nCommon options:\n"
    << "  --help                 this text\n"
    << "  --scale quick|paper    problem sizes (default quick)\n"
    << "  --input PATH           run on a graph file instead of the generator; format from the\n"
    << "                         extension: .gr (DIMACS/GTgraph), .mtx, .el, .wel, .txt (SNAP), .gsc (cache)\n"
    << "  --algorithms a,b,c     programs to run (default: every one this machine can run)\n"
    << "  --list-algorithms      name the programs and exit\n"
    << "  --trials K             timed trials after the warm-up (default 3)\n"
    << "  --warmups W            untimed, verified runs before the trials (default 1; 0 for baselines\n"
    << "                         that take minutes per run)\n"
    << "  --threads T            OpenMP threads (default: all cores)\n"
    << "  --seed S               generator seed (default 1)\n"
    << "  --out DIR              results directory (default results/local)\n"
    << "  --tag NAME             results file suffix (default: the piece name)\n"
    << "  --list-pieces          print the pieces of this experiment at this scale and exit\n"
    << "                         (name, estimated seconds, cpu|gpu; one per line)\n"
    << "  --piece NAME           run only that piece; results go to <out>/<experiment>-<piece>.csv\n"
    << "  --relabel auto|yes|no  --input vertex ids: yes renumbers the ids that occur 0..k-1 in\n"
    << "                         ascending order (they may then be any value < 2^64); auto (default)\n"
    << "                         does so for SNAP .txt, whose ids are names; --sources and the source\n"
    << "                         column always use the file's ids\n";
  if (takes_sources_)
    o << "  --sources v1,v2,...    source vertices as the file numbers them (.gr/.mtx: 0-based, the\n"
         "                         file's id minus 1); default: random roots as the paper says\n";
  if (!extra_order_.empty()) {
    o << "\nOptions of " << program_ << ":\n";
    for (const auto& name : extra_order_) {
      const Extra& e = extras_.at(name);
      std::string left = "  --" + name + (e.is_flag ? "" : " VALUE");
      if (left.size() < 25) left.resize(25, ' ');
      else left += "  ";
      o << left << e.help;
      if (!e.is_flag) o << " (default " << (e.value.empty() ? "none" : e.value) << ")";
      o << "\n";
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
    } else if (name == "scale") {
      const std::string text = val();
      if (text == "quick") opt.scale = Scale::quick;
      else if (text == "paper") opt.scale = Scale::paper;
      else throw InputError(program_ + ": --scale must be quick or paper, got '" + text + "'");
    } else if (name == "input") {
      opt.input = val();
    } else if (name == "algorithms") {
      opt.algorithms = split(val(), ',');
    } else if (name == "list-algorithms") {
      opt.list_algorithms = true;
    } else if (name == "trials") {
      opt.trials = int(parse_int(val(), "--trials"));
      if (opt.trials < 1) throw InputError(program_ + ": --trials must be >= 1");
    } else if (name == "warmups") {
      opt.warmups = int(parse_int(val(), "--warmups"));
      if (opt.warmups < 0) throw InputError(program_ + ": --warmups must be >= 0");
    } else if (name == "threads") {
      opt.threads = int(parse_int(val(), "--threads"));
      if (opt.threads < 1) throw InputError(program_ + ": --threads must be >= 1");
    } else if (name == "seed") {
      const auto s = parse_int(val(), "--seed");
      if (s < 0) throw InputError(program_ + ": --seed must be >= 0");
      opt.seed = std::uint64_t(s);
    } else if (name == "out") {
      opt.out = val();
    } else if (name == "tag") {
      opt.tag = val();
    } else if (name == "piece") {
      opt.piece = val();
    } else if (name == "list-pieces") {
      opt.list_pieces = true;
    } else if (name == "relabel") {
      opt.relabel = val();
      if (opt.relabel != "auto" && opt.relabel != "yes" && opt.relabel != "no")
        throw InputError(program_ + ": --relabel must be auto, yes or no, got '" + opt.relabel + "'");
    } else if (name == "sources" && !takes_sources_) {
      throw InputError(program_ + ": --sources: " + program_ +
                       "'s programs have no source vertex (it applies to hybrid_dfs and dijkstra_deg5)");
    } else if (name == "sources") {
      opt.sources_given = true;
      for (const auto& s : split(val(), ',')) {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size())
          throw InputError(program_ + ": --sources: bad vertex id '" + s + "' (a non-negative integer below 2^64)");
        opt.sources.push_back(v);
      }
      if (opt.sources.empty()) throw InputError(program_ + ": --sources needs at least one vertex");
    } else if (auto it = extras_.find(name); it != extras_.end()) {
      Extra& e = it->second;
      // A bool option may stand alone (`--flag` = 1) unless a value follows inline.
      const bool bare = e.is_flag || (e.is_bool && !has_inline &&
                                      (i + 1 >= argc || std::string(argv[i + 1]).rfind("--", 0) == 0));
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
