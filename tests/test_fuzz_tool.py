"""tools/fuzz.py runs: a few seconds of it here, so a moved module or a dead worker is seen at once
(it once imported a module that had moved: every worker died, and the parent died on their empty
output, with nothing in CI to notice). .ci/run also runs it for a minute."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the fuzzer forks (POSIX)")


def _fuzz() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fuzz_tool", ROOT / "tools" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_run_fuzzes_and_reports(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "fuzz.py"), "--seconds", "6", "--workers", "1",
                           "--no-hand-made", "--seed", "3", "--keep", str(tmp_path / "kept")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["inputs"] >= 1
    assert report["failures"] == [], report["failures"]
    assert proc.returncode == 0


_EACH_CLASS_ONCE = """
import json, random, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import importlib.util
spec = importlib.util.spec_from_file_location("fuzz_tool", Path(sys.argv[1]) / "tools" / "fuzz.py")
fuzz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fuzz)
tmp = Path(sys.argv[2])
(tmp / "corpus").mkdir()
corpus = fuzz.Corpus(tmp / "corpus")
runner = fuzz.ForkRunner(40, 2048 << 20)
summary = fuzz.Summary()
for n, name in enumerate(sorted(fuzz.fuzz_classes.GENERATORS)):
    kind, case, folder = fuzz.fuzz_classes.GENERATORS[name](corpus, random.Random(n), n, tmp / name, fuzz.make_sentinel)
    user = kind.startswith("user")
    outcome = runner.run(case, folder if user else tmp / "user")
    where = folder.parent if user else folder
    summary.judge(kind, outcome, where, tmp / "kept", fuzz.sentinel_problems(where / "sentinel") if user else [])
report = summary.report(0.0, 0)
report["expected"] = len(fuzz.fuzz_classes.GENERATORS)
print(json.dumps(report))
"""


def test_the_class_generators_make_inputs_the_game_answers(tmp_path: Path) -> None:
    """tools/fuzz_classes.py's inputs (counts, amplification, links, encodings, archives, many levels)
    run as the fuzzer runs them: each generator once, none failing. In a fresh process, as the fuzzer
    forks its children from one: forked from the test run itself, a child's resident set counted
    every page the suite had grown to (562 MB "resident" for a level the budget refused at 44 MB)."""
    proc = subprocess.run([sys.executable, "-c", _EACH_CLASS_ONCE, str(ROOT), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["failures"] == [], report["failures"]
    assert report["inputs"] == report["expected"]


def test_a_worker_that_dies_is_a_failure_not_a_crash() -> None:
    summary = _fuzz().Summary()
    summary.merge_worker(0, 1, "", "ModuleNotFoundError: No module named 'game.moved'\n")
    summary.merge_worker(1, 0, "not json", "")
    report = summary.report(0.1, 1)
    assert [f["input"] for f in report["failures"]] == ["worker 0", "worker 1"]
    assert "game.moved" in report["failures"][0]["output"]
