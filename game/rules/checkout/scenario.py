"""Check Out! conformance cases: run one `[[case]]` table (see docs/SCENARIOS.md).

A case fixes the decks, the players and every roll, plays a list of steps and
compares what happened with what the case expects. `run_case` returns the
failures in words (an empty list means the case passes).
"""
from __future__ import annotations

import random
from typing import Any, Callable

from .catalogue import Catalogue, load_catalogue
from .engine import CheckoutGame, Result

CASE_KEYS = {"name", "description", "players", "products", "bargains", "seed", "setup", "step", "expect"}
SETUP_KEYS = {"round", "tokens", "bonus", "products", "bargains", "set_aside"}
STEP_KEYS = {"do", "player", "faces", "products", "bargain", "tokens", "expect", "reason", "check", "note"}

_catalogue: Catalogue | None = None


def _cat() -> Catalogue:
    global _catalogue  # loaded once: every case uses the shipped catalogue
    if _catalogue is None:
        _catalogue = load_catalogue()
    return _catalogue


def _need(step: dict[str, Any], key: str) -> Any:
    if key not in step:
        raise ValueError(f"step {step.get('do')!r} needs '{key}'")
    return step[key]


ACTIONS: dict[str, Callable[[CheckoutGame, dict[str, Any]], Result]] = {
    "roll": lambda g, s: g.roll(s.get("player", 0), s.get("faces")),
    "set_faces": lambda g, s: g.set_faces(s.get("player", 0), _need(s, "faces")),
    "grab": lambda g, s: g.grab(s.get("player", 0), _need(s, "products")),
    "join_queue": lambda g, s: g.join_queue(s.get("player", 0)),
    "finish_last": lambda g, s: g.finish_last_holder(),
    "buy": lambda g, s: g.buy(s.get("player", 0), _need(s, "bargain")),
    "end_turn": lambda g, s: g.end_checkout_turn(s.get("player", 0)),
    "next_round": lambda g, s: g.next_round(),
    "bid": lambda g, s: g.bid(s.get("player", 0), _need(s, "tokens")),
}


def _none(value: int | None) -> int:
    return -1 if value is None else value


# What each check key reads from the game. Lists of ids per player compare sorted.
CHECKS: dict[str, Callable[[CheckoutGame], Any]] = {
    "phase": lambda g: g.phase,
    "round": lambda g: g.round,
    "supply": lambda g: g.supply,
    "bonus": lambda g: g.bonus,
    "discarded": lambda g: g.discarded,
    "tokens_total": lambda g: g.tokens_total(),
    "checkout_player": lambda g: _none(g.checkout_player()),
    "last_holder": lambda g: _none(g.last_holder()),
    "bonus_taker": lambda g: _none(g.bonus_taker),
    "queue": lambda g: list(g.queue),
    "tokens": lambda g: [p.tokens for p in g.players],
    "hands": lambda g: [list(p.hand) for p in g.players],
    "dice_left": lambda g: [len(p.hand) for p in g.players],
    "queued": lambda g: [p.queued for p in g.players],
    "products": lambda g: [sorted(p.products) for p in g.players],
    "bargains": lambda g: [sorted(p.bargains) for p in g.players],
    "grabbable": lambda g: [sorted(g.grabbable(p.seat)) for p in g.players],
    "taken": lambda g: {t.id: t.holder for t in g.table if t.holder is not None},
    "table": lambda g: [t.id for t in g.table],
    "display": lambda g: list(g.display),
    "set_aside": lambda g: list(g.set_aside),
    "stars": lambda g: [s.stars for s in g.scores()],
    "sets": lambda g: [s.sets for s in g.scores()],
    "scores": lambda g: [s.total for s in g.scores()],
    "winners": lambda g: g.winners(),
    "bids": lambda g: g.revealed_bids(),
}
_SORTED_PER_PLAYER = {"products", "bargains", "grabbable"}


def run_case(case: dict[str, Any]) -> list[str]:
    """Play one case; return its failures (empty = pass)."""
    unknown = sorted(set(case) - CASE_KEYS)
    if unknown:
        return [f"unknown case key(s): {', '.join(unknown)}"]
    game = _build(case)
    failures: list[str] = []
    for number, step in enumerate(case.get("step", []), start=1):
        failures += _run_step(game, number, step)
    failures += _compare(game, case.get("expect", {}), "at the end")
    failures += invariant_failures(game, "at the end")
    return failures


def _build(case: dict[str, Any]) -> CheckoutGame:
    game = CheckoutGame(_cat(), int(case.get("players", 2)), random.Random(case.get("seed", 0)),
                        product_deck=case.get("products"), bargain_deck=case.get("bargains"))
    setup = case.get("setup", {})
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise ValueError(f"unknown setup key(s): {', '.join(unknown)}")
    if setup:
        game.preset(**setup)
    return game


def _run_step(game: CheckoutGame, number: int, step: dict[str, Any]) -> list[str]:
    where = f"step {number}"
    unknown = sorted(set(step) - STEP_KEYS)
    if unknown:
        return [f"{where}: unknown key(s): {', '.join(unknown)}"]
    failures: list[str] = []
    if "do" in step:
        action = ACTIONS.get(step["do"])
        if action is None:
            return [f"{where}: unknown action {step['do']!r} (one of {', '.join(ACTIONS)})"]
        where = f"step {number} ({step['do']})"
        expect = step.get("expect", "ok")
        if expect not in ("ok", "rejected"):
            return [f"{where}: expect must be \"ok\" or \"rejected\", not {expect!r}"]
        result = action(game, step)
        failures += _judge(result, expect, step.get("reason"), where)
        failures += invariant_failures(game, where)
    failures += _compare(game, step.get("check", {}), f"after {where}")
    return failures


def _judge(result: Result, expect: str, reason: str | None, where: str) -> list[str]:
    if expect == "ok":
        return [] if result.ok else [f"{where}: expected ok, rejected: {result.reason}"]
    if result.ok:
        return [f"{where}: expected a rejection ({reason!r}), but it was applied"]
    if reason is not None and reason.lower() not in result.reason.lower():
        return [f"{where}: rejected with {result.reason!r}, expected it to contain {reason!r}"]
    return []


def _compare(game: CheckoutGame, expected: dict[str, Any], where: str) -> list[str]:
    failures = []
    for key, want in expected.items():
        read = CHECKS.get(key)
        if read is None:
            failures.append(f"{where}: unknown check {key!r} (one of {', '.join(CHECKS)})")
            continue
        if key in _SORTED_PER_PLAYER:
            want = [sorted(ids) for ids in want]
        got = read(game)
        if got != want:
            failures.append(f"{where}: {key} is {got!r}, expected {want!r}")
    return failures


def invariant_failures(game: CheckoutGame, where: str = "now") -> list[str]:
    """Rules that hold after every step of every game: tokens and dice are conserved."""
    failures = []
    total = game.rules.change_tokens
    counts = [game.supply, game.bonus, game.discarded] + [p.tokens for p in game.players]
    if game.tokens_total() != total or min(counts) < 0:
        failures.append(f"{where}: tokens are {counts}, not {total} in all")
    for p in game.players:
        if len(p.hand) + p.placed + p.queued + p.spent != p.dice:
            failures.append(f"{where}: player {p.seat}'s dice do not add up to {p.dice}")
        on_products = sum(len(t.dice) for t in game.table if t.holder == p.seat)
        if on_products != p.placed:
            failures.append(f"{where}: player {p.seat} has {on_products} dice on products, counted {p.placed}")
    return failures
