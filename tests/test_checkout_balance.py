"""tools/balance.py agrees with the catalogue and docs/BALANCE.md is current."""
import importlib.util
from pathlib import Path

from game.rules.checkout.catalogue import load_catalogue

TOOL = Path(__file__).resolve().parent.parent / "tools" / "balance.py"


def _tool():
    spec = importlib.util.spec_from_file_location("balance_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_stars_follow_the_odds_and_the_doc_is_current():
    balance = _tool()
    assert balance.problems(load_catalogue()) == []
    assert balance.main(["--check"]) == 0


def test_a_star_table_that_rewards_an_easier_shape_is_caught():
    balance = _tool()
    cat = load_catalogue()
    table = cat.rules.stars
    object.__setattr__(table, "pair", 3)  # a pair (19.6%) would beat three different faces (15.8%)
    try:
        assert any("harder than a pair" in p for p in balance.problems(cat))
    finally:
        object.__setattr__(table, "pair", 1)
