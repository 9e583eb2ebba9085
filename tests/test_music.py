"""Music: the tracks on disk (long, many, level, small), their composer, the facade the game
talks to (tracks by scene, jingles, ducking, its own volume) and the pygame mixer glue."""
import importlib.util
import sys
import time
import tomllib
from pathlib import Path

import pygame
import pytest

from game.core.audio import Audio
from game.music import Cue, Music
from game.music.catalogue import MUSIC_DIR, Catalogue, MusicTable
from game.core.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
ROUND_TRACKS = ("rush", "memory", "tidy", "table", "bonus_round")      # named by the game scenes' cues
TRACKS = ROUND_TRACKS + ("title", "results", "speedrun")
JINGLES = ("sold_out", "bonus", "win")


def _composer():
    pytest.importorskip("mido")
    spec = importlib.util.spec_from_file_location("make_music", ROOT / "tools" / "make_music.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_music"] = module     # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------- what ships
def test_every_setting_has_a_track_of_its_own_two_minutes_or_more():
    catalogue, table = Catalogue.load(), MusicTable.load()
    assert sorted(catalogue.tracks) == sorted(TRACKS)
    assert set(table.scenes.values()) | set(table.enter) <= set(catalogue.tracks)
    assert set(table.jingles.values()) | set(table.enter.values()) <= set(catalogue.jingles) == set(JINGLES)
    for name, track in catalogue.tracks.items():
        seconds = track.loop_frames / 22050
        assert seconds >= 120, name
        assert track.loop_beats == round(seconds * track.bpm / 60), name     # the grid matches the audio
        assert len(track.sections) >= 8 and track.sections[0] == 0, name
    assert sum(t.loop_frames for t in catalogue.tracks.values()) / 22050 >= 12 * 60
    assert {name for name, t in catalogue.tracks.items() if t.drive} == set(ROUND_TRACKS)


def test_the_files_hold_what_the_manifest_says_and_the_folder_is_small():
    catalogue = Catalogue.load()
    pygame.mixer.quit()                 # a mixer another test opened may run in another format
    pygame.mixer.init(22050, -16, 1, 512)
    try:
        for name, track in catalogue.tracks.items():
            frames = pygame.mixer.Sound(str(MUSIC_DIR / f"{name}.ogg")).get_raw()
            assert len(frames) // 2 == track.head_frames + track.loop_frames, name
            if track.drive:
                drive = len(pygame.mixer.Sound(str(MUSIC_DIR / f"{track.drive}.ogg")).get_raw()) // 2
                assert drive * track.loop_beats == track.loop_frames * track.drive_beats, name   # same grid
        for name in JINGLES:
            assert pygame.mixer.Sound(str(MUSIC_DIR / f"{name}.ogg")).get_length() < 5, name
    finally:
        pygame.mixer.quit()
    assert sum(p.stat().st_size for p in MUSIC_DIR.iterdir()) < 8_000_000


def test_every_track_is_as_loud_as_the_others_within_two_decibels():
    data = tomllib.loads((MUSIC_DIR / "tracks.toml").read_text(encoding="utf-8"))
    levels = [t["lufs"] for t in data["tracks"].values()]
    assert max(levels) - min(levels) <= 2.0
    lifted = [t["lufs_with_drive"] - t["lufs"] for t in data["tracks"].values() if "drive" in t]
    assert all(0.5 <= lift <= 3.0 for lift in lifted)               # the drive is heard, not a jump
    assert all(t["clipped_with_drive"] < 0.001 for t in data["tracks"].values() if "drive" in t)


def test_licences_and_figures_name_every_input_and_track():
    text = (MUSIC_DIR / "LICENSES.md").read_text(encoding="utf-8")
    for word in ("FluidR3_GM", "MIT", "FluidSynth", "oggenc", "ffmpeg", "mido", "make_music.py", "LUFS"):
        assert word in text
    for name in TRACKS + JINGLES:
        assert f"| `{name}` |" in text, name


# ---------------------------------------------------------------- the composer
def test_composer_writes_the_committed_midi_sources(tmp_path, monkeypatch):
    """The .mid files in the repo are what tools/make_music.py writes (needs mido, a dev tool)."""
    make_music = _composer()
    monkeypatch.setattr(make_music, "OUT", tmp_path)
    assert make_music.main(["--midi-only"]) == 0
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(p.name for p in MUSIC_DIR.glob("*.mid"))
    for name in written:
        assert (tmp_path / name).read_bytes() == (MUSIC_DIR / name).read_bytes(), name


