"""The music's state machine (game/music/director.py) and the cutting of pieces
(game/music/render.py): pure, no audio device. What should play, beat by beat."""
from __future__ import annotations

import array

import pytest

from game.music.catalogue import Jingle, Track
from game.music.director import Director, Fade, Kind, Piece
from game.music.render import Library, TrackAudio

BEAT = 10          # frames a beat in the synthetic audio below
A = Track("a", 120, 4, 4 * BEAT, 16, 16 * BEAT, (0, 8), drive="a_drive", drive_beats=8)
B = Track("b", 120, 4, 4 * BEAT, 8, 8 * BEAT, (0, 4))
TRACKS = {"a": A, "b": B}
JINGLES = {"ta": Jingle("ta", 1.0), "bonus": Jingle("bonus", 1.0)}


def everything(name: str) -> bool:
    return True


def play(director: Director, beats: int, ready=everything) -> list[Piece]:
    """Let `beats` pieces sound, as the mixer would: plan one, it starts, plan the next..."""
    out = []
    for _ in range(beats):
        piece = director.next(ready)
        if piece is None:
            director.stopped()
            break
        director.started(piece)
        out.append(piece)
    return out


def test_a_track_enters_at_its_head_then_goes_round_its_loop_beat_by_beat():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    pieces = play(director, 40)
    assert all(p.kind is Kind.TRACK and p.name == "a" and p.beats == 1 and p.fade is Fade.NONE for p in pieces)
    assert [p.song_beat(A) for p in pieces] == [b % 16 for b in range(40)]
    assert [p.in_head(A) for p in pieces] == [b < 4 for b in range(40)]   # the head only on entry


def test_intensity_swells_the_drive_in_over_the_rest_of_the_bar_and_takes_it_out_the_same_way():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 5)                                   # into bar 2: beat 5 is its second beat
    director.want("a", 1.0)
    pieces = play(director, 7)
    assert [p.drive for p in pieces] == [pytest.approx((0, 1 / 3)), pytest.approx((1 / 3, 2 / 3)),
                                         pytest.approx((2 / 3, 1.0))] + [(1.0, 1.0)] * 4
    assert (pieces[2].entry + pieces[2].end) % 4 == 0   # fully in on the downbeat
    director.want("a", 0.0)                             # held two bars from the rise, then out by the downbeat
    assert [p.drive[1] for p in play(director, 5)] == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0, 0.0])


def test_a_moment_of_tension_that_passes_at_once_keeps_the_drive_two_bars():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 3)
    director.want("a", 1.0)
    play(director, 1)
    director.want("a", 0.0)                             # the last player's countdown ended at once
    levels = [p.drive[1] for p in play(director, 14)]
    assert levels[:7] == [1.0] * 7 and levels[7:] == [0.0] * 7     # out by the downbeat two bars on


def test_a_track_without_a_drive_layer_ignores_intensity():
    director = Director(TRACKS, JINGLES)
    director.want("b", 1.0)
    assert {p.drive for p in play(director, 8)} == {(0.0, 0.0)}


def test_a_jingle_cuts_in_on_the_next_beat_and_the_wanted_track_follows():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 6)
    queued = director.next(everything)               # the mixer keeps one piece queued
    director.cue_jingle("ta")
    assert director.stale                            # ... so it is planned again
    jingle = director.replan(everything)
    assert jingle.kind is Kind.JINGLE and jingle.name == "ta"
    assert jingle.cut == Piece(Kind.TRACK, "a", 6, 1, 0, (0.0, 0.0))   # cross-faded from the beat it replaces
    assert queued.beat == 6
    director.started(jingle)
    director.want("b")
    after = play(director, 2)
    assert after[0] == Piece(Kind.TRACK, "b", 0, 1, 0, (0.0, 0.0))   # from its head, no fade
    assert not director.pending


def test_a_jingle_is_not_doubled_and_unknown_ones_are_ignored():
    director = Director(TRACKS, JINGLES)
    director.cue_jingle("ta")
    director.cue_jingle("ta")
    director.cue_jingle("kazoo")
    assert director.pending == ["ta"]


def test_leaving_a_track_fades_it_over_a_beat_and_coming_back_resumes_at_the_next_section():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 6)
    director.want("b")
    out, enter_b = play(director, 2)
    assert (out.name, out.beat, out.fade) == ("a", 6, Fade.OUT)
    assert (enter_b.name, enter_b.entry, enter_b.fade) == ("b", 0, Fade.NONE)
    play(director, 2)
    director.want("a")
    out, back = play(director, 2)
    assert (out.name, out.fade) == ("b", Fade.OUT)
    assert (back.name, back.entry, back.fade, back.in_head(A)) == ("a", 8, Fade.IN, False)
    assert [p.song_beat(A) for p in play(director, 10)] == [9, 10, 11, 12, 13, 14, 15, 0, 1, 2]


def test_a_track_can_be_entered_through_its_jingle():
    director = Director(TRACKS, JINGLES, enter={"b": "bonus"})
    director.want("a")
    play(director, 3)
    director.want("b")
    jingle, first = play(director, 2)
    assert (jingle.kind, jingle.name, jingle.cut.name) == (Kind.JINGLE, "bonus", "a")
    assert (first.name, first.beat, first.fade) == ("b", 0, Fade.NONE)


