"""Game profiles: everything that differs between games, in one place, saved per game.

A profile holds the look (where the board was and its size: a hint checked against each frame;
the glyph templates learned from the game), the rules (language, rules preset, minimum length,
word list), the input style and pace, the feedback learned from the game's replies, and the
round. The bundled presets (``--game``) are profiles too (``Profile.preset``).

    prof = Profile.from_geometry("wordament", geometry, frame_size=(w, h), window="Wordament")
    save_profile(prof); prof = load_profile("wordament")
    prof.geometry                 # BoardGeometry in frame (window/region) coordinates
    prof.fits(frame)              # False when the frame size changed: detect again
    prof.bank("en")               # built-in templates plus the learned ones
    geometry = locate(frame, "wordament")   # saved board, or detected again and saved

Files live under the user data dir (platformdirs; ``WORDBOT_DATA_DIR`` overrides it):
``profiles/NAME.json`` and ``profiles/NAME.glyphs.npz``, each written atomically.
"""

from __future__ import annotations

import json
import os
import re
import types
import typing
import zipfile
from dataclasses import asdict, dataclass, field, fields, is_dataclass, replace
from pathlib import Path

import numpy as np

from wordbot.calibration.detect import BoardGeometry
from wordbot.diskio import move_aside, set_aside, write_atomic, write_together
from wordbot.errors import WordbotError, notice
from wordbot.games import (
    BALDA_ENTRIES,
    CONFIRMS,
    GAMES,
    INPUT_STYLES,
    LOOK,
    PACES,
    RETAPS,
    BaldaSpec,
    FeedbackSpec,
    Game,
    InputSpec,
    RoundSpec,
)
from wordbot.lexicon.alphabet import LANGS


