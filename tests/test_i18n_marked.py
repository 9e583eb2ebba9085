"""No English slips through: every text handed to a drawing or toast call is marked for the
catalogue, and every user-file warning (made before the language is chosen) is said in the
player's language when it is shown (docs/TRANSLATING.md, "Warnings made before the language")."""
from __future__ import annotations

import ast
import json
import re
import socket
import time
from pathlib import Path

import pytest

from game.text import i18n
from game.text.i18n import N_, _

ROOT = Path(__file__).resolve().parent.parent
# Calls that put text in front of the player, and which argument is the text.
SINKS = {"toast": 0, "show_once": 0, "save_warning": 0, "render": 0, "text_surface": 0, "blit_text": 2,
         "logo_text": 2, "draw_page": 2, "wrap_text": 1, "MenuItem": 0, "I": 0, "item": 0, "FieldEditScene": 1,
         "blit": 1}     # a text blitter's blit(surface, text, ...); a Surface's blit(image, where) never has a string there
# Button hints: [(button, meaning), ...]; the meaning is marked (buttons are key caps, said per pad).
HINTS = {"hints": 2}
MARKERS = {"_", "N_", "ngettext", "Notice"}
# Words that are the same in every language: the games' calls and titles, button names and key caps
# (the pad's own names replace them), and what a player types.
SAME_IN_EVERY_LANGUAGE = {"SOLD OUT!", "CHECK OUT!", "Sold Out!", "Check Out!", "LB/RB", "SOCO1-..."}
# Where a developer reads (the FPS overlay and timings shown only with Show FPS on).
DEVELOPER_TEXT = re.compile(r"^(reset \{\}|tick \{\}|frame \{\}|.*\{\} ?ms|.*fps.*)$", re.IGNORECASE)
# The pure layers never draw; the command line and bench speak English to developers by design.
NOT_DRAWN = ("game/rules/", "game/sim/", "game/bots/", "game/driver/", "game/cli", "game/bench")


