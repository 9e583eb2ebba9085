"""Every sentence the rules and simulations refuse an action with is translated where it is shown."""
from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from game.text import i18n
from game.scenes import reasons
ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("game/rules/soldout/engine.py", "game/rules/soldout/family.py", "game/rules/soldout/rush.py",
           "game/rules/soldout/memory.py", "game/rules/soldout/tidy.py", "game/sim/mall.py",
           "game/sim/mall_controls.py", "game/rules/checkout/engine.py", "game/sim/table.py",
           "game/sim/table_turns.py")
SAYERS = {"_refuse": 0, "refuse": 0, "_no": 0, "_reject": 1, "reject": 1, "_check_carrier": 2, "_seat_in": 2}
# Reasons a class keeps for a family or a drop-off to refuse with.
REASON_FIELDS = ("bring_first", "no_call", "bring_reason")


def _shapes(node: ast.AST) -> list[str] | None:
    """The sentence a reason expression makes, with "{}" for each value put in (every branch)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _shapes(node.left), _shapes(node.right)
        return None if left is None or right is None else [a + b for a, b in itertools.product(left, right)]
    if isinstance(node, ast.IfExp):
        body, other = _shapes(node.body), _shapes(node.orelse)
        return None if body is None or other is None else body + other
    return None     # a reason passed on from the rules: checked where it is made


def _said() -> list[str]:
    out = []
    for source in SOURCES:
        for node in ast.walk(ast.parse((ROOT / source).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name in SAYERS and len(node.args) > SAYERS[name]:
                    out += _shapes(node.args[SAYERS[name]]) or []
            if isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) \
                    and node.value.value == "The round is over":
                out.append(node.value.value)
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in REASON_FIELDS
                                                    for t in node.targets):
                out += [s for s in _shapes(node.value) or [] if s]
            if isinstance(node, ast.FunctionDef) and (node.name.startswith("_check_") or node.name == "keep_carrying"):
                out += [s for ret in ast.walk(node) if isinstance(ret, ast.Return) and ret.value is not None
                        for s in _shapes(ret.value) or [] if s]
    return out


def test_every_refusal_the_rules_can_say_is_listed():
    known = set(reasons.SENTENCES) | {re.sub(r"\{[a-z]+\}", "{}", t) for t in reasons.TEMPLATES} \
        | {re.sub(r"\{[a-z]+\}", "{}", form) for pair in reasons.PLURAL_TEMPLATES for form in pair}
    said = _said()
    assert len(said) > 60
    # "verb" sentences are listed with each verb the engine passes
    said = [s for s in said if s not in ("You can only {} while the dice are rolling", "{} your dice first",
                                         "Bring the card to {}")]
    assert sorted(set(said) - known) == []


@pytest.mark.parametrize("english, german", [
    ("No pile within reach", "Kein Stapel in Reichweite"),
    ("Plain red T-shirt is not on your shopping list", "Einfarbig rotes T-Shirt steht nicht auf deiner Einkaufsliste"),
    ("Those dice don't show a 5 and two 3s", "Diese Würfel zeigen nicht 5 + 3 + 3"),
    ("Milk is already taken", "Milch ist schon vergeben"),
    ("Something new the rules say", "Something new the rules say"),
])
def test_a_refusal_is_said_in_the_players_language(english, german):
    i18n.set_language("de")
    assert reasons.say_reason(english) == german


@pytest.mark.parametrize("recorded, spanish", [("Card 3", "Carta 3"), ("Round 12", "Ronda 12"), ("All tidy", "Todo en orden"),
                                               ("SOLD OUT!", "SOLD OUT!"), ("Lap 2", "Lap 2")])
def test_recorded_split_names_are_said_in_the_players_language(recorded, spanish):
    from game.scenes.speedrun.draw import say_split
    i18n.set_language("es")
    assert say_split(recorded) == spanish


@pytest.mark.parametrize("course_words, french", [
    ("2 wrong cards", "2 mauvaises cartes"), ("1 listed item missing", "1 article de la liste manque"),
    ("3 bags scored", "3 sacs marqués"), ("lost the game (12 points to 20)", "partie perdue (12 points contre 20)"),
    ("won 21 points to 17", "gagné, 21 points contre 17"),
])
def test_a_speedrun_verdict_and_result_line_are_said_in_the_players_language(course_words, french):
    i18n.set_language("fr")
    assert reasons.say_reason(course_words) == french
