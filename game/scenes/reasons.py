"""Why an action was refused, in the player's language.

The rules and simulations say why in English (their state and replays must not
depend on the language), so the words are translated where they are shown:
an exact sentence through the catalogue, a sentence with a name or number in it
by matching one of TEMPLATES and translating the template, with the product or
garment name in it translated too; a counted sentence by matching either form of one of
PLURAL_TEMPLATES, said with ngettext. tests/test_i18n_reasons.py checks that every
sentence the rules can say is listed here. A speedrun's verdict and result line (the courses'
words) go through here too. No pygame here.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from game.text.i18n import N_, N_plural, _, and_list, ngettext, number
from game.text.notice import Notice

SENTENCES = (
    N_("The round is over"), N_("You are already holding a pile"), N_("That pile is gone"),
    N_("Someone else is holding that pile"), N_("You are not holding a pile"),
    N_("Bring the card you carry to the Starting Table first"),
    N_("Bring the card you carry to the dressers first"),
    N_("Bring the card you carry to the Starting Table first: only a card it refuses goes back"),
    N_("Only in Memory do you hold cards in your hand"), N_("Pick up a pile to put the card back into"),
    N_("There is no such card in your hand"), N_("In Memory, put cards back with your hand"),
    N_("You are not carrying a card"), N_("There is no such objective card"), N_("That objective card is full"),
    N_("Your objective cards are full"), N_("There is no such dresser"),
    N_("In the Rush, SOLD OUT! is called for you when your list is full"),
    N_("Tidying Up ends when every dresser is filled"), N_("No pile within reach"),
    N_("Y is for Memory: your hand and SOLD OUT!"), N_("No room to put the pile down here"),
    N_("Put the card back into a pile: stand next to one"),
    N_("You have already checked out this round"), N_("You have no dice left this round"),
    N_("You are the only one in the bonus round: set your dice instead of rolling"),
    N_("You are the last player holding dice: no more rolling, grab what you can"),
    N_("Only the sole player of a bonus round may set their dice"), N_("Choose at least one product to grab"),
    N_("You listed the same product twice"), N_("Nobody is the last player holding dice"),
    N_("Bargains are bought at checkout"), N_("You have no dice in the queue, so you cannot buy anything"),
    N_("It is not your turn to check out"), N_("It is not the checkout"), N_("The round is not over yet"),
    N_("Bids are made before the bonus round"), N_("You have already chosen your bid"),
    N_("You bought no dice for the bonus round"), N_("Your dice are still rolling"), N_("Wait for your dice to land"),
    N_("Roll your dice first"), N_("Set your dice first"),
    N_("You can only roll while the dice are rolling"), N_("You can only set dice while the dice are rolling"),
    N_("You can only grab while the dice are rolling"),
    N_("You can only join the queue while the dice are rolling"),
)
# {item}/{product}: a catalogue name (translated); {names}: names joined by " and "; {faces}: "a 5 and
# two 3s"; {mode}: a mode name; {size}, {seat}: numbers; {who}: a player.
TEMPLATES = (
    N_("Bring the card to the Starting Table"), N_("Bring the card to a dresser"),
    N_("There is no delivering to the Starting Table in {mode}"), N_("There are no dressers in {mode}"),
    N_("{item} is not on your shopping list"), N_("{item} is not on that objective card"),
    N_("Your team's hands are full ({size})"), N_("Your hand is full ({size})"),
    N_("There is no player {seat}"),
    N_("Those dice can't cover {names} at once: that needs {faces}"), N_("Those dice don't show {faces}"),
    N_("{product} is not on offer"), N_("{product} is not on the table"), N_("{product} is already taken"),
    N_("{who} got {product} first (same moment)"),
    N_("the mall closed (time limit)"), N_("nothing left to score (a spoiled objective card)"),
)
# Counted sentences: said with ngettext by {n}, the language's plural rule. The rules' English may
# use either form ("You only have 1 change tokens"): both are matched. {left}, {best}: numbers.
PLURAL_TEMPLATES = (
    N_plural("Set your {n} die to {n} face from 1 to 6", "Set your {n} dice to {n} faces from 1 to 6"),
    N_plural("A roll of {n} die needs {n} face from 1 to 6", "A roll of {n} dice needs {n} faces from 1 to 6"),
    N_plural("{product} costs {n} die and you have {left} left in the queue",
             "{product} costs {n} dice and you have {left} left in the queue"),
    N_plural("Bid 0 to {n} token", "Bid 0 to {n} tokens"),
    N_plural("You only have {n} change token", "You only have {n} change tokens"),
    N_plural("{product} needs {n} die; you have {left} left", "{product} needs {n} dice; you have {left} left"),
    # the speedrun courses' verdicts and result lines (game/speedrun/courses.py), as a records file keeps them
    N_plural("{n} listed item missing", "{n} listed items missing"), N_plural("{n} wrong card", "{n} wrong cards"),
    N_plural("{n} bag scored", "{n} bags scored"),
    N_plural("lost the game ({n} point to {best})", "lost the game ({n} points to {best})"),
    N_plural("won {n} point to {best}", "won {n} points to {best}"),
    N_plural("lost {n} point to {best}", "lost {n} points to {best}"),
    N_plural("{n} point", "{n} points"),
)
NAMES = ("item", "product", "mode")
NUMBERS = ("n", "cost", "left", "top", "size", "seat", "best")
_PLACEHOLDER = re.compile(r"\{([a-z]+)\}")


@lru_cache(maxsize=None)
def _patterns() -> list[tuple[re.Pattern[str], str, str | None]]:
    """(pattern, template, plural) for every template; a plural template twice, once per form."""
    out: list[tuple[re.Pattern[str], str, str | None]] = [(_pattern(template), template, None)
                                                          for template in TEMPLATES]
    for singular, plural in PLURAL_TEMPLATES:
        out += [(_pattern(form), singular, plural) for form in (singular, plural)]
    return out


def _pattern(template: str) -> re.Pattern[str]:
    seen: set[str] = set()
    parts, at = [], 0
    for m in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[at:m.start()]))
        key = m.group(1)
        parts.append("(?P=" + key + ")" if key in seen else f"(?P<{key}>.+?)")
        seen.add(key)
        at = m.end()
    parts.append(re.escape(template[at:]))
    return re.compile("".join(parts) + r"\Z")


def _named(reason: str, names: Sequence[str]) -> str:
    """`reason` with its "#N" seat marks as the seats' names (a Notice is left to say itself)."""
    if isinstance(reason, Notice):
        return reason
    return SEAT_MARK.sub(lambda m: names[int(m[1]) - 1] if int(m[1]) <= len(names) else m[0], reason)


