"""One small validator for every structured file the game reads: user files, replay headers, scenarios.

A schema is a function `check(value, where) -> value` that returns the value
(unchanged) or raises SchemaError naming where it went wrong ("boards.k.pb.ticks:
expected a whole number 0..2160000"). Build them from the helpers below; a file
is checked once, before anything uses it, so the code that reads it may trust
every type, range and length.
"""
from __future__ import annotations

import math
import re
from typing import Any, Callable, Iterable

from game.files.untrusted import echo

Check = Callable[[Any, str], Any]


class SchemaError(ValueError):
    """A value of the wrong shape; str() is one line: '<where>: <problem>'; .where is the key path."""

    where = ""


def _fail(where: str, problem: str) -> SchemaError:
    error = SchemaError(f"{where or 'the file'}: {problem}")
    error.where = where
    return error


def validate(value: Any, schema: Check, where: str = "") -> Any:
    return schema(value, where)


def integer(low: int, high: int) -> Check:
    def check(value: Any, where: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _fail(where, f"expected a whole number {low}..{high}")
        return value
    return check


def number(low: float, high: float) -> Check:
    """An int or a finite float in low..high (never a bool)."""
    def check(value: Any, where: str) -> Any:
        if (isinstance(value, bool) or not isinstance(value, (int, float))
                or not math.isfinite(value) or not low <= value <= high):
            raise _fail(where, f"expected a number {low:g}..{high:g}")
        return value
    return check


def boolean() -> Check:
    def check(value: Any, where: str) -> Any:
        if not isinstance(value, bool):
            raise _fail(where, "expected true or false")
        return value
    return check


def text(max_len: int, pattern: str | None = None, choices: Iterable[str] | None = None,
         min_len: int = 0) -> Check:
    """A string of min_len..max_len printable characters, optionally matching `pattern` (ASCII) or one of `choices`."""
    regex = re.compile(pattern, re.ASCII) if pattern else None
    allowed = tuple(choices) if choices is not None else None

    def check(value: Any, where: str) -> Any:
        if not isinstance(value, str):
            raise _fail(where, "expected text")
        if not min_len <= len(value) <= max_len:
            raise _fail(where, f"text must be {min_len}..{max_len} characters")
        if allowed is not None and value not in allowed:
            raise _fail(where, f"{echo(value, 30)!r} is not one of {', '.join(allowed)}")
        if regex is not None and not regex.fullmatch(value):
            raise _fail(where, f"{echo(value, 30)!r} is not in the expected form")
        if not value.isprintable():
            raise _fail(where, "text holds control characters")
        return value
    return check


def nullable(inner: Check) -> Check:
    def check(value: Any, where: str) -> Any:
        return None if value is None else inner(value, where)
    return check


def one_of(*options: Check) -> Check:
    """The first option that accepts the value; the last option's complaint otherwise."""
    def check(value: Any, where: str) -> Any:
        error: SchemaError | None = None
        for option in options:
            try:
                return option(value, where)
            except SchemaError as exc:
                error = exc
        raise error or _fail(where, "no valid form")
    return check


def array(item: Check, max_len: int, min_len: int = 0, unique: Callable[[Any], Any] | None = None) -> Check:
    """A list of min_len..max_len items; `unique` maps an item to a key that may not repeat."""
    def check(value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise _fail(where, "expected a list")
        if not min_len <= len(value) <= max_len:
            raise _fail(where, f"expected {min_len}..{max_len} items, got {len(value)}")
        seen: list[Any] = []
        for i, element in enumerate(value):
            item(element, f"{where}[{i}]")
            if unique is not None:
                key = unique(element)
                if key in seen:
                    raise _fail(f"{where}[{i}]", f"{echo(key, 30)} appears twice")
                seen.append(key)
        return value
    return check


def table(fields: dict[str, Check], required: Iterable[str] = (), max_extra: int = 64) -> Check:
    """A JSON object / TOML table: known fields checked when present, `required` ones must be.

    Unknown keys are allowed (a newer game may add some) but bounded in number.
    """
    needed = tuple(required)

    def check(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise _fail(where, "expected a table")
        for name in needed:
            if name not in value:
                raise _fail(where, f"no {name!r}")
        extra = sum(1 for k in value if k not in fields)
        if extra > max_extra:
            raise _fail(where, f"{extra} unknown keys")
        for name, field_check in fields.items():
            if name in value:
                field_check(value[name], f"{where}.{name}" if where else name)
        return value
    return check


def mapping(key: Check, item: Check, max_len: int) -> Check:
    """A JSON object whose keys follow `key` and whose values all follow `item`."""
    def check(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise _fail(where, "expected a table")
        if len(value) > max_len:
            raise _fail(where, f"more than {max_len} entries")
        for k, v in value.items():
            key(k, f"{where} key")
            item(v, f"{where}.{echo(k, 30)}" if where else echo(k, 30))
        return value
    return check


def anything() -> Check:
    return lambda value, where: value


def satisfies(inner: Check, test: Callable[[Any], bool], problem: str) -> Check:
    """`inner`, and then `test(value)` must hold (a rule across items: ascending, a prefix, a sum)."""
    def check(value: Any, where: str) -> Any:
        inner(value, where)
        if not test(value):
            raise _fail(where, problem)
        return value
    return check


def ascending(item: Check, max_len: int, strict: bool = False, key: Callable[[Any], Any] | None = None) -> Check:
    """A list of items in ascending order (cumulative split times; attempt ids when `strict`), compared
    by `key` (checked items only: a key of mixed types never reaches a comparison)."""
    def ordered(values: list[Any]) -> bool:
        keys = [key(v) for v in values] if key is not None else values
        pairs = zip(keys, keys[1:])
        return all(a < b for a, b in pairs) if strict else all(a <= b for a, b in pairs)
    return satisfies(array(item, max_len), ordered, "expected ascending values")


def versioned(schemas: dict[int, Check]) -> Check:
    """A table whose `version` says which of `schemas` it follows (a file kept across format changes)."""
    def check(value: Any, where: str) -> Any:
        version = value.get("version") if isinstance(value, dict) else None
        chosen = schemas.get(version) if isinstance(version, int) and not isinstance(version, bool) else None
        if chosen is None:
            raise _fail(f"{where}.version" if where else "version",
                        f"expected one of {', '.join(map(str, sorted(schemas)))}")
        return chosen(value, where)
    return check


def row(*columns: Check) -> Check:
    """A list of exactly len(columns) items, each checked by its column (a compact record)."""
    def check(value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise _fail(where, "expected a list")
        if len(value) != len(columns):
            raise _fail(where, f"expected {len(columns)} items, got {len(value)}")
        for i, (column, item) in enumerate(zip(columns, value)):
            column(item, f"{where}[{i}]")
        return value
    return check
