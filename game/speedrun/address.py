"""Where LiveSplit's server is: one rule for a host and a port, used by every door a player types one into.

The in-game editor, the settings file and `--livesplit HOST:PORT` all check a
host here, so a name the network library would choke on (an empty label as in
`a..b`, a label over 63 characters) never reaches the link's thread. A host is
a name made of RFC 1123 labels (letters, digits and inner hyphens, 1 to 63
characters each, 253 in all), an IPv4 address, or an IPv6 address in brackets
(`[::1]`); a port is a whole number from 1 to 65535.
"""
from __future__ import annotations

import ipaddress
import re

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 16834
MAX_NAME = 253
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


class AddressError(ValueError):
    """A host or port no connection could use; str() is one line for the player."""


def host_problem(text: str) -> str | None:
    """Why `text` is not a host LiveSplit can be reached at (one line), or None when it is one."""
    if text.startswith("["):
        inner = text[1:-1] if text.endswith("]") else ""
        try:
            ipaddress.IPv6Address(inner)
        except ValueError:
            return f"{text!r} is not an IPv6 address in brackets"
        return None
    if ":" in text:
        return f"{text!r}: write an IPv6 address in brackets, as in [::1]"
    if not text:
        return "the host is empty"
    if len(text) > MAX_NAME:
        return f"a host name has at most {MAX_NAME} characters, not {len(text)}"
    labels = text.split(".")
    if labels[-1].isdigit():    # an address, not a name (RFC 1123: a top-level label is never all digits)
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            return f"{text!r} is not an IPv4 address"
        return None
    for label in labels:
        if not _LABEL.fullmatch(label):
            return f"{text!r} is not a host name: {_label_problem(label)}"
    return None


def _label_problem(label: str) -> str:
    if not label:
        return "two dots with nothing between, or a dot at an end"
    if len(label) > 63:
        return f"a part of {len(label)} characters (at most 63)"
    if label.startswith("-") or label.endswith("-"):
        return f"{label!r} starts or ends with a hyphen"
    return f"{label!r} holds a character other than letters, digits and hyphens"


def check_host(text: str) -> str:
    """The host to connect to (an IPv6 address without its brackets); AddressError if it is none."""
    problem = host_problem(text)
    if problem is not None:
        raise AddressError(problem)
    return text[1:-1] if text.startswith("[") else text


def parse_port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise AddressError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


def parse_address(text: str) -> tuple[str, int]:
    """'HOST:PORT', 'HOST', ':PORT' or '[IPv6]:PORT' -> (host to connect to, port); AddressError otherwise."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        end = text.index("]") + 1
        host, rest = text[:end], text[end:]
        if rest and not rest.startswith(":"):
            raise AddressError(f"{text!r}: after an IPv6 address in brackets comes :PORT")
        port_text = rest[1:] if rest else str(DEFAULT_PORT)
    elif text.count(":") > 1:
        raise AddressError(f"{text!r}: write an IPv6 address in brackets, as in [::1]:{DEFAULT_PORT}")
    else:
        host, _sep, port_text = text.partition(":")
        if not _sep:
            port_text = str(DEFAULT_PORT)
    return check_host(host or DEFAULT_HOST), parse_port(port_text)


def show_address(host: str, port: int) -> str:
    """host:port as a player types it ([::1]:16834 for an IPv6 address)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
