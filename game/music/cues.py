"""What a game scene asks of the music, read from what everyone at the TV can see.

A scene with music of its own answers `music_cue()` with a Cue: the track and how intense it
should be (0..1, the drive layer's level). These readers look only at public state (the
mall's public view, the table's public queries, the phase and its timers) and change
nothing: the music is presentation, the simulation never hears of it.
"""
from __future__ import annotations

from typing import NamedTuple

from game import TICK_RATE
from game.rules.checkout import BIDDING, BONUS, BONUS_SOLO, CHECKOUT, FRENZY
from game.rules.soldout import modes
from game.sim.mall_face import MallForMusic
from game.sim.mall_events import MallPhase
from game.sim.table import COUNTDOWN, REVEAL
from game.sim.table_face import TableForMusic

CARDS_LEFT = 1          # a side this close to done lifts the mall's music
LAST_SECONDS = 20       # ... and so do the last seconds of a timed round


class Cue(NamedTuple):
    track: str
    intensity: float = 0.0


def mall_cue(sim: MallForMusic) -> Cue:
    """The mode's track (by its rule family); full drive once a side has one card to go, a
    player holds Y to call SOLD OUT!, or the round's time runs out, and through the SOLD OUT!
    moment (its jingle cuts in on the beat)."""
    track = modes.get(sim.mode).family.key
    return Cue(track, 1.0 if _mall_near_end(sim) else 0.0)


def _mall_near_end(sim: MallForMusic) -> bool:
    if sim.phase == MallPhase.SOLD_OUT:
        return True
    if sim.phase != MallPhase.PLAYING:
        return False
    view = sim.public_view()
    if any(view.cards_to_go(side) <= CARDS_LEFT for side in range(view.sides())):
        return True
    if any(av.y_ticks for av in sim.avatars):          # the SOLD OUT! ring is filling
        return True
    return sim.round_ticks_left() <= LAST_SECONDS * TICK_RATE


def table_cue(sim: TableForMusic) -> Cue:
    """The table's track, driving in the last player's countdown and all through the last
    round; from the bids on, the bonus round's, driving once every bid but one is in (someone
    is keeping the table waiting) and on through the bonus round itself."""
    phase = sim.phase
    last_round = sim.rules.normal_rounds
    if phase in (BIDDING, REVEAL, BONUS, BONUS_SOLO) or (phase == COUNTDOWN and sim.round_number() > last_round):
        if phase != BIDDING:
            return Cue("bonus_round", 1.0)
        bids = sum(1 for seat in range(sim.n) if sim.bid_made(seat))
        return Cue("bonus_round", 1.0 if bids >= max(1, sim.n - 1) else 0.0)
    final = sim.round_number() == last_round and phase in (FRENZY, CHECKOUT)
    return Cue("table", 1.0 if final or sim.last_player() is not None else 0.0)
