"""Fuzz every reader of untrusted files for minutes, each input in a child process under limits.

    python tools/fuzz.py [--minutes 10 | --seconds S] [--seed 1] [--workers 2] [--keep DIR] [--no-hand-made]
                         [--classes]

Mutates the shipped levels (and their tileset and templates), replays recorded at the start
(both games, every mode), run codes made from them, the conformance scenarios,
and every file of the register of user files (game/files/register.py: a whole
user folder made by the game's own writers, tests/hostile_samples.py); also
runs the hand-made hostile inputs of tests/hostile.py once. A fifth of the inputs
come from tools/fuzz_classes.py, one generator per class of issue #39 (large
counts, cross-file amplification, folder links at every depth, UTF-16/32 XML,
swapped or foreign archives, hundreds of levels); `--classes` runs those alone. Each input runs in
a child with a CPU-time limit and an address-space limit (`resource`), as the
game runs it:
- a level: `--check-level`, and if accepted it is played and drawn in the mall
  scene (tests/hostile_level.py): exit 0 or 2;
- a replay or run code: `--replay FILE --headless --json`: exit 0 or 2;
- a scenario file: `--scenario FILE`: exit 0, 1 (a case fails) or 2;
- user files: the whole shell started over them (a window start, every
  registered file read as a player reaches it: tests/hostile_shell.py): exit 0,
  and a sentinel folder beside the user folder left exactly as it was. Some
  files are mutated, some replaced by a FIFO, a link to /dev/zero or out of
  the folder, a file past its cap, or a folder.
An exit 2 must be one line; no traceback ever; a refusal within 2 s of CPU,
everything within 300 MB resident. Failing inputs are kept (in --keep, default
fuzz-failures/) with the command that reproduces them. Prints one JSON summary;
exit 1 if anything failed (a worker that dies is a failure too, with the end of what it said).
tests/test_fuzz_tool.py runs it for a few seconds, so it cannot rot unseen.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

import fuzz_classes  # noqa: E402  (tools/, beside this file)
import hostile  # noqa: E402

NASTY = [b"", b"nan", b"inf", b"-inf", b"NaN", b"Infinity", b"-1", b"0", b"1e9", b"1e999", b"9" * 5000,
         "\u00b2".encode(), "\u0663".encode(), b"\x1b[31m", b"\n", b"\r\n", b"\x00", b"\xff\xfe", b"[]", b"{}",
         b"null", b"true", b"2147483648", b"4294967296", b"-2147483649", b"2000000", b"../../../etc/passwd",
         b"/dev/zero", b"[" * 3000, b"{" * 3000, b'"' + b"x" * 5000 + b'"', b"<", b"&", b"<!ENTITY", b"]]>",
         b"1.5", b"1_000", b"0x10", b" ", b"\t", "\u202e".encode(), b"x" * 300, b"/" * 50,
         b"{sentinel}/victim.replay", b"../../../../sentinel/victim.replay", b"../sentinel", b"CON.replay",
         b"\\ud800", b"null", b"[null]", b"-5"]


# ---------------------------------------------------------------- mutations
def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to five edits: nasty tokens, flipped bytes, doubled or dropped spans and lines, a cut."""
    for _ in range(rng.randint(1, 5)):
        if not data:
            return rng.choice(NASTY)
        kind = rng.choice(("nasty", "nasty_value", "flip", "double", "drop", "line", "cut", "repeat"))
        at = rng.randrange(len(data))
        if kind == "nasty":
            data = data[:at] + rng.choice(NASTY) + data[at + rng.randint(0, 6):]
        elif kind == "nasty_value":           # an attribute or JSON/TOML value replaced whole
            quote = data.find(b'"', at)
            end = data.find(b'"', quote + 1) if quote >= 0 else -1
            if 0 <= quote < end:
                data = data[:quote + 1] + rng.choice(NASTY).replace(b'"', b"") + data[end:]
        elif kind == "flip":
            data = data[:at] + bytes([rng.randrange(256)]) + data[at + 1:]
        elif kind == "double":
            span = rng.randint(1, 200)
            data = data[:at + span] + data[at:at + span] + data[at + span:]
        elif kind == "drop":
            data = data[:at] + data[at + rng.randint(1, 200):]
        elif kind == "line":
            lines = data.split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
            if rng.random() < 0.5:
                lines.insert(i, lines[j])
            data = b"\n".join(lines)
        elif kind == "cut":
            data = data[:at]
        else:                                  # one span repeated many times: growth without limit
            piece = data[at:at + rng.randint(1, 60)]
            data = data[:at] + piece * rng.randint(100, 20_000) + data[at:]
    return data


