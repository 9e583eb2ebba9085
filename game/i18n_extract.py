"""A Babel extractor for the game's TOML data (garment and product names, how-to cards...).

babel.cfg names it in its [extractors] section and lists, per file, the keys whose
string values a player reads (`keys = name, blurb`); `pybabel extract` then puts
them in messages.pot beside the strings marked in the code. No pygame here.
"""
from __future__ import annotations

import json
import tomllib
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
