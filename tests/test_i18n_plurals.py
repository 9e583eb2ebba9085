"""Every counted phrase goes through a plural call: a number formatted next to a word outside
ngettext is wrong at 1 in English ("1 points") and at 0 and 1 in French ("0 sacs"), and a choice
made in code by `n != 1` is English's rule forced on every language.

The code that composes what a player reads is scanned with `ast` (game/, but the rules and
simulations, whose English refusals are only keys: game/scenes/reasons.py translates them, counted
ones through plural templates; and the command line's English for developers):

- a singular message (`_()`, `N_()`, `Notice()`) with a number placeholder followed by a word
  ("{n} points", "({n} fit)", "+{n} change") or a unit glued to it ("{secs}s");
- an f-string that puts a number before a word or a unit ("{left}s", "{bags} bags", "{speed}%"),
  in the modules that draw (game/scenes, game/render) and in the speedrun courses, whose verdicts
  a player reads (an exception's message is a developer's English);
- a conditional expression choosing between texts by comparing with 1.

Numbers with units are written by game.text.i18n (seconds, percent) with Babel.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = ("game/rules/", "game/sim/", "game/app/cli.py", "game/app/cli_checks.py", "game/app/headless.py",
           "game/app/tournament.py", "game/bench/")
MESSAGE_CALLS = {"_", "N_", "Notice"}
PLURAL_CALLS = {"ngettext"}
# Placeholders that hold a count or an amount (the values a {name} or {file} never is).
COUNTS = {"n", "count", "cost", "left", "top", "secs", "tokens", "dice", "points", "players", "ready", "found",
          "seats", "rounds", "best", "bags", "missing", "wrong", "total", "score", "speed", "percent"}
# Words that may follow a number without being counted by it.
NOT_COUNTED = {"of", "to", "from", "and", "or", "vs", "at", "in", "on", "by", "for", "left", "MB"}
DRAWN = ("game/scenes/", "game/render/", "game/speedrun/courses.py")
# The game's counted nouns: whatever stands before one of these is a count.
COUNTED_NOUNS = {"points", "dice", "die", "tokens", "cards", "bags", "items", "seats", "products", "bargains", "stars"}
NUMBER_WORD = re.compile(r"(\+?)\{(\w+)\}( ?)([^\W\d_]+|%)")
ORDINAL = re.compile(r"\{n\}[a-z]{2}")         # the ordinal forms "{n}st": game.text.i18n.ordinal picks one by CLDR
# The FPS overlay's reset time: developer English, like the frame rate (docs/TRANSLATING.md); a
# warm-up job's name, for the log.
ALLOWED_FSTRINGS = {("game/scenes/speedrun/run.py", "reset {} ms"), ("game/scenes/warmup.py", "mall {} rush")}


def _modules() -> list[tuple[str, ast.AST]]:
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(SKIPPED):
            out.append((rel, ast.parse(path.read_text(encoding="utf-8"))))
    return out


def _name(func: ast.expr) -> str:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _counted_messages(msgid: str) -> list[str]:
    if ORDINAL.fullmatch(msgid):
        return []
    return [m.group(0) for m in NUMBER_WORD.finditer(msgid)
            if m.group(2) in COUNTS and (m.group(1) == "+" or m.group(4) not in NOT_COUNTED)]


def _numeric(value: ast.expr) -> bool:
    """An f-string value that is a number: a count, a sum, a length, a numeric name."""
    if isinstance(value, ast.Constant):
        return isinstance(value.value, (int, float)) and not isinstance(value.value, bool)
    if isinstance(value, ast.BinOp):
        return True
    if isinstance(value, ast.Call):
        return _name(value.func) in {"len", "int", "round", "sum", "min", "max", "abs"}
    if isinstance(value, (ast.Name, ast.Attribute)):
        return _name(value) in COUNTS or _name(value).endswith(("_count", "_ms", "_ticks"))
    if isinstance(value, ast.Subscript):
        return _name(value.value) in {"scores", "totals", "counts"}
    return False


def _fstring_offenders(node: ast.JoinedStr) -> list[str]:
    parts = node.values
    for value, after in zip(parts, parts[1:]):
        if isinstance(value, ast.FormattedValue) and isinstance(after, ast.Constant):
            m = re.match(r" ?([^\W\d_]+|%)", after.value)
            if m and ((_numeric(value.value) and m.group(1) not in NOT_COUNTED) or m.group(1) in COUNTED_NOUNS):
                return ["".join("{}" if isinstance(p, ast.FormattedValue) else p.value for p in parts)]
    return []


def _is_text(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr) \
        or (isinstance(node, ast.Call) and _name(node.func) in MESSAGE_CALLS)


def _english_rule(node: ast.IfExp) -> bool:
    """`text if n == 1 else other text` (or != 1): English's plural rule in code."""
    test = node.test
    compares = [c for c in ast.walk(test) if isinstance(c, ast.Compare)]
    ones = any(isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right, ast.Constant) and right.value == 1
               for c in compares for op, right in zip(c.ops, c.comparators))
    return ones and (_is_text(node.body) or _is_text(node.orelse))


def offenders() -> list[str]:
    found = []
    for rel, tree in _modules():
        raised = {id(n) for r in ast.walk(tree) if isinstance(r, ast.Raise) for n in ast.walk(r)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) in MESSAGE_CALLS and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found += [f"{rel}:{node.lineno} {phrase!r} in {node.args[0].value!r}: use ngettext"
                          for phrase in _counted_messages(node.args[0].value)]
            elif isinstance(node, ast.JoinedStr) and rel.startswith(DRAWN) and id(node) not in raised:
                found += [f"{rel}:{node.lineno} f-string {text!r}: a number beside a word or unit"
                          for text in _fstring_offenders(node) if (rel, text) not in ALLOWED_FSTRINGS]
            elif isinstance(node, ast.IfExp) and _english_rule(node):
                found.append(f"{rel}:{node.lineno} {ast.unparse(node)[:80]!r}: English's plural rule in code")
    return found


def test_every_counted_phrase_goes_through_a_plural_call():
    assert offenders() == []


def test_the_scan_finds_what_it_looks_for():
    """The scan itself: each kind of offender, and what is fine."""
    assert _counted_messages("{n} points") and _counted_messages("({n} fit)") and _counted_messages("+{n} change")
    assert _counted_messages("{secs}s") and _counted_messages("Bid 0 to {top} tokens")
    assert not _counted_messages("Round {n}") and not _counted_messages("Step {step} of {steps}")
    assert not _counted_messages("{n}st") and not _counted_messages("#{rank} on the local board")
    tree = ast.parse('f"{left}s"; f"{len(x)} bags"; f"{speed}%"; f"{mine} points"; f"{name}: done"; '
                     '"bag" if bags == 1 else "bags"; x if n == 1 else y')
    found = [n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) and _fstring_offenders(n)]
    assert len(found) == 4
    assert [n for n in ast.walk(tree) if isinstance(n, ast.IfExp) and _english_rule(n)] == \
        [n for n in ast.walk(tree) if isinstance(n, ast.IfExp)][:1]
