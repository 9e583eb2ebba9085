"""Hostile inputs: every file the game reads, as an attacker or an unlucky user would make it.

`build_cases(folder)` writes them and returns Case objects: the command line to
run and what a good outcome is. tests/test_hostile_files.py runs each under a
time and memory budget; tools/fuzz.py reuses the runner for its mutations.
"""
from __future__ import annotations

import base64
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEVELS = ROOT / "levels"
BUDGET_SECONDS = 2.0          # CPU for a refusal (or a user file falling back to defaults)
ACCEPTED_SECONDS = 30.0       # CPU for an input that is accepted and played (a whole replayed match)
BUDGET_BYTES = 300 << 20
ANSI = "\x1b[31m"


@dataclass
class Case:
    name: str
    argv: list[str]
    codes: tuple[int, ...] = (2,)
    env: dict[str, str] = field(default_factory=dict)
    script: str = "main.py"       # or tests/hostile_shell.py: the whole shell over a user folder


@dataclass
class Outcome:
    case: Case
    code: int
    stdout: str
    stderr: str
    seconds: float        # CPU time of the child (user + system)
    peak_bytes: int       # the child's peak resident set

    def problems(self) -> list[str]:
        """Why this outcome is not a clean answer ([] when it is)."""
        out: list[str] = []
        text = self.stdout + self.stderr
        if "Traceback" in text:
            out.append("traceback")
        if self.code not in self.case.codes:
            out.append(f"exit {self.code}, expected {'/'.join(map(str, self.case.codes))}")
        if self.code == 2:
            lines = message_lines(self.stderr) + [line for line in message_lines(self.stdout)
                                                   if not re.fullmatch(r"\d+ passed, \d+ failed", line)]
            if len(lines) != 1:
                out.append(f"{len(lines)} message lines")
            if "\x1b" in text:
                out.append("an escape sequence reached the terminal")
        limit = ACCEPTED_SECONDS if self.code in self.case.codes and self.code in (0, 1) else BUDGET_SECONDS
        if self.seconds > limit:
            out.append(f"{self.seconds:.1f} s of CPU")
        if self.peak_bytes > BUDGET_BYTES:
            out.append(f"{self.peak_bytes >> 20} MB resident")
        return out


def message_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip() and not line.startswith("pygame-ce ")]


def child_env(user: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               SOLDOUT_USER_DIR=str(user), PYTHONPATH=str(ROOT))
    env.update(extra or {})
    return env


