"""The one wiring place: a profile's glyphs, rules and word list reach the player it builds."""

import os
import subprocess
import sys

import cv2
import numpy as np

from wordbot.calibration.profile import Profile, load_learned, load_profile, save_profile
from wordbot.lexicon.alphabet import alphabet
from wordbot.ocr import THRESHOLD
from wordbot.ocr.synthetic import Look, render
from wordbot.play.session import Session, lexicons, player, profile_reader

STYLE = Look(font="urw-base35/URWBookman-DemiItalic.otf", tile_rgb=(20, 60, 30), text_rgb=(250, 240, 120),
             panel_rgb=(60, 90, 140), shape="rounded", radius=0.15, gap=0.12, letter_size=0.5,
             corner_numbers=False, empty_rgb=None, blur=0.0, scale=1.0)


def calibrate(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wordbot", "calibrate", *args], capture_output=True,
                          text=True, timeout=120, env=os.environ.copy())


def test_glyphs_learned_by_calibrate_are_read_by_play(tmp_path):
    rng = np.random.default_rng(5)
    letters = list(alphabet("ru").letters) + list("абвг")
    rng.shuffle(letters)
    sheet = render(rng, STYLE, 6, 6, tile=50, letters=letters)
    cv2.imwrite(str(tmp_path / "sheet.png"), sheet.image)
    labels = "/".join("".join(sheet.tiles[r * 6:(r + 1) * 6]) for r in range(6))
    done = calibrate("--name", "serif-game", "--image", str(tmp_path / "sheet.png"), "--learn", labels,
                     "--game", "boggle", "--min-len", "4", "--input", "click", "--confirm", "enter")
    assert done.returncode == 0, done.stderr
    stored = len(load_learned("serif-game")[1])
    assert stored >= 32  # every letter at least once
    again = calibrate("--name", "serif-game", "--image", str(tmp_path / "sheet.png"), "--learn", labels)
    assert again.returncode == 0, again.stderr
    assert len(load_learned("serif-game")[1]) == stored  # the same screenshot twice: stored once
    prof = load_profile("serif-game")
    assert (prof.game, prof.min_len, prof.input.style, prof.input.confirm) == ("boggle", 4, "click", "enter")
    reader = profile_reader(prof)
    plain = Profile("plain-serif", lang="ru")
    others = [render(rng, STYLE, 5, 5, tile=50) for _ in range(4)]
    with_glyphs = [reader(o.image) for o in others]
    assert all(r.tiles == o.tiles and min(r.confidence) >= THRESHOLD for r, o in zip(with_glyphs, others,
                                                                                        strict=True))
    without = [profile_reader(plain)(o.image) for o in others]  # the built-in templates alone
    right_and_sure = [t == w and c >= THRESHOLD for r, o in zip(without, others, strict=True)
                      for t, w, c in zip(r.tiles, o.tiles, r.confidence, strict=True)]
    assert not all(right_and_sure)  # so the learned glyphs are what made the difference


def test_profile_rules_and_word_list_reach_the_player(tmp_path):
    words = tmp_path / "game-words.txt"
    words.write_text("кот\nток\nкрот\n", encoding="utf-8")
    prof = Profile("own-list", lang="ru", game="boggle", min_len=4, words=str(words))
    save_profile(prof)
    play_lex, base = lexicons(load_profile("own-list"))
    assert sorted(play_lex.words) == ["кот", "крот", "ток"]
    grid = player(prof, source=None, session=Session(auto=False))
    assert grid.opts.game.min_len == 4 and grid.opts.game.name == "boggle"
    from wordbot.play.anagram import AnagramPlayer

    assert isinstance(player(Profile("a", game="anagram"), source=None, session=Session()), AnagramPlayer)


def test_the_reader_follows_a_board_that_moved_or_changed_size_in_the_window():
    """The live reader looks for the last board in its place first: a board moved in the window,
    or another size, is found again, never read on the old lattice."""
    rng = np.random.default_rng(7)
    reader = profile_reader(Profile.preset("wordsmania", "ru"))

    def near(box, want):
        return max(abs(a - b) for a, b in zip(box, want, strict=True)) <= 4

    shot = render(rng, STYLE, 4, 4, tile=60)
    first = reader(shot.image)
    assert near(first.board_box, shot.box) and first.tiles == shot.tiles
    again = reader(shot.image)  # the same lattice in its place: read there
    assert again.tiles == shot.tiles and again.board_box == first.board_box
    moved = reader(np.roll(shot.image, (-90, -300), axis=(0, 1)))
    x, y, w, h = shot.box
    assert near(moved.board_box, (x - 300, y - 90, w, h)) and moved.tiles == shot.tiles
    assert "found again" in moved.note  # looked for in its last place first
    bigger = render(rng, STYLE, 5, 5, tile=60)
    other = reader(bigger.image)
    assert (other.rows, other.cols) == (5, 5) and near(other.board_box, bigger.box)
    assert other.tiles == bigger.tiles
