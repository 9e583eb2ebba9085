"""Build the standalone game: a one-folder PyInstaller build for this platform, zipped.

    .venv/bin/python -m pip install -e '.[dist]'   # once: PyInstaller and its community hooks
    .venv/bin/python tools/build_dist.py           # -> dist/soldout-checkout/ and its .zip

The same command on Windows, macOS or Linux builds for that platform (PyInstaller
does not cross-compile). The game's data goes inside the folder at the place an
installed wheel has it (game/_data/assets, game/_data/levels), so game/__init__.py
finds it the same way. Unzip anywhere and run `soldout-checkout` (Windows:
`soldout-checkout.exe`); it takes the same options as `python main.py`.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import VERSION  # noqa: E402

NAME = "soldout-checkout"
TEST_FIXTURES = ("broken",)   # levels/broken/: levels made to fail, for the tests only


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def stage_data(into: Path) -> list[str]:
    """Copy assets/ and levels/ (without test fixtures) into `into`; PyInstaller --add-data pairs."""
    pairs = []
    for folder in ("assets", "levels"):
        target = into / folder
        shutil.copytree(ROOT / folder, target, ignore=shutil.ignore_patterns(*TEST_FIXTURES, "__pycache__"))
        pairs.append(f"{target}{os.pathsep}game/_data/{folder}")
    return pairs


def pyinstaller_command(dist: Path, work: Path, data_pairs: list[str]) -> list[str]:
    command = [sys.executable, "-m", "PyInstaller", str(ROOT / "main.py"), "--name", NAME, "--onedir",
               "--noconfirm", "--clean", "--log-level", "WARN",
               "--distpath", str(dist), "--workpath", str(work / "build"), "--specpath", str(work),
               "--paths", str(ROOT),
               # scenes, game runners, rules and the screenshot scenes are imported by name at
               # run time: take them all
               "--collect-submodules", "game", "--collect-submodules", "devkit"]
    if sys.platform != "win32":
        command.append("--strip")   # debug symbols off the bundled libraries: about half the size
    for pair in data_pairs:
        command += ["--add-data", pair]
    return command


def build(dist: Path) -> Path:
    """Build into dist/NAME and zip it; returns the zip's path."""
    dist.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="build-dist-") as tmp:
        work = Path(tmp)
        subprocess.run(pyinstaller_command(dist, work, stage_data(work / "data")), check=True, cwd=ROOT)
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
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(f"built {folder} ({size / 1e6:.0f} MB)")
    print(f"zipped {archive} ({archive.stat().st_size / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
