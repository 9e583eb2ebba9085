"""A route-running demo player for solo Sold Out! courses: screenshots, tests and the attract loop.

It plays through Commands only (the simulation cannot tell it from a pad):
walk a breadth-first path over the level's tiles to the pile holding the next
wanted item, pick it up, flip until the item shows, take it, then deliver it
(Rush: the Starting Table; Tidying Up: the dresser that pictures it; Memory:
keep it in hand and finally hold Y). Not a fair bot for matches: it knows
where every card is. That is fine for a demo of a route a runner would learn.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Callable

from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.rules.soldout.family import Destination

if TYPE_CHECKING:
    from game.sim.mall_face import MallForPilot

SEAT = 0


class RouteRunner:
    def __init__(self, sim: MallForPilot, seat: int = SEAT) -> None:
        self.sim = sim
        self.known = sim.omniscient_view()   # a demo of a learned route: it knows where every card is
        self.seat = seat
        self.ts = sim.level.tile_size
        self._pressed_last = False
        self._paths: dict[tuple[object, ...], list[tuple[int, int]]] = {}

    # ----- what to do next --------------------------------------------------------
    def command(self) -> Command:
        sim = self.sim
        if sim.phase == "study":
            return self._press(Button.A)
        if sim.phase != "playing":
            return IDLE
        player = sim.player_of[self.seat]
        carried = self.known.carried(player)
        if carried is not None:
            return self._deliver(carried)
        target = self._next_item()
        if target is None:
            if self.known.family().player_calls:
                return Command(held=Button.Y)
            return IDLE
        held = sim.held_pile(self.seat)
        where = self.known.where_is(target)
        if held is not None:
            if where[0] == "pile" and where[1] == held:
                if sim.shown_card(self.seat) == target:
                    return self._press(Button.A)
                return self._flip()
            return self._press(Button.B)   # wrong pile in hand (Memory keeps holding): put it down
        if where[0] != "pile":
            return IDLE
        x, y = sim.piles[where[1]]
        if sim.nearest_pile(self.seat) == where[1]:
            return self._press(Button.A)
        return self._walk((x, y))

    def _next_item(self) -> str | None:
        """The first item of the run still lying in a pile."""
        sim, view = self.sim, self.known
        player = sim.player_of[self.seat]
        for item in view.course_items(view.side_of(player)):
            if view.where_is(item)[0] == "pile":
                return item
        return None

    def _deliver(self, card: str) -> Command:
        return _DELIVERIES[self.known.family().destination](self, card)

    def _to_table(self, card: str) -> Command:
        sim = self.sim
        if sim.at_table(self.seat):
            return self._press(Button.A)
        x, y, w, h = sim.level.table_rect
        return self._walk_beside([(tx, ty) for ty in range(y // self.ts, (y + h) // self.ts)
                                  for tx in range(x // self.ts, (x + w) // self.ts)])

    def _to_dresser(self, card: str) -> Command:
        sim, view = self.sim, self.known
        for d in sim.dressers:
            if card in view.pictured(view.dresser_cards()[d.index]):
                near = sim.dresser_in_reach(self.seat)
                if near is not None and near.index == d.index:
                    return self._press(Button.A)
                return self._walk_beside([(d.x // self.ts, d.y // self.ts)])
        return IDLE

    def _keep(self, card: str) -> Command:
        return IDLE       # a card in hand is never carried

    # ----- buttons ----------------------------------------------------------------
    def _press(self, button: Button) -> Command:
        """Buttons count on the tick they go down: leave an idle tick between presses."""
        if self._pressed_last:
            self._pressed_last = False
            return IDLE
        self._pressed_last = True
        return Command(pressed=button, held=button)

    def _flip(self) -> Command:
        av = self.sim.by_seat[self.seat]
        if self.sim.tick + 1 - av.last_flip < self.sim.t.flip_ticks:
            return IDLE
        return self._press(Button.X)

    # ----- walking ----------------------------------------------------------------
    def _walk_beside(self, tiles: list[tuple[int, int]]) -> Command:
        x, y = self.sim.by_seat[self.seat].pos
        options = []
        for tx, ty in tiles:
            for nx, ny in ((tx + 1, ty), (tx - 1, ty), (tx, ty + 1), (tx, ty - 1)):
                if self.sim.walkable(nx, ny) and (nx, ny) not in tiles:
                    cx, cy = nx * self.ts + self.ts // 2, ny * self.ts + self.ts // 2
                    options.append(((cx - x) ** 2 + (cy - y) ** 2, cx, cy))
        if not options:
            return IDLE
        options.sort()
        return self._walk((options[0][1], options[0][2]))

    def _walk(self, point: tuple[int, int]) -> Command:
        self._pressed_last = False
        x, y = self.sim.by_seat[self.seat].pos
        ts = self.ts
        path = self._path((x // ts, y // ts), (point[0] // ts, point[1] // ts))
        wx, wy = point
        if len(path) > 1:
            # Aim at the next tile's centre; past the first step the straight line is clear.
            tx, ty = path[1]
            wx, wy = tx * ts + ts // 2, ty * ts + ts // 2
        dx, dy = wx - x, wy - y
        scale = max(abs(dx), abs(dy))
        if scale == 0:
            return IDLE
        speed = STICK_MAX if scale > 12 else max(3, STICK_MAX * scale // 12)
        return Command(dx * speed // scale, dy * speed // scale)

    def _path(self, start: tuple[int, int], goal: tuple[int, int]) -> list[tuple[int, int]]:
        key = (start, goal)
        if key in self._paths:
            return self._paths[key]
        prev = {start: start}
        queue = deque([start])
        while queue:
            cur = queue.popleft()
            if cur == goal:
                break
            cx, cy = cur
            for nxt in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                if nxt not in prev and (self.sim.walkable(*nxt) or nxt == goal):
                    prev[nxt] = cur
                    queue.append(nxt)
        if goal not in prev:
            return [start]
        path = [goal]
        while path[-1] != start:
            path.append(prev[path[-1]])
        self._paths[key] = path[::-1]
        return self._paths[key]


# Where the route runner takes a carried card, per the family's destination.
_DELIVERIES: dict[Destination, Callable[[RouteRunner, str], Command]] = {
    Destination.TABLE: RouteRunner._to_table, Destination.DRESSER: RouteRunner._to_dresser,
    Destination.HAND: RouteRunner._keep}