def test_composed_tracks_have_real_structure():
    """Whole bars, a tempo on the sample grid, at least two minutes, and sections of several
    kinds: the tunes come back varied (harmony, counter-melody, a lift), not one phrase looped."""
    make_music = _composer()
    for song in make_music.songs():
        last = max(start + length for part in song.parts for start, length, _, _ in part.notes)
        assert last <= song.beats + 0.01, song.name
        if not song.loop:
            continue
        assert song.beats % 4 == 0 and make_music.frames_per_beat(song.bpm), song.name
        assert song.beats * 60 / song.bpm >= 120, song.name
        kinds = {kind for kind, _ in song.sections}
        assert {"a", "b", "bridge", "a4"} <= kinds and len(song.sections) >= 8, song.name
        if song.drive is not None:
            assert song.beats % song.drive.beats == 0, song.name


def test_loops_are_whole_bars_and_seamed(tmp_path):
    """The loop's last samples lead into the samples before its start: the wrap has no seam."""
    import array
    make_music = _composer()
    song = make_music.Song("t", 120, 4, [])
    samples = array.array("f", [float(i % 97) for i in range(2 * 4 * 11025 + 100)])
    out, head = make_music.loop_layout(song, samples, 1)
    loop = out[head:]
    assert head == 4 * 11025 and len(loop) == 4 * 11025
    assert loop[-1] == samples[4 * 11025 - 1] and loop[0] == samples[4 * 11025]
    assert out[head - 1] == samples[4 * 11025 + head - 1]     # the head leads into the loop


# ---------------------------------------------------------------- the facade
class FakePlayer:
    def __init__(self):
        self.level = None
        self.stopped = 0
        self.prepared = []

    def pump(self, director):
        piece = director.next(lambda name: True)
        if piece is not None:
            director.started(piece)

    def prepare(self, names):
        self.prepared += names

    def set_level(self, level):
        self.level = level

    def stop(self, director):
        self.stopped += 1
        director.stopped()


class Named:
    def __init__(self, name, cue=None):
        self.name = name
        self.cue = cue

    def music_cue(self):
        return self.cue


def music(volume=0.5, **table):
    return Music(volume, FakePlayer(), MusicTable(**table), Catalogue.load())


def test_the_track_follows_the_top_most_scene_that_asks_for_one():
    m = music(scenes={"title": "title", "lobby": "title", "soldout_results": "results", "speedrun": "speedrun"})
    assert m.choose([Named("title")]) == Cue("title")
    assert m.choose([Named("title"), Named("lobby"), Named("settings")]) == Cue("title")     # a menu keeps it
    assert m.choose([Named("title"), Named("mall", Cue("rush", 1.0)), Named("pause")]) == Cue("rush", 1.0)
    assert m.choose([Named("mall", Cue("rush")), Named("soldout_results")]) == Cue("results")
    assert m.choose([Named("speedrun", Cue("tidy", 1.0))]) == Cue("speedrun", 1.0)   # named: its track, its lift
    assert m.choose([Named("nothing")]) is None
    m.follow([Named("title"), Named("mall", Cue("memory", 1.0))])
    assert m.track == "memory" and m.director.intensity == 1.0
    assert m.director.playing.name == "memory"


def test_a_jingle_effect_cues_the_jingle_and_ducking_effects_dip_the_music_then_it_comes_back():
    m = music(0.8, jingles={"win": "win"}, duck={"go": 0.5}, duck_seconds=0.2)
    m.follow([Named("mall", Cue("rush"))])
    m.effect_played("grab")                     # an ordinary effect: nothing
    assert m.level() == pytest.approx(0.8) and not m.director.pending
    m.effect_played("win")
    assert m.director.pending == ["win"]
    m.effect_played("go")
    levels = []
    for _ in range(40):
        m.update()
        levels.append(m.player.level)
    assert min(levels) == pytest.approx(0.4)
    assert levels[-1] == pytest.approx(0.8)
    assert levels.index(min(levels)) <= 4       # down fast, up gently
    assert all(a <= b + 1e-9 for a, b in zip(levels[10:], levels[11:]))


def test_music_volume_is_its_own_and_zero_is_silent():
    m = music(0.5, scenes={"title": "title"}, jingles={"win": "win"})
    m.follow([Named("title")])
    m.set_volume(2.0)
    assert m.player.level == 1.0
    m.set_volume(0.0)
    assert m.player.stopped == 1 and m.director.playing is None
    m.effect_played("win")
    m.follow([Named("title")])
    assert m.director.playing is None and not m.director.pending       # nothing plays at all
    m.set_volume(0.4)
    m.follow([Named("title")])
    assert m.director.playing.name == "title"


def test_what_the_next_scene_needs_is_decoded_while_a_round_plays():
    m = music(prepare={"rush": ["results", "sold_out"]})
    m.follow([Named("mall", Cue("rush"))])
    m.follow([Named("mall", Cue("rush", 1.0))])
    assert m.player.prepared == ["results", "sold_out"]


