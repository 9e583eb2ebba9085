"""The one reader for files the game did not just write itself: levels, replays, run
codes, scenarios and the player's user files.

Whatever a file holds, reading it costs bounded time and memory, and a refusal
is one printable line:
- a size cap checked before reading (and again while reading, in case the file grows);
- FIFOs, devices and folders refused without blocking on them;
- compressed data inflated only up to a cap;
- numbers parsed strictly: ASCII digits only, bounded length, finite floats;
- anything echoed back (a path, a header value) escaped into one short printable line.
"""
from __future__ import annotations

import json
import os
import re
import stat
import tomllib
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.text.notice import N_, Notice, Quantity

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

MAX_INT_DIGITS = 24          # far above any seed, count or key code the game writes
MAX_ECHO = 80                # characters of untrusted text quoted back in a message
_INT_RE = re.compile(r"[+-]?[0-9]{1,%d}" % MAX_INT_DIGITS, re.ASCII)


class UntrustedError(ValueError):
    """A file or value that cannot be used; str() is one printable line."""


def echo(value: object, limit: int = MAX_ECHO) -> str:
    """`value` as one printable line of at most `limit` characters (escapes newlines, ANSI, NULs...)."""
    text = str(value)
    out: list[str] = []
    size = 0
    for ch in text:
        piece = ch if ch.isprintable() else repr(ch)[1:-1]
        if size + len(piece) > limit:
            out.append("...")
            break
        out.append(piece)
        size += len(piece)
    return "".join(out)


def size_text(limit: int) -> Quantity:
    """A byte cap as people say it: 16 MB, 512 KB (in a Notice, said the player's way: 16 Mo)."""
    if limit >= 1 << 20:
        return Quantity(float(f"{limit / (1 << 20):.3g}"), "digital-megabyte", f"{limit / (1 << 20):.3g} MB")
    if limit >= 1 << 10:
        return Quantity(float(f"{limit / (1 << 10):.3g}"), "digital-kilobyte", f"{limit / (1 << 10):.3g} KB")
    return Quantity(limit, "digital-byte", f"{limit} bytes")


def read_bytes(path: Path | str, limit: int, what: str = "file", empty_ok: bool = True) -> bytes:
    """The whole of a regular file of at most `limit` bytes; UntrustedError otherwise (and for a
    file of nothing but white space unless `empty_ok`: "is empty" says more than a parser would).

    Opened non-blocking so a FIFO cannot hang us; the type and size are checked
    on the open descriptor, so what we check is what we read.
    """
    shown = echo(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UntrustedError(f"{shown}: no such file") from None
    except OSError as exc:
        raise UntrustedError(f"{shown}: cannot read ({exc.strerror or type(exc).__name__})") from None
    except ValueError:   # a NUL byte in the name
        raise UntrustedError(f"{shown}: no such file") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise UntrustedError(f"{shown}: is {kind}, not a {what}")
        if info.st_size > limit:
            raise UntrustedError(f"{shown}: too big for a {what} ({size_text(info.st_size)}, "
                                 f"the limit is {size_text(limit)})")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise UntrustedError(f"{shown}: too big for a {what} (the limit is {size_text(limit)})")
        data = b"".join(chunks)
        if not empty_ok and not data.strip():
            raise UntrustedError(f"{shown}: is empty, not a {what}")
        return data
    except OSError as exc:
        raise UntrustedError(f"{shown}: cannot read ({exc.strerror or type(exc).__name__})") from None
    finally:
        os.close(fd)


def decode_text(data: bytes, where: str) -> str:
    """UTF-8 (a BOM allowed) or UntrustedError."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UntrustedError(f"{echo(where)}: not UTF-8 text") from None


def read_text(path: Path | str, limit: int, what: str = "file", empty_ok: bool = True) -> str:
    return decode_text(read_bytes(path, limit, what, empty_ok), str(path))


def inflate(data: bytes, limit: int, wbits: int = zlib.MAX_WBITS | 32) -> bytes:
    """zlib or gzip data inflated to at most `limit` bytes; UntrustedError past the cap or if damaged.

    The default wbits accepts both zlib and gzip headers.
    """
    inflater = zlib.decompressobj(wbits)
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error:
        raise UntrustedError(Notice(N_("compressed data is damaged"))) from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise UntrustedError(Notice(N_("compressed data expands past the {limit} limit"), limit=size_text(limit)))
    if not inflater.eof:
        raise UntrustedError(Notice(N_("compressed data is cut short")))
    if inflater.unused_data:   # a second gzip member: other readers would inflate it too
        raise UntrustedError(Notice(N_("compressed data has more after its end")))
    return out


def strict_int(text: str, low: int, high: int) -> int | None:
    """`text` as an int in low..high if it is plain ASCII digits (an optional sign), else None.

    str.isdigit() and int() accept '²' and Arabic-Indic digits and thousands of digits: not this.
    """
    if not isinstance(text, str) or not _INT_RE.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UntrustedError(f"a number with {len(text)} digits")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise UntrustedError("a number too large")
    return value


def _json_constant(name: str) -> float:
    raise UntrustedError(f"{name} is not a number")


def parse_json(text: str, where: str) -> object:
    """JSON with bounded integers and finite floats only (no NaN/Infinity); UntrustedError otherwise."""
    try:
        return json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise UntrustedError(f"{echo(where)}: not valid JSON (line {exc.lineno})") from None
    except RecursionError:
        raise UntrustedError(f"{echo(where)}: not valid JSON (nested too deeply)") from None
    except UntrustedError as exc:
        raise UntrustedError(f"{echo(where)}: not valid JSON ({exc})") from None
    except ValueError:
        raise UntrustedError(f"{echo(where)}: not valid JSON") from None


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """TOML with finite floats; too-deep nesting or a huge integer is a refusal, not a crash."""
    try:
        return tomllib.loads(text, parse_float=_json_float)
    except tomllib.TOMLDecodeError as exc:
        raise UntrustedError(f"{echo(where)}: not valid TOML ({echo(exc)})") from None
    except RecursionError:
        raise UntrustedError(f"{echo(where)}: not valid TOML (nested too deeply)") from None
    except ValueError as exc:   # int() past Python's digit limit, or our own float check
        raise UntrustedError(f"{echo(where)}: not valid TOML ({echo(exc)})") from None


def parse_xml(data: bytes, what: str) -> ET.Element:
    """The one XML door (maps, tilesets, templates, splits): parsed by a hardened parser that refuses
    a DTD, entities and external references in whatever encoding the bytes declare (UTF-16 and
    UTF-32 included: a search for ASCII "<!DOCTYPE" does not see them); UntrustedError otherwise."""
    # The XML parsers when a file is parsed: a command that reads no map or splits (a Check Out!
    # match, a replay of one) never loads them (issue #46).
    import xml.etree.ElementTree as ET

    import defusedxml.ElementTree as SafeET
    from defusedxml import DefusedXmlException
    try:
        return SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise UntrustedError(f"the {what} declares a DTD or entities (Tiled never writes one)") from None
    except (ET.ParseError, LookupError, ValueError, RecursionError) as exc:
        raise UntrustedError(f"not a Tiled {what} ({echo(exc, 100)})") from None