# The child sets its own limits before the game starts: a CPU-time limit and an address-space
# limit, so a runaway input is killed rather than hanging or swapping the machine.
# It reports its peak resident set (VmHWM: this process's own, unlike ru_maxrss, which Linux
# carries over from the parent that forked it) to a file when it exits.
_CHILD = (
    "import atexit, resource, runpy, sys\n"
    "cpu, mem, report = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]\n"
    "resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))\n"
    "resource.setrlimit(resource.RLIMIT_AS, (mem, mem))\n"
    "def peak():\n"
    "    with open('/proc/self/status') as f:\n"
    "        kb = [l.split()[1] for l in f if l.startswith('VmHWM:')][0]\n"
    "    with open(report, 'w') as f:\n"
    "        f.write(kb)\n"
    "atexit.register(peak)\n"
    "sys.argv = [sys.argv[4], *sys.argv[5:]]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


def run_case(case: Case, user: Path, cpu_seconds: int = 10, address_space: int = 2 << 30) -> Outcome:
    """Run `main.py ARGV` in a child under resource limits; the budget is judged from its rusage."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".peak") as peak:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(cpu_seconds), str(address_space), peak.name,
                                 str(ROOT / case.script), *case.argv], cwd=ROOT, env=child_env(user, case.env),
                                stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        timer = threading.Timer(cpu_seconds * 3 + 10, proc.kill)   # a child blocked without using CPU
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        kb = peak.read().strip()
        return Outcome(case, proc.returncode, out.read().decode("utf-8", "replace"),
                       err.read().decode("utf-8", "replace"), usage.ru_utime + usage.ru_stime,
                       int(kb) * 1024 if kb.isdigit() else 0)


# ---------------------------------------------------------------- levels
def _level_text(name: str = "boutique.tmx") -> str:
    """A shipped level whose tileset is named by absolute path, so it works from any folder."""
    text = (LEVELS / name).read_text(encoding="utf-8")
    return re.sub(r'source="\w+\.tsx"', f'source="{LEVELS / "mall.tsx"}"', text, count=1)   # a theme's: same ids


def _tsx_text() -> str:
    text = (LEVELS / "mall.tsx").read_text(encoding="utf-8")
    return text.replace('source="../assets/tiles/mall.png"', f'source="{ROOT / "assets" / "tiles" / "mall.png"}"')


def _own_tileset(folder: Path, tmx: str, tsx: str, name: str) -> Path:
    """A level with its own tileset file beside it."""
    (folder / f"{name}.tsx").write_text(tsx, encoding="utf-8")
    path = folder / f"{name}.tmx"
    path.write_text(tmx.replace(f'source="{LEVELS / "mall.tsx"}"', f'source="{name}.tsx"'), encoding="utf-8")
    return path


def _first_object_attr(text: str, attr: str, value: str, cls: str | None = None) -> str:
    """The first object (of class `cls`, by its type or its template) with `attr` set to `value`,
    written on the object when it inherits it from its template."""
    pattern = rf'<object [^>]*(?:type="{cls}"|templates/{cls}\.tx")[^>]*>' if cls else r'<object [^>]*>'

    def edit(match: re.Match) -> str:
        tag = match.group(0)
        if f' {attr}="' in tag:
            return re.sub(rf' {attr}="[^"]*"', f' {attr}="{value}"', tag, count=1)
        return tag.replace("<object ", f'<object {attr}="{value}" ', 1)
    return re.sub(pattern, edit, text, count=1)


def _layer_data(text: str, layer: str, encoding: str, payload: str, compression: str | None = None) -> str:
    comp = f' compression="{compression}"' if compression else ""
    return re.sub(rf'(<layer [^>]*name="{layer}"[^>]*>\s*)<data encoding="csv">.*?</data>',
                  lambda m: f'{m.group(1)}<data encoding="{encoding}"{comp}>{payload}</data>',
                  text, count=1, flags=re.S)


def level_cases(folder: Path) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)
    base = _level_text()
    tsx = _tsx_text()
    made: dict[str, Path] = {}

    def level(name: str, text: str) -> None:
        path = folder / f"{name}.tmx"
        path.write_text(text, encoding="utf-8")
        made[name] = path

    level("object_x_nan", _first_object_attr(base, "x", "nan"))
    level("object_x_inf", _first_object_attr(base, "x", "inf"))
    level("object_y_huge", _first_object_attr(base, "y", "1" + "0" * 400))
    level("unknown_encoding", base.replace('encoding="UTF-8"', 'encoding="x-no-such"', 1))
    level("table_width_1e9", _first_object_attr(base, "width", "1e9", "starting_table"))
    level("table_width_1e12", _first_object_attr(base, "width", "1e12", "starting_table"))
    bomb = zlib.compress(b"\0" * (64 << 20), 9)
    level("zlib_bomb", _layer_data(base, "floor", "base64", base64.b64encode(bomb).decode(), "zlib"))
    gbomb = gzip.compress(b"\0" * (64 << 20), 9)
    level("gzip_bomb", _layer_data(base, "floor", "base64", base64.b64encode(gbomb).decode(), "gzip"))
    two = gzip.compress(b"\0" * 16) + gbomb
    level("gzip_two_members", _layer_data(base, "floor", "base64", base64.b64encode(two).decode(), "gzip"))
    level("entity_expansion", base.replace('<map ', '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">]>\n<map ', 1))
    # A 100 MB CSV layer: a sparse file, so the test writes almost nothing; its size alone is refused.
    huge = folder / "csv_100mb.tmx"
    with open(huge, "wb") as handle:
        handle.write(base.encode("utf-8"))
        handle.truncate(100 << 20)
    made["csv_100mb"] = huge
    # Tilesets: a FIFO, an image declared 2,000,000 px a side, a non-image, tile sizes 256 and 2048.
    fifo_dir = folder / "fifo"
    fifo_dir.mkdir(exist_ok=True)
    if not (fifo_dir / "fifo.tsx").exists():
        os.mkfifo(fifo_dir / "fifo.tsx")
    (fifo_dir / "fifo_tileset.tmx").write_text(base.replace(f'source="{LEVELS / "mall.tsx"}"', 'source="fifo.tsx"'))
    made["fifo_tileset"] = fifo_dir / "fifo_tileset.tmx"
    made["image_2000000"] = _own_tileset(folder, base, re.sub(r'(<image [^>]*)width="\d+" height="\d+"',
                                                             r'\1width="2000000" height="2000000"', tsx), "image_2000000")
    (folder / "not_an_image.png").write_text("this is not a picture\n" * 100)
    made["image_not_png"] = _own_tileset(folder, base, re.sub(r'source="[^"]*mall\.png"', 'source="not_an_image.png"', tsx),
                                         "image_not_png")
    png = (ROOT / "assets" / "tiles" / "mall.png").read_bytes()
    (folder / "damaged.png").write_bytes(png[:40] + b"\0" * (len(png) - 40))
    made["image_damaged"] = _own_tileset(folder, base, re.sub(r'source="[^"]*mall\.png"', 'source="damaged.png"', tsx),
                                         "image_damaged")
    for size in (256, 2048):
        big = re.sub(r'tilewidth="32" tileheight="32"', f'tilewidth="{size}" tileheight="{size}"', base, count=1)
        made[f"tiles_{size}"] = _own_tileset(folder, big, tsx.replace('tilewidth="32" tileheight="32"',
                                                                      f'tilewidth="{size}" tileheight="{size}"'),
                                             f"tiles_{size}")
    # Confinement: a tileset and an image named by absolute or ../ paths outside the level's folder.
    outside = folder.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / "evil.tsx").write_text(tsx)
    inner = folder / "inner"
    inner.mkdir(exist_ok=True)
    (inner / "up.tmx").write_text(base.replace(f'source="{LEVELS / "mall.tsx"}"', 'source="../../outside/evil.tsx"'))
    made["tileset_dotdot"] = inner / "up.tmx"
    level("tileset_absolute", base.replace(f'source="{LEVELS / "mall.tsx"}"', f'source="{outside / "evil.tsx"}"'))
    level("tileset_etc", base.replace(f'source="{LEVELS / "mall.tsx"}"', 'source="/etc/passwd.tsx"'))
    made["image_absolute"] = _own_tileset(folder, base, re.sub(r'source="[^"]*mall\.png"', 'source="/etc/hostname"', tsx),
                                          "image_absolute")
    level("name_newline", base.replace('value="The Boutique"', 'value="Evil&#10;name&#9;"'))
    _template_cases(folder, base, level)
    cases = [Case(f"level:{name}", ["--check-level", str(path)]) for name, path in sorted(made.items())]
    # Outside the folder but named like the shipped tileset: the shipped one is read, never the
    # file it points at (a FIFO there would be refused, or block a careless reader).
    if not (outside / "mall.tsx").exists():
        os.mkfifo(outside / "mall.tsx")
    level("tileset_outside_shipped_name", base.replace(f'source="{LEVELS / "mall.tsx"}"',
                                                       f'source="{outside / "mall.tsx"}"'))
    cases.append(Case("level:tileset_outside_shipped_name", ["--check-level", str(made["tileset_outside_shipped_name"])],
                      codes=(0,)))
    cases.append(Case("level:headless_nan", ["--headless", "--bots", "2", "--level", str(made["object_x_nan"])]))
    return cases


def _template_cases(folder: Path, base: str, level) -> None:
    """Object templates (.tx) as hostile as the tilesets: confinement, FIFOs, size, DTDs, numbers, tiles."""
    spot = 'template="templates/pile_spot.tx"'
    assert spot in base

    def with_template(name: str, source: str, text: str | None = None) -> None:
        if text is not None:
            (folder / f"{name}.tx").write_text(text, encoding="utf-8")
        level(name, base.replace(spot, f'template="{source}"', 1))

    outside = folder.parent / "outside"
    (outside / "evil.tx").write_text((LEVELS / "templates" / "pile_spot.tx").read_text())
    with_template("template_absolute", str(outside / "evil.tx"))
    with_template("template_dotdot", "../outside/evil.tx")
    with_template("template_etc", "/etc/passwd.tx")
    with_template("template_missing", "templates/no_such.tx")
    with_template("template_not_tx", "template_not_tx.tsx")
    if not (folder / "template_fifo.tx").exists():
        os.mkfifo(folder / "template_fifo.tx")
    with_template("template_fifo", "template_fifo.tx")
    with_template("template_dtd", "template_dtd.tx",
                  '<!DOCTYPE template [<!ENTITY a "aaaaaaaa">]>\n<template><object type="pile_spot" width="&a;"/></template>')
    with_template("template_nan", "template_nan.tx", '<template><object type="pile_spot" width="nan" height="32"/></template>')
    with_template("template_tile", "template_tile.tx",
                  f'<template><tileset firstgid="1" source="{LEVELS / "mall.tsx"}"/>'
                  '<object type="pile_spot" gid="3" width="32" height="32"/></template>')
    with_template("template_no_object", "template_no_object.tx", "<template></template>")
    with open(folder / "template_huge.tx", "wb") as handle:    # sparse: its size alone is refused
        handle.truncate(100 << 20)
    with_template("template_huge", "template_huge.tx")
    many = folder / "many"
    many.mkdir(exist_ok=True)
    text = (LEVELS / "templates" / "pile_spot.tx").read_text()
    objects = "".join(f'<object id="{900 + i}" template="many/t{i}.tx" x="96" y="64"/>' for i in range(65))
    for i in range(65):
        (many / f"t{i}.tx").write_text(text)
    level("template_many", base.replace('<objectgroup id="3" name="objects">', '<objectgroup id="3" name="objects">' + objects, 1))


def tile_size_level(folder: Path, size: int) -> Path:
    """The boutique with `size`-pixel tiles (objects scaled to match) and its own tileset beside it."""
    folder.mkdir(parents=True, exist_ok=True)
    text = _level_text().replace('tilewidth="32" tileheight="32"', f'tilewidth="{size}" tileheight="{size}"', 1)
    text = re.sub(r'<object [^>]*>', lambda m: _scale_object(m.group(0), size / 32), text)
    return _own_tileset(folder, text, _tsx_text().replace('tilewidth="32" tileheight="32"',
                                                         f'tilewidth="{size}" tileheight="{size}"'), f"tiles_{size}")


def _scale_object(tag: str, factor: float) -> str:
    template = re.search(r' template="([^"]+)"', tag)
    if template and " width=" not in tag:    # the size comes from the template: write it here to scale it
        size = re.search(r'width="([0-9.]+)" height="([0-9.]+)"', (LEVELS / template.group(1)).read_text())
        assert size is not None
        tag = tag.replace("<object ", f'<object width="{size.group(1)}" height="{size.group(2)}" ', 1)
    return re.sub(r' (x|y|width|height)="([0-9.]+)"', lambda m: f' {m.group(1)}="{float(m.group(2)) * factor:g}"', tag)


# ---------------------------------------------------------------- replays and run codes
def good_replay(seed: int = 5) -> str:
    """A short real replay (two bots, one round), made in-process."""
    sys.path.insert(0, str(ROOT))
    from game.match.commands import IDLE, Button, Command
    from game.match.spec import MatchSpec, SeatSpec
    from game.rules.soldout.options import SoldOutOptions
    from game.driver.replay import ReplayWriter, header_for
    spec = MatchSpec(game="soldout", seats=(SeatSpec(0, "Ana", "bot"), SeatSpec(1, "Ben", "bot")), seed=seed,
                     options=SoldOutOptions(mode="rush", rounds=1, teams=False))
    writer = ReplayWriter(header_for(spec))
    for t in range(120):
        writer.add_tick([Command(t % 5 - 2, 0, Button.A if t % 7 == 0 else Button.NONE, Button.NONE), IDLE])
    return writer.text()


def _with_header(text: str, change) -> str:
    head, _, rest = text.partition("\n")
    magic, version, raw = head.split(" ", 2)
    header = json.loads(raw)
    change(header)
    return f"{magic} {version} {json.dumps(header)}\n{rest}"


def _speedrun(header: dict, **info) -> None:
    header["options"] = {"speedrun": {"category": "rush_solo", "variant": "set", "date": "", "seed_index": 0,
                                      "speed": 100, **info}}


def replay_cases(folder: Path, blank_mb: int = 200) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)
    good = good_replay()
    texts: dict[str, str] = {}
    texts["seed_5000_digits"] = good.replace('"seed": 5', '"seed": ' + "9" * 5000, 1) if '"seed": 5' in good else \
        _with_header(good, lambda h: None).replace('"seed": 5', '"seed": ' + "9" * 5000, 1)
    lines = good.splitlines()
    texts["count_5000_digits"] = "\n".join([lines[0], "9" * 5000 + " . ."]) + "\n"
    texts["count_superscript"] = "\n".join([lines[0], "\u00b2 . ."]) + "\n"
    texts["count_arabic_indic"] = "\n".join([lines[0], "\u0663 . ."]) + "\n"
    texts["token_arabic_indic"] = "\n".join([lines[0], "1 \u0661,0,0,0 ."]) + "\n"
    texts["team_list"] = _with_header(good, lambda h: h["seats"][0].update(team=[1]))
    texts["category_list"] = _with_header(good, lambda h: _speedrun(h, category=["rush_solo"]))
    texts["category_dict"] = _with_header(good, lambda h: _speedrun(h, category={"a": 1}))
    texts["daily_date_non_ascii"] = _with_header(good, lambda h: _speedrun(h, variant="daily", date="२०२६-११-३०"))
    texts["speed_infinity"] = _with_header(good, lambda h: _speedrun(h)).replace('"speed": 100', '"speed": Infinity')
    texts["seed_index_infinity"] = _with_header(good, lambda h: _speedrun(h)).replace('"seed_index": 0',
                                                                                     '"seed_index": Infinity')
    texts["speed_nan"] = _with_header(good, lambda h: _speedrun(h)).replace('"speed": 100', '"speed": NaN')
    texts["checkout_one_seat"] = _with_header(good, lambda h: h.update(game="checkout", mode="standard",
                                                                       seats=h["seats"][:1]))
    texts["level_5000_chars"] = _with_header(good, lambda h: h.update(level="x" * 5000))
    texts["level_name_too_long"] = _with_header(good, lambda h: h.update(level="x" * 255))   # ENAMETOOLONG
    texts["version_newline"] = _with_header(good, lambda h: h.update(game_version="9.9\nsecond line\nthird"))
    texts["version_ansi"] = _with_header(good, lambda h: h.update(game_version=f"{ANSI}red"))
    texts["same_seat_thrice"] = _with_header(good, lambda h: h.update(seats=[h["seats"][0]] * 3)).replace(
        " . .\n", " . . .\n")
    texts["deep_header"] = f"SOCO-REPLAY 1 {'[' * 100_000}\n"
    texts["format_5000_digits"] = "SOCO-REPLAY " + "1" * 5000 + " {}\n"
    made = {}
    for name, text in texts.items():
        path = folder / f"{name}.replay"
        path.write_text(text, encoding="utf-8")
        made[name] = path
    blank = folder / "blank_lines.replay"
    with open(blank, "wb") as handle:       # the header and 200 MB of newlines (sparse would be NULs)
        handle.write(good.splitlines()[0].encode() + b"\n")
        chunk = b"\n" * (1 << 20)
        for _ in range(blank_mb):
            handle.write(chunk)
    made[f"blank_lines_{blank_mb}mb"] = blank
    small_blank = folder / "blank_lines_small.replay"
    small_blank.write_bytes(good.splitlines()[0].encode() + b"\n" + b"\n" * (4 << 20))
    made["blank_lines_4mb"] = small_blank
    squeeze = zlib.compressobj(9)
    block = b"\n" * (8 << 20)
    bomb = base64.urlsafe_b64encode(b"".join([*(squeeze.compress(block) for _ in range(128)), squeeze.flush()]))
    code = folder / "code_bomb.txt"
    code.write_text("SOCO1-" + bomb.decode().rstrip("=") + ".00000000\n")
    made["run_code_bomb"] = code
    cases = [Case(f"replay:{name}", ["--replay", str(path), "--headless", "--json"]) for name, path in sorted(made.items())]
    cases.append(Case("replay:dev_zero", ["--replay", "/dev/zero", "--headless", "--json"]))
    fifo = folder / "fifo.replay"
    if not fifo.exists():
        os.mkfifo(fifo)
    cases.append(Case("replay:fifo", ["--replay", str(fifo), "--headless", "--json"]))
    cases.append(Case("replay:window_ansi_path", ["--replay", str(made["version_ansi"])]))
    return cases


# ---------------------------------------------------------------- scenarios
def scenario_cases(folder: Path) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)
    texts = {
        "case_is_int_list": 'game = "soldout"\ncase = [1]\n',
        "deep_array": 'game = "soldout"\nx = ' + "[" * 100_000 + "]" * 100_000 + "\n",
        "int_5000_digits": 'game = "soldout"\n[[case]]\nname = "a"\nseed = ' + "9" * 5000 + "\n",
        "players_billion": 'game = "soldout"\n[[case]]\nname = "a"\nmode = "rush"\nplayers = 1000000000\n',
        "checkout_players_billion": 'game = "checkout"\n[[case]]\nname = "a"\nplayers = 1000000000\n',
        "float_inf": 'game = "soldout"\n[[case]]\nname = "a"\nx = inf\n',
        "name_ansi": f'game = "soldout"\n[[case]]\nname = "{ANSI}"\nplayers = 2\n',
    }
    cases = []
    for name, text in texts.items():
        path = folder / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        cases.append(Case(f"scenario:{name}", ["--scenario", str(path)]))
    cases.append(Case("scenario:dev_zero", ["--scenario", "/dev/zero"]))
    return cases


# ---------------------------------------------------------------- user files
SHELL = "tests/hostile_shell.py"
SAMPLES = "tests/hostile_samples.py"
BIG = "9" * 5000
GUID = "03000000ff0018e44172636164650000"
HISTORY = "speedrun_attempts/rush.set.A.json"
CAREER = "career/first_rush.json"
KEPT = "replays/speedrun/attempts"
LEVEL = "levels"          # the player's own levels


@dataclass(frozen=True)
class Fifo:
    """A named pipe where a file should be (reading it must not block)."""


@dataclass(frozen=True)
class Link:
    """A symbolic link to `target` ("{sentinel}" is the sentinel folder beside the user folder)."""

    target: str


@dataclass(frozen=True)
class Sparse:
    """A file of `size` bytes that takes no room on the disk (a size cap must refuse it unread)."""

    size: int


@dataclass(frozen=True)
class Valid:
    """A good file the case needs beside the hostile one (a history naming a damaged replay)."""

    data: bytes


def make_samples(user: Path) -> None:
    """Every registered user file, written by the game's own code into `user` (tests/hostile_samples.py)."""
    subprocess.run([sys.executable, str(ROOT / SAMPLES)], cwd=ROOT, env=child_env(user), check=True,
                   capture_output=True, timeout=300)


def place(user: Path, relative: str, what: object, sentinel: Path) -> None:
    """Write one hostile file (bytes, a FIFO, a link or a sparse file) at `relative` in `user`."""
    path = user / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.is_file():
        path.unlink()
    if isinstance(what, Fifo):
        os.mkfifo(path)
    elif isinstance(what, Link):
        os.symlink(what.target.replace("{sentinel}", str(sentinel)), path)
    elif isinstance(what, Sparse):
        with open(path, "wb") as handle:
            handle.truncate(what.size)
    elif isinstance(what, Valid):
        path.write_bytes(what.data)
    else:
        path.write_bytes(what if isinstance(what, bytes) else str(what).encode())


def _history(attempts: list[dict]) -> bytes:
    return json.dumps({"version": 2, "archived": 0, "compacted": 0, "rows": [], "practice": {},
                       "attempts": attempts}).encode()


def _attempt(n: int, **kw) -> dict:
    return {"id": n, "outcome": "finished", "ticks": 1000 + n, "splits": [300, 700, 1000 + n], "flags": [], **kw}


def hostile_stats_database() -> bytes:
    """A records database of the game's schema whose stats rows are out of every range: counts of
    2^62, negative matches, more wins than matches, a profile that is no number, a rival of
    itself, names of control characters (each left out of the stats, said in a toast)."""
    import sqlite3
    from game.files import database
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        connection = sqlite3.connect(path, isolation_level=None)
        for step in database.MIGRATIONS:
            for sql in step:
                connection.execute(sql)
        connection.execute(f"PRAGMA user_version={database.SCHEMA_VERSION}")
        connection.execute("INSERT INTO matches VALUES (1, 'soldout', 'rush', 'rush', '', 1, 60, 'x')")
        connection.execute("INSERT INTO match_seats VALUES (1, 0, ?, 1, 'human', '', NULL, 5, 1, 0, 0, 0, 0.0, NULL)",
                           ("\x1b[31m\n" * 20,))
        for row in (("name:Evil", -5, 0), ("name:Greedy", 2, 9), ("profile:abc", 1, 0), ("name:Huge", 1 << 62, 0)):
            connection.execute("INSERT INTO stat_lines VALUES (?, 'soldout', 'rush', ?, ?, 1, 0, 0, 0, 0.0, NULL)", row)
        connection.execute("INSERT INTO stat_subjects VALUES ('profile:1', 1, '\x1b[31m', 1, 9, 2)")
        connection.execute("INSERT INTO stat_rivals VALUES (1, 1, 1, 0, 0)")
        connection.close()
        return path.read_bytes()


def _hostile_profiles_db() -> bytes:
    """A records database the game made, then edited by hand: profile rows with a name past any
    screen, names only a casefold tells apart, bindings that are not JSON or nest a thousand deep,
    a shopper that does not exist, a colour of seat 9, a blob for a date; one sound row among them."""
    import sqlite3
    import tempfile
    from game.files.database import MIGRATIONS, SCHEMA_VERSION
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        connection = sqlite3.connect(path)
        for step in MIGRATIONS:
            for sql in step:
                connection.execute(sql)
        connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        rows = [(1, "Sound", "gran", 2, 1, "low", '{"A": 1, "B": 0}'), (2, "x" * 900_000, None, None, 0, None, None),
                (3, "straße", None, None, 0, None, None), (4, "STRASSE", None, None, 0, None, None),
                (5, "J", None, None, 0, None, "{not json"), (6, "K", None, None, 0, None, "[" * 1000),
                (7, "L", "dracula", None, 0, None, None), (8, "M", None, 9, 0, None, None),
                (9, "N\u202e\n", None, None, 7, "max", '{"A": 4294967296}')]
        connection.executemany("INSERT INTO profiles VALUES (?, ?, ?, ?, ?, ?, ?, '2026-01-01T00:00:00', ?)",
                               [(*row, f"2026-01-0{row[0]}T00:00:00") for row in rows])
        connection.execute("INSERT INTO profiles VALUES (10, 'O', NULL, NULL, 0, NULL, NULL, x'00', x'ff')")
        connection.commit()
        connection.close()
        return path.read_bytes()


def _records_with_hostile_rows() -> bytes:
    """A records database the game's migrations made, its evening and career rows hostile: an
    evening still open (so the start carries it on) whose matches are not records, runs whose stars
    and replays are not the game's (a zip bomb among them). The schema is sound: only the rows lie."""
    import datetime as dt
    import zlib
    from game.files import database
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        db = database.open_at(path)
        now = dt.datetime.now().replace(microsecond=0).isoformat()
        seat = [0, "O" * 60, None, "human", "", None, 1, 1, 0, 0, 0, 1e308, None]
        matches = ['{"seats": ' + "[" * 5000 + "]" * 5000 + "}", '{"game": "soldout"}', "\x00" * 100,
                   json.dumps({"game": "soldout", "modes": ["rush"], "level": "", "seed": 1, "ticks": 1,
                               "finished": now, "seats": [seat] * 7}),
                   json.dumps({"game": "soldout", "modes": ["rush"], "level": "", "seed": 1, "ticks": 2 ** 80,
                               "finished": now, "seats": [seat]})]
        runs = [("first_rush", "[0, 1, 2]", zlib.compress(b"\n" * (8 << 20), 9)),
                ("second_rush", "[true]", b"not compressed"), ("x" * 40, "[0]", "a text replay")]

        def job(connection) -> None:
            connection.execute("INSERT INTO evenings VALUES (7, ?, ?, 0)", (now, now))
            connection.executemany("INSERT INTO evening_matches VALUES (7, ?, ?)", list(enumerate(matches, start=1)))
            connection.executemany("INSERT INTO career_runs (challenge, n, stars, replay) VALUES (?, 0, ?, ?)", runs)
            connection.execute("INSERT INTO meta VALUES ('imported career', '0')")
        db.write(job)
        db.close()
        return path.read_bytes()


def user_file_cases() -> dict[str, dict[str, object]]:
    """name -> {file in the user folder: what it holds}. Each must give toasts and defaults (or, for a
    replay, a message when it is used), never a crash, never a blocked start, never a file outside the
    user folder touched ("{sentinel}" is a folder beside it, checked by the tests and the fuzz)."""
    kept = KEPT + "/rush.set.A-3.replay"
    own = (LEVELS / "mall.tmx").read_bytes()     # names mall.tsx beside it: the shipped one if none is
    tileset = (LEVELS / "mall.tsx").read_text(encoding="utf-8").replace("../assets/tiles/mall.png", "mall.png").encode()
    naming = Valid(_history([_attempt(3, replay="rush.set.A-3.replay")]))   # a good history naming it
    return {
        "settings_5000_digits": {"settings.json": ('{"volume": %s}' % BIG).encode()},
        "settings_float_overflow": {"settings.json": b'{"volume": 1e999, "ui_scale": -1e400}'},
        "settings_nan": {"settings.json": b'{"volume": NaN}'},
        "records_db_garbage": {"records.sqlite3": bytes(range(256)) * 64},
        "records_db_fifo": {"records.sqlite3": Fifo()},
        "records_db_link_out": {"records.sqlite3": Link("{sentinel}/victim.replay")},
        "records_db_huge": {"records.sqlite3": Sparse(100 << 20)},
        "records_db_hostile_profiles": {"records.sqlite3": _hostile_profiles_db()},
        "records_db_hostile_rows": {"records.sqlite3": Valid(_records_with_hostile_rows())},
        # Sound pages, the game's own schema, stats rows no save of the game's could make.
        "records_db_hostile_stats": {"records.sqlite3": hostile_stats_database()},
        # These two stopped every start (exit 1, each launch): an unhashable language.
        "settings_language_list": {"settings.json": b'{"language": ["de"]}'},
        "settings_language_object": {"settings.json": b'{"language": {"de": 1}, "rumble": [1]}'},
        "speedrun_5000_digits": {"speedrun.json": ('{"version": 1, "boards": {"k": {"attempts": %s}}}' % BIG).encode()},
        "bindings_2_pow_40": {"bindings.json": ('{"keyboard": {"left": {"A": %d}}}' % (1 << 40)).encode()},
        "bindings_pad_huge": {"bindings.json": b'{"pad": {"A": 4294967296}}'},
        "speedrun_best_segments_5": {"speedrun.json": b'{"version":1,"boards":{"k":{"best_segments":5}}}'},
        "speedrun_leaderboard_5": {"speedrun.json": b'{"version":1,"boards":{"k":{"leaderboard":5}}}'},
        "speedrun_best_segments_null": {"speedrun.json": b'{"version":1,"boards":{"k":{"best_segments":null}}}'},
        "speedrun_pb_no_splits": {"speedrun.json": b'{"version":1,"boards":{"rush_solo.set.A":{"pb":{"ticks":5}}}}'},
        "speedrun_replay_path": {"speedrun.json":
                                 b'{"version":1,"boards":{"k":{"pb":{"ticks":5,"splits":[],"replay":"../../x"}}}}'},
        # A PB split of null crashed the History screen (TypeError in the splits arithmetic).
        "speedrun_pb_null_split": {"speedrun.json": b'{"version":1,"boards":{"rush.set.A":{"pb":{"ticks":900,'
                                                    b'"splits":[300,null,900],"names":["a","b","c"]}}}}'},
        "settings_newer": {"settings.json": b'{"version": 99, "volume": 0.3, "from_the_future": {"a": [1, 2]}}'},
        "speedrun_newer": {"speedrun.json": b'{"version": 2, "boards": {"k": {"new_shape": true}}}'},
        "bindings_newer": {"bindings.json": b'{"version": 7, "keyboard": {"left": {"HOME": 1}}}'},
        "settings_deep": {"settings.json": b"[" * 100_000 + b"]" * 100_000},
        "all_garbage": {"settings.json": bytes(range(256)), "bindings.json": b"\xff" * 99,
                        "speedrun.json": b"{" * 5000},
        # This one stopped every start: a lone surrogate reached SDL's mapping call.
        "pad_mappings_surrogate": {"pad_mappings.json": ('{"%s": "%s,Pad\\ud800,a:b0,"}' % (GUID, GUID)).encode()},
        "pad_mappings_not_sdl": {"pad_mappings.json": ('{"%s": "%s,Pad,a:/etc/passwd\\n,"}' % (GUID, GUID)).encode()},
        "howto_seen_garbage": {"howto_seen.json": b'{"rush": true}'},
        "howto_seen_fifo": {"howto_seen.json": Fifo()},
        # A path in an attempt history deleted files outside the game's folder when old replays were pruned.
        "history_replay_absolute": {HISTORY: _history([_attempt(1, replay="{sentinel}/victim.replay")])},
        "history_replay_dotdot": {HISTORY: _history([_attempt(1, replay="../../../../sentinel/victim.replay")])},
        "history_replay_dev_zero": {HISTORY: _history([_attempt(1, replay="/dev/zero")])},
        "history_null_split": {HISTORY: _history([_attempt(1, splits=[300, None, 900])])},
        "history_garbage": {HISTORY: b'{"version": 2, "attempts": [{"id": "x"}]}'},
        "history_too_big": {HISTORY: Sparse(64 << 20)},
        "history_archive_garbage": {HISTORY: Valid(b'{"version":2,"archived":1,"compacted":1,"rows":[],"attempts":[]}'),
                                    "speedrun_attempts/archive/rush.set.A-1.json": b'{"version":2,"rows":[[1]]}'},
        # A kept replay that is a device, a FIFO, a link out of its folder, huge or garbage.
        "kept_replay_dev_zero": {HISTORY: naming,
                                 kept: Link("/dev/zero")},
        "kept_replay_fifo": {HISTORY: naming, kept: Fifo()},
        "kept_replay_link_out": {HISTORY: naming,
                                 kept: Link("{sentinel}/victim.replay")},
        "kept_replay_huge": {HISTORY: naming, kept: Sparse(40 << 20)},
        "kept_replay_garbage": {HISTORY: naming, kept: b"\x00" * 99},
        "record_replay_fifo": {"speedrun.json": Valid(b'{"version":1,"boards":{"rush.set.A":{"pb":{"ticks":900,'
                                                      b'"splits":[300,600,900],"replay":"rush.set.A-1.replay"}}}}'),
                               "replays/speedrun/rush.set.A-1.replay": Fifo()},
        "run_code_garbage": {"runcodes/rush.set.A.txt": b"SOCO1-" + b"A" * 5000},
        "run_code_dev_zero": {"runcodes/rush.set.A.txt": Link("/dev/zero")},
        "player_replay_fifo": {"replays/mine.replay": Fifo()},
        # A career file that claims a star with a replay of nothing, that is garbage, or is a FIFO.
        "career_claims_stars": {CAREER: json.dumps({"version": 1, "challenge": "first_rush",
                                                    "runs": [{"stars": [0, 1, 2], "replay": good_replay()}]})},
        "career_garbage": {CAREER: b'{"version": 1, "challenge": "first_rush", "runs": [{"stars": [7]}]}'},
        "career_fifo": {CAREER: Fifo()},
        "player_replay_huge": {"replays/mine.replay": Sparse(100 << 20)},
        "player_replay_garbage": {"replays/mine.rep": bytes(range(256)) * 10},
        # The player's levels, listed by the lobby as it opens: each is refused with its reason on the
        # level's card, never read past its cap, never followed out of the folder, never blocking.
        "player_level_fifo": {f"{LEVEL}/mine.tmx": Fifo()},
        "player_level_dev_zero": {f"{LEVEL}/mine.tmx": Link("/dev/zero")},
        "player_level_link_out": {f"{LEVEL}/mine.tmx": Link("{sentinel}/victim.replay")},
        "player_level_huge": {f"{LEVEL}/mine.tmx": Sparse(100 << 20)},
        "player_level_garbage": {f"{LEVEL}/mine.tmx": bytes(range(256)) * 10},
        "player_level_device_name": {f"{LEVEL}/con.tmx": Valid(own)},
        "player_level_tileset_fifo": {f"{LEVEL}/mine.tmx": Valid(own), f"{LEVEL}/mall.tsx": Fifo()},
        "player_level_tileset_link_out": {f"{LEVEL}/mine.tmx": Valid(own),
                                          f"{LEVEL}/mall.tsx": Link("{sentinel}/victim.replay")},
        "player_level_image_dev_zero": {f"{LEVEL}/mine.tmx": Valid(own), f"{LEVEL}/mall.tsx": Valid(tileset),
                                        f"{LEVEL}/mall.png": Link("/dev/zero")},
        "player_level_image_huge": {f"{LEVEL}/mine.tmx": Valid(own), f"{LEVEL}/mall.tsx": Valid(tileset),
                                    f"{LEVEL}/mall.png": Sparse(64 << 20)},
        # The levels folder's Tiled kit, read at start to see whose each file is: never blocking, never
        # followed out of the folder, never written over when it is not the game's.
        "level_kit_project_fifo": {f"{LEVEL}/sold_out.tiled-project": Fifo()},
        "level_template_fifo": {f"{LEVEL}/templates/spawn.tx": Fifo()},
        "level_template_link_out": {f"{LEVEL}/templates/chair.tx": Link("{sentinel}/victim.replay")},
        "level_template_huge": {f"{LEVEL}/templates/entrance.tx": Sparse(64 << 20)},
    }


# How each written file is saved by the game, for the kill -9 test: `save(n)` writes version n of it
# through the game's own code; `check()` (a fresh process, after the kill) asserts it reads back
# whole. Register key -> code (a history's save also writes its archives and kept replays).
_HISTORY_SAVES = """
from game.speedrun import attempts
from game.speedrun.attempts import WRITER, AttemptLog
attempts.KEEP_LAST = 3             # prune often: kills land between a save and its replays' deletion
REPLAY = "replay " + "x" * 100_000
log, _warning = AttemptLog.load("rush.set.A")
def save(n):
    log.add({"ticks": 900 + n % 50, "splits": [300, 600, 900 + n % 50], "flags": [], "pb": n % 20 == 0},
            replay_text=REPLAY)
    log.save()
    WRITER.flush()                 # as the run scenes: each save committed before the next attempt
def check():
    log, warning = AttemptLog.load("rush.set.A")
    every, problem = log.every_attempt()
    assert warning is None and problem is None, (warning, problem)
    assert [a["id"] for a in every] == list(range(1, log.count() + 1)), "an attempt lost or doubled"
    assert all(log.replay_text(a) == REPLAY for a in log.kept()), "a kept replay is half written"
"""
_JSON_SAVES = """
from game.files import register
ENTRY = register.{entry}
def save(n):
    {save}
def check():
    loaded = ENTRY.load(None)
    assert loaded.warning is None and loaded.data is not None, loaded.warning
"""
_TEXT_SAVES = """
from game.files import register
ENTRY, NAME = register.{entry}, "{name}"
TEXTS = ["first " * 40_000 + "\\n", "second " * 40_000 + "\\n"]
def save(n):
    {save}
def check():
    assert ENTRY.read_text(NAME) in TEXTS, "half a file"
"""
_LOG_SAVES = """
import logging
from game.files import register
from game.files.logfile import kept
ENTRY, NAME = register.GAME_LOG, "game.log"
def save(n):
    with kept():   # a session that logs one long warning: the whole file is that one record
        logging.getLogger("game.x").warning("%s", ("first " if n % 2 else "second ") * 10_000)
def check():   # each session's log (game.log, game.1.log...: a kill between moving and writing leaves no game.log)
    assert ENTRY.names(), "no log at all"
    for name in ENTRY.names():
        text = ENTRY.read_text(name)
        assert text.count("WARNING game.x") == 1 and text.endswith(" \\n"), "half a file"
"""
_KIT_SAVES = """
from game.files import level_kit
STAMPS = ["0" * 12, "1" * 12]
def save(n):   # another version's kit each time: every file of it written again
    level_kit.stamp = lambda: STAMPS[n % 2]
    level_kit.provide()
def check():
    for a, b in zip(level_kit.kit_files(STAMPS[0]), level_kit.kit_files(STAMPS[1])):
        assert a.entry.read_bytes(a.name) in (a.data, b.data), "half a file"
"""
_DATABASE_SAVES = """
from game.files.database import open_records
db, warning = open_records()
def save(n):
    db.write(lambda c: c.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (f"k{n % 500}", "v" * (n % 300))))
def check():
    db, warning = open_records()
    assert warning is None and db.read("PRAGMA quick_check") == [("ok",)], warning
"""
_CAREER_SAVES = """
import zlib
from game.career import progress
from game.files import database
TEXTS = ["first " * 40_000 + "\\n", "second " * 40_000 + "\\n"]
def save(n):
    progress._replace(database.shared(), "first_rush", [progress.Run((n % 3,), TEXTS[n % 2])])
    database.shared().flush()   # committed when the next save starts
def check():
    db, warning = database.open_records()
    assert warning is None, warning
    rows = db.read("SELECT stars, replay FROM career_runs WHERE challenge = 'first_rush'")
    assert len(rows) <= 1 and all(zlib.decompress(r[1]).decode() in TEXTS for r in rows), "half a save"
"""
_EVENING_SAVES = """
from game.evening import store
from game.files import database
from game.match.record import MatchRecord, SeatLine
evening, _said = store.resume(database.shared())
SEATS = tuple(SeatLine(s, "Orange", None, "human", "", None, s, 1 + s) for s in range(6))
def save(n):
    evening.add(MatchRecord("soldout", ("rush",) * 3, "galleria", n, 9000, "2026-12-05T21:00:00", SEATS))
    database.shared().flush()   # committed when the next save starts
def check():
    db, warning = database.open_records()
    assert warning is None, warning
    matches = [r[0] for r in db.read("SELECT n FROM evening_matches ORDER BY evening, n")]
    assert matches == list(range(1, len(matches) + 1)), "a match lost before a later one"
"""
KILL9: dict[str, str] = {
    "records_db": _DATABASE_SAVES,
    "settings": _JSON_SAVES.format(entry="SETTINGS", save="from game.core.settings import Settings\n"
                                   "    Settings(volume=n % 2 / 2, livesplit_host='.'.join(['h' * 60] * 3)).save()"),
    "bindings": _JSON_SAVES.format(entry="BINDINGS", save="from game.input.bindings import Bindings\n"
                                   "    Bindings().save()"),
    "pad_mappings": _JSON_SAVES.format(entry="PAD_MAPPINGS", save="from game.input import mappings\n"
                                       f"    mappings.save('{GUID[:-3]}%03d' % (n % 200), '{GUID[:-3]}%03d,P,a:b0,' % (n % 200))"),
    "howto_seen": _JSON_SAVES.format(entry="HOWTO_SEEN", save="ENTRY.save(['rush'] * (n % 200))"),
    "speedrun_replays": _TEXT_SAVES.format(entry="RECORD_REPLAYS", name="rush.set.A-20261130-100000.replay",
                                           save="ENTRY.write_text(TEXTS[n % 2], NAME)"),
    "attempt_replays": _HISTORY_SAVES,      # with the attempts saved in records.sqlite3
    "run_codes": _TEXT_SAVES.format(entry="RUN_CODES", name="rush.set.A.txt",
                                    save="from game.scenes.speedrun.results import save_code\n"
                                         "    save_code('rush.set.A', TEXTS[n % 2][:-1])"),
    "splits_exports": _TEXT_SAVES.format(entry="SPLITS_EXPORTS", name="rush.set.A.lss",
                                         save="from game.speedrun.livesplit import export\n"
                                              "    export('rush.set.A', TEXTS[n % 2])"),
    "stats_exports": _TEXT_SAVES.format(entry="STATS_EXPORTS", name="matches.csv",
                                        save="ENTRY.write_text(TEXTS[n % 2], NAME)"),
    "error_log": _TEXT_SAVES.format(entry="ERROR_LOG", name="error.log", save="ENTRY.write_text(TEXTS[n % 2])"),
    "game_log": _LOG_SAVES,
    "level_kit": _KIT_SAVES,
    "level_templates": _KIT_SAVES,
    "records_db_career": _CAREER_SAVES,
    "records_db_evening": _EVENING_SAVES,
}
