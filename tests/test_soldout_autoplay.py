"""Headless Sold Out!: a whole bot match gives DESIGN.md's JSON, the same for the same seed."""
import json

import pytest

from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from game.rules.soldout.autoplay import play_match


def spec(mode: str, players: int = 4, seed: int = 11, rounds: int = 2, teams: bool = False) -> MatchSpec:
    seats = tuple(SeatSpec(seat=i, name=f"P{i}", kind="bot", team=(i % 2) if teams else None)
                  for i in range(players))
    return MatchSpec(game="soldout", seats=seats, seed=seed, options=SoldOutOptions(mode=mode, rounds=rounds, teams=teams))


@pytest.mark.parametrize("mode", ["rush", "memory", "tidy", "choose"])
def test_match_result_shape(mode):
    result = play_match(spec(mode))
    assert result["game"] == "soldout" and result["mode"] == mode and result["seed"] == 11
    assert result["ticks"] > 0 and len(result["state_hash"]) == 64
    assert [p["seat"] for p in result["players"]] == [0, 1, 2, 3]
    assert all(p["bot"] and p["score"] >= 0 for p in result["players"])
    best = max(p["score"] for p in result["players"])
    assert result["winners"] == [p["seat"] for p in result["players"] if p["score"] == best]
    assert len(result["rounds"]) == 2
    for rnd in result["rounds"]:
        assert rnd["mode"] in ("rush", "memory", "tidy")
        assert [p["seat"] for p in rnd["players"]] == [0, 1, 2, 3]
        assert all(isinstance(p["scored"], list) and p["mistakes"] >= 0 for p in rnd["players"])
    json.dumps(result)


def test_same_seed_same_result_other_seed_other_result():
    a = play_match(spec("rush", seed=3))
    assert a == play_match(spec("rush", seed=3))
    assert a["state_hash"] != play_match(spec("rush", seed=4))["state_hash"]


def test_teams_share_scores():
    result = play_match(spec("tidy", players=4, teams=True))
    scores = {p["team"]: p["score"] for p in result["players"]}
    assert all(p["score"] == scores[p["team"]] for p in result["players"])


def test_bad_mode_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown Sold Out! mode"):
        play_match(spec("sprint"))
