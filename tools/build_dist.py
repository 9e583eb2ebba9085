"""Build the standalone game: a one-folder PyInstaller build for this platform, zipped.

    .venv/bin/python -m pip install -e '.[dist]'   # once: PyInstaller and its community hooks
    .venv/bin/python tools/build_dist.py           # -> dist/soldout-checkout/ and its .zip

The same command on Windows, macOS or Linux builds for that platform (PyInstaller
does not cross-compile). The game's data goes inside the folder at the place an
installed wheel has it (game/_data/assets, game/_data/levels), so game/__init__.py
finds it the same way. Unzip anywhere and run `soldout-checkout` (Windows:
`soldout-checkout.exe`); it takes the same options as `python main.py`.

Kept small (tests/test_dist.py fails a build above 40 MB unzipped or 20 MB zipped): Babel's
locale data and Pyphen's hyphenation dictionaries only for the game's languages, no OpenSSL
(the game opens no TLS connection; hashlib falls back to its built-in hashes), no copy of a
library beside its symlinked twin.
The folder's top holds LICENSE, the assets' licences and licenses/ for the bundled libraries.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import VERSION  # noqa: E402
from game.text.i18n import LANGUAGES  # noqa: E402
from game.render.text import HYPHENATION  # noqa: E402

NAME = "soldout-checkout"
TEST_FIXTURES = ("broken",)   # levels/broken/: levels made to fail, for the tests only
# Sources the game is built from but never reads: the translations' .po (it reads the compiled
# .mo) and the music's MIDI (it plays the OGG). The wheel keeps them; the standalone has no use.
SOURCES = ("*.po", "*.pot", "*.mid")
# Modules the game never imports (python -X importtime over every command and the window's
# warm-up) that PyInstaller would still pack: OpenSSL's (about 5 MB with libssl and libcrypto),
# unicodedata (1 MB; the LiveSplit host is checked to be ASCII, so no IDNA codec runs), asyncio,
# the e-mail, HTTP and tar modules other libraries' unused corners name, and the standard
# library's developer tools.
EXCLUDED_MODULES = ("ssl", "_ssl", "_hashlib", "unicodedata", "asyncio", "email", "http", "tarfile",
                    "tkinter", "unittest", "pydoc", "doctest")
# Babel's locale data: the game's languages and the root they inherit from (the rest, 1,100
# locales and 34 MB, is never read: game/text/i18n.py only ever asks for these).
LOCALES = ("root", *LANGUAGES)
# Pyphen's dictionaries: the ones game/render/text.py hyphenates the game's languages with (of 84).
DICTIONARIES = tuple(HYPHENATION[code] for code in LANGUAGES)
# licences: licenses/ (wsproto and h11: the LiveSplit One link's WebSocket protocol)
RUNTIME_DISTRIBUTIONS = ("pygame-ce", "pytmx", "platformdirs", "babel", "pyphen", "defusedxml", "wsproto", "h11")


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def stage_data(into: Path) -> list[str]:
    """Copy assets/ and levels/ (without test fixtures and sources) into `into`; PyInstaller
    --add-data pairs."""
    pairs = []
    for folder in ("assets", "levels"):
        target = into / folder
        shutil.copytree(ROOT / folder, target, ignore=shutil.ignore_patterns(*TEST_FIXTURES, *SOURCES, "__pycache__"))
        pairs.append(f"{target}{os.pathsep}game/_data/{folder}")
    return pairs


def pyinstaller_command(dist: Path, work: Path, data_pairs: list[str]) -> list[str]:
    command = [sys.executable, "-m", "PyInstaller", str(ROOT / "main.py"), "--name", NAME, "--onedir",
               "--noconfirm", "--clean", "--log-level", "WARN",
               # bytecode without docstrings and asserts (0.6 MB): nothing the game runs reads a
               # docstring, and its asserts only narrow types for mypy
               "--optimize", "2",
               "--distpath", str(dist), "--workpath", str(work / "build"), "--specpath", str(work),
               "--paths", str(ROOT),
               # scenes, game runners, rules and the screenshot scenes are imported by name at
               # run time: take them all
               "--collect-submodules", "game", "--collect-submodules", "devkit"]
    if sys.platform != "win32":
        command.append("--strip")   # debug symbols off the bundled libraries: about half the size
    for module in EXCLUDED_MODULES:
        command += ["--exclude-module", module]
    for pair in data_pairs:
        command += ["--add-data", pair]
    return command


def prune_locales(folder: Path) -> None:
    """Keep Babel's data for LOCALES and Pyphen's dictionaries (with their notes) for DICTIONARIES."""
    for data in folder.rglob("babel/locale-data/*.dat"):
        if data.stem not in LOCALES:
            data.unlink()
    for data in folder.rglob("pyphen/dictionaries/*"):
        name = data.stem.removeprefix("README_").removeprefix("hyph_")
        if name not in DICTIONARIES:
            data.unlink()


def drop_symlinked_twins(folder: Path) -> None:
    """PyInstaller links each library of pygame-ce's bundled set (pygame_ce.libs/) into the top
    folder too. The libraries find each other through their own run path, never there; a zip
    stores a link as a second copy (13 MB), so the links go."""
    for path in folder.rglob("*"):
        if path.is_symlink() and path.resolve().is_relative_to(folder.resolve()) and path.resolve().is_file():
            path.unlink()


def add_licences(folder: Path) -> None:
    """LICENSE and the assets' licences at the top; the bundled libraries' licences in licenses/."""
    shutil.copy2(ROOT / "LICENSE", folder / "LICENSE")
    shutil.copy2(ROOT / "assets" / "LICENSES.md", folder / "LICENSES.md")
    licences = folder / "licenses"
    licences.mkdir(exist_ok=True)
    python_licence = next((p for p in (Path(sys.base_prefix) / "LICENSE.txt",
                                       Path(sys.base_prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
                                       / "LICENSE.txt") if p.is_file()), None)
    if python_licence is not None:
        shutil.copy2(python_licence, licences / "python.txt")
    for name in RUNTIME_DISTRIBUTIONS:
        dist = metadata.distribution(name)
        texts = [f for f in dist.files or [] if re.search(r"LICEN[CS]E|COPYING|NOTICE", f.name, re.IGNORECASE)]
        header = f"{dist.metadata['Name']} {dist.version}: {licence_name(dist.metadata)}\n"
        body = "\n\n".join(Path(str(dist.locate_file(f))).read_text(encoding="utf-8", errors="replace") for f in texts)
        (licences / f"{dist.metadata['Name'].lower()}.txt").write_text(header + ("\n" + body if body else ""),
                                                                       encoding="utf-8")


def licence_name(meta: metadata.PackageMetadata) -> str:
    """A distribution's licence as its metadata names it (the SPDX expression first)."""
    named = (value for field in ("License-Expression", "License") for value in meta.get_all(field) or [] if value)
    return str(next(named, "see its project page"))


