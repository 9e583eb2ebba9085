"""What a Sold Out! match counts for the records (game.match.tally): SOLD OUT! calls, flips, cards
delivered or placed, tiles walked and the fastest first card of a round, from the mall's events
and its avatars' bodies."""
from __future__ import annotations

import math
from typing import assert_never

from game.match.spec import MatchSpec
from game.match.tally import Tally
from game.sim.mall_events import (
    Called, Delivered, Flipped, HandBack, MallEvent, MallPhase, PhaseChanged, PileGone, Picked, Placed, PutDown, Ready,
    Rejected, Returned, RoundEnded, Selected, SoldOutCalled, Took,
)
from game.sim.mall_face import MallFace
from game.sim.tuning import FP


class SoldOutTally(Tally[MallFace]):
    def __init__(self, spec: MatchSpec) -> None:
        super().__init__(spec)
        self._round_grabs: set[int] = set()    # seats that have delivered or placed a card this round

    def observe(self, world: MallFace) -> None:
        for event in world.events:
            self._count(event, world)
        if world.phase == MallPhase.PLAYING:
            self._walk(world)

    def _count(self, event: MallEvent, world: MallFace) -> None:
        facts = self.facts
        match event:
            case Flipped(seat=seat) if seat in facts:
                facts[seat].flips += 1
            case Delivered(seat=seat) | Placed(seat=seat) if seat in facts:
                first = seat not in self._round_grabs
                self._round_grabs.add(seat)
                if first:
                    facts[seat].grabbed_after(world.tick - world.round_tick)
                else:
                    facts[seat].grabs += 1
            case SoldOutCalled(seat=seat) if seat is not None and seat in facts:
                facts[seat].sold_out_calls += 1
            case PhaseChanged(phase=MallPhase.PLAYING):
                self._round_grabs = set()
            case (Picked() | Flipped() | Took() | Delivered() | Placed() | PutDown() | Returned() | HandBack()
                  | Called() | Selected() | Ready() | Rejected() | PileGone() | SoldOutCalled() | RoundEnded()
                  | PhaseChanged()):
                pass      # not a fact the records keep
            case _:
                assert_never(event)

    def _walk(self, world: MallFace) -> None:
        """Each avatar's step this tick, in tiles (a bump back counts as walked: the feet moved)."""
        unit = FP * world.level.tile_size
        for avatar in world.avatars:
            body = avatar.body
            if body.x != body.prev_x or body.y != body.prev_y:
                facts = self.facts.get(avatar.seat)
                if facts is not None:
                    facts.walked += math.hypot(body.x - body.prev_x, body.y - body.prev_y) / unit

    def scores(self, world: MallFace) -> dict[int, int]:
        match = world.match
        return {seat: match.player_total(player) for seat, player in world.player_of.items()}

    def modes(self, world: MallFace) -> tuple[str, ...]:
        return tuple(result.mode for result in world.match.results) or (world.mode,)

    def level(self, world: MallFace) -> str:
        return world.level.name
