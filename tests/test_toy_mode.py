"""A mode is one module: this file writes a fourth Sold Out! mode, registers it and plays it
headless end to end (the command line's --mode choice, bots, replay, results JSON) with no
change anywhere else in the game."""
import io
import json
import random
from contextlib import redirect_stdout
from dataclasses import dataclass

import pytest

from game.rules.soldout import Catalogue, Deal, load_catalogue, modes
from game.rules.soldout.deal import deal_lists
from game.rules.soldout.rush import RUSH


@dataclass(frozen=True)
class SmallBags(modes.Mode):
    """The Rush with two 1-bag objective cards per list instead of a 1-bag and a 2-bag one."""

    def deal(self, catalogue: Catalogue, sides: int, rng: random.Random) -> Deal:
        standard = deal_lists(catalogue, sides, rng)
        ones = catalogue.objectives_with_bags(1)
        rng.shuffle(ones)
        return Deal(standard.piles, tuple((ones[2 * s], ones[2 * s + 1]) for s in range(sides)), ())


TOY = SmallBags("smallbags", "Small Bags", RUSH, howto="rush", in_cycle=False)


@pytest.fixture
def toy_mode():
    modes.register(TOY)
    yield TOY
    modes.unregister(TOY.key)


def _cli(args: list[str]) -> tuple[int, str]:
    from game.app import main
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(args)
    return code or 0, out.getvalue()


def test_toy_mode_plays_headless_through_the_command_line(toy_mode, tmp_path):
    record = tmp_path / "toy.replay"
    code, out = _cli(["--headless", "--game", "soldout", "--mode", "smallbags", "--bots", "3",
                      "--seed", "5", "--json", "--record", str(record)])
    assert code == 0
    result = json.loads(out)
    assert result["mode"] == "smallbags" and [r["mode"] for r in result["rounds"]] == ["smallbags"]
    assert result["winners"] and result["ticks"] > 0
    scored = [card for p in result["rounds"][0]["players"] for card in p["scored"]]
    catalogue = load_catalogue()
    assert scored and all(catalogue.objectives[c].bags == 1 for c in scored)   # the toy's own deal
    # The recorded replay plays back to the same end.
    code, again = _cli(["--replay", str(record), "--headless", "--json"])
    assert code == 0 and json.loads(again)["state_hash"] == result["state_hash"]


def test_toy_mode_is_offered_wherever_modes_are_listed(toy_mode):
    from game.tournament import game_modes
    assert "smallbags" in modes.choices() and modes.display_name("smallbags") == "Small Bags"
    assert "smallbags" in game_modes("soldout")
    assert "smallbags" not in modes.cycle()    # "choose each round" keeps its three modes


def test_the_lobby_offers_the_toy_mode(toy_mode, ctx):
    from game.scenes.menus.lobby import LobbyScene
    lobby = LobbyScene(ctx)
    seen = []
    for _ in range(len(modes.choices())):
        lobby._cycle_mode(1)
        seen.append(lobby._mode_text())
    assert "Small Bags" in seen and "Choose each round" in seen


def test_a_speedrun_category_may_use_the_toy_mode(toy_mode, tmp_path):
    from game.speedrun.categories import CategoryError, load_categories
    entry = ('[[category]]\nid = "bags"\nname = "Bags"\ngame = "soldout"\nmode = "{}"\n'
             'level = "boutique.tmx"\nset_seeds = [1]\n')
    (tmp_path / "ok.toml").write_text(entry.format("smallbags"), encoding="utf-8")
    assert load_categories(tmp_path / "ok.toml")["bags"].mode == "smallbags"
    (tmp_path / "bad.toml").write_text(entry.format("nosuchmode"), encoding="utf-8")
    with pytest.raises(CategoryError, match="nosuchmode"):
        load_categories(tmp_path / "bad.toml")


def test_an_unregistered_mode_is_refused_by_the_command_line():
    from game.cli import UsageError, parse_args
    with pytest.raises(UsageError, match="smallbags"):
        parse_args(["--headless", "--mode", "smallbags"])
