"""Sold Out!'s seats as the match driver takes them: the bot for a seat, and the study pilot."""
from __future__ import annotations

from game.bots.soldout import SoldOutBot, make_soldout_bot
from game.driver.match_driver import Controller, bot_seed
from game.match.commands import Button, Command
from game.match.spec import SeatSpec
from game.sim.mall_face import MallFace

STUDY_READY_TICKS = 240   # a pilot's seats press ready this long into Memory's study time


def bot_for(seat: SeatSpec, sim: MallFace, match_seed: int) -> SoldOutBot:
    """The bot for a seat (a person's seat taken over plays at normal)."""
    spec = seat if seat.kind == "bot" else SeatSpec(seat.seat, seat.name, "bot", "normal", seat.team)
    return make_soldout_bot(spec, sim, bot_seed(match_seed, seat.seat))


def ready_after_study(controller: Controller[MallFace]) -> Controller[MallFace]:
    """A pilot (screenshots, the benchmark): `controller`, except that Memory's study time ends
    for everyone STUDY_READY_TICKS in, so a demo does not wait out the whole study."""
    def command(sim: MallFace) -> Command:
        if sim.phase == "study" and sim.tick - sim.phase_tick > STUDY_READY_TICKS:
            return Command(pressed=Button.A)
        return controller(sim)
    return command
