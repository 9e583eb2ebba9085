"""Run one Sold Out! conformance case (the format is described in docs/SCENARIOS.md).

A case fixes the deal, plays steps in order, and checks each step's result and
the state afterwards. `run_case` returns the failures as readable lines; an
empty list means the case passes.
"""
from __future__ import annotations

from typing import Any, Callable

from game.rules.soldout.catalogue import Catalogue, load_catalogue
from game.rules.soldout import modes
from game.rules.soldout.deal import Deal
from game.rules.soldout.engine import Result, Round
from game.rules.soldout.events import describe

CASE_KEYS = {"name", "description", "mode", "players", "teams", "assist", "piles", "lists",
             "dressers", "step", "expect"}
STEP_KEYS = {"player", "do", "pile", "slot", "index", "dresser", "expect", "reason", "events", "check",
             "note"}
CHECK_KEYS = {"over", "cause", "sold_out_by", "scores", "scored", "mistakes", "shown", "held", "carried",
              "hands", "where", "pile_cards", "pile_sizes", "piles_gone", "dresser_counts",
              "dresser_winners", "table", "hand_size", "can_still_score"}
ACTIONS = ("pick_up", "put_down", "flip", "take", "deliver", "hand_to_pile", "return_card",
           "place_at_dresser", "call_sold_out", "end_round")
REST_PILE = 10  # cards a case does not place go into extra piles of this size, in catalogue order

_catalogue: Catalogue | None = None


def _cat() -> Catalogue:
    global _catalogue
    if _catalogue is None:
        _catalogue = load_catalogue()
    return _catalogue


def build_round(case: dict[str, Any]) -> Round:
    """Make the round a case describes: its piles first, every other card in extra piles after."""
    cat = _cat()
    mode = case.get("mode")
    if mode not in modes.keys():
        raise ValueError(f"mode must be one of {', '.join(modes.keys())}, not {mode!r}")
    players = int(case.get("players", 1))
    teams = case.get("teams")
    sides = len(set(teams)) if teams else players
    listed = [list(p) for p in case.get("piles", [])]
    for pile in listed:
        for card in pile:
            if card not in cat.items:
                raise ValueError(f"unknown card {card!r} in piles")
    used = {c for p in listed for c in p}
    rest = [c for c in cat.items if c not in used]
    piles = listed + [rest[i:i + REST_PILE] for i in range(0, len(rest), REST_PILE)]
    lists = case.get("lists") or [[f"one-{s + 1:02d}", f"two-{s + 1:02d}"] for s in range(sides)]
    dressers = case.get("dressers") or list(cat.objectives)[:sides + cat.extra_dressers]
    # The deal holds both the lists and the dressers; the mode's family lays out what it uses.
    deal = Deal(tuple(tuple(p) for p in piles), tuple(tuple(x) for x in lists), tuple(dressers))
    return Round(cat, mode, players, deal, teams, bool(case.get("assist", False)))


def _act(rnd: Round, step: dict[str, Any]) -> Result:
    do = step.get("do")
    player = int(step.get("player", 0))
    if do == "pick_up":
        return rnd.pick_up(player, int(step["pile"]))
    if do == "put_down":
        return rnd.put_down(player)
    if do == "flip":
        return rnd.flip(player)
    if do == "take":
        return rnd.take(player)
    if do == "deliver":
        return rnd.deliver(player, step.get("slot"))
    if do == "hand_to_pile":
        return rnd.hand_to_pile(player, int(step.get("index", 0)))
    if do == "return_card":
        return rnd.return_card(player, int(step["pile"]))
    if do == "place_at_dresser":
        return rnd.place_at_dresser(player, int(step["dresser"]))
    if do == "call_sold_out":
        return rnd.call_sold_out(player)
    if do == "end_round":
        return rnd.end_round()
    raise ValueError(f"unknown action {do!r}; use one of {', '.join(ACTIONS)}")


def _place(rnd: Round, card: str) -> str:
    where = rnd.where_is(card)
    if where[0] == "table":
        return f"table {where[1]} {where[2]}"
    if where[0] == "carried":
        return f"carried {where[1]}"
    return f"{where[0]} {where[1]}"


