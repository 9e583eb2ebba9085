"""Music: a track per scene, jingles over ducked music, its own volume, silence under the dummy driver."""
import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from game.audio import Audio
from game.music import MUSIC_DIR, Music, MusicTable
from game.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
TRACKS = ("title", "mall", "table", "results")
JINGLES = ("sold_out", "bonus", "win")


def _composer():
    pytest.importorskip("mido")
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "tools" / "make_music.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_music"] = module     # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


class FakeBackend:
    def __init__(self, jingle_seconds=1.0):
        self.calls = []
        self.volume = None
        self.jingle_seconds = jingle_seconds

    def play_track(self, path, fade_ms):
        self.calls.append(("track", Path(path).stem))

    def stop_track(self):
        self.calls.append(("stop", None))

    def set_track_volume(self, volume):
        self.volume = volume

    def play_jingle(self, path, volume):
        self.calls.append(("jingle", Path(path).stem, volume))
        return self.jingle_seconds


class Named:
    def __init__(self, name, music=None):
        self.name = name
        if music:
            self.music = music


def test_every_track_and_jingle_is_committed_small_and_loads():
    table = MusicTable.load()
    assert sorted(set(table.scenes.values())) == sorted(TRACKS)
    assert sorted(table.jingles.values()) == sorted(JINGLES)
    for name in TRACKS + JINGLES:
        ogg = MUSIC_DIR / f"{name}.ogg"
        assert ogg.is_file() and (MUSIC_DIR / f"{name}.mid").is_file(), name
        assert ogg.stat().st_size < 300_000, name
    pygame.mixer.init(22050, -16, 1, 512)
    try:
        for name in TRACKS:
            length = pygame.mixer.Sound(str(MUSIC_DIR / f"{name}.ogg")).get_length()
            assert 20 < length < 60, name          # a loop long enough not to nag
        for name in JINGLES:
            assert pygame.mixer.Sound(str(MUSIC_DIR / f"{name}.ogg")).get_length() < 5, name
    finally:
        pygame.mixer.quit()


def test_licences_name_every_input():
    text = (MUSIC_DIR.parent / "LICENSES.md").read_text(encoding="utf-8")   # the one list of asset licences
    for word in ("FluidR3_GM", "MIT", "FluidSynth", "oggenc", "mido", "make_music.py"):
        assert word in text


def test_the_track_follows_the_top_most_scene_that_names_one():
    backend = FakeBackend()
    music = Music(0.5, backend)
    music.follow([Named("title")])
    music.follow([Named("title"), Named("lobby")])          # same track: not restarted
    music.follow([Named("title"), Named("lobby"), Named("mall"), Named("pause")])   # pause keeps the mall's
    music.follow([Named("title"), Named("mall"), Named("soldout_results")])
    music.follow([Named("title"), Named("speedrun", music="table")])               # the scene's own wins
    assert backend.calls == [("track", "title"), ("track", "mall"), ("track", "results"), ("track", "table")]
    assert backend.volume == pytest.approx(0.5)
    music.follow([Named("nothing")])
    assert backend.calls[-1] == ("stop", None)


def test_a_jingle_ducks_the_music_then_it_comes_back():
    backend = FakeBackend(jingle_seconds=0.5)
    music = Music(0.8, backend, MusicTable({"mall": "mall"}, {"sold_out": "sold_out"}, duck=0.25))
    music.follow([Named("mall")])
    music.effect_played("grab")                      # no jingle for an ordinary effect
    music.effect_played("sold_out")
    assert backend.calls[-1] == ("jingle", "sold_out", 0.8)
    assert backend.volume == pytest.approx(0.2)
    music.effect_played("sold_out")                  # not stacked while one plays
    assert sum(c[0] == "jingle" for c in backend.calls) == 1
    for _ in range(30):
        music.update()
    assert backend.volume == pytest.approx(0.8)


def test_music_volume_is_apart_from_effects_and_zero_is_silent():
    backend = FakeBackend()
    music = Music(0.5, backend, MusicTable({"title": "title"}, {"win": "win"}))
    music.follow([Named("title")])
    music.set_volume(2.0)
    assert backend.volume == 1.0
    music.set_volume(0.0)
    music.effect_played("win")
    assert backend.volume == 0.0 and not any(c[0] == "jingle" for c in backend.calls)


def test_dummy_driver_plays_no_music_and_loads_nothing():
    audio = Audio(0.5, 0.7)
    try:
        assert audio.enabled and not audio.music.enabled
        audio.update([Named("title")])
        audio.play("win")
        assert not pygame.mixer.music.get_busy()
        assert audio.music.track is None
    finally:
        pygame.mixer.quit()


def test_no_audio_device_means_no_music(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(0.8, 0.8)
    assert not audio.music.enabled
    audio.update([Named("mall")])
    audio.set_music_volume(0.2)


def test_a_broken_music_table_means_no_music_not_a_crash(tmp_path):
    bad = tmp_path / "music.toml"
    bad.write_text("[scenes\n", encoding="utf-8")
    assert MusicTable.load(bad).scenes == {}


def test_music_volume_is_saved_and_checked():
    settings = Settings(music_volume=0.3)
    settings.save()
    loaded, warning = Settings.load()
    assert loaded.music_volume == 0.3 and warning is None
    Settings(music_volume=0.3).save()
    from game.userfiles import save_json
    save_json("settings.json", {"music_volume": 7})
    loaded, warning = Settings.load()
    assert loaded.music_volume == Settings().music_volume and "music_volume" in warning


def test_settings_screen_changes_music_volume_alone():
    from game.app import make_context
    from game.scenes.menus.settings import SettingsScene
    ctx = make_context(load_user_files=False)
    scene = SettingsScene(ctx)
    before = ctx.settings.volume
    scene._music_volume(-1)
    assert ctx.settings.music_volume == pytest.approx(0.5)
    assert ctx.audio.music.volume == pytest.approx(0.5)
    assert ctx.settings.volume == before
    assert Settings.load()[0].music_volume == pytest.approx(0.5)


def test_composer_writes_the_committed_midi_sources(tmp_path, monkeypatch):
    """The .mid files in the repo are what tools/make_music.py writes (needs mido, a dev tool)."""
    make_music = _composer()
    monkeypatch.setattr(make_music, "OUT", tmp_path)
    assert make_music.main(["--midi-only"]) == 0
    for name in TRACKS + JINGLES:
        assert (tmp_path / f"{name}.mid").read_bytes() == (MUSIC_DIR / f"{name}.mid").read_bytes(), name


def test_loops_are_whole_bars():
    make_music = _composer()
    for make in make_music.SONGS:
        song = make()
        last = max(start + length for part in song.parts for start, length, _, _ in part.notes)
        assert last <= song.beats, song.name
        if song.loop:
            assert song.beats % 4 == 0, song.name
