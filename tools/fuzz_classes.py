"""tools/fuzz.py's generators for the classes of hostile input issue #39 named, each a whole input
made to stress one way the checks once failed to think (not a byte mutation of a good file):

- counts: numbers in an attempt history or the records that could drive a loop (archive counts,
  attempt ids, summary counts) set large, up to what the schema allows;
- amplify: a level whose files are each under their caps but multiply together (a template used by
  thousands of objects, thousands of small compressed layers, thousands of objects);
- links: a sub-folder of the user folder, at any depth of its chain, made a link to the sentinel
  folder (which must stay byte for byte as it was);
- encodings: a map, tileset or template in UTF-16 or UTF-32, with and without a DTD and entities;
- archives: an attempt history's archives swapped, duplicated, taken from another board, renumbered
  or cut short;
- many_levels: hundreds to a thousand levels in the player's levels folder (copies, some broken).

Each returns (kind, case, folder) as fuzz.make_case does: a kind starting "user" runs the whole
shell over folder/user with the sentinel beside it; a "level:" kind runs tests/hostile_level.py.
"""
from __future__ import annotations

import base64
import json
import random
import re
import zlib
from pathlib import Path
from typing import Callable, Protocol

import hostile

ROOT = Path(__file__).resolve().parent.parent
HISTORY = "speedrun_attempts/rush.set.A.json"
ARCHIVE = "speedrun_attempts/archive/rush.set.A-1.json"


class Corpus(Protocol):
    levels: dict[str, bytes]
    templates: dict[str, bytes]
    tsx: bytes
    user: dict[str, bytes]


Made = tuple[str, hostile.Case, Path]


def make(corpus: Corpus, rng: random.Random, n: int, folder: Path,
         sentinel: Callable[[Path], Path]) -> Made:
    """The n-th input of one of the classes, chosen at random."""
    kind = rng.choice(sorted(GENERATORS))
    return GENERATORS[kind](corpus, rng, n, folder, sentinel)


# ---------------------------------------------------------------- user folders
def _user_case(name: str, corpus: Corpus, folder: Path, sentinel: Callable[[Path], Path],
               changed: dict[str, object]) -> Made:
    """The sample user folder with `changed` files (bytes, or hostile.Link/Fifo/...) in place."""
    user, guard = folder / "user", sentinel(folder / "sentinel")
    for relative, data in {**corpus.user, **changed}.items():
        hostile.place(user, relative, data, guard)
    return f"user:{name.split('#')[0]}", hostile.Case(name, [], codes=(0,), script=hostile.SHELL), user