# ---------------------------------------------------------------- the corpus
class Corpus:
    def __init__(self, work: Path) -> None:
        self.work = work
        self.levels = {p.name: p.read_bytes() for p in sorted((ROOT / "levels").glob("*.tmx"))}
        self.templates = {p.name: p.read_bytes() for p in sorted((ROOT / "levels" / "templates").glob("*.tx"))}
        tsx = (ROOT / "levels" / "mall.tsx").read_text(encoding="utf-8")
        self.tsx = tsx.replace('source="../assets/tiles/mall.png"',
                               f'source="{ROOT / "assets" / "tiles" / "mall.png"}"').encode()
        self.scenarios = {p.name: p.read_bytes() for p in sorted((ROOT / "tests" / "scenarios").glob("*.toml"))}
        self.replays = self._record()
        from game.driver.replay import to_code  # noqa: E402  (the game is importable once ROOT is on the path)
        self.codes = {f"{name}.code": (to_code(text.decode()) + "\n").encode() for name, text in self.replays.items()}
        self.user = self._user_files()

    def _record(self) -> dict[str, bytes]:
        runs = {"rush": ["--mode", "rush"], "memory": ["--mode", "memory"], "tidy": ["--mode", "tidy"],
                "checkout": ["--game", "checkout", "--bots", "3"]}
        out: dict[str, bytes] = {}
        for name, args in runs.items():
            path = self.work / f"{name}.replay"
            argv = ["--headless", "--seed", "7", "--record", str(path), *args]
            if "--bots" not in argv:
                argv += ["--bots", "2"]
            subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], cwd=ROOT, check=True,
                           env=hostile.child_env(self.work / "user"), capture_output=True, timeout=300)
            out[name] = path.read_bytes()
        return out

    def _user_files(self) -> dict[str, bytes]:
        """Every registered user file the game reads, as its own writers made them: path -> bytes."""
        from game.files.register import entry_for
        folder = self.work / "templates"
        hostile.make_samples(folder)
        files = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
        out: dict[str, bytes] = {}
        for name, data in files.items():
            entry = entry_for(name)
            if entry is not None and entry.read:
                out[name] = data
        return out


def make_case(corpus: Corpus, rng: random.Random, n: int, folder: Path) -> tuple[str, hostile.Case, Path]:
    """The n-th random input: which reader, the mutated file(s) written in `folder`, and how to run it."""
    folder.mkdir(parents=True, exist_ok=True)
    kind = rng.choices(("level", "replay", "code", "scenario", "user", "class"), weights=(20, 15, 8, 12, 25, 20))[0]
    if kind == "class":     # one of the classes of issue #39 (tools/fuzz_classes.py)
        return fuzz_classes.make(corpus, rng, n, folder, make_sentinel)
    if kind == "level":
        name = rng.choice(sorted(corpus.levels))
        tsx = corpus.tsx if rng.random() < 0.8 else mutate(corpus.tsx, rng)
        (folder / "mall.tsx").write_bytes(tsx)
        if rng.random() < 0.3:     # a damaged template beside the level, used instead of the shipped one
            template = rng.choice(sorted(corpus.templates))
            (folder / "templates").mkdir(exist_ok=True)
            (folder / "templates" / template).write_bytes(mutate(corpus.templates[template], rng))
        path = folder / name
        path.write_bytes(mutate(corpus.levels[name], rng) if rng.random() < 0.8 else corpus.levels[name])
        return kind, hostile.Case(f"level#{n}", [str(path)], codes=(0, 2), script="tests/hostile_level.py"), folder
    if kind in ("replay", "code"):
        source = corpus.replays if kind == "replay" else corpus.codes
        name = rng.choice(sorted(source))
        path = folder / name
        path.write_bytes(mutate(source[name], rng))
        return kind, hostile.Case(f"{kind}#{n}", ["--replay", str(path), "--headless", "--json"], codes=(0, 2)), folder
    if kind == "scenario":
        name = rng.choice(sorted(corpus.scenarios))
        path = folder / name
        path.write_bytes(mutate(corpus.scenarios[name], rng))
        return kind, hostile.Case(f"scenario#{n}", ["--scenario", str(path)], codes=(0, 1, 2)), folder
    return kind, user_case(corpus, rng, n, folder), folder / "user"


