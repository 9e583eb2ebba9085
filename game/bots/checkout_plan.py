"""What a Check Out! bot thinks: which products a roll should grab, what dice in
the queue are worth, what to buy at checkout, how much a re-roll might bring.

Pure functions over plain data (faces, product tuples); no pygame, no sim.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Sequence

Candidate = tuple[str, tuple[int, ...], float]  # (product id, faces, value to this bot)


def covers(needed: Sequence[int], hand: Counter[int]) -> bool:
    return all(hand[f] >= c for f, c in Counter(needed).items())


def best_combo(hand: Sequence[int], candidates: Sequence[Candidate],
               leftover_value: Sequence[float] | None = None) -> tuple[float, list[str]]:
    """The set of candidates one roll can grab at once with the highest total value.

    leftover_value[k] (optional) is added for the k dice left unplaced."""
    have = Counter(hand)
    usable = [c for c in candidates if covers(c[1], have)]
    best: list[Any] = [leftover_value[len(hand)] if leftover_value else 0.0, []]

    def search(start: int, left: Counter[int], dice: int, value: float, chosen: list[str]) -> None:
        total = value + (leftover_value[dice] if leftover_value else 0.0)
        if total > best[0] + 1e-9:
            best[0], best[1] = total, list(chosen)
        for i in range(start, len(usable)):
            pid, faces, worth = usable[i]
            if len(faces) <= dice and covers(faces, left):
                left.subtract(faces)
                chosen.append(pid)
                search(i + 1, left, dice - len(faces), value + worth, chosen)
                chosen.pop()
                left.update(faces)

    search(0, have, len(hand), 0.0, [])
    return best[0], best[1]


def best_faces(dice: int, candidates: Sequence[Candidate]) -> tuple[float, list[str], list[int]]:
    """Solo bonus: the products worth most whose faces fit on `dice` freely set dice."""
    best: list[Any] = [0.0, [], []]

    def search(start: int, room: int, value: float, chosen: list[str], faces: list[int]) -> None:
        if value > best[0]:
            best[0], best[1], best[2] = value, list(chosen), list(faces)
        for i in range(start, len(candidates)):
            pid, need, worth = candidates[i]
            if len(need) <= room:
                search(i + 1, room - len(need), value + worth, chosen + [pid], faces + list(need))

    search(0, dice, 0.0, [], [])
    return best[0], best[1], best[2]


def buy_plan(dice: int, offers: Sequence[tuple[str, int, int, int]], tokens_left: int) -> tuple[float, list[str]]:
    """Best bargains to buy with `dice` queued dice: offers are (id, price now, stars,
    price if it is the last one left). Leftover dice become tokens (1 point each)
    while `tokens_left` lasts. The "last" promo can only apply to the final purchase
    of the whole display."""
    best: list[Any] = [float(min(dice, tokens_left)), []]
    count = len(offers)

    def consider(chosen: list[int]) -> None:
        prices = [offers[i][1] for i in chosen]
        if len(chosen) == count and chosen:
            # buying everything: the dearest "last" discount can go on the final buy
            saving = max(offers[i][1] - offers[i][3] for i in chosen)
            spend = sum(prices) - saving
        else:
            spend = sum(prices)
        if spend <= dice:
            value = sum(offers[i][2] for i in chosen) + min(dice - spend, tokens_left)
            if value > best[0]:
                best[0], best[1] = value, [offers[i][0] for i in chosen]

    def search(i: int, chosen: list[int]) -> None:
        if i == count:
            consider(chosen)
            return
        search(i + 1, chosen + [i])
        search(i + 1, chosen)

    search(0, [])
    return best[0], best[1]


def queue_values(dice: int, offers: Sequence[tuple[str, int, int, int]], ahead: int,
                 tokens_left: int) -> list[float]:
    """What k = 0..dice dice in the queue are worth, if the `ahead` players queued
    before take the dearest bargains first (a guess: they buy one each)."""
    rest = sorted(offers, key=lambda o: -o[2])[ahead:]
    return [buy_plan(k, rest, tokens_left)[0] for k in range(dice + 1)]


def sampled_roll_value(dice: int, candidates: Sequence[Candidate], leftover: Sequence[float],
                       samples: int, rng: random.Random) -> float:
    """Average best outcome of a fresh roll of `dice` dice (products + what stays for later)."""
    if dice <= 0 or samples <= 0:
        return 0.0
    total = 0.0
    for _ in range(samples):
        roll = [rng.randint(1, 6) for _ in range(dice)]
        total += best_combo(roll, candidates, leftover)[0]
    return total / samples