def test_a_track_still_decoding_lets_the_old_one_play_on():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 3)
    director.want("b")
    waiting = play(director, 4, ready=lambda name: name != "b")
    assert [(p.name, p.fade) for p in waiting] == [("a", Fade.NONE)] * 4
    assert play(director, 1)[0].fade is Fade.OUT


def test_a_stalling_game_gets_longer_pieces_never_across_a_bar_line():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 1)
    director.lookahead = 0.9                     # the game went 0.6 s without a tick: queue 1.8 beats or more
    assert [p.beats for p in play(director, 5)] == [2, 1, 2, 2, 2]   # beats 1-2, 3, then whole half bars
    director.lookahead = 0.0
    assert [p.beats for p in play(director, 2)] == [1, 1]


def test_after_running_dry_the_music_picks_up_at_the_next_beat_faded_back_in():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 5)
    queued = director.next(everything)           # beat 5 was queued, then the game stalled past it
    director.ran_dry()
    back = director.next(everything)
    assert (back.beat, back.fade) == (queued.end, Fade.IN)
    assert play(director, 2)[1].fade is Fade.NONE


def test_nothing_wanted_fades_out_then_stops():
    director = Director(TRACKS, JINGLES)
    director.want("a")
    play(director, 3)
    director.want(None)
    assert [p.fade for p in play(director, 5)] == [Fade.OUT]
    assert director.playing is None
    assert director.next(everything) is None


def test_an_unknown_track_is_silence():
    director = Director(TRACKS, JINGLES)
    director.want("nope")
    assert director.target is None and director.next(everything) is None


# ---------------------------------------------------------------- cutting the samples
def library(channels: int = 1) -> Library:
    """Track a: frame f of its file holds the value f (all channels), its drive holds 1000 + f."""
    def ramp(frames: int, plus: int = 0) -> array.array:
        return array.array("h", [plus + f for f in range(frames) for _ in range(channels)])
    audio = TrackAudio(A, ramp(20 * BEAT), ramp(8 * BEAT, 1000), channels)
    jingle = array.array("h", [5000] * (3 * BEAT * channels))
    return Library(1000, channels, {"a": audio}, {"ta": jingle})


def test_consecutive_pieces_are_the_track_itself_head_then_loop_round_and_round():
    lib, director = library(), Director(TRACKS, JINGLES)
    director.want("a")
    out = array.array("h")
    for piece in play(director, 36):
        out.extend(lib.render(piece))
    head = list(range(4 * BEAT))
    loop = [4 * BEAT + f for f in range(16 * BEAT)]
    assert list(out) == head + loop[4 * BEAT:] + loop + loop[:4 * BEAT]


@pytest.mark.parametrize("channels", [1, 2])
def test_the_drive_is_added_on_its_own_grid_and_steps_in_evenly(channels):
    beat = 16 * BEAT                                    # a beat of 16 level steps of BEAT frames
    track = Track("a", 120, 4, 4 * beat, 16, 16 * beat, (0, 8), drive="a_drive", drive_beats=8)
    audio = TrackAudio(track, array.array("h", [f for f in range(20 * beat) for _ in range(channels)]),
                       array.array("h", [1000 + f for f in range(8 * beat) for _ in range(channels)]), channels)
    lib = Library(1000, channels, {"a": audio}, {})
    flat = lib.render(Piece(Kind.TRACK, "a", 9, 1, 0, (1.0, 1.0)))[::channels]
    base = [4 * beat + 9 * beat + f for f in range(beat)]                # loop beat 9 ...
    drive = [1000 + beat + f for f in range(beat)]                       # ... over drive beat 1
    assert list(flat) == [b + d for b, d in zip(base, drive)]
    ramp = lib.render(Piece(Kind.TRACK, "a", 9, 1, 0, (0.0, 1.0)))[::channels]
    assert list(ramp) == [b + int(d * (f // BEAT + 1) / 16) for f, (b, d) in enumerate(zip(base, drive))]
    assert ramp[-1] == flat[-1]                  # at full level by its end: the next piece follows on


def test_a_fade_out_ends_silent_and_a_fade_in_starts_silent():
    lib = library()
    out = lib.render(Piece(Kind.TRACK, "a", 9, 1, 0, fade=Fade.OUT))
    assert out[0] > 0 and out[-1] == 0
    into = lib.render(Piece(Kind.TRACK, "a", 0, 1, 8, fade=Fade.IN))
    assert into[0] < 4 * BEAT + 8 * BEAT and into[-1] == 4 * BEAT + 9 * BEAT - 1


def test_a_jingle_rises_out_of_the_beat_it_replaces():
    lib = library()
    cut = Piece(Kind.TRACK, "a", 6, 1, 0)
    out = lib.render(Piece(Kind.JINGLE, "ta", cut=cut))
    continuation = lib.render(cut)
    assert abs(out[0] - continuation[0]) < abs(5000 - continuation[0]) / 10   # no step at the cut
    assert list(out[BEAT:]) == [5000] * (2 * BEAT)


def test_a_sum_past_full_scale_is_clipped_not_wrapped():
    audio = TrackAudio(A, array.array("h", [30000] * (20 * BEAT)), array.array("h", [10000] * (8 * BEAT)), 1)
    lib = Library(1000, 1, {"a": audio}, {})
    assert set(lib.render(Piece(Kind.TRACK, "a", 5, 1, 0, (1.0, 1.0)))) == {32767}
