"""The career (game/career): the challenges as data, the goals judged from a match's events and
final state, a challenge re-judged from its replay, and `--career ID --headless`."""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from game import app
from game.career.challenges import STARS, CareerError, load_career
from game.career.goals import KINDS, Facts
from game.career.worlds import ReplayMismatch, play, replayed
from game.driver.replay import read_replay
from game.match import games
from game.sim.mall_events import Called, Placed, Took
from game.sim.table_events import RaceWon

CAREER = load_career()


def test_the_career_has_thirty_challenges_over_both_games_every_mode_and_every_level():
    challenges = CAREER.challenges()
    assert len(challenges) >= 30 and all(len(c.goals) == STARS for c in challenges)
    modes = {(c.game, c.mode) for c in challenges}
    assert modes == {(g.key, m) for g in games.all_games() for m in g.modes()}
    shipped = {p.stem for p in Path(__file__).resolve().parent.parent.joinpath("levels").glob("*.tmx")}
    assert {c.level for c in challenges if c.level} == shipped
    assert [ch.stars_to_open for ch in CAREER.chapters] == sorted(ch.stars_to_open for ch in CAREER.chapters)
    assert CAREER.chapters[0].stars_to_open == 0


def test_the_first_goal_of_every_challenge_is_the_win_and_no_two_challenges_share_an_id():
    assert {c.goals[0].kind for c in CAREER.challenges()} == {"win"}
    assert not [i for i, n in Counter(c.id for c in CAREER.challenges()).items() if n > 1]


BASE = """version = 1
[[chapters]]
id = "one"
name = "One"
stars_to_open = 0
[[chapters.challenges]]
id = "a"
name = "A"
game = "{game}"
mode = "{mode}"
{extra}
opponents = ["easy"]
goals = [{{ kind = "win" }}, {{ kind = "{goal}" }}, {{ kind = "margin", points = 1 }}]
"""


