"""The slow tier as tests/slow.toml lists it (tests/conftest.py marks those tests `slow`)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

SLOW_LIST = Path(__file__).with_name("slow.toml")


def slow_entries() -> list[str]:
    """The tests tests/slow.toml names, as written there (relative to tests/)."""
    return [entry["tests"] for entry in tomllib.loads(SLOW_LIST.read_text(encoding="utf-8"))["slow"]]


def slow_patterns() -> list[re.Pattern[str]]:
    """One regular expression per entry, matched against a test's node id: a file matches its
    tests, a test matches each of its parameters, and `*` matches anything."""
    patterns = []
    for entry in slow_entries():
        body = ".*".join(re.escape(part) for part in f"tests/{entry}".split("*"))
        tail = "" if "*" in entry else "::.*" if "::" not in entry else r"(\[.*\])?"
        patterns.append(re.compile(f"{body}{tail}"))
    return patterns
