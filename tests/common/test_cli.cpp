#include <gtest/gtest.h>

#include <vector>

#include "common/cli.hpp"
#include "common/errors.hpp"

namespace {

gs::CommonOptions parse(gs::Cli& cli, std::vector<std::string> args) {
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  return cli.parse(int(argv.size()), argv.data());
}

TEST(Cli, ParsesTheCommonContract) {
  gs::Cli cli("prog", "test", true);
  cli.add_option("max-n", "largest n", "16384");
  cli.add_flag("extended", "extended sweep");
  auto o = parse(
      cli, {"prog",      "--scale", "paper",   "--trials=5",   "--threads",  "4",         "--seed",
            "7",         "--out",   "/tmp/x",  "--algorithms", "a,b",        "--sources", "0,3,18446744073709551615",
            "--relabel", "yes",     "--max-n", "1024",         "--extended", "--tag",     "piece1",
            "--warmups", "0"});
  EXPECT_EQ(o.scale, gs::Scale::paper);
  EXPECT_EQ(o.trials, 5);
  EXPECT_EQ(o.warmups, 0);
  EXPECT_EQ(o.threads, 4);
  EXPECT_EQ(o.seed, 7u);
  EXPECT_EQ(o.out, "/tmp/x");
  EXPECT_EQ(o.tag, "piece1");
  EXPECT_EQ(o.algorithms, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(o.sources, (std::vector<std::uint64_t>{0, 3, 18446744073709551615ull}));  // file ids, 64-bit
  EXPECT_EQ(o.relabel, "yes");
  EXPECT_EQ(cli.get_int("max-n"), 1024);
  EXPECT_TRUE(cli.flag("extended"));
}

TEST(Cli, RejectsMisuseWithInputError) {
  gs::Cli cli("prog", "test");
  EXPECT_THROW(parse(cli, {"prog", "--scale", "huge"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--trials", "0"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--trials", "x"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--warmups", "-1"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--threads"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--bogus"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--sources", "1"}), gs::InputError);  // not a traversal program
  EXPECT_THROW(parse(cli, {"prog", "--relabel", "maybe"}), gs::InputError);
  gs::Cli with_sources("prog", "test", true);
  EXPECT_THROW(parse(with_sources, {"prog", "--sources", "-1"}), gs::InputError);
  EXPECT_THROW(parse(with_sources, {"prog", "--sources", "18446744073709551616"}), gs::InputError);
  EXPECT_THROW(parse(cli, {"prog", "--tag", "../evil"}), gs::InputError);
}

TEST(Cli, ParsesIntegersStrictly) {
  EXPECT_EQ(gs::parse_int("1e6", "x"), 1000000);
  EXPECT_THROW(gs::parse_int("1.5", "x"), gs::InputError);
  EXPECT_THROW(gs::parse_int("12abc", "x"), gs::InputError);
  EXPECT_THROW(gs::parse_int("", "x"), gs::InputError);
  EXPECT_THROW(gs::parse_double("nan", "x"), gs::InputError);
}

}  // namespace