def data_dir() -> Path:
    env = os.environ.get("WORDBOT_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("wordbot"))


def profile_dir() -> Path:
    return data_dir() / "profiles"


def _path(name: str, suffix: str) -> Path:
    if not re.fullmatch(r"[\w.-]+", name):
        raise WordbotError(f"bad profile name {name!r} (letters, digits, '.', '-', '_')")
    return profile_dir() / f"{name}{suffix}"


MAX_PROFILE_BYTES = 2**20  # a profile is about 1 KB
MAX_GLYPH_BYTES = 64 * 2**20  # unpacked: a few thousand 32x32 pictures at most
MAX_JITTER = 10.0  # pixels: the most jitter allowed while the tile size is not known yet


def jitter_fits(jitter: float, tile: float | None) -> bool:
    """Whether a random offset of up to ``jitter`` pixels keeps a swipe on its tile of side
    ``tile`` (under a third of it; ``MAX_JITTER`` while the tile is not known): more would cross
    into a neighbour, and a word swiped through a wrong tile is refused and blacklisted for good."""
    return jitter >= 0 and (jitter <= MAX_JITTER if tile is None else jitter < tile / 3)


def check_jitter(jitter: float, tile: float) -> None:
    """WordbotError when ``jitter`` does not fit a tile of side ``tile`` (found in play)."""
    if not jitter_fits(jitter, tile):
        raise WordbotError(f"--jitter {jitter:g} is too large for the {tile:.0f}-pixel tiles of this "
                           f"board (it must stay under a third of a tile: {tile / 3:.1f})")


def inside(box, frame_size) -> bool:
    """Whether ``box`` (x, y, w, h) lies within a frame of ``frame_size`` (w, h)."""
    x, y, w, h = box
    return x >= -2 and y >= -2 and x + w <= frame_size[0] + 2 and y + h <= frame_size[1] + 2  # rounding


def _wh(size) -> str:
    return f"{size[0]}x{size[1]}" if size else "?"


def _jitter_bound(tile) -> str:
    if tile:
        return f"it must stay under a third of the {min(tile):.0f}-pixel tile"
    return f"at most {MAX_JITTER:g} pixels until the tile size is known (wordbot calibrate)"


@dataclass
class Profile:
    name: str
    rows: int = 0  # look: the board as calibrated (0: not yet), a hint checked against each frame
    cols: int = 0
    box: tuple[int, int, int, int] | None = None  # x, y, w, h in frame coordinates
    tile: tuple[float, float] | None = None
    frame_size: tuple[int, int] | None = None  # (w, h) of the frame it was found in
    window: str | None = None  # title of the game window
    region: tuple[int, int, int, int] | None = None  # or a fixed screen region
    lang: str = "ru"
    game: str = "wordsmania"  # the rules preset: kind of game and scoring
    min_len: int | None = None  # None: the preset's
    words: str | None = None  # a word list file or a built-in level (strict, standard, large); None: standard
    input: InputSpec = field(default_factory=InputSpec)
    feedback: FeedbackSpec = field(default_factory=FeedbackSpec)
    round: RoundSpec = field(default_factory=RoundSpec)
    balda: BaldaSpec = field(default_factory=BaldaSpec)

    @classmethod
    def preset(cls, game: str, lang: str = "ru") -> Profile:
        """A bundled preset as a profile: its rules, nothing learned yet."""
        from wordbot.games import game as find_game

        find_game(game)  # a clear error for an unknown name
        return cls(game, lang=lang, game=game)

    @property
    def rules(self) -> Game:
        """The rules preset with this game's minimum length."""
        preset = GAMES[self.game]
        if self.min_len is None:
            return preset
        return Game(preset.name, preset.kind, self.min_len, preset.scoring)

    def validate(self) -> None:
        """WordbotError naming the first field that cannot be right."""
        problems = [
            (self.lang in LANGS, f"lang {self.lang!r} (ru or en)"),
            (self.game in GAMES, f"game {self.game!r} (one of {', '.join(GAMES)})"),
            (self.min_len is None or 1 <= self.min_len <= 64, f"min_len {self.min_len}"),
            ((self.rows, self.cols) == (0, 0) or (2 <= self.rows <= 64 and 2 <= self.cols <= 64),
             f"board size {self.rows}x{self.cols} (2x2 to 64x64)"),
            (self.rows == 0 or (self.box is not None and self.tile is not None
                                and min(self.box[2:]) > 0 and min(self.tile) > 0), f"board box {self.box}"),
            (self.tile is None or min(self.tile) > 0, f"tile {self.tile}"),
            (self.box is None or min(self.box[2:]) > 0, f"board box {self.box}"),
            (self.frame_size is None or min(self.frame_size) > 0, f"frame size {self.frame_size}"),
            (self.rows == 0 or self.frame_size is None or inside(self.box, self.frame_size),
             f"board box {self.box}: outside the {_wh(self.frame_size)} frame"),
            (self.input.style in ("", *INPUT_STYLES), f"input style {self.input.style!r}"),
            (self.input.confirm in ("", *CONFIRMS), f"confirm {self.input.confirm!r}"),
            (self.input.retap in ("", *RETAPS), f"retap {self.input.retap!r}"),
            (self.input.pace in PACES, f"pace {self.input.pace!r}"),
            (jitter_fits(self.input.jitter, min(self.tile) if self.tile else None),
             f"jitter {self.input.jitter:g}: {_jitter_bound(self.tile)}"),
            *((box is None or (min(box[:2]) >= 0 and min(box[2:]) > 0
                               and (self.frame_size is None or inside(box, self.frame_size))),
               f"{what} box {box} (in the {_wh(self.frame_size)} frame)")
              for what, box in (("score", self.feedback.score), ("echo", self.feedback.echo))),
            (self.round.duration > 0, f"round duration {self.round.duration}"),
            (self.balda.entry in ("", *BALDA_ENTRIES), f"balda entry {self.balda.entry!r}"),
            (self.balda.button is None or min(self.balda.button[2:]) > 0,
             f"balda button {self.balda.button}"),
            (self.balda.button_rgb is None or all(0 <= v <= 255 for v in self.balda.button_rgb),
             f"balda button colour {self.balda.button_rgb}"),
        ]
        bad = [text for ok, text in problems if not ok]
        if bad:
            raise WordbotError(f"profile {self.name!r}: impossible {bad[0]}")

    @classmethod
    def from_geometry(cls, name: str, geometry: BoardGeometry, **kw) -> Profile:
        return cls(name, geometry.rows, geometry.cols, tuple(geometry.box), tuple(geometry.tile), **kw)

    @property
    def geometry(self) -> BoardGeometry | None:
        """The calibrated board (None when the profile has none yet)."""
        if not self.rows:
            return None
        x, y, w, h = self.box
        tw, th = self.tile
        px = (w - tw) / (self.cols - 1) if self.cols > 1 else 0
        py = (h - th) / (self.rows - 1) if self.rows > 1 else 0
        xs = x + tw / 2 + px * np.arange(self.cols)
        ys = y + th / 2 + py * np.arange(self.rows)
        centres = np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2)
        return BoardGeometry(self.rows, self.cols, tuple(self.box), tuple(self.tile), centres)

    def fits(self, frame: np.ndarray) -> bool:
        """Whether the saved board still applies to ``frame`` (same frame size as calibrated)."""
        h, w = frame.shape[:2]
        return self.rows > 0 and (self.frame_size is None or tuple(self.frame_size) == (w, h))

    def has_glyphs(self) -> bool:
        """Whether glyphs were learned for this game (``wordbot calibrate --learn``)."""
        return _path(self.name, ".glyphs.npz").is_file()

    def bank(self, lang: str | None = None):
        """The built-in template bank of ``lang`` plus the templates learned for this profile."""
        from wordbot.ocr.bank import builtin_bank

        pictures, labels = load_learned(self.name)
        return builtin_bank(lang or self.lang).plus(pictures, labels)