def say_faces(english: str) -> str:
    """'a 5 and two 3s' (the rules' words) as digits any language reads: '5 + 3 + 3'."""
    words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
    faces: list[str] = []
    for part in re.split(r", | and ", english):
        count, _sep, face = part.partition(" ")
        face = face.removesuffix("s")
        faces += [face] * (1 if count == "a" else words.get(count, 1))
    return " + ".join(faces)


SEAT_MARK = re.compile(r"#([1-9])")    # a seat as the simulation names it in a reason ("#2"): never by name


def say_reason(reason: str, names: Sequence[str] = ()) -> str:
    """`reason` (English, from the rules, or a Notice) in the player's language, a seat the simulation
    marks "#2" called by its name from `names` (seat order); unknown sentences unchanged."""
    if names:
        reason = _named(reason, names)
    if isinstance(reason, Notice):
        return reason.say()
    if not reason or reason in SENTENCES:
        return _(reason)
    for pattern, template, plural in _patterns():
        m = pattern.match(reason)
        if m is None:
            continue
        values: dict[str, str] = {}
        for key, value in m.groupdict().items():
            if key in NAMES:
                values[key] = _(value)
            elif key in NUMBERS and value.isdigit():
                values[key] = number(int(value))
            elif key == "names":
                values[key] = and_list([_(name) for name in value.split(" and ")])
            elif key == "faces":
                values[key] = say_faces(value)
            else:
                values[key] = value
        if plural is not None:
            count = int(m.group("n"))
            values.pop("n")
            return ngettext(template, plural, count, **values)
        return _(template).format(**values)
    return reason
