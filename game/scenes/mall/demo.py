"""Scripted commands for screenshots, the frame benchmark and tests: not a bot, a stage direction.

Each seat walks (breadth-first over the level's tiles) to the nearest free pile,
picks it up and flips through it, takes a card now and then and, in the Rush,
walks it to the Starting Table. Deterministic: it reads only the simulation.
Real opponents are game.bots (MallScene uses them when they are installed).
"""
from __future__ import annotations

from collections import deque

from game.input.commands import IDLE, STICK_MAX, Button, Command
from game.rules.soldout import modes
from game.sim.mall import MallSim


class DemoPilot:
    """Commands for every seat of `sim`, one tick at a time."""

    def __init__(self, sim: MallSim, seed: int = 0) -> None:
        self.sim = sim
        self.seed = seed
        self.flips: dict[int, int] = {seat: 0 for seat in sim.seats}
        self._paths: dict[int, list[tuple[int, int]]] = {}

    def commands(self) -> dict[int, Command]:
        return {seat: self.command(seat) for seat in self.sim.seats}

    def command(self, seat: int) -> Command:
        sim = self.sim
        if sim.phase == "study":
            return Command(pressed=Button.A) if sim.tick - sim.phase_tick > 240 + 30 * seat else IDLE
        if sim.phase != "playing":
            return IDLE
        tick = sim.tick + seat * 7
        if sim.held_pile(seat) is not None:
            if tick % 14 != 0:
                return IDLE
            self.flips[seat] += 1
            if self.flips[seat] % (4 + (seat + self.seed) % 3) == 0:
                return Command(pressed=Button.A)   # take the shown card
            return Command(pressed=Button.X)
        if sim.carried(seat) is not None:
            if modes.delivers_to_table(sim.mode):
                if sim.at_table(seat):
                    return Command(pressed=Button.A)
                tx, ty, tw, th = sim.level.table_rect
                return self._walk(seat, (tx + tw // 2, ty + th + 12))
            if modes.uses_dressers(sim.mode):
                if sim.dresser_in_reach(seat) is not None:
                    return Command(pressed=Button.A)
                d = sim.dressers[seat % len(sim.dressers)]
                return self._walk(seat, (d.x, d.y + sim.level.tile_size))
        if modes.uses_hand(sim.mode) and len(sim.hand(seat)) >= 2 and sim.held_pile(seat) is None:
            return IDLE
        pile = sim.nearest_pile(seat)
        if pile is not None and tick % 10 == 0:
            return Command(pressed=Button.A)
        target = self._free_pile(seat)
        return self._walk(seat, target) if target else IDLE

    def _free_pile(self, seat: int) -> tuple[int, int] | None:
        x, y = self.sim.by_seat[seat].pos
        piles = self.sim.floor_piles()
        if not piles:
            return None
        # Spread the seats over the piles: each prefers a different one.
        ranked = sorted(piles, key=lambda p: (p[1] - x) ** 2 + (p[2] - y) ** 2)
        pick = ranked[min(len(ranked) - 1, seat % 3)]
        return pick[1], pick[2]

    def _walk(self, seat: int, goal: tuple[int, int]) -> Command:
        sim = self.sim
        ts = sim.level.tile_size
        x, y = sim.by_seat[seat].pos
        path = self._path((x // ts, y // ts), (goal[0] // ts, goal[1] // ts))
        wx, wy = goal if len(path) <= 1 else (path[1][0] * ts + ts // 2, path[1][1] * ts + ts // 2)
        dx, dy = wx - x, wy - y
        scale = max(abs(dx), abs(dy), 1)
        return Command(round(dx * STICK_MAX / scale), round(dy * STICK_MAX / scale))

    def _path(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
        sim = self.sim
        if not sim.walkable(*goal):
            for nx, ny in ((goal[0], goal[1] + 1), (goal[0], goal[1] - 1), (goal[0] + 1, goal[1]), (goal[0] - 1, goal[1])):
                if sim.walkable(nx, ny):
                    goal = (nx, ny)
                    break
        prev = {start: start}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            if cur == goal:
                break
            cx, cy = cur
            for nxt in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                if nxt not in prev and sim.walkable(*nxt):
                    prev[nxt] = cur
                    queue.append(nxt)
        if goal not in prev:
            return [start]
        path = [goal]
        while path[-1] != start:
            path.append(prev[path[-1]])
        return path[::-1]


def play_out_round(sim: MallSim, seed: int = 0, limit: int = 20000, freeze_ticks: int | None = None) -> None:
    """Finish the current round quickly for a results screenshot or test: the rules engine's
    honest autoplayers act on the round directly, then the sim runs its SOLD OUT! freeze.

    Piles are not walked around the map here (they stay where they last lay). With
    `freeze_ticks` it stops that many ticks into the SOLD OUT! freeze."""
    import random

    from game.rules.soldout.autoplay import Bot

    while sim.phase in ("study", "countdown"):
        sim.step({seat: Command(pressed=Button.A) for seat in sim.seats})
    rnd = sim.round
    bots = [Bot(p, random.Random(seed * 97 + p)) for p in range(rnd.players)]
    while not rnd.over and rnd.actions < limit:
        for bot in bots:
            if rnd.over:
                break
            bot.act(rnd)
    if not rnd.over:
        rnd.end_round("stopped")
    sim.piles = {pid: pos for pid, pos in sim.piles.items() if pid in rnd.piles}
    steps = 0
    while sim.phase in ("playing", "sold_out") and (freeze_ticks is None or steps <= freeze_ticks):
        sim.step({})
        steps += 1