def save_profile(profile: Profile) -> Path:
    profile.validate()
    path = _path(profile.name, ".json")
    write_atomic(path, json.dumps(asdict(profile), ensure_ascii=False, indent=1).encode())
    return path


def load_profile(name: str) -> Profile:
    """The saved profile ``name``. A file that cannot be a profile is moved aside (never deleted)
    and reported in the error."""
    path = _path(name, ".json")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_PROFILE_BYTES + 1)
    except FileNotFoundError:
        raise WordbotError(f"no game profile {name!r} (run wordbot calibrate --name {name})") from None
    except OSError as exc:
        raise WordbotError(f"profile {path} is unreadable: {exc.strerror}") from None
    try:
        if len(raw) > MAX_PROFILE_BYTES:
            raise ValueError("too large")
        profile = _build(Profile, json.loads(raw.decode("utf-8")), "profile")
        profile.validate()
        _forget_old_looks(profile.feedback)
    except (ValueError, RecursionError, WordbotError) as exc:
        why = " ".join(str(exc).split())[:200]
        try:
            where = f"moved aside to {set_aside(path)}"
        except OSError as move:
            where = f"cannot be moved aside ({move.strerror})"
        raise WordbotError(f"profile {path} is broken ({why}); {where}: run wordbot "
                           f"calibrate --name {name} again") from None
    return profile


def _forget_old_looks(spec: FeedbackSpec) -> None:
    """An acceptance learned when a cell's look had other values (its fill alone, or no mark's share: not
    ``LOOK``) is learned again in the next round's first words."""
    acc = spec.accepted
    if acc is not None and any(c is not None and len(c) != LOOK for c in (acc.held, acc.flash)):
        spec.accepted = None