def test_dummy_driver_plays_no_music_and_loads_nothing():
    audio = Audio(0.5, 0.7)
    try:
        assert audio.enabled and not audio.music.enabled
        audio.update([Named("title")])
        audio.play("win")
        assert audio.music.track is None and audio.music.director.playing is None
        assert pygame.mixer.get_num_channels() == 16
    finally:
        pygame.mixer.quit()


def test_no_audio_device_means_no_music(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(0.8, 0.8)
    assert not audio.music.enabled
    audio.update([Named("mall", Cue("rush"))])
    audio.set_music_volume(0.2)


def test_broken_music_files_mean_no_music_not_a_crash(tmp_path):
    bad = tmp_path / "music.toml"
    bad.write_text("[scenes\n", encoding="utf-8")
    assert MusicTable.load(bad).scenes == {}
    bad.write_text("[tracks.x]\nbpm = 120\n", encoding="utf-8")
    assert Catalogue.load(bad).tracks == {}


def test_music_volume_is_saved_and_checked():
    settings = Settings(music_volume=0.3)
    settings.save()
    loaded, warning = Settings.load()
    assert loaded.music_volume == 0.3 and warning is None
    from game.files.userfiles import save_json
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


# ---------------------------------------------------------------- the pygame glue
def test_the_mixer_chains_pieces_on_its_own_channel_and_stops_clean():
    """Under the dummy driver (which plays in real time, silently): the piece sounding is the one
    the director was told of, the next one waits queued, effects never take the channel, and
    stopping leaves nothing playing (pygame starts a queued sound when a channel halts)."""
    from game.music.mixer import Mixer
    pygame.mixer.quit()
    pygame.mixer.init(22050, -16, 1, 512)
    pygame.mixer.set_num_channels(16)
    mixer = Mixer(Catalogue.load())
    try:
        m = Music(0.6, mixer)
        deadline = time.monotonic() + 30
        while mixer.channel.get_queue() is None and time.monotonic() < deadline:
            m.follow([Named("mall", Cue("rush"))])
            time.sleep(0.01)
        sounding = mixer.pieces[id(mixer.channel.get_sound())][1]
        queued = mixer.pieces[id(mixer.channel.get_queue())][1]
        assert sounding is m.director.playing and queued is m.director.planned
        assert (sounding.name, queued.name) == ("rush", "rush") and queued.beat == sounding.end
        assert pygame.mixer.find_channel() is not mixer.channel
        m.effect_played("sold_out")                     # the queued beat makes way for the jingle
        while "sold_out" not in _chain(mixer) and time.monotonic() < deadline:
            m.follow([Named("mall", Cue("rush"))])
            time.sleep(0.01)
        assert "sold_out" in _chain(mixer)
        m.set_volume(0.0)
        assert mixer.channel.get_sound() is None and mixer.channel.get_queue() is None
    finally:
        mixer.close()
        pygame.mixer.quit()


def _chain(mixer) -> list[str]:
    """The names of the pieces sounding and queued on the music's channel."""
    sounds = (mixer.channel.get_sound(), mixer.channel.get_queue())
    return [mixer.pieces[id(s)][1].name for s in sounds if s is not None and id(s) in mixer.pieces]


def test_decoded_music_that_is_not_playing_does_not_sit_in_memory():
    """Issue #46: a decoded track is 5.7 MB. Through a round only its track and its results' stay
    decoded (the menu's goes once it no longer sounds), and a finished decode nobody wants any
    more (the results of a round the player left) goes too."""
    import array
    from concurrent.futures import Future

    from game.music.mixer import KEEP_TRACKS, Mixer
    from game.music.render import TrackAudio
    pygame.mixer.quit()
    pygame.mixer.init(22050, -16, 1, 512)
    mixer = Mixer(Catalogue.load())
    try:
        def decoded(name: str) -> TrackAudio:
            return TrackAudio(mixer.catalogue.tracks[name], array.array("h", [0] * 8), None, 1)
        for name in ("title", "rush"):           # the menu's, then the round's
            mixer.library.tracks[name] = decoded(name)
            mixer._touch(name)
        results: Future[TrackAudio | array.array[int]] = Future()
        results.set_result(decoded("results"))
        mixer.loading["results"] = results         # prepared while the round plays
        mixer.prepared = {"results", "sold_out", "win"}
        mixer._let_go({"title", "rush"})           # the title's last beat still fading out: kept
        assert set(mixer.library.tracks) == {"title", "rush"}
        mixer._let_go({"rush"})
        assert KEEP_TRACKS == 2 and set(mixer.library.tracks) == {"rush"} and mixer.used == ["rush"]
        assert "results" in mixer.loading          # wanted at the round's end: kept
        mixer.prepared = {"sold_out", "win"}       # the player left for the title
        mixer._let_go({"title"})
        assert "results" not in mixer.loading
        assert set(mixer.library.tracks) == {"rush"}   # within KEEP_TRACKS: the next round may want it
    finally:
        mixer.close()
        pygame.mixer.quit()
