"""scripts/promote-release.py: which directories of a release run it finds and
how it checks each, the result files it moves (never the driver's status
file), the two names it rewrites in paper/outputs.py, and that a run that
fails its check changes nothing."""

import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

from paper import outputs

SCRIPT = os.path.join(outputs.REPO, "scripts", "promote-release.py")


def promote_module():
    spec = importlib.util.spec_from_file_location("gs_promote_release", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


pr = promote_module()


def touch(path, text="x"):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class Directories(unittest.TestCase):
    def test_paper_scale_first_then_the_variants_found(self):
        with tempfile.TemporaryDirectory() as root:
            for d in ("m", "m-x2", "m-quick", "m-x9", "other-x4"):
                os.mkdir(os.path.join(root, d))
            self.assertEqual(
                pr.variants(root, "m"),
                [
                    ("", os.path.join(root, "m")),
                    ("quick", os.path.join(root, "m-quick")),
                    ("x2", os.path.join(root, "m-x2")),
                ],
            )

    def test_each_variant_is_checked_as_its_kind(self):
        main = pr.check_command("", "R", "B")
        self.assertEqual(main[-5:], ["--results", "R", "--build", "B", "--claims"])
        self.assertEqual(pr.check_command("x4", "R", "B")[-4:], ["--build", "B", "--kind", "mgpu"])
        self.assertNotIn("--claims", pr.check_command("x4", "R", "B") + pr.check_command("quick", "R", "B"))
        self.assertNotIn("--build", pr.check_command("quick", "R", "B"))


class Moving(unittest.TestCase):
    def test_results_replace_the_old_ones_and_the_status_file_stays(self):
        with tempfile.TemporaryDirectory() as src, tempfile.TemporaryDirectory() as tmp:
            dest = os.path.join(tmp, "ref")
            os.makedirs(os.path.join(dest, "paper"))
            touch(os.path.join(dest, "old-piece.csv"))
            touch(os.path.join(dest, "paper", "REPORT.md"))
            for name in ("a-x.csv", "a-x.json", "reproduce-status.json", "notes.txt"):
                touch(os.path.join(src, name), name)
            pr.replace_results(src, dest)
            self.assertEqual(sorted(os.listdir(dest)), ["a-x.csv", "a-x.json", "paper"])
            with open(os.path.join(dest, "a-x.json"), encoding="utf-8") as f:
                self.assertEqual(f.read(), "a-x.json")


class Names(unittest.TestCase):
    def test_both_names_are_rewritten_and_nothing_else(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "outputs.py")
            touch(
                path, 'x = 1\nREFERENCE_MACHINE = "old"\n# REFERENCE_MACHINE = "old"\nEARLIER_MACHINE = None\ny = 2\n'
            )
            pr.set_machines(path, "new", "old")
            with open(path, encoding="utf-8") as f:
                self.assertEqual(
                    f.read(),
                    'x = 1\nREFERENCE_MACHINE = "new"\n# REFERENCE_MACHINE = "old"\nEARLIER_MACHINE = "old"\ny = 2\n',
                )

    def test_the_suites_outputs_has_each_name_once(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "outputs.py")
            with open(os.path.join(outputs.PAPER_DIR, "outputs.py"), encoding="utf-8") as f:
                touch(path, f.read())
            pr.set_machines(path, "z9", outputs.REFERENCE_MACHINE)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertIn('\nREFERENCE_MACHINE = "z9"\n', text)
            self.assertIn('\nEARLIER_MACHINE = "%s"\n' % outputs.REFERENCE_MACHINE, text)

    def test_a_missing_name_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "outputs.py")
            touch(path, 'REFERENCE_MACHINE = "old"\n')
            with self.assertRaises(ValueError):
                pr.set_machines(path, "new", "old")


class Refusal(unittest.TestCase):
    def test_a_run_that_fails_its_check_changes_nothing(self):
        with tempfile.TemporaryDirectory() as root:
            run = os.path.join(root, "zz9")
            os.mkdir(run)
            touch(os.path.join(run, "a-x.csv"))  # without its JSON
            with open(os.path.join(outputs.PAPER_DIR, "outputs.py"), encoding="utf-8") as f:
                before = f.read()
            r = subprocess.run(
                [sys.executable, SCRIPT, "zz9", "--release-root", root, "--build", os.path.join(root, "no-build")],
                capture_output=True,
                text=True,
                timeout=120,
            )
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIn("does not pass scripts/check-release.py; nothing changed", r.stdout)
            self.assertFalse(os.path.exists(os.path.join(outputs.REPO, outputs.reference_rel("zz9"))))
            with open(os.path.join(outputs.PAPER_DIR, "outputs.py"), encoding="utf-8") as f:
                self.assertEqual(f.read(), before)

    def test_a_name_that_is_not_a_machine_is_bad_usage(self):
        r = subprocess.run([sys.executable, SCRIPT, "../x"], capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)


if __name__ == "__main__":
    unittest.main()