def only_classes(corpus: Corpus, rng: random.Random, n: int, folder: Path) -> tuple[str, hostile.Case, Path]:
    """--classes: the classes' generators alone."""
    folder.mkdir(parents=True, exist_ok=True)
    return fuzz_classes.make(corpus, rng, n, folder, make_sentinel)


SPECIALS: tuple[object, ...] = (hostile.Fifo(), hostile.Link("/dev/zero"), hostile.Link("{sentinel}/victim.replay"),
            hostile.Sparse(70 << 20), "folder")


def user_case(corpus: Corpus, rng: random.Random, n: int, folder: Path) -> hostile.Case:
    """The sample user folder with some files mutated (a few replaced by a FIFO, a device, a link out,
    a file past its cap or a folder), and a sentinel folder beside it that must stay as it is."""
    user, sentinel = folder / "user", make_sentinel(folder / "sentinel")
    touched = [name for name in corpus.user if rng.random() < 0.3] or [rng.choice(sorted(corpus.user))]
    for name, data in corpus.user.items():
        if name not in touched:
            hostile.place(user, name, data, sentinel)
        elif rng.random() < 0.08:
            special = rng.choice(SPECIALS)
            if special == "folder":
                (user / name).mkdir(parents=True)
            else:
                hostile.place(user, name, special, sentinel)
        else:
            hostile.place(user, name, mutate(data, rng).replace(b"{sentinel}", str(sentinel).encode()), sentinel)
    from game.files.register import entry_for
    keys = sorted({entry.key for entry in map(entry_for, touched) if entry is not None})
    return hostile.Case(f"user#{n}:" + "+".join(keys), [], codes=(0,), script=hostile.SHELL)


VICTIM = b"the player's own file, outside the game's folder"


def hand_user_cases(folder: Path) -> list[tuple[hostile.Case, Path]]:
    """Every hand-made hostile user folder of tests/hostile.py, each with its sentinel beside it."""
    out: list[tuple[hostile.Case, Path]] = []
    for name, files in sorted(hostile.user_file_cases().items()):
        case_folder = folder / name
        sentinel = make_sentinel(case_folder / "sentinel")
        for file, what in files.items():
            hostile.place(case_folder / "user", file, what, sentinel)
        out.append((hostile.Case(f"user:{name}", [], codes=(0,), script=hostile.SHELL), case_folder))
    return out