def folder_bytes(folder: Path) -> int:
    """What the unzipped folder takes: its files' sizes (a link would count once, as a link)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if not p.is_dir() or p.is_symlink())


def build(dist: Path) -> Path:
    """Build into dist/NAME, trim and license it, and zip it; returns the zip's path."""
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="build-dist-") as tmp:
        work = Path(tmp)
        subprocess.run(pyinstaller_command(dist, work, stage_data(work / "data")), check=True, cwd=ROOT)
    folder = dist / NAME
    prune_locales(folder)
    drop_symlinked_twins(folder)
    add_licences(folder)
    archive = dist / f"{NAME}-{VERSION}-{platform_tag()}"
    return Path(shutil.make_archive(str(archive), "zip", root_dir=dist, base_dir=NAME))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default dist/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ModuleNotFoundError:
        print("build_dist.py: PyInstaller is not installed: python -m pip install -e '.[dist]'", file=sys.stderr)
        return 2
    try:
        archive = build(args.dist.resolve())
    except subprocess.CalledProcessError as exc:
        print(f"build_dist.py: PyInstaller failed (exit {exc.returncode}); its output is above", file=sys.stderr)
        return 1
    folder = args.dist.resolve() / NAME
    print(f"built {folder} ({folder_bytes(folder) / 1e6:.1f} MB)")
    print(f"zipped {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