def _actual(rnd: Round, key: str, arg: object = None) -> object:
    """The state value a check key names (arg: the card, pile or dresser the key is about)."""
    table: dict[str, Callable[[], object]] = {
        "over": lambda: rnd.over, "cause": lambda: rnd.cause, "sold_out_by": lambda: -1 if rnd.sold_out_by is None else rnd.sold_out_by,
        "scores": rnd.scores, "scored": lambda: [rnd.scored(s) for s in range(rnd.sides)],
        "mistakes": lambda: [rnd.player_mistakes(p) for p in range(rnd.players)],
        "hands": lambda: [list(h) for h in rnd.hands],
        "piles_gone": lambda: None,
        "dresser_counts": lambda: [rnd.dresser_counts(d) for d in range(len(rnd.dressers))],
        "dresser_winners": lambda: [(-1 if (w := rnd.dresser_winner(d)) is None else w)
                                    for d in range(len(rnd.dressers))],
        "table": lambda: [[[c for c, _ in s.placed] for s in t] for t in rnd.tables],
        "hand_size": lambda: [rnd.hand_size(p) for p in range(rnd.players)],
        "can_still_score": lambda: [rnd.can_still_score(s) for s in range(rnd.sides)],
    }
    return table[key]()


def _check(rnd: Round, checks: dict[str, Any], label: str) -> list[str]:
    out: list[str] = []
    for key, want in checks.items():
        if key not in CHECK_KEYS:
            out.append(f"{label}: unknown check '{key}'")
            continue
        if key in ("shown", "held", "carried", "pile_cards", "pile_sizes"):
            for ref, value in want.items():
                reads: dict[str, Callable[[], object]] = {
                    "shown": lambda: rnd.shown(int(ref)),
                    "held": lambda: rnd.held.get(int(ref), -1),
                    "carried": lambda: rnd.carried.get(int(ref), ""),
                    "pile_cards": lambda: rnd.piles.get(int(ref)),
                    "pile_sizes": lambda: len(rnd.piles.get(int(ref), []))}
                now = reads[key]()
                if now != value:
                    out.append(f"{label}: {key}[{ref}] is {now!r}, expected {value!r}")
        elif key == "where":
            for card, value in want.items():
                got = _place(rnd, card)
                if got != value and not got.startswith(value + " "):
                    out.append(f"{label}: {card} is at '{got}', expected '{value}'")
        elif key == "piles_gone":
            for pid in want:
                if int(pid) in rnd.piles:
                    out.append(f"{label}: pile {pid} should be gone")
        else:
            actual = _actual(rnd, key)
            if actual != want:
                out.append(f"{label}: {key} is {actual!r}, expected {want!r}")
    return out


def _events(result: Result) -> list[str]:
    return [describe(event) for event in result.events]


def run_case(case: dict[str, Any]) -> list[str]:
    """Play one case; return the failures (empty when it passes)."""
    unknown = set(case) - CASE_KEYS
    if unknown:
        return [f"unknown case keys: {', '.join(sorted(unknown))}"]
    try:
        rnd = build_round(case)
    except (ValueError, KeyError, TypeError) as exc:
        return [f"set-up: {exc}"]
    failures: list[str] = []
    for n, step in enumerate(case.get("step", []), 1):
        label = f"step {n} ({step.get('do')} by player {step.get('player', 0)})"
        bad = set(step) - STEP_KEYS
        if bad:
            failures.append(f"{label}: unknown step keys: {', '.join(sorted(bad))}")
            continue
        try:
            result = _act(rnd, step)
        except KeyError as exc:
            failures.append(f"{label}: this action needs '{exc.args[0]}'")
            continue
        except (ValueError, TypeError) as exc:
            failures.append(f"{label}: {exc}")
            continue
        failures += _check_result(result, step, label)
        failures += _check(rnd, step.get("check", {}), label)
    failures += _check(rnd, case.get("expect", {}), "at the end")
    return failures


def _check_result(result: Result, step: dict[str, Any], label: str) -> list[str]:
    out = []
    expect = step.get("expect", "ok")
    if expect not in ("ok", "rejected"):
        return [f"{label}: expect must be \"ok\" or \"rejected\", not {expect!r}"]
    if expect == "ok" and not result.ok:
        out.append(f"{label}: refused ('{result.reason}'), expected ok")
    if expect == "rejected":
        if result.ok:
            out.append(f"{label}: applied, expected rejected")
        elif step.get("reason", "").lower() not in result.reason.lower():
            out.append(f"{label}: refused with '{result.reason}', expected a reason containing "
                       f"'{step['reason']}'")
    got = _events(result)
    for event in step.get("events", []):
        if event not in got:
            out.append(f"{label}: no event '{event}' (events: {got})")
    return out
