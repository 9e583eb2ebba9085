"""A shopper in the mall: a seat's avatar, its body and the per-seat state of its controls."""
from __future__ import annotations

from game.match.commands import Command
from game.sim.physics import Body
from game.sim.tuning import FP

# Avatar.aim: (command, target vx, vy, any button) of the last stick worked out. A bot repeats
# one Command object for many ticks, so most ticks reuse it; facing was set then. Forgotten
# (NO_AIM) when the top speed changes: a pile picked up or put down (MallSim._play).
NO_AIM: tuple[Command | None, int, int, bool] = (None, 0, 0, False)


class Avatar:
    """A seat's avatar and its per-seat controls state. The scene reads; only the sim writes."""

    __slots__ = ("seat", "player", "body", "last_flip", "y_ticks", "target_slot", "hand_index",
                 "hand_open", "ready", "reject_reason", "reject_tick", "bot", "aim")

    def __init__(self, seat: int, player: int, x: int, y: int, bot: bool) -> None:
        self.seat = seat
        self.player = player          # the engine's player index
        self.body = Body(x * FP, y * FP)
        self.last_flip = -10**9       # tick of the last flip
        self.y_ticks = 0              # how long Y has been held (calling SOLD OUT!)
        self.target_slot: int | None = None  # the objective card for the next delivery (None = auto)
        self.hand_index = 0           # the selected hand card
        self.hand_open = False        # LB or RB held this tick (the owner looks at the hand)
        self.ready = bot              # study phase: bots are always ready
        self.reject_reason = ""
        self.reject_tick = -1
        self.bot = bot
        self.aim = NO_AIM             # the last stick worked out (MallSim._play); never hashed

    def respawn(self, x: int, y: int) -> None:
        """A new round: standing at a spawn point, facing into the shop, every control at rest."""
        self.body = Body(x * FP, y * FP)
        self.body.fy = -1  # facing into the shop, away from the entrance
        self.aim = NO_AIM  # a new body: the next stick sets its facing
        self.last_flip = -10**9
        self.y_ticks = 0
        self.target_slot = None
        self.hand_index = 0
        self.hand_open = False
        self.ready = self.bot
        self.reject_reason = ""
        self.reject_tick = -1

    @property
    def pos(self) -> tuple[int, int]:
        """Centre in whole pixels."""
        return self.body.x // FP, self.body.y // FP

    @property
    def facing(self) -> tuple[int, int]:
        return self.body.fx, self.body.fy
