"""`--career ID --headless`: one challenge of the career played with a bot in the player's seat,
its stars and why each goal was met or missed (as one JSON line with --json). For tests and
the balance tool (tools/career_balance.py); the career itself is played from the title."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TextIO

from game.career.challenges import CareerError, load_career
from game.career.goals import KINDS
from game.career.worlds import Outcome, play


class CareerCliError(Exception):
    """A one-line reason (exit code 2): an unknown challenge, a career file that cannot be used."""


def run_challenge(challenge_id: str, bot_level: str, seed: int | None, record: str | None) -> dict[str, Any]:
    """Play it and return the result dict; CareerCliError for what the player must fix."""
    try:
        career = load_career()
    except CareerError as exc:
        raise CareerCliError(str(exc)) from None
    challenge = career.find(challenge_id)
    if challenge is None:
        known = ", ".join(c.id for c in career.challenges())
        raise CareerCliError(f"--career: no challenge {challenge_id!r} (one of {known})")
    outcome = play(challenge, seed, bot_level, record=record is not None)
    if record is not None and outcome.replay is not None:
        try:
            Path(record).write_text(outcome.replay, encoding="utf-8")
        except OSError as exc:
            raise CareerCliError(f"--record: cannot write the replay ({exc.strerror or type(exc).__name__})") \
                from None
    return result(outcome, bot_level)


def result(outcome: Outcome, bot_level: str) -> dict[str, Any]:
    challenge, facts = outcome.challenge, outcome.facts
    return {
        "challenge": challenge.id, "chapter": challenge.chapter, "game": challenge.game, "mode": challenge.mode,
        "level": challenge.level, "seed": outcome.spec.seed, "bot_level": bot_level, "ticks": facts.ticks,
        "players": [{"seat": seat, "score": score, "ours": seat in facts.us} for seat, score in facts.scores.items()],
        "winners": list(facts.winners), "stars": len(outcome.stars),
        "goals": [{"kind": goal.kind, "goal": str(KINDS[goal.kind].explain(goal.params)), "met": verdict.met,
                   "why": str(verdict.why)}
                  for goal, verdict in zip(challenge.goals, outcome.verdicts)],
    }


def emit(data: dict[str, Any], as_json: bool, out: TextIO) -> None:
    if as_json:
        print(json.dumps(data, separators=(",", ":")), file=out)
        return
    print(f"{data['challenge']} ({data['game']} {data['mode']}, seed {data['seed']}, "
          f"bot {data['bot_level']}): {data['stars']} of {len(data['goals'])} stars", file=out)
    for goal in data["goals"]:
        print(f"  [{'*' if goal['met'] else ' '}] {goal['goal']}: {goal['why']}", file=out)