@pytest.mark.parametrize("fields, message", [
    ({"game": "chess"}, "no game 'chess'"),
    ({"mode": "blitz"}, "'blitz' is not a mode of Sold Out!"),
    ({"extra": 'level = "nowhere"'}, "no shipped level 'nowhere'"),
    ({"goal": "fly"}, "goal 2: no goal kind 'fly'"),
    ({"game": "checkout", "mode": "standard", "goal": "clean"}, "'clean' is a goal for soldout only"),
    ({"game": "checkout", "mode": "standard", "extra": 'level = "boutique"'}, "Check Out! has no levels"),
    ({"goal": "margin"}, "'margin' needs points = 1 or more"),
    ({"goal": "no_drop"}, "'no_drop' is a goal for the modes tidy only"),
    ({"extra": "rounds = 9"}, "rounds: expected a whole number 1..5"),
    ({"extra": "colour = 3"}, "1 unknown keys"),
])
def test_a_career_file_that_cannot_be_used_says_where_and_why_in_one_line(tmp_path, fields, message):
    values = {"game": "soldout", "mode": "rush", "extra": "", "goal": "clean", **fields}
    path = tmp_path / "career.toml"
    path.write_text(BASE.format(**values), encoding="utf-8")
    with pytest.raises(CareerError) as caught:
        load_career(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_career_file_that_is_not_toml_is_refused(tmp_path):
    path = tmp_path / "career.toml"
    path.write_text("version = [", encoding="utf-8")
    with pytest.raises(CareerError, match="career.toml"):
        load_career(path)


# ---------------------------------------------------------------- goals, from facts
WON = Facts(ticks=1800, scores={0: 5, 1: 2}, winners=(0,), us=(0,))


def judge(kind: str, facts: Facts, **params: int) -> tuple[bool, str]:
    verdict = KINDS[kind].judge(facts, params)
    return verdict.met, str(verdict.why)


def test_win_margin_within_and_score_read_the_final_state():
    assert judge("win", WON) == (True, "You won, 5 to 2")
    assert judge("win", replace(WON, winners=(1,))) == (False, "You did not win the match (5 to 2)")
    assert judge("margin", WON, points=3) == (True, "You finished 3 ahead (the goal: 3)")
    assert judge("margin", WON, points=4)[0] is False
    assert judge("within", WON, seconds=30) == (True, "The match took 0:30 (the goal: 0:30)")
    assert judge("within", WON, seconds=29)[0] is False
    assert judge("score", WON, points=6) == (False, "You scored 5 (the goal: 6)")


def test_style_goals_read_the_events_of_our_seats_only_and_need_the_win():
    assert judge("call", replace(WON, events=(Called(1),)))[0] is False
    assert judge("call", replace(WON, events=(Called(0),))) == (True, "You called SOLD OUT! yourself")
    took = (Took(0, "a", 1), Took(0, "b", 2), Placed(0, "a", 0), Took(1, "c", 3))
    assert judge("no_drop", replace(WON, events=took)) == (False, "1 card taken and not placed")
    assert judge("no_drop", replace(WON, events=(*took, Placed(0, "b", 1))))[0] is True
    assert judge("clean", replace(WON, mistakes={0: 2})) == (False, "2 wrong deliveries")
    assert judge("clean", replace(WON, winners=(1,)))[0] is False        # clean but lost: no star
    assert judge("races", replace(WON, events=(RaceWon(0, "tv"), RaceWon(1, "tv"))), count=1)[0] is True
    assert judge("before_bonus", replace(WON, bonus_scores={0: 3, 1: 3}))[0] is False   # a tie is no lead
    assert judge("before_bonus", replace(WON, bonus_scores={0: 4, 1: 3}))[0] is True


def test_a_team_mates_score_and_events_count_for_the_side():
    team = Facts(ticks=60, scores={0: 4, 1: 4, 2: 1}, winners=(0, 1), us=(0, 1), events=(Called(1),))
    assert judge("call", team)[0] is True and judge("margin", team, points=3)[0] is True


# ---------------------------------------------------------------- playing and replaying
def test_a_challenge_is_the_same_from_its_replay_and_a_replay_cannot_buy_stars():
    challenge = CAREER.find("first_rush")
    assert challenge is not None
    outcome = play(challenge, seed=7, player="expert")
    assert outcome.replay is not None
    again = replayed(challenge, read_replay(outcome.replay))
    assert (again.stars, again.facts.ticks, again.facts.scores) == (outcome.stars, outcome.facts.ticks,
                                                                   outcome.facts.scores)
    header, *ticks = outcome.replay.splitlines()
    idle_opponent = [line.rsplit(" ", 1)[0] + " ." if line.count(" ") >= 2 else line for line in ticks]
    with pytest.raises(ReplayMismatch):
        replayed(challenge, read_replay("\n".join([header, *idle_opponent]) + "\n"))


def test_a_replay_of_another_challenge_earns_nothing_here():
    first, other = CAREER.find("first_rush"), CAREER.find("boutique_duel")
    assert first is not None and other is not None
    outcome = play(first, seed=3, player="easy")
    assert outcome.replay is not None
    with pytest.raises(ReplayMismatch, match="not a match of challenge 'boutique_duel'"):
        replayed(other, read_replay(outcome.replay))


def test_a_check_out_challenge_records_the_scores_as_the_bonus_round_begins():
    challenge = CAREER.find("first_dice")
    assert challenge is not None
    outcome = play(challenge, seed=5, player="expert")
    assert outcome.facts.bonus_scores is not None and set(outcome.facts.bonus_scores) == {0, 1, 2}
    assert outcome.replay is not None and replayed(challenge, read_replay(outcome.replay)).stars == outcome.stars


def test_the_headless_command_prints_the_stars_and_why_as_one_json_line(capsys, tmp_path):
    record = tmp_path / "run.replay"
    code = app.main(["--career", "first_rush", "--headless", "--json", "--bot-level", "expert", "--seed", "7",
                     "--record", str(record)])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0 and len(out) == 1
    data = json.loads(out[0])
    assert data["challenge"] == "first_rush" and data["seed"] == 7 and data["bot_level"] == "expert"
    assert data["stars"] == sum(goal["met"] for goal in data["goals"]) and len(data["goals"]) == 3
    assert all(goal["why"] and goal["goal"] for goal in data["goals"])
    challenge = CAREER.find("first_rush")
    assert challenge is not None
    assert len(replayed(challenge, read_replay(record.read_text(encoding="utf-8"))).stars) == data["stars"]


@pytest.mark.parametrize("argv, message", [
    (["--career", "nope", "--headless"], "no challenge 'nope'"),
    (["--career", "first_rush"], "--career ID needs --headless"),
    (["--headless", "--bot-level", "hard"], "--bot-level only goes with --career"),
])
def test_the_headless_command_refuses_in_one_line(capsys, argv, message):
    assert app.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
