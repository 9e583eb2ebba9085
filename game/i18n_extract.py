"""Babel extractors for the game's data: TOML (garment and product names, how-to cards...) and the
shipped levels' names (a Tiled map's `name` property).

babel.cfg names them in its [extractors] section and lists, per TOML file, the keys whose
string values a player reads (`keys = name, blurb`); `pybabel extract` then puts
them in messages.pot beside the strings marked in the code. No pygame here.
"""
from __future__ import annotations

import json
import tomllib
import xml.etree.ElementTree as ET
from typing import IO, Iterator


def _strings(node: object, keys: set[str], key: str | None = None) -> Iterator[str]:
    if isinstance(node, dict):
        for name, value in node.items():
            yield from _strings(value, keys, name)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, keys, key)
    elif isinstance(node, str) and key in keys and node.strip():
        yield node


def extract_toml(fileobj: IO[bytes], keywords: object, comment_tags: object,
                 options: dict[str, str]) -> Iterator[tuple[int, str, str, list[str]]]:
    """(line, function, message, comments) for every string under one of options["keys"]."""
    raw = fileobj.read().decode("utf-8")
    keys = {k.strip() for k in options.get("keys", "name").split(",") if k.strip()}
    lines = raw.splitlines()
    seen: set[str] = set()
    for message in _strings(tomllib.loads(raw), keys):
        if message in seen:
            continue
        seen.add(message)
        quoted = json.dumps(message, ensure_ascii=False)
        line = next((n for n, text in enumerate(lines, 1) if quoted in text), 1)
        yield line, "_", message, []


def extract_tmx(fileobj: IO[bytes], keywords: object, comment_tags: object,
                options: dict[str, str]) -> Iterator[tuple[int, str, str, list[str]]]:
    """A shipped level's name (the map property `name`), shown in the lobby in the player's language."""
    raw = fileobj.read()
    for prop in ET.fromstring(raw).iterfind("properties/property"):
        if prop.get("name") == "name" and (prop.get("value") or "").strip():
            line = raw[:raw.find(b'name="name"')].count(b"\n") + 1
            yield line, "_", prop.get("value") or "", ["the name of a shipped level (a mall)"]
