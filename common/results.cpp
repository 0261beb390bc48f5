#include "common/results.hpp"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "common/errors.hpp"
#include "common/system_info.hpp"

namespace gs {
namespace fs = std::filesystem;

static const char* kFixedColumns[] = {"experiment", "graph",   "generator", "n",     "m",       "seed",
                                      "algorithm",  "threads", "device",    "trial", "seconds", "answer",
                                      "verified",   "piece",   "role",      "run_id"};

std::string new_run_id() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &utc);
  std::random_device rd;
  char tail[16];
  std::snprintf(tail, sizeof tail, "-%06x", unsigned(rd()) & 0xffffffu);
  return std::string(stamp) + tail;
}

// Builds "\"text\"" without operator+ chains (g++ 12 warns falsely on those, -Wrestrict).
static std::string json_quote(const std::string& s) {
  std::string r;
  r.reserve(s.size() + 2);
  r += '"';
  r += json_escape(s);
  r += '"';
  return r;
}

std::string csv_escape(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string r = "\"";
  for (char c : s) {
    if (c == '"') r += '"';
    r += c;
  }
  return r + "\"";
}

std::string json_escape(const std::string& s) {
  std::string r;
  for (unsigned char c : s) {
    switch (c) {
      case '"':
        r += "\\\"";
        break;
      case '\\':
        r += "\\\\";
        break;
      case '\n':
        r += "\\n";
        break;
      case '\r':
        r += "\\r";
        break;
      case '\t':
        r += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          r += buf;
        } else {
          r += char(c);
        }
    }
  }
  return r;
}

std::string fmt_seconds(double s) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", s);
  return buf;
}

std::string fmt_number(double x) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.12g", x);
  return buf;
}

ResultsWriter::ResultsWriter(const CommonOptions& opt, const Cli& cli, const std::string& experiment,
                             std::vector<std::string> extra_columns, bool writes)
    : experiment_(experiment), run_id_(new_run_id()), extra_columns_(std::move(extra_columns)), writes_(writes) {
  if (!writes_) return;
  std::error_code ec;
  fs::create_directories(opt.out, ec);
  if (ec) throw InputError("--out " + opt.out + ": cannot create the results directory: " + ec.message());
  const std::string stem = (fs::path(opt.out) / (experiment + (opt.tag.empty() ? "" : "-" + opt.tag))).string();
  csv_path_ = stem + ".csv";
  json_path_ = stem + ".json";
  partial_path_ = csv_path_ + ".partial";
  // A previous complete result of the same name is replaced only when this run finishes.
  out_.open(partial_path_, std::ios::trunc);
  if (!out_) throw InputError("--out " + opt.out + ": cannot write " + partial_path_);
  bool first = true;
  for (const char* c : kFixedColumns) {
    out_ << (first ? "" : ",") << c;
    first = false;
  }
  for (const auto& c : extra_columns_) out_ << ',' << csv_escape(c);
  out_ << '\n';
  out_.flush();

  const GpuInfo gpu = gpu_info();
  auto q = json_quote;
  meta_["experiment"] = q(experiment);
  meta_["run_id"] = q(run_id_);
  meta_["date"] = q(iso_date_now());
  meta_["git_sha"] = q(git_sha());
  meta_["command_line"] = q(cli.command_line());
  std::string options;
  for (const auto& [name, value] : cli.declared_values())
    options += (options.empty() ? "" : ", ") + q(name) + ": " + q(value);
  meta_["experiment_options"] = "{" + options + "}";
  meta_["scale"] = q(scale_name(opt.scale));
  meta_["tag"] = q(opt.tag);
  meta_["input"] = q(opt.input);
  meta_["seed"] = std::to_string(opt.seed);
  meta_["trials"] = std::to_string(opt.trials);
  meta_["warmups"] = std::to_string(opt.warmups);
  meta_["threads"] = std::to_string(opt.threads);
  meta_["cpu_model"] = q(cpu_model());
  meta_["cpu_cores"] = std::to_string(cpu_cores());
  meta_["ram_bytes"] = std::to_string(host_memory_total());
  meta_["gpu_name"] = q(gpu.present ? gpu.name : "none");
  meta_["gpu_count"] = std::to_string(gpu.count);
  meta_["gpu_names"] = q(gpu.present ? gpu.all_names : "none");
  meta_["gpu_memory_bytes"] = std::to_string(gpu.total_memory);
  meta_["gpu_driver_cuda_version"] = q(gpu.driver_version);
  meta_["cuda_runtime_version"] = q(gpu.runtime_version);
  meta_["cuda_compiler_version"] = q(cuda_compiler_version());
  meta_["compiler"] = q(compiler_version());
  // OpenMP runtime settings change the timings of short parallel regions (the
  // reference runs of some experiments set OMP_WAIT_POLICY; see their READMEs).
  std::string omp_env;
  for (const char* var : {"OMP_WAIT_POLICY", "OMP_PROC_BIND", "OMP_PLACES", "GOMP_SPINCOUNT"})
    if (const char* v = std::getenv(var)) omp_env += std::string(omp_env.empty() ? "" : " ") + var + "=" + v;
  meta_["openmp_env"] = q(omp_env.empty() ? "default" : omp_env);
  meta_["boost_version"] = q(boost_version());
  if (!gpu.present) meta_["gpu_absent_reason"] = q(gpu.why_absent);
  // A copy of the tree without .git (the GPU machine) cannot name its commit: the caller may.
  if (const char* commit = std::getenv("GS_SOURCE_COMMIT")) meta_["source_commit"] = q(commit);
  // ... and the content hash of the tree it built (scripts/source-hash.sh), which shows it was that commit.
  if (const char* hash = std::getenv("GS_SOURCE_HASH")) meta_["source_hash"] = q(hash);
}

