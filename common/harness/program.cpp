#include "common/harness/program.hpp"

#include <stdexcept>

#include "common/results.hpp"

namespace gs::harness {

std::vector<std::string> column_names(const std::vector<Column>& columns) {
  std::vector<std::string> names;
  for (const Column& c : columns) names.push_back(c.name);
  return names;
}

std::string format_column(const std::vector<Column>& columns, const std::string& name,
                          const std::variant<double, std::string>& value) {
  for (const Column& c : columns) {
    if (c.name != name) continue;
    const double* number = std::get_if<double>(&value);
    if ((c.unit == Unit::text) == (number != nullptr))
      throw std::logic_error("column " + name + ": a " + (number ? "number" : "text") + " for a " +
                             (c.unit == Unit::text ? "text" : "numeric") + " column");
    if (c.unit == Unit::text) return std::get<std::string>(value);
    return c.unit == Unit::seconds ? fmt_seconds(*number) : fmt_number(*number);
  }
  throw std::logic_error("column " + name + " is not declared by the experiment");
}

}  // namespace gs::harness
