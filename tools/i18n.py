"""The translation catalogues: extract, update, compile and check them (docs/TRANSLATING.md).

    python tools/i18n.py extract    strings marked in game/, the TOML data and the levels' names -> messages.pot,
                                    with the translators' notes of assets/locale/notes.toml
    python tools/i18n.py update     merge messages.pot into every <lang>/LC_MESSAGES/messages.po
    python tools/i18n.py compile    every .po -> .mo (the game reads the .mo)
    python tools/i18n.py check      exit 1 if messages.pot is stale, a language has an untranslated,
                                    fuzzy or missing entry, a {placeholder} differs, a .mo is stale, or a
                                    note names a message the game no longer has
    python tools/i18n.py init CODE  start a new language from messages.pot

Each command is one `pybabel` call (printed first), run with the repository on
the import path so babel.cfg finds the TOML extractor in game/text/extract.py.
tests/test_i18n_catalogues.py runs the same check in the test suite.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / "messages.pot"
NOTES = LOCALE / "notes.toml"
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
MessageId = Union[str, tuple[str, ...], list[str]]   # a plural's id is its (singular, plural)
Key = Union[str, tuple[str, ...]]                    # the same, hashable


def pybabel(*args: str, quiet: bool = False) -> int:
    """Run one pybabel command from the repository root."""
    import os

    from babel.messages.frontend import CommandLineInterface
    sys.path.insert(0, str(ROOT))
    if not quiet:
        print("pybabel", " ".join(args))
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        CommandLineInterface().run(["pybabel",  # type: ignore[no-untyped-call]  # Babel leaves it unannotated
                                    *(["-q"] if quiet else []), *args])
    except SystemExit as exc:
        return int(exc.code or 0)
    finally:
        os.chdir(here)
    return 0


def extract(out: Path = POT, quiet: bool = False) -> int:
    code = pybabel("extract", "-F", "babel.cfg", "--no-location", "--sort-by-file",
                   "--project", "Sold Out! / Check Out!", "-k", "N_plural:1,2",
                   "-c", "TRANSLATORS:", "-o", str(out), ".", quiet=quiet)
    if code == 0:
        add_notes(out)
    return code


def notes() -> dict[str, str]:
    """The translators' notes of assets/locale/notes.toml: message (its English, a plural's
    singular) -> note."""
    import tomllib
    return dict(tomllib.loads(NOTES.read_text(encoding="utf-8")).get("notes", {}))


def add_notes(pot: Path) -> None:
    """Each note of notes.toml as a "TRANSLATORS:" comment on its message in the template."""
    from babel.messages.pofile import write_po
    catalogue = _read_po(pot)
    said = notes()
    for message in catalogue:
        note = said.get(_singular(message.id)) if message.id else None
        if note and f"TRANSLATORS: {note}" not in message.auto_comments:
            message.auto_comments.append(f"TRANSLATORS: {note}")
    with pot.open("wb") as fh:
        write_po(fh, catalogue, width=76, no_location=True, sort_by_file=True)


def _singular(message_id: MessageId) -> str:
    return message_id[0] if isinstance(message_id, (list, tuple)) else message_id


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / "messages.po").is_file())


def _read_po(path: Path) -> Catalog:
    from babel.messages.pofile import read_po
    with path.open("rb") as fh:
        return read_po(fh)


def _key(message_id: MessageId) -> Key:
    return tuple(message_id) if isinstance(message_id, (list, tuple)) else message_id


def _ids(catalogue: Catalog) -> set[Key]:
    return {_key(m.id) for m in catalogue if m.id}


def problems() -> list[str]:
    """Everything that keeps the catalogues from being complete and current, one line each."""
    from babel.messages.mofile import read_mo
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.pot"
        extract(fresh, quiet=True)
        wanted = _ids(_read_po(fresh))
    template = _ids(_read_po(POT))
    singulars = {_singular(m) for m in wanted}
    out += [f"notes.toml: {msg!r} is no message of the game (any more)" for msg in sorted(notes()) if msg not in singulars]
    for msg in sorted(map(str, wanted - template)):
        out.append(f"messages.pot is out of date: missing {msg!r} (run tools/i18n.py extract)")
    for msg in sorted(map(str, template - wanted)):
        out.append(f"messages.pot is out of date: {msg!r} is no longer in the game (run tools/i18n.py extract)")
    for code in languages():
        po_path = LOCALE / code / "LC_MESSAGES" / "messages.po"
        po = _read_po(po_path)
        out += [f"{code}: {m.id!r} is not translated yet" for m in po if m.id and _key(m.id) in template
                and not _translated(m)]
        out += [f"{code}: {m.id!r} is fuzzy" for m in po if m.id and m.fuzzy]
        out += [f"{code}: {m!r} is missing (run tools/i18n.py update)" for m in sorted(map(str, template - _ids(po)))]
        out += [f"{code}: {m.id!r} has placeholders {sorted(bad)} its original does not"
                for m in po if m.id and _translated(m) for bad in [_wrong_placeholders(m)] if bad]
        if po.obsolete:
            out.append(f"{code}: {len(po.obsolete)} obsolete entries (run tools/i18n.py update)")
        out += [f"{code}: {line}" for line in _msgfmt_errors(po_path)]
        mo_path = po_path.with_suffix(".mo")
        if not mo_path.is_file():
            out.append(f"{code}: messages.mo is missing (run tools/i18n.py compile)")
            continue
        with mo_path.open("rb") as fh:
            mo = read_mo(fh)
        compiled = {_key(m.id): _strings(m) for m in mo if m.id}
        source = {_key(m.id): _strings(m) for m in po if m.id and _translated(m)}
        if compiled != source:
            out.append(f"{code}: messages.mo does not match messages.po (run tools/i18n.py compile)")
    return out


def _msgfmt_errors(po_path: Path) -> list[str]:
    """GNU gettext's own verdict on a catalogue (`msgfmt --check`), where it is installed: the
    catalogue must also compile with the tool translators and distributions use, not only Babel."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return []
    done = subprocess.run([msgfmt, "--check", "-o", os.devnull, str(po_path)],
                          capture_output=True, text=True, timeout=120)
    return [] if done.returncode == 0 else [f"msgfmt: {line}" for line in done.stderr.splitlines()[:5]]


def _strings(message: Message) -> tuple[str, ...]:
    """A message's translation: one string, or a plural's one per form (none when there is none)."""
    string = message.string
    return tuple(string) if isinstance(string, (list, tuple)) else (string,) if string is not None else ()


def _translated(message: Message) -> bool:
    strings = _strings(message)
    return bool(strings) and all(s for s in strings)


def _wrong_placeholders(message: Message) -> set[str]:
    ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
    allowed = {p for i in ids for p in PLACEHOLDER.findall(i)}
    return {p for s in _strings(message) for p in PLACEHOLDER.findall(s)} - allowed


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        return extract()
    if command == "update":
        # Obsolete (#~) entries are dropped: one whose msgid is live again duplicates it, which
        # GNU msgfmt refuses outright ("duplicate message definition"). Git keeps old translations.
        return pybabel("update", "-i", str(POT), "-d", str(LOCALE), "--no-fuzzy-matching", "--ignore-obsolete")
    if command == "compile":
        return pybabel("compile", "-d", str(LOCALE), "--statistics")
    if command == "init" and len(argv) == 2:
        return pybabel("init", "-i", str(POT), "-d", str(LOCALE), "-l", argv[1])
    if command == "check":
        found = problems()
        for line in found:
            print(line)
        print("catalogues complete" if not found else f"{len(found)} problem(s)")
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