ResultsWriter::~ResultsWriter() {
  if (finished_ || !writes_) return;
  out_.close();
  std::error_code ec;
  if (rows_ == 0) fs::remove(partial_path_, ec);
  else fs::rename(partial_path_, csv_path_ + ".failed", ec);
}

void ResultsWriter::add(const ResultRow& r) {
  if (finished_) throw std::logic_error("ResultsWriter::add after finish");
  for (const auto& kv : r.extra) {
    bool known = false;
    for (const auto& c : extra_columns_) known = known || c == kv.first;
    if (!known) throw std::logic_error("ResultsWriter: undeclared column " + kv.first);
  }
  if (!writes_) {
    ++rows_;
    return;
  }
  out_ << csv_escape(experiment_) << ',' << csv_escape(r.graph) << ',' << csv_escape(r.generator) << ',' << r.n << ','
       << r.m << ',' << r.seed << ',' << csv_escape(r.algorithm) << ',' << r.threads << ',' << csv_escape(r.device)
       << ',' << r.trial << ',' << fmt_seconds(r.seconds) << ',' << csv_escape(r.answer) << ','
       << (r.verified ? "true" : "false") << ',' << csv_escape(r.piece) << ',' << csv_escape(r.role) << ',' << run_id_;
  for (const auto& c : extra_columns_) {
    auto it = r.extra.find(c);
    out_ << ',' << (it == r.extra.end() ? "" : csv_escape(it->second));
  }
  out_ << '\n';
  out_.flush();
  if (!out_) throw ResourceError("cannot write " + partial_path_ + " (disk full?)");
  ++rows_;
}

void ResultsWriter::set_meta(const std::string& key, const std::string& value) { meta_[key] = json_quote(value); }
void ResultsWriter::set_meta(const std::string& key, double value) { meta_[key] = fmt_number(value); }

void ResultsWriter::finish() {
  if (finished_) return;
  if (!writes_) {
    finished_ = true;
    return;
  }
  out_.close();
  if (!out_) throw ResourceError("cannot write " + partial_path_);
  meta_["rows"] = std::to_string(rows_);
  meta_["columns"] = [&] {
    std::string s = "[";
    bool first = true;
    for (const char* c : kFixedColumns) {
      s += std::string(first ? "" : ", ") + "\"" + c + "\"";
      first = false;
    }
    for (const auto& c : extra_columns_) s += ", \"" + json_escape(c) + "\"";
    return s + "]";
  }();
  const std::string json_tmp = json_path_ + ".partial";
  {
    std::ofstream j(json_tmp, std::ios::trunc);
    j << "{\n";
    std::size_t i = 0;
    for (const auto& kv : meta_)
      j << "  \"" << json_escape(kv.first) << "\": " << kv.second << (++i < meta_.size() ? ",\n" : "\n");
    j << "}\n";
    if (!j) throw ResourceError("cannot write " + json_tmp);
  }
  // Order matters: the JSON lands first, the CSV last; readers require both.
  std::error_code ec;
  fs::remove(csv_path_, ec);
  fs::rename(json_tmp, json_path_);
  fs::rename(partial_path_, csv_path_);
  finished_ = true;
}

}  // namespace gs
