"""Babel extractors for the game's data: TOML (garment and product names, how-to cards...) and the
shipped Tiled levels (their names, descriptions and the words on their signs).

babel.cfg names them in its [extractors] section and lists, per file, the keys whose string values
a player reads (`keys = name, blurb`; for a level, the map's `properties = name`), with a note for
the translators per top-level table (`note_garment = ...`) or for the whole file (`note = ...`);
`pybabel extract` then puts them in messages.pot beside the strings marked in the code. No pygame here.
"""
from __future__ import annotations

import json
import tomllib
import xml.etree.ElementTree as ET
from typing import IO, Iterator


def _strings(node: object, keys: set[str], key: str | None = None,
             table: str | None = None) -> Iterator[tuple[str, str | None]]:
    """(string, top-level table it is under) for every string under one of `keys`."""
    if isinstance(node, dict):
        for name, value in node.items():
            yield from _strings(value, keys, name, name if table is None else table)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value, keys, key, table)
    elif isinstance(node, str) and key in keys and node.strip():
        yield node, table


def _notes(options: dict[str, str], table: str | None) -> list[str]:
    note = options.get(f"note_{table}") or options.get("note")
    return [f"TRANSLATORS: {note}"] if note else []


def extract_toml(fileobj: IO[bytes], keywords: object, comment_tags: object,
                 options: dict[str, str]) -> Iterator[tuple[int, str, str, list[str]]]:
    """(line, function, message, comments) for every string under one of options["keys"]."""
    raw = fileobj.read().decode("utf-8")
    keys = {k.strip() for k in options.get("keys", "name").split(",") if k.strip()}
    lines = raw.splitlines()
    seen: set[str] = set()
    for message, table in _strings(tomllib.loads(raw), keys):
        if message in seen:
            continue
        seen.add(message)
        quoted = json.dumps(message, ensure_ascii=False)
        line = next((n for n, text in enumerate(lines, 1) if quoted in text), 1)
        yield line, "_", message, _notes(options, table)


def extract_tmx(fileobj: IO[bytes], keywords: object, comment_tags: object,
                options: dict[str, str]) -> Iterator[tuple[int, str, str, list[str]]]:
    """(line, function, message, comments) for the map's own properties named in
    options["properties"] (a shipped level's `name`, `description`) and its objects' properties
    named in options["objects"] (a sign's `text`, with options["note_objects"] for the translators)."""
    wanted = {k.strip() for k in options.get("properties", "name").split(",") if k.strip()}
    on_objects = {k.strip() for k in options.get("objects", "").split(",") if k.strip()}
    root = ET.fromstring(fileobj.read())
    for prop in root.iterfind("properties/property"):
        value = (prop.get("value") or "").strip()
        if prop.get("name") in wanted and value:
            yield 1, "_", value, _notes(options, prop.get("name"))
    for prop in root.iterfind("objectgroup/object/properties/property"):
        value = (prop.get("value") or "").strip()
        if prop.get("name") in on_objects and value:
            yield 1, "_", value, _notes(options, "objects")
