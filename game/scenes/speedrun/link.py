"""The game's one LiveSplit link: made from the settings (or --livesplit), kept on the Context.

`link(ctx)` returns the running link when LiveSplit is switched on (and starts
or restarts it when the address changed), None when it is off. `pump(ctx)`
turns what happened to the connection into toasts; the speedrun scenes call it
every tick, so a refused or dropped connection is a toast, never a stall.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.speedrun.livesplit_link import LiveSplitLink

if TYPE_CHECKING:
    from game.core.context import Context


def wanted(ctx: "Context") -> tuple[str, int] | None:
    """The address to link to, or None when the link is off."""
    if ctx.livesplit_address is not None:
        return ctx.livesplit_address
    s = ctx.settings
    if not getattr(s, "livesplit", False):
        return None
    return s.livesplit_host, s.livesplit_port


def link(ctx: "Context") -> LiveSplitLink | None:
    address = wanted(ctx)
    current: LiveSplitLink | None = ctx.livesplit
    if current is not None and (address is None or (current.host, current.port) != address):
        current.close(timeout=0)   # never wait on the game thread: the worker stops by itself
        ctx.livesplit = current = None
    if address is None:
        return None
    if current is None:
        ctx.livesplit = current = LiveSplitLink(*address)
    return current


def pump(ctx: "Context") -> None:
    current: LiveSplitLink | None = ctx.livesplit
    if current is None:
        return
    for message in current.messages():
        ctx.toast(message, seconds=5)


# One whole sentence per state of the link ({address} is host:port).
STATUS = {"off": N_("Status: off"), "connecting": N_("Status: connecting to {address}..."),
          "connected": N_("Status: connected to {address}"),
          "retrying": N_("Status: {address} is not reachable, retrying"),
          "closed": N_("Status: {address} closed the connection"),
          "not started": N_("Status: connects to {address} when a speedrun starts")}


def state(ctx: "Context") -> str:
    """The link's state: off, not started, connecting, connected, retrying or closed."""
    if wanted(ctx) is None:
        return "off"
    current: LiveSplitLink | None = ctx.livesplit
    return current.state if current is not None else "not started"


def status(ctx: "Context") -> str:
    """One line for the settings page."""
    address = wanted(ctx)
    said = STATUS.get(state(ctx), STATUS["not started"])
    return _(said).format(address=f"{address[0]}:{address[1]}" if address else "")


def close(ctx: "Context") -> None:
    if ctx.livesplit is not None:
        ctx.livesplit.close(timeout=0)
        ctx.livesplit = None
