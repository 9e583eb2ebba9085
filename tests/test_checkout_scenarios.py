"""Every Check Out! conformance case in tests/scenarios/checkout_*.toml passes."""
import io
from pathlib import Path

import pytest

from game.app import scenarios

FILES = sorted(str(p) for p in (Path(__file__).parent / "scenarios").glob("checkout_*.toml"))
CASES = [(Path(f).name, case) for f in FILES for case in scenarios.load_file(Path(f))[1]]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}::{c['name']}" for f, c in CASES])
def test_case(case):
    assert scenarios.run_case("checkout", case) == []


def test_run_files_passes_all_and_there_are_at_least_40():
    out = io.StringIO()
    assert scenarios.run_files(FILES, out) == 0, out.getvalue()
    assert len(CASES) >= 40


def test_a_wrong_expectation_is_reported():
    case = {"name": "wrong", "players": 2, "products": ["hot_dog", "curry", "milk", "crisps"],
            "step": [{"do": "roll", "player": 0, "faces": [5, 6, 1, 1, 1]},
                     {"do": "grab", "player": 0, "products": ["hot_dog"], "expect": "rejected", "reason": "taken"}],
            "expect": {"phase": "checkout", "colour": "red"}}
    failures = scenarios.run_case("checkout", case)
    assert any("expected a rejection" in f for f in failures)
    assert any("phase is 'frenzy', expected 'checkout'" in f for f in failures)
    assert any("unknown check 'colour'" in f for f in failures)
