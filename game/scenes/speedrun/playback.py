"""A speedrun replay played back in its run scene, with its timer and splits (a pasted run code,
a saved run, a kept attempt), and which device starts a run."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.scene import Scene
from game.match.commands import Button
from game.input.seating import DeviceId
from game.driver.replay import Replay
from game.scenes import registry
from game.speedrun.records import Records
from game.speedrun.splits import Comparison
from game.speedrun.verify import check_setup

if TYPE_CHECKING:
    from game.core.context import Context


def pressing_device(ctx: "Context") -> DeviceId | None:
    """The device that pressed A: it plays the run (pads and both keyboard halves work)."""
    inp = ctx.input
    for device in inp.devices():
        if inp.device_command(device).pressed & Button.A:
            return device
    return inp.devices()[0] if inp.devices() else None


def playback_scene(ctx: "Context", replay: Replay, records: Records | None = None,
                   comparison: Comparison | None = None) -> Scene:
    """The run scene playing a speedrun replay back (VerifyError if it is not a legal run), against
    `comparison` (a kept attempt's own PB) or the board's."""
    setup = check_setup(replay)
    records = records if records is not None else Records()
    return registry.run_scene(ctx, setup, registry.RunStart(records=records, playback=replay, ghost=False,
                                                            comparison=comparison))
