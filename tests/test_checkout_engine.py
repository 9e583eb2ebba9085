"""The Check Out! engine: pure (no pygame, clock or global random), deterministic,
and the headless game produces DESIGN.md's JSON."""
import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.match.spec import MatchSpec, SeatSpec
from game.rules.checkout import CheckoutGame, load_catalogue, play_match
from game.rules.checkout.dice import chance, say_faces

PACKAGE = Path(__file__).resolve().parent.parent / "game" / "rules" / "checkout"
CATALOGUE = load_catalogue()


def test_rules_package_imports_no_pygame():
    code = ("import sys, game.rules.checkout, game.rules.checkout.autoplay, game.rules.checkout.scenario;"
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parents[2]).returncode == 0


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_no_clock_no_global_random(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            assert not any(n.split(".")[0] in {"pygame", "time", "datetime"} for n in names), path.name
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
            assert node.attr == "Random", f"{path.name} uses random.{node.attr}"


def _spec(seed, players=4):
    return MatchSpec("checkout", tuple(SeatSpec(i, f"P{i}", "bot") for i in range(players)), seed=seed)


def test_same_seed_same_game():
    assert play_match(_spec(7)) == play_match(_spec(7))
    assert play_match(_spec(7))["state_hash"] != play_match(_spec(8))["state_hash"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_headless_game_json(players):
    result = play_match(_spec(3, players))
    json.dumps(result)
    assert {"game", "mode", "seed", "ticks", "players", "winners", "state_hash"} <= set(result)
    assert (result["game"], result["mode"], result["seed"]) == ("checkout", "standard", 3)
    assert [p["seat"] for p in result["players"]] == list(range(players))
    for p in result["players"]:
        assert p["score"] == p["stars"] + p["tokens"] + 3 * p["sets"]
        assert {"team", "bot"} <= set(p)
    assert result["winners"] and len(result["state_hash"]) == 64


def test_rolls_come_from_the_given_generator():
    a = CheckoutGame(CATALOGUE, 3, random.Random(5))
    b = CheckoutGame(CATALOGUE, 3, random.Random(5))
    for game in (a, b):
        game.roll(0)
        game.roll(1)
    assert a.players[0].hand == b.players[0].hand and a.state_hash() == b.state_hash()
    assert all(1 <= f <= 6 for f in a.players[0].hand)


def test_bad_player_count_is_a_clear_error():
    with pytest.raises(ValueError, match="2 to 6 players"):
        CheckoutGame(CATALOGUE, 7, random.Random(0))


def test_round_deal_sizes():
    game = CheckoutGame(CATALOGUE, 5, random.Random(1))
    assert len(game.table) == 10 and len(game.display) == 5
    assert len(game.product_deck) == 50 and len(game.bargain_deck) == 19


def test_faces_in_words_and_exact_chances():
    assert say_faces((5, 6)) == "a 5 and a 6"
    assert say_faces((1, 1, 4)) == "two 1s and a 4"
    assert say_faces((6, 6, 6)) == "three 6s"
    assert chance((1,), 1) == chance((1,), 1) and str(chance((1,), 1)) == "1/6"
    assert chance((5, 6), 2) == pytest.approx(2 / 36)
    assert chance((5, 6), 1) == 0


def test_preset_takes_won_cards_out_of_the_deck():
    game = CheckoutGame(CATALOGUE, 2, random.Random(4))
    dealt = game.table[0].id
    keep = game.product_deck[0]
    game.preset(products=[[keep], []], tokens=[2, 1], bonus=3)
    assert keep not in game.product_deck and game.supply == 24
    with pytest.raises(ValueError, match="already dealt"):
        CheckoutGame(CATALOGUE, 2, random.Random(4)).preset(set_aside=[dealt])


def test_queue_spaces_fill_from_the_right_and_a_single_id_grabs():
    game = CheckoutGame(CATALOGUE, 3, random.Random(0), product_deck=["milk", "cola", "hot_dog",
                                                                       "curry", "crisps", "lemonade"])
    assert game.roll(0, [1, 2, 3, 4, 5]).ok
    assert game.grab(0, "milk").ok  # a lone id is read as one product, not as letters
    game.join_queue(1)
    game.join_queue(0)
    assert [game.queue_space(s) for s in range(3)] == [1, 2, None]


def test_check_and_plan_a_grab_without_changing_anything():
    game = CheckoutGame(CATALOGUE, 2, random.Random(0), product_deck=["hot_dog", "curry", "milk", "crisps"])
    assert game.check_roll(0).ok
    game.roll(0, [2, 6, 1, 5, 2])
    before = game.state_hash()
    assert game.plan_grab(0, ["hot_dog", "curry"]) == [3, 1, 0, 4]
    assert game.plan_grab(0, ["crisps"]) is None
    assert game.check_grab(0, ["crisps"]).reason == "Those dice don't show a 4"
    assert game.state_hash() == before
    assert game.grab(0, ["hot_dog", "curry"]).ok and game.players[0].hand == [1]