def _words(node: ast.AST) -> str | None:
    """The English a text argument carries when it is not marked, with "{}" for values; else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "upper"):
        return _words(node.func.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return (_words(node.left) or "") + (_words(node.right) or "") or None
    if isinstance(node, ast.IfExp):
        return _words(node.body) or _words(node.orelse)
    return None


def _english(text: str | None) -> bool:
    if text is None or text in SAME_IN_EVERY_LANGUAGE or DEVELOPER_TEXT.match(text):
        return False
    return re.search(r"[A-Za-z]{2,}", re.sub(r"\{[^}]*\}", "", text)) is not None


def _meanings(node: ast.AST) -> list[ast.AST]:
    """The meanings in a literal list of (button, meaning) hints."""
    if not isinstance(node, (ast.List, ast.Tuple)):
        return []
    return [pair.elts[1] for pair in node.elts if isinstance(pair, ast.Tuple) and len(pair.elts) == 2]


def unmarked(source: str) -> list[tuple[int, str]]:
    """(line, text) of every English text `source` hands to a SINKS call without a marker, of every
    hint meaning, and of every `heading = "..."` (menu headings are translated where drawn)."""
    texts: list[ast.AST] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in SINKS and len(node.args) > SINKS[name]:
                texts.append(node.args[SINKS[name]])
            if name in HINTS and len(node.args) > HINTS[name]:
                texts += _meanings(node.args[HINTS[name]])
        elif isinstance(node, ast.Assign):
            names = {getattr(t, "id", "") for t in node.targets}
            hinted = any("hint" in name.lower() for name in names)
            texts += [node.value] if "heading" in names else _meanings(node.value) if hinted else []
    return [(node.lineno, str(text)) for node in texts for text in [_words(node)] if _english(text)]


def test_no_english_text_is_drawn_or_toasted_without_a_translation_marker():
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(NOT_DRAWN):
            bad += [f"{rel}:{line}: {text!r}" for line, text in unmarked(path.read_text(encoding="utf-8"))]
    assert bad == []


@pytest.mark.parametrize("code, flagged", [
    ('ctx.toast("Replay saved")', True), ('ui.render(f"{n} tokens left", 20)', True),
    ('widgets.logo_text(s, ui, "PLAY A RUN CODE", 48)', True), ('FieldEditScene(ctx, "LiveSplit host", t)', True),
    ('ui.render("Seed {n}".format(n=3), 20)', True), ('class A:\n    heading = "SETTINGS"', True),
    ('ctx.toast(_("Replay saved"))', False), ('ui.render(ngettext("{n} die", "{n} dice", n), 20)', False),
    ('I(N_("Back"), back)', False), ('ui.render(f"{i + 1}.", 24)', False), ('ui.render("×", 24)', False),
    ('logo_text(s, ui, "SOLD OUT!", 48)', False), ('ctx.toast(problem)', False),
    ('widgets.hints(s, ui, [("A", "Keep"), ("B / Esc", N_("Back"))])', True),
    ('class A:\n    hint_items = [("A", N_("Select")), ("B", "Back")]', True),
    ('HINTS = [("X", "Flip")]', True), ('HINTS = [("X", N_("Flip"))]', False),
    ('widgets.hints(s, ui, [("A / Enter", N_("Keep"))])', False), ('self.texts.blit(s, "Total", 24)', True),
    ('screen.blit(image, (4, 5))', False),
])
def test_the_scan_finds_unmarked_text_and_passes_marked_text(code, flagged):
    assert bool(unmarked(code)) == flagged


# ----- warnings about the player's files, said in the language chosen after they were made ------

@pytest.fixture
def german():
    yield
    i18n.set_language("en")


def _warnings(user_dir, monkeypatch) -> dict[str, str]:
    """Each kind of user-file warning, made while the game is still English (as at start-up)."""
    import os

    from game.files import userfiles
    from game.input.bindings import Bindings
    from game.core.settings import Settings
    from game.speedrun.attempts import AttemptLog
    from game.speedrun.records import Records
    i18n.set_language("en")
    user_dir.mkdir(parents=True, exist_ok=True)
    out: dict[str, str] = {}
    (user_dir / "settings.json").write_text("{ not json", encoding="utf-8")
    out["corrupt"] = Settings.load()[1]
    (user_dir / "settings.json").write_text(json.dumps({"volume": 7, "ui_scale": "big"}), encoding="utf-8")
    out["bad values"] = Settings.load()[1]
    (user_dir / "settings.json").write_text(json.dumps({"version": 99}), encoding="utf-8")
    out["newer"] = Settings.load()[1]
    (user_dir / "settings.json").write_bytes(b"\xff\xfe{}")
    out["not utf-8"] = Settings.load()[1]
    (user_dir / "bindings.json").write_text(json.dumps({"version": 1, "pad": {"A": 1, "B": 1}}), encoding="utf-8")
    out["bindings"] = Bindings.load()[1]
    (user_dir / "speedrun.json").write_text(json.dumps({"version": 1, "boards": []}), encoding="utf-8")
    out["schema"] = Records.load()[1]
    path = AttemptLog.path_for("x")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "attempts": "no"}), encoding="utf-8")
    out["history"] = AttemptLog.load("x")[1]
    AttemptLog.path_for("y").write_text(json.dumps({"version": 99}), encoding="utf-8")
    out["history newer"] = AttemptLog.load("y")[1]     # another board: x's old file was imported (set aside)
    (user_dir / "big.json").write_text("[" + "0," * 1200 + "0]", encoding="utf-8")
    out["too big"] = userfiles.load_json("big.json", None, limit=2048)[1]
    os.mkdir(user_dir / "folder.json")
    out["folder"] = userfiles.load_json("folder.json", None)[1]

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(userfiles, "atomic_write_text", refuse)
    out["cannot save"] = Settings().save()
    return out


GERMAN = {
    "corrupt": "settings.json ist beschädigt (Zeile 1); verschoben nach settings.json.corrupt-1, "
               "es gelten die Standardwerte",
    "bad values": "settings.json: ungültige Werte für volume, ui_scale; es gelten die Standardwerte",
    "newer": "settings.json stammt aus einer neueren Version des Spiels; es gelten die Standardwerte "
             "(die Datei bleibt, wie sie ist)",
    "not utf-8": "settings.json ist beschädigt (kein UTF-8-Text); verschoben nach settings.json.corrupt-2, "
                 "es gelten die Standardwerte",
    "bindings": "bindings.json enthält ungültige Belegungen; verschoben nach bindings.json.corrupt-1, "
                "es gelten die Standardwerte",
    "schema": "speedrun.json ist ungültig (bei boards); verschoben nach speedrun.json.corrupt-1, "
              "es gelten die Standardwerte",
    "history": "speedrun_attempts/x.json ist ungültig (bei attempts); verschoben nach x.json.corrupt-1, "
               "es gelten die Standardwerte",
    "history newer": "speedrun_attempts/y.json stammt aus einer neueren Version des Spiels; "
                     "die Datei bleibt, wie sie ist",
    "too big": "big.json ist zu groß (die Grenze liegt bei 2 KB); verschoben nach big.json.corrupt-1, "
               "es gelten die Standardwerte",
    "folder": "folder.json ist ein Ordner, keine Datei; verschoben nach folder.json.corrupt-1, "
              "es gelten die Standardwerte",
    "cannot save": "Deine Einstellungen lassen sich nicht speichern (Permission denied): "
                   "Änderungen gelten nur bis zum Beenden",
}


def test_every_user_file_warning_is_said_in_the_language_chosen_after_it_was_made(user_dir, monkeypatch, german):
    made = _warnings(user_dir, monkeypatch)
    assert sorted(made) == sorted(GERMAN) and all(made.values())
    i18n.set_language("de")
    assert {kind: _(text) for kind, text in made.items()} == GERMAN
    i18n.set_language("en")
    assert {kind: _(text) for kind, text in made.items()} == {kind: str(text) for kind, text in made.items()}


@pytest.mark.parametrize("code", ["fr", "es"])
def test_no_user_file_warning_stays_english_in_a_finished_language(user_dir, monkeypatch, german, code):
    made = _warnings(user_dir, monkeypatch)
    i18n.set_language(code)
    english = [text for text in made.values() if _(text) == str(text)]
    assert english == []


def test_the_toast_of_a_start_up_warning_is_drawn_in_the_language_chosen_since(user_dir, monkeypatch, german):
    """settings.json is read before its language is applied: the toast still shows German."""
    import pygame

    from game import app
    from game.render import widgets
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "settings.json").write_text('{"language": "de", "volume": 9}', encoding="utf-8")
    drawn: list[str] = []
    pygame.init()
    try:
        ctx = app.make_context()
        monkeypatch.setattr(ctx.ui, "render", lambda text, *a, **k: drawn.append(text) or pygame.Surface((4, 4)))
        widgets.draw_toasts(pygame.Surface((1280, 720)), ctx.ui, ctx.toasts.texts(), app.toast_zone(ctx))
    finally:
        pygame.quit()
    assert drawn == ["settings.json: ungültiger Wert für volume; es gilt der Standardwert"]


def test_messages_from_the_worker_threads_are_said_in_the_players_language(german):
    from game.speedrun import attempts, livesplit_link
    writer = attempts.Writer()

    def fail() -> None:
        raise PermissionError(13, "Permission denied")
    writer.submit(fail)
    assert writer.flush()
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()           # nothing listens there now: LiveSplit "refuses"
    link = livesplit_link.LiveSplitLink("127.0.0.1", port, backoff_steps=(60.0,), connect_timeout=0.5)
    said: list[str] = []
    try:
        for _attempt in range(500):
            said = link.messages()
            if said:
                break
            time.sleep(0.01)
    finally:
        link.close(timeout=1)
    i18n.set_language("fr")
    assert [_(e) for e in writer.take_errors()] == [
        "Impossible d'enregistrer tes records de speedrun (Permission denied)\u00a0: ils valent pour cette session"]
    assert [_(m) for m in said] == [f"LiveSplit sur 127.0.0.1:{port}\u00a0: connexion refusée, nouvel essai"]


def test_a_notice_is_english_as_a_string_and_survives_a_copy(german):
    import copy
    import pickle

    from game.text.notice import Notice
    notice = Notice(N_("{file} is corrupt (line {line})"), file="{odd}.json", line=2)
    assert notice == "{odd}.json is corrupt (line 2)" and json.dumps(notice) == '"{odd}.json is corrupt (line 2)"'
    i18n.set_language("es")
    for again in (copy.deepcopy(notice), pickle.loads(pickle.dumps(notice))):
        assert again == notice and _(again) == "{odd}.json está dañado (línea 2)"


@pytest.mark.parametrize("code, english, german_text", [
    ("hello", "this is not a run code (it should start with SOCO1-)",
     "das ist kein Run-Code (er beginnt mit SOCO1-)"),
    ("SOCO1-AAAA.00000000", "this run code is damaged (compressed data is damaged)",
     "dieser Run-Code ist beschädigt (komprimierte Daten beschädigt)"),
])
def test_a_bad_run_code_is_explained_in_the_players_language_and_in_english_on_the_command_line(
        german, code, english, german_text):
    from game.text.notice import said
    from game.driver.replay import ReplayError
    from game.speedrun.verify import parse_text
    i18n.set_language("de")
    with pytest.raises(ReplayError) as info:
        parse_text(code)
    assert str(info.value) == english and said(info.value) == german_text


def test_a_run_code_of_a_match_is_refused_in_the_players_language(german):
    from game.text.notice import said
    from game.driver.replay import FORMAT_VERSION, MAGIC, header_for, to_code
    from game.speedrun.verify import VerifyError, verify_text
    from game.match.spec import MatchSpec, SeatSpec
    from game.rules.soldout.options import SoldOutOptions
    spec = MatchSpec(game="soldout", seats=(SeatSpec(0, "A", "human"), SeatSpec(1, "B", "bot", "easy")), seed=1,
                     options=SoldOutOptions(mode="rush", rounds=1, teams=False, level=None))
    i18n.set_language("es")
    with pytest.raises(VerifyError) as info:
        verify_text(to_code(f"{MAGIC} {FORMAT_VERSION} {json.dumps(header_for(spec))}\n"))
    assert said(info.value) == "esta repetición no es un speedrun (reprodúcela con --replay)"
