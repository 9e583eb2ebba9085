"""Reading a tuning file (TOML): the checks sim/tuning.py and sim/table_tuning.py share. A
broken file raises the caller's own error class, with the file and the key in its message."""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_tuning(path: Path, error: type[Exception]) -> dict[str, Any]:
    """The file's tables; `error` names the file when it cannot be read or parsed."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise error(f"{path}: {exc}") from None


def tuning_number(path: Path, table: dict[str, Any], section: str, key: str, error: type[Exception]) -> float:
    """`table[key]` (the file's [section]) as a float: it must be there and be a number >= 0."""
    try:
        value = table[key]
    except KeyError:
        raise error(f"{path}: missing [{section}] {key}") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise error(f"{path}: [{section}] {key} must be a number >= 0")
    return float(value)
