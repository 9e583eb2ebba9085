"""What stops a match's clock in the window, and saving its recording: shared by the mall and
the dice table.

`interrupted()` pushes the pause menu (START / Escape), the reconnect overlay (a pad pulled
out) or the how-to card (BACK) and says so: the scene then does not step its match this tick.
`save_recording()` writes a `--record FILE` replay once the match is over, with a toast.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from game.driver.match_driver import S, MatchDriver
from game.text.i18n import _
from game.match.commands import Button, Command
from game.scenes.menus import push_howto
from game.scenes.menus import PauseScene, wants_pause
from game.scenes.pads import ReconnectScene, needs_reconnect

if TYPE_CHECKING:
    from game.core.context import Context


def interrupted(ctx: "Context", commands: dict[int, Command], on_bot: Callable[[int], None], howto: str) -> bool:
    """Push the pause menu, the reconnect overlay or the how-to card `howto` if one is due."""
    if wants_pause(ctx, commands):
        ctx.sound("confirm")
        ctx.stack.push(PauseScene(ctx))
        return True
    if needs_reconnect(ctx):
        ctx.stack.push(ReconnectScene(ctx, on_bot=on_bot))
        return True
    if any(cmd.pressed & Button.BACK for seat, cmd in commands.items() if seat >= 0):
        push_howto(ctx, howto)
        return True
    return False


def save_recording(ctx: "Context", driver: MatchDriver[S]) -> None:
    """The match is over: write its replay to the --record path (once), and say where. A match
    not being recorded (a demo, a replay) leaves the path for the next one."""
    if driver.writer is None:
        return
    if ctx.record_to is not None:       # the career judges the match from its replay
        hand, ctx.record_to = ctx.record_to, None
        writer = driver.stop_recording()
        if writer is not None:
            hand(writer.text())
        return
    path, ctx.record_path = ctx.record_path, None
    writer = driver.stop_recording()
    if writer is None or path is None:
        return
    try:
        writer.save(Path(path))
        ctx.toast(_("Replay saved: {path}").format(path=path))
    except OSError as exc:
        ctx.toast(_("Could not save the replay {path}: {error}").format(path=path, error=exc.strerror or exc))