def _build(cls, data, where: str):
    """A dataclass from JSON data, checking each field's type (ValueError naming the field)."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object")
    hints = typing.get_type_hints(cls)
    kw = {f.name: _value(hints[f.name], data[f.name], f"{where}.{f.name}")
          for f in fields(cls) if f.name in data}
    try:
        return cls(**kw)
    except TypeError as exc:
        raise ValueError(f"{where}: {exc}") from None


def _value(tp, value, where: str):
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _value(inner, value, where)
    if is_dataclass(tp):
        return _build(tp, value, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where}: expected a list")
        kinds = args[:1] * len(value) if len(args) == 2 and args[1] is Ellipsis else args
        if len(kinds) != len(value):
            raise ValueError(f"{where}: expected {len(kinds)} values")
        return tuple(_value(k, v, where) for k, v in zip(kinds, value, strict=True))
    if tp is float and isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if tp in (int, str, bool) and type(value) is tp:
        return value
    raise ValueError(f"{where}: {value!r} is not a {getattr(tp, '__name__', tp)}")


def load_learned(name: str) -> tuple[np.ndarray, np.ndarray]:
    """Learned glyph pictures and their letters (empty arrays when there are none). A file that is
    not a learned-glyphs file is moved aside with one line of notice: reading goes on with the
    built-in templates."""
    from wordbot.ocr.glyph import SIZE

    path = _path(name, ".glyphs.npz")
    none = np.zeros((0, SIZE, SIZE), np.uint8), np.array([], dtype="<U1")
    if not path.is_file():
        return none
    try:
        pictures, labels = _read_glyphs(path)
    except OSError as exc:
        notice(f"cannot read the learned glyphs {path} ({exc.strerror or exc}); using the built-in ones")
        return none
    except (ValueError, KeyError, EOFError, MemoryError, zipfile.BadZipFile) as exc:
        move_aside(path, "the learned-glyphs file", " ".join(str(exc).split())[:80] or type(exc).__name__)
        return none
    return pictures, labels


def _read_glyphs(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """The checked pictures and labels of a glyphs file (ValueError naming what is wrong; members
    are sized before they are unpacked, so a small file cannot expand to gigabytes)."""
    from wordbot.ocr.glyph import SIZE

    with zipfile.ZipFile(path) as archive:
        if sum(info.file_size for info in archive.infolist()) > MAX_GLYPH_BYTES:
            raise ValueError("too large")
    with np.load(path, allow_pickle=False) as data:
        pictures, labels = data["pictures"], data["labels"]
    if pictures.dtype != np.uint8 or pictures.ndim != 3 or pictures.shape[1:] != (SIZE, SIZE):
        raise ValueError(f"pictures of shape {pictures.shape} and type {pictures.dtype}")
    if labels.dtype.kind != "U" or labels.shape != pictures.shape[:1] or \
            not all(len(letter) == 1 for letter in labels.tolist()):
        raise ValueError("labels are not one letter per picture")
    return pictures, labels


def merged_glyphs(name: str, pictures: np.ndarray, labels: np.ndarray, limit: int = 8) -> tuple[bytes, int]:
    """The profile's learned templates with these added (at most ``limit`` per letter, newest kept)
    as the bytes of its glyphs file, and how many it holds."""
    import io

    old_p, old_l = load_learned(name)
    pictures = np.concatenate([old_p, pictures]) if len(old_p) else np.asarray(pictures, np.uint8)
    labels = np.concatenate([old_l, labels]) if len(old_l) else np.asarray(labels)
    seen, unique = set(), []
    for i in range(len(labels) - 1, -1, -1):  # the same picture learned twice is kept once (newest)
        key = (str(labels[i]), pictures[i].tobytes())
        if key not in seen:
            seen.add(key)
            unique.append(i)
    unique = np.array(sorted(unique), dtype=int)
    keep = []
    for letter in np.unique(labels[unique]):
        keep += list(unique[labels[unique] == letter][-limit:])
    keep.sort()
    buf = io.BytesIO()
    np.savez_compressed(buf, pictures=pictures[keep], labels=labels[keep])
    return buf.getvalue(), len(keep)


def save_learned(name: str, pictures: np.ndarray, labels: np.ndarray, limit: int = 8) -> int:
    """Add templates to the profile's learned ones (see ``merged_glyphs``); returns how many the
    profile holds."""
    data, count = merged_glyphs(name, pictures, labels, limit)
    write_atomic(_path(name, ".glyphs.npz"), data)
    return count


def save_calibration(profile: Profile, glyphs: tuple[np.ndarray, np.ndarray] | None = None
                     ) -> tuple[Path, int]:
    """Save ``profile`` and, with ``glyphs`` (pictures, labels), add them to its learned templates:
    both files or neither (a full, read-only or missing data folder changes nothing and is one
    WordbotError). Returns the profile's path and how many templates it holds."""
    profile.validate()
    path = _path(profile.name, ".json")
    files = {path: json.dumps(asdict(profile), ensure_ascii=False, indent=1).encode()}
    count = 0
    if glyphs is not None:
        files[_path(profile.name, ".glyphs.npz")], count = merged_glyphs(profile.name, *glyphs)
    try:
        write_together(files)
    except OSError as exc:
        raise WordbotError(f"cannot save profile {profile.name!r} in {path.parent}: "
                           f"{exc.strerror or exc}") from None
    return path, count


def locate(frame: np.ndarray, name: str, redetect: bool = False, **new) -> BoardGeometry:
    """The board in ``frame`` (window or region coordinates) for profile ``name``.

    The saved geometry while the frame has the size it was calibrated at and the board is still
    there (checked by detecting it in the saved box and a margin around it, which is quick);
    otherwise detected in the whole frame and the profile saved: no profile yet, the window was
    resized, the board moved within a screen region, the layout changed, or ``redetect`` asked.
    ``new``: fields to set (window, region, lang). WordbotError when there is no board.
    """
    from wordbot.calibration.detect import detect_board, fits

    try:
        profile = load_profile(name)
    except WordbotError:
        profile = None
    if profile is not None and not redetect and profile.fits(frame) and fits(frame, profile.geometry):
        return profile.geometry
    geometry = detect_board(frame)
    if geometry is None:
        raise WordbotError("no letter board found in the frame")
    save_profile(with_look(profile or Profile(name), geometry, frame.shape, **new))
    return geometry


def with_look(profile: Profile, geometry: BoardGeometry, frame_shape: tuple[int, ...], **new) -> Profile:
    """``profile`` with the board of ``geometry`` seen in a frame of ``frame_shape``; the rest kept."""
    return replace(profile, rows=geometry.rows, cols=geometry.cols, box=tuple(geometry.box),
                   tile=tuple(geometry.tile), frame_size=(frame_shape[1], frame_shape[0]), **new)


