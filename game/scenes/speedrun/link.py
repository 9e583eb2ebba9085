"""The game's one LiveSplit link: made from the settings (or --livesplit), kept on the Context.

`link(ctx)` returns the running link when LiveSplit is switched on (and starts
or restarts it when the address or the kind of link changed), None when it is
off. One setting says which link: LiveSplit's TCP server (the game connects to
it) or LiveSplit One (the game opens a WebSocket endpoint it connects to). `pump(ctx)`
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
from game.speedrun.livesplit_one import LiveSplitOneLink, lan_address

if TYPE_CHECKING:
    from game.core.context import Context

FLUSH_SECONDS = 1.0   # the window waits this long at most for the link's last commands


ONE_LOCAL, ONE_OTHERS = "localhost", "0.0.0.0"   # where LiveSplit One may connect from: this computer, any


def wanted(ctx: "Context") -> tuple[str, str, int] | None:
    """(kind, host, port) to link with, or None when the link is off: ("tcp", LiveSplit's host,
    its port) or ("one", ONE_LOCAL or ONE_OTHERS, the game's port)."""
    if ctx.livesplit_address is not None:
        return ("tcp", *ctx.livesplit_address)
    s = ctx.settings
    if not s.livesplit:
        return None
    if s.livesplit_link == "one":
        return "one", ONE_OTHERS if s.livesplit_others else ONE_LOCAL, s.livesplit_port
    try:
        return "tcp", check_host(s.livesplit_host), s.livesplit_port
    except AddressError:     # the settings reader and the editor keep such a host out
        return None


def link(ctx: "Context") -> LiveSplitLink | None:
    spec = wanted(ctx)
    current: LiveSplitLink | None = ctx.livesplit
    if current is not None and (spec is None or (current.kind, current.host, current.port) != spec):
        current.close(timeout=0)   # never wait on the game thread: the worker stops by itself
        ctx.livesplit = current = None
    if spec is None:
        return None
    if current is None:
        kind, host, port = spec
        current = LiveSplitOneLink(port, others=host == ONE_OTHERS) if kind == "one" else LiveSplitLink(host, port)
        ctx.livesplit = current
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
# The same for LiveSplit One, which connects to the game ({address} is ws://localhost:16834).
STATUS_ONE = {"connecting": N_("Status: waiting for LiveSplit One to connect to {address}"),
              "connected": N_("Status: LiveSplit One is connected to {address}"),
              "retrying": N_("Status: {address} cannot be opened ({problem}), retrying"),
              "closed": N_("Status: {address} is closed"),
              "stopped": N_("Status: the link at {address} stopped: {problem}"),
              "not started": N_("Status: opens {address} when a speedrun starts")}


def state(ctx: "Context") -> str:
    """The link's state: off, not started, connecting, connected, retrying, closed or stopped."""
    if wanted(ctx) is None:
        return "off"
    current: LiveSplitLink | None = ctx.livesplit
    return current.state if current is not None else "not started"


def status(ctx: "Context", host_chars: int | None = None) -> str:
    """One line for the settings page; a host longer than `host_chars` keeps only its two ends."""
    spec = wanted(ctx)
    if spec is None:
        return _(STATUS["off"])
    kind, host, port = spec
    current: LiveSplitLink | None = ctx.livesplit
    problem = current.problem if current is not None and current.problem else ""
    if kind == "one":
        said = STATUS_ONE.get(state(ctx), STATUS_ONE["not started"])
        return _(said).format(address=one_address(ctx), problem=_(problem) if problem else "")
    said = STATUS.get(state(ctx), STATUS["not started"])
    if host_chars is not None and len(host) > host_chars:
        host = host[:host_chars // 2 - 1] + "…" + host[-(host_chars // 2):]
    return _(said).format(address=show_address(host, port), problem=_(problem) if problem else "")


def one_address(ctx: "Context") -> str:
    """The address LiveSplit One connects to (ws://localhost:16834), the link on or off."""
    current: LiveSplitLink | None = ctx.livesplit
    if isinstance(current, LiveSplitOneLink):
        return current.address
    s = ctx.settings
    return f"ws://{lan_address() if s.livesplit_others else 'localhost'}:{s.livesplit_port}"


def close_link(ctx: "Context") -> None:
    """The window closes: the link's last commands are sent (waiting FLUSH_SECONDS at most)."""
    close(ctx, timeout=FLUSH_SECONDS)


def close(ctx: "Context", timeout: float = 0.0) -> None:
    if ctx.livesplit is not None:
        ctx.livesplit.close(timeout=timeout)
        ctx.livesplit = None
