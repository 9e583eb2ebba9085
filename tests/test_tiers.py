"""The two test tiers: the fast one (`pytest -m "not slow"`, before every commit) leaves out what
tests/slow.toml names, every `dist` test and what is marked slow in place; the full suite runs all.
A test renamed or removed must not leave a stale line in the list."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from tests.tiers import slow_entries

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"


@lru_cache(maxsize=None)
def functions_in(file: str) -> frozenset[str]:
    tree = ast.parse((TESTS / file).read_text(encoding="utf-8"))
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and node.name.startswith("test"))


@pytest.mark.parametrize("entry", slow_entries())
def test_each_slow_entry_names_a_test_that_exists(entry):
    file, _, test = entry.partition("::")
    assert (TESTS / file).is_file(), f"tests/slow.toml: no file tests/{file}"
    if test:
        name = re.split(r"[\[*]", test)[0]
        assert name in functions_in(file), f"tests/slow.toml: no test {name} in tests/{file}"


def collected(*args: str) -> list[str]:
    """The node ids pytest selects with these arguments (collection only, in a child)."""
    done = subprocess.run([sys.executable, "-m", "pytest", "-o", "addopts=", "--collect-only", "-q",
                           "-p", "no:cacheprovider", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode in (0, 5), done.stdout + done.stderr      # 5: every test deselected
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_fast_tier_leaves_out_the_listed_tests_the_marked_ones_and_dist():
    fast = collected("-m", "not slow", "tests/test_replay_corpus.py", "tests/test_tools.py", "tests/test_dist.py")
    assert any("test_replay_reaches_recorded_state[" in node for node in fast)      # the corpus stays fast
    assert not any("test_bots_play_the_recorded_match_again" in node for node in fast)   # listed slow
    assert any("test_what_a_tool_imports_exists" in node for node in fast)
    assert not any("test_a_tool_starts_and_does_its_smallest_job" in node for node in fast)  # marked in place
    assert not any(node.startswith("tests/test_dist.py") for node in fast)


def test_the_readme_names_both_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert '.venv/bin/python -m pytest -m "not slow"' in text
    assert "\n.venv/bin/python -m pytest\n" in text