def counts(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    history = json.loads(corpus.user[HISTORY])
    big = rng.choice([1 << 30, 1 << 20, 99_999, 10_000_000, (1 << 40) - 1])
    field = rng.choice(["archived", "compacted", "summary.attempts", "summary.last_id", "summary.times"])
    if field == "archived":
        history["archived"] = min(big, 1 << 30)
    elif field == "compacted":
        history["compacted"] = min(big, 1 << 40)
    elif field == "summary.times" and "summary" in history:
        history["summary"]["times"] = [[t, min(big, 1 << 40)] for t, _c in history["summary"]["times"]]
    elif "summary" in history:
        history["summary"][field.split(".")[1]] = min(big, 1 << 40)
    records = json.loads(corpus.user["speedrun.json"])
    for board in records["boards"].values():
        board["attempts"] = min(big, 1 << 53)
    changed: dict[str, object] = {HISTORY: json.dumps(history).encode(), "speedrun.json": json.dumps(records).encode()}
    return _user_case(f"counts#{n}:{field}={big}", corpus, folder, sentinel, changed)


def links(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    """A folder of the user folder's, at some depth, a link to the sentinel folder (or below it)."""
    folders = sorted({str(Path(name).parent) for name in corpus.user if "/" in name})
    chain = Path(rng.choice(folders)).parts
    link = "/".join(chain[:rng.randint(1, len(chain))])
    user, guard = folder / "user", sentinel(folder / "sentinel")
    for relative, data in corpus.user.items():
        if not (relative + "/").startswith(link + "/"):
            hostile.place(user, relative, data, guard)
    (user / link).parent.mkdir(parents=True, exist_ok=True)
    (user / link).symlink_to(guard)
    return "user:links", hostile.Case(f"links#{n}:{link}", [], codes=(0,), script=hostile.SHELL), user


def archives(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    history = json.loads(corpus.user[HISTORY])
    archive = json.loads(corpus.user[ARCHIVE])
    how = rng.choice(["duplicate", "foreign", "renumbered", "cut", "swapped", "missing"])
    second = dict(archive)
    if how == "foreign":
        second["board"] = "memory.set.B"
    elif how == "renumbered":
        second["number"] = 7
    elif how == "cut":
        second["rows"] = archive["rows"][: rng.randint(1, len(archive["rows"]))]
    history["archived"] = 2
    changed: dict[str, object] = {HISTORY: json.dumps(history).encode()}
    second_name = ARCHIVE.replace("-1.json", "-2.json")
    if how == "swapped":     # 1 and 2 the other way round: 2 holds the older attempts
        changed[ARCHIVE] = json.dumps(second | {"number": 2}).encode()
        changed[second_name] = json.dumps(archive).encode()
    elif how != "missing":
        changed[second_name] = json.dumps(second).encode()
    return _user_case(f"archives#{n}:{how}", corpus, folder, sentinel, changed)


def many_levels(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    count = rng.choice([150, 300, 1000])
    changed: dict[str, object] = {}
    names = sorted(corpus.levels)
    for i in range(count):
        data = corpus.levels[rng.choice(names)]
        if rng.random() < 0.1:
            data = data[: rng.randrange(len(data))]          # cut short: listed with why it cannot be played
        changed[f"levels/level_{i:04}.tmx"] = data
    return _user_case(f"many_levels#{n}:{count}", corpus, folder, sentinel, changed)


# ---------------------------------------------------------------- levels
def _level(corpus: Corpus, folder: Path, name: str, tmx: bytes, tsx: bytes | None = None,
           templates: dict[str, bytes] | None = None) -> Made:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mall.tsx").write_bytes(tsx if tsx is not None else corpus.tsx)
    for template, data in (templates or {}).items():
        (folder / "templates").mkdir(exist_ok=True)
        (folder / "templates" / template).write_bytes(data)
    path = folder / "level.tmx"
    path.write_bytes(tmx)
    return f"level:{name.split('#')[0]}", hostile.Case(name, [str(path)], codes=(0, 2),
                                                      script="tests/hostile_level.py"), folder


def amplify(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    text = corpus.levels[rng.choice(sorted(corpus.levels))].decode()
    how = rng.choice(["template", "objects", "layers"])
    count = rng.choice([10, 100, 1000, 5000, 40_000])
    templates: dict[str, bytes] = {}
    if how == "template":
        props = "".join(f'<property name="p{i}" value="v"/>' for i in range(rng.choice([10, 300, 1400])))
        templates["big.tx"] = (f'<?xml version="1.0" encoding="UTF-8"?>\n<template>\n <object type="junk" '
                               f'width="32" height="32"><properties>{props}</properties></object>\n'
                               f'</template>\n').encode()
        extra = "".join(f'<object id="{5000 + i}" template="templates/big.tx" x="0" y="0"/>' for i in range(count))
        text = text.replace("</objectgroup>", extra + "</objectgroup>", 1)
    elif how == "objects":
        extra = "".join(f'<object id="{5000 + i}" type="junk" x="{i % 500}" y="0"/>' for i in range(count))
        text = text.replace("</objectgroup>", extra + "</objectgroup>", 1)
    else:
        data = base64.b64encode(zlib.compress(bytes(200 * 200 * 4), 9)).decode()
        layer = (f'<layer name="x" width="200" height="200"><data encoding="base64" compression="zlib">'
                 f'{data}</data></layer>\n')
        text = text.replace("<objectgroup", layer * min(count, 20_000) + "<objectgroup", 1)
    return _level(corpus, folder, f"amplify#{n}:{how}x{count}", text.encode(), templates=templates)


def encodings(corpus: Corpus, rng: random.Random, n: int, folder: Path, sentinel: Callable[[Path], Path]) -> Made:
    codec = rng.choice(["UTF-16", "UTF-16-LE", "UTF-16-BE", "UTF-32", "UTF-8"])
    which = rng.choice(["map", "tileset", "template"])
    dtd = rng.random() < 0.7

    def dressed(data: bytes, root: str) -> bytes:
        text = data.decode()
        if dtd:
            head, _, rest = text.partition("?>\n")
            entity = rng.choice(['"' + "x" * 100 + '"', 'SYSTEM "file:///etc/passwd"', '"&a;&a;&a;&a;"'])
            text = (f'{head}?>\n<!DOCTYPE {root} [<!ENTITY a "aaaaaaaaaa"><!ENTITY e {entity}>]>\n'
                    + rest.replace(f"<{root} ", f'<{root} class="&e;" ', 1))
        return re.sub('encoding="UTF-8"', f'encoding="{codec}"', text, count=1).encode(codec.replace("-8", "8"))

    tmx = corpus.levels[rng.choice(sorted(corpus.levels))]
    tsx, templates = corpus.tsx, {}
    if which == "map":
        tmx = dressed(tmx, "map")
    elif which == "tileset":
        tsx = dressed(corpus.tsx, "tileset")
    else:
        name = rng.choice(sorted(corpus.templates))
        templates[name] = dressed(corpus.templates[name], "template")
    return _level(corpus, folder, f"encodings#{n}:{which}-{codec}-{'dtd' if dtd else 'plain'}", tmx, tsx, templates)


GENERATORS: dict[str, Callable[[Corpus, random.Random, int, Path, Callable[[Path], Path]], Made]] = {
    "counts": counts, "links": links, "archives": archives, "many_levels": many_levels,
    "amplify": amplify, "encodings": encodings,
}