def make_sentinel(folder: Path) -> Path:
    """A folder beside the user folder holding files of the player's: the game must never touch it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "victim.replay").write_bytes(VICTIM)
    (folder / "victim.json").write_bytes(VICTIM)
    return folder


def sentinel_problems(folder: Path) -> list[str]:
    """What happened to the sentinel folder ([] when it is exactly as it was made)."""
    try:
        found = {p.name: p.read_bytes() for p in folder.iterdir()}
    except OSError as exc:
        return [f"the sentinel folder is gone ({exc.strerror})"]
    if found != {"victim.replay": VICTIM, "victim.json": VICTIM}:
        return ["a file outside the user folder was touched"]
    return []


# ---------------------------------------------------------------- running one input
class ForkRunner:
    """Runs inputs in children forked from this warm process (the game's modules already imported),
    about twenty times faster than a fresh interpreter each; the child sets the same limits, and one
    that blocks without using its CPU is killed after a while of wall clock (a hang, reported).
    Single-threaded: one runner per worker process."""

    def __init__(self, cpu_seconds: int, address_space: int) -> None:
        import os
        os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        import hostile_level
        import hostile_shell
        hostile_shell.preload()      # the modules the shell uses, named in one place: they cannot drift
        hostile_level.preload()
        import game.driver.soldout_headless  # noqa: F401
        import game.driver.table_headless  # noqa: F401
        self.cpu = cpu_seconds
        self.address_space = address_space

    def run(self, case: hostile.Case, user: Path) -> hostile.Outcome:
        import os
        import signal
        import threading
        with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as peak:
            pid = os.fork()
            if pid == 0:   # the child: never returns
                _child(case, user, out.fileno(), err.fileno(), peak.fileno(), self.cpu, self.address_space)
            timer = threading.Timer(self.cpu * 3 + 10, os.kill, (pid, signal.SIGKILL))
            timer.start()
            try:
                _, status, usage = os.wait4(pid, 0)
            finally:
                timer.cancel()
            out.seek(0)
            err.seek(0)
            peak.seek(0)
            kb = peak.read().decode().strip()
            return hostile.Outcome(case, os.waitstatus_to_exitcode(status), out.read().decode("utf-8", "replace"),
                                   err.read().decode("utf-8", "replace"), usage.ru_utime + usage.ru_stime,
                                   int(kb) * 1024 if kb.isdigit() else 0)


def _child(case: hostile.Case, user: Path, out: int, err: int, peak: int, cpu: int, address_space: int) -> None:
    """The forked child: limits set, the input run, its peak resident set written; never returns."""
    import os
    import resource
    code = 1
    try:
        os.dup2(out, 1)
        os.dup2(err, 2)
        # Python's own streams on those descriptors (under pytest they are its capture objects)
        sys.stdout = open(1, "w", closefd=False)
        sys.stderr = open(2, "w", closefd=False)
        with open("/proc/self/status") as f:
            size = [int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:")][0]
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
        resource.setrlimit(resource.RLIMIT_AS, (size + address_space,) * 2)
        os.environ["SOLDOUT_USER_DIR"] = str(user)
        code = _child_main(case)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        import traceback
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            with open("/proc/self/status") as f:
                kb = [line.split()[1] for line in f if line.startswith("VmHWM:")][0]
            os.write(peak, kb.encode())
        finally:
            os._exit(code)


def _child_main(case: hostile.Case) -> int:
    if case.script == "tests/hostile_level.py":
        import hostile_level
        return int(hostile_level.main(case.argv[0]))
    if case.script == hostile.SHELL:
        import hostile_shell
        hostile_shell.main()
        return 0
    from game.app import main as game_main
    return int(game_main(case.argv))


# ---------------------------------------------------------------- the run
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--seconds", type=float, default=None, help="the run's length in seconds (instead of --minutes)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep", type=Path, default=ROOT / "fuzz-failures")
    parser.add_argument("--cpu-limit", type=int, default=40, help="seconds of CPU before a child is killed")
    parser.add_argument("--memory-limit", type=int, default=2048, help="MB of address space for a child")
    parser.add_argument("--no-hand-made", action="store_true", help="skip the hand-made inputs (a short run)")
    parser.add_argument("--classes", action="store_true", help="only the generators of tools/fuzz_classes.py")
    parser.add_argument("--worker", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.seconds is not None:
        args.minutes = args.seconds / 60
    if args.worker is not None:
        return worker(args)
    start = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="soco-fuzz-"))
    merged = Summary()
    try:
        if not args.no_hand_made:
            hand_made(args, work, merged)
        # random mutations until the time is up, in worker processes that fork per input
        left = max(0.05, args.minutes - (time.monotonic() - start) / 60)
        procs = [(k, subprocess.Popen(
            [sys.executable, __file__, "--worker", str(k), "--seed", str(args.seed * 1000 + k),
             "--minutes", f"{left:.4f}", "--keep", str(args.keep), "--cpu-limit", str(args.cpu_limit),
             "--memory-limit", str(args.memory_limit), *(["--classes"] if args.classes else [])],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)) for k in range(args.workers)]
        for k, proc in procs:
            out, err = proc.communicate()
            sys.stderr.write(err)
            merged.merge_worker(k, proc.returncode, out, err)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report = merged.report(round((time.monotonic() - start) / 60, 2), args.seed)
    print(json.dumps(report, indent=1))
    return 1 if report["failures"] else 0


def hand_made(args: argparse.Namespace, work: Path, merged: "Summary") -> None:
    """The hand-made hostile inputs of tests/hostile.py, once, each in a fresh interpreter."""
    limit = args.memory_limit << 20
    hand = (hostile.level_cases(work / "hand" / "levels") + hostile.replay_cases(work / "hand" / "replays")
            + hostile.scenario_cases(work / "hand" / "scenarios"))
    with ThreadPoolExecutor(args.workers) as pool:
        for outcome in pool.map(lambda c: hostile.run_case(c, work / "user", args.cpu_limit, limit), hand):
            merged.judge("hand-made", outcome, None, args.keep)
        users = hand_user_cases(work / "hand" / "user")
        for (case, folder), outcome in zip(users, pool.map(
                lambda cf: hostile.run_case(cf[0], cf[1] / "user", args.cpu_limit, limit), users)):
            merged.judge("hand-made", outcome, folder, args.keep, sentinel_problems(folder / "sentinel"))


class Summary:
    """Counts, worst CPU and memory per reader, and the failures with where their input is kept."""

    def __init__(self) -> None:
        self.stats: dict[str, Counter[str]] = defaultdict(Counter)
        self.worst: dict[str, dict[str, float]] = defaultdict(lambda: {"refusal_cpu_s": 0.0, "cpu_s": 0.0,
                                                                       "peak_mb": 0.0})
        self.failures: list[dict[str, Any]] = []
        self.touched: Counter[str] = Counter()    # register key -> user-file inputs that damaged it

    def judge(self, kind: str, outcome: hostile.Outcome, keep_from: Path | None, keep: Path,
              extra: list[str] | None = None) -> None:
        self.stats[kind]["inputs"] += 1
        self.stats[kind][f"exit {outcome.code}"] += 1
        w = self.worst[kind]
        w["cpu_s"] = round(max(w["cpu_s"], outcome.seconds), 2)
        if outcome.code == 2:
            w["refusal_cpu_s"] = round(max(w["refusal_cpu_s"], outcome.seconds), 2)
        w["peak_mb"] = round(max(w["peak_mb"], outcome.peak_bytes / (1 << 20)), 1)
        problems = outcome.problems() + (extra or [])
        if outcome.code == -9:
            problems.append("killed: a hang (no CPU used for minutes) or past its CPU limit")
        if problems:
            kept = keep / outcome.case.name.replace("#", "-").replace(":", "-")
            if keep_from is not None:
                shutil.copytree(keep_from, kept, dirs_exist_ok=True, symlinks=True)
            self.failures.append({"input": outcome.case.name, "problems": problems, "kept": str(kept),
                                  "run": " ".join(outcome.case.argv), "script": outcome.case.script,
                                  "output": (outcome.stderr + outcome.stdout)[-400:]})
            print(f"FAIL {outcome.case.name}: {', '.join(problems)} (kept in {kept})", file=sys.stderr)

    def merge_worker(self, k: int, code: int, out: str, err: str) -> None:
        """A worker's summary merged in; a worker that died (no summary) is a failure, never a crash here."""
        try:
            report = json.loads(out.strip().splitlines()[-1]) if out.strip() else None
        except json.JSONDecodeError:
            report = None
        if not isinstance(report, dict):
            self.failures.append({"input": f"worker {k}", "problems": [f"the worker died (exit {code})"],
                                  "output": (err + out)[-800:]})
            return
        self.merge(report)

    def merge(self, report: dict[str, Any]) -> None:
        for kind, counts in report["by_reader"].items():
            worst = counts.pop("worst")
            self.stats[kind].update(counts)
            for key, value in worst.items():
                self.worst[kind][key] = max(self.worst[kind][key], value)
        self.failures += report["failures"]
        self.touched.update(report.get("user_files_damaged", {}))

    def report(self, minutes: float, seed: int) -> dict[str, Any]:
        peak = max((w["peak_mb"] for w in self.worst.values()), default=0.0)
        return {"minutes": minutes, "seed": seed, "inputs": sum(s["inputs"] for s in self.stats.values()),
                "peak_mb": peak,
                "by_reader": {kind: dict(sorted(c.items())) | {"worst": dict(self.worst[kind])}
                              for kind, c in sorted(self.stats.items())},
                "user_files_damaged": dict(sorted(self.touched.items())), "failures": self.failures}


def worker(args: argparse.Namespace) -> int:
    """One worker: build the corpus, then mutate, fork, judge until the time is up; prints its summary."""
    start = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix=f"soco-fuzz-w{args.worker}-"))
    summary = Summary()
    try:
        corpus = Corpus(work)
        runner = ForkRunner(args.cpu_limit, args.memory_limit << 20)
        rng = random.Random(args.seed)
        n = 0
        while time.monotonic() < start + args.minutes * 60 or n == 0:   # at least one input, however short
            n += 1
            kind, case, folder = (only_classes if args.classes else make_case)(corpus, rng, n, work / "cases" / str(n))
            case.name = f"w{args.worker}-{case.name}"
            user = kind.startswith("user")     # the whole shell over folder, its sentinel beside it
            outcome = runner.run(case, folder if user else work / "user")
            where = folder.parent if user else folder
            extra = sentinel_problems(where / "sentinel") if user else []
            if kind == "user":
                summary.touched.update(case.name.split(":", 1)[1].split("+"))
            summary.judge(kind, outcome, where, args.keep, extra)
            shutil.rmtree(where, ignore_errors=True)
            if n % 500 == 0:
                print(f"worker {args.worker}: {(time.monotonic() - start) / 60:.1f} min, {n} inputs, "
                      f"{len(summary.failures)} failures", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(summary.report(round((time.monotonic() - start) / 60, 2), args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
