"""Verify a speedrun from its replay alone: re-simulate it and time it with the live code.

`verify_replay(replay)` checks the header describes a legal run of its board
(the category's own level, seats and mode; a set seed from the list; a daily
seed that matches its date), plays every recorded Command through a fresh
RunSession and returns the verified result (DESIGN.md's headless JSON plus a
"speedrun" object with the in-game time). `python main.py --replay FILE
--headless --json` prints it; FILE may hold a replay or a run code.
"""
from __future__ import annotations

from typing import Any

from game import VERSION
from game.text.notice import N_, Notice, message_of
from game.driver.replay import Replay, ReplayError, from_code, header_for, read_replay
from game.speedrun.categories import CategoryError, RunSetup, daily_seed, setup_from_header, spec_for
from game.speedrun.session import ReplayMismatch, RunSession
from game.speedrun.timer import format_ticks


class VerifyError(Exception):
    """The replay is not a legal run of its category; str() is one line."""


def is_speedrun(header: dict[str, Any]) -> bool:
    options = header.get("options")
    return isinstance(options, dict) and isinstance(options.get("speedrun"), dict)


def parse_text(text: str) -> Replay:
    """A replay file's text or a run code (SOCO1-...) -> Replay; ReplayError with a one-line reason."""
    stripped = text.strip()
    if stripped.startswith("SOCO1-") or (stripped and "\n" not in stripped and not stripped.startswith("SOCO-")):
        text = from_code(stripped)
    return read_replay(text)


def check_setup(replay: Replay) -> RunSetup:
    """The run's setup, after checking the header could only come from that board."""
    try:
        setup = setup_from_header(replay.header)
    except CategoryError as exc:
        raise VerifyError(message_of(exc)) from None
    cat = setup.category
    if setup.variant == "set":
        if not 0 <= setup.seed_index < len(cat.set_seeds) or cat.set_seeds[setup.seed_index] != setup.seed:
            raise VerifyError(Notice(N_("seed {seed} is not {category}'s set seed {n}"), seed=setup.seed,
                                         category=Notice(cat.name), n=setup.seed_index + 1))
    if setup.variant == "daily" and daily_seed(setup.date) != setup.seed:
        raise VerifyError(Notice(N_("seed {seed} is not the daily seed of {date}"), seed=setup.seed,
                                 date=setup.date or "?"))
    want = header_for(spec_for(setup))
    recorded_hash = ("level_hash",) if "level_hash" in replay.header else ()   # runs from before level hashes have none
    for key in ("game", "mode", "rounds", "teams", "level", *recorded_hash):
        if replay.header.get(key) != want.get(key):
            raise VerifyError(Notice(N_("the replay's {key} is not the category's ({value})"), key=key,
                                     value=repr(replay.header.get(key))))
    seats = [(s.get("seat"), s.get("kind"), s.get("difficulty")) for s in replay.header["seats"]]
    if seats != [(s["seat"], s["kind"], s["difficulty"]) for s in want["seats"]]:
        raise VerifyError(Notice(N_("the replay's seats are not the category's")))
    return setup


def simulate(replay: Replay) -> RunSession:
    """Play the replay's runner commands through a fresh session (the live timing code)."""
    session = RunSession(check_setup(replay), runner_name=replay.header["seats"][0].get("name", "Runner"))
    for commands in replay.ticks():
        if session.over:
            break
        try:
            session.step(commands[0], recorded=commands)
        except ReplayMismatch as exc:
            raise VerifyError(message_of(exc)) from None
    return session


def verify_replay(replay: Replay) -> dict[str, Any]:
    """The verified result of a speedrun replay (JSON-ready)."""
    session = simulate(replay)
    out = session.outcome
    setup = session.setup
    complete = bool(out and out.complete)
    reason = out.reason if out else "the replay ends before the run is complete"
    ticks = out.ticks if out is not None and out.complete else None
    result = {
        "game": setup.category.game, "mode": setup.category.mode, "seed": setup.seed,
        "ticks": session.sim_tick, "version": VERSION,
        "players": session.course.players_json(session.spec),
        "winners": session.course.winners(),
        "state_hash": session.course.state_hash(),
        "speedrun": {
            "category": setup.category.id, "category_name": setup.category.name, "variant": setup.variant,
            "board": setup.board, "seed_label": setup.seed_label, "complete": complete,
            "igt_ticks": ticks, "igt": format_ticks(ticks) if ticks is not None else None,
            "start_tick": session.timer.start_tick, "end_tick": session.timer.end_tick,
            "splits": list(session.splits.times), "split_names": session.splits.names[:len(session.splits.times)],
            "flags": out.flags if out else session.flags(), "reason": reason,
            "verified": complete,
        },
    }
    return result


def verify_text(text: str) -> dict[str, Any]:
    """verify_replay over a file's text or a run code; ReplayError / VerifyError on a bad one."""
    replay = parse_text(text)
    if not is_speedrun(replay.header):
        raise VerifyError(Notice(N_("this replay is not a speedrun (play it back with --replay instead)")))
    return verify_replay(replay)


__all__ = ["VerifyError", "ReplayError", "verify_replay", "verify_text", "parse_text", "simulate", "is_speedrun"]
