"""The game's one LiveSplit link: made from the settings (or --livesplit), kept on the Context.

`link(ctx)` returns the running link when LiveSplit is switched on (and starts
or restarts it when the address changed), None when it is off. `pump(ctx)`
turns what happened to the connection into toasts; the speedrun scenes call it
every tick, so a refused or dropped connection is a toast, never a stall.
`close(ctx)` ends it; the window does that as it closes, giving the last
commands (the reset that stores a finished run) a moment to go out.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.text.i18n import N_, _
from game.speedrun.address import AddressError, check_host, show_address
from game.speedrun.livesplit_link import LiveSplitLink

if TYPE_CHECKING:
    from game.core.context import Context

FLUSH_SECONDS = 1.0   # the window waits this long at most for the link's last commands


def wanted(ctx: "Context") -> tuple[str, int] | None:
    """The address to link to, or None when the link is off."""
    if ctx.livesplit_address is not None:
        return ctx.livesplit_address
    s = ctx.settings
    if not s.livesplit:
        return None
    try:
        return check_host(s.livesplit_host), s.livesplit_port
    except AddressError:     # the settings reader and the editor keep such a host out
        return None


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


# One whole sentence per state of the link ({address} is host:port; {problem} a short reason).
STATUS = {"off": N_("Status: off"), "connecting": N_("Status: connecting to {address}..."),
          "connected": N_("Status: connected to {address}"),
          "retrying": N_("Status: {address} is not reachable, retrying"),
          "closed": N_("Status: {address} closed the connection"),
          "stopped": N_("Status: the link to {address} stopped: {problem}"),
          "not started": N_("Status: connects to {address} when a speedrun starts")}


def state(ctx: "Context") -> str:
    """The link's state: off, not started, connecting, connected, retrying, closed or stopped."""
    if wanted(ctx) is None:
        return "off"
    current: LiveSplitLink | None = ctx.livesplit
    return current.state if current is not None else "not started"


def status(ctx: "Context", host_chars: int | None = None) -> str:
    """One line for the settings page; a host longer than `host_chars` keeps only its two ends."""
    address = wanted(ctx)
    said = STATUS.get(state(ctx), STATUS["not started"])
    if address is None:
        return _(said)
    host = address[0]
    if host_chars is not None and len(host) > host_chars:
        host = host[:host_chars // 2 - 1] + "…" + host[-(host_chars // 2):]
    current: LiveSplitLink | None = ctx.livesplit
    problem = current.problem if current is not None and current.problem else ""
    return _(said).format(address=show_address(host, address[1]), problem=_(problem) if problem else "")


def close_link(ctx: "Context") -> None:
    """The window closes: the link's last commands are sent (waiting FLUSH_SECONDS at most)."""
    close(ctx, timeout=FLUSH_SECONDS)


def close(ctx: "Context", timeout: float = 0.0) -> None:
    if ctx.livesplit is not None:
        ctx.livesplit.close(timeout=timeout)
        ctx.livesplit = None
