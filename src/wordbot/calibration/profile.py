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
from dataclasses import asdict, dataclass, field, fields, is_dataclass, replace
from pathlib import Path

import numpy as np

from wordbot.calibration.detect import BoardGeometry
from wordbot.diskio import write_atomic
from wordbot.errors import WordbotError
from wordbot.games import (
    BALDA_ENTRIES,
    CONFIRMS,
    GAMES,
    INPUT_STYLES,
    PACES,
    BaldaSpec,
    FeedbackSpec,
    Game,
    InputSpec,
    RoundSpec,
)


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
    words: str | None = None  # the game's word list file (None: the built-in list of ``lang``)
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
            (self.lang in ("ru", "en"), f"lang {self.lang!r} (ru or en)"),
            (self.game in GAMES, f"game {self.game!r} (one of {', '.join(GAMES)})"),
            (self.min_len is None or 1 <= self.min_len <= 64, f"min_len {self.min_len}"),
            (0 <= self.rows <= 64 and 0 <= self.cols <= 64 and (self.rows == 0) == (self.cols == 0),
             f"board size {self.rows}x{self.cols}"),
            (self.rows == 0 or (self.box is not None and self.tile is not None
                                and min(self.box[2:]) > 0 and min(self.tile) > 0), f"board box {self.box}"),
            (self.input.style in ("", *INPUT_STYLES), f"input style {self.input.style!r}"),
            (self.input.confirm in CONFIRMS, f"confirm {self.input.confirm!r}"),
            (self.input.pace in PACES, f"pace {self.input.pace!r}"),
            (0 <= self.input.jitter <= 0.3 * max(self.tile or (100,)), f"jitter {self.input.jitter}"),
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
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordbotError(f"no game profile {name!r} (run wordbot calibrate --name {name})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise WordbotError(f"profile {path} is unreadable: {exc}") from None
    try:
        data = json.loads(text)
        profile = _build(Profile, data, "profile")
        profile.validate()
    except (ValueError, WordbotError) as exc:
        aside = path.with_name(path.name + ".corrupt")
        os.replace(path, aside)
        raise WordbotError(f"profile {path} is broken ({exc}); moved aside to {aside}: run wordbot "
                           f"calibrate --name {name} again") from None
    return profile


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
    """Learned glyph pictures and their letters (empty arrays when there are none)."""
    path = _path(name, ".glyphs.npz")
    if not path.is_file():
        return np.zeros((0, 32, 32), np.uint8), np.array([], dtype="<U1")
    with np.load(path) as data:
        return data["pictures"], data["labels"]


def save_learned(name: str, pictures: np.ndarray, labels: np.ndarray, limit: int = 8) -> int:
    """Add templates to the profile's learned ones (at most ``limit`` per letter, newest kept);
    returns how many the profile holds."""
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
    write_atomic(_path(name, ".glyphs.npz"), buf.getvalue())
    return len(keep)


def locate(frame: np.ndarray, name: str, redetect: bool = False, **new) -> BoardGeometry:
    """The board in ``frame`` (window or region coordinates) for profile ``name``.

    The saved geometry while the frame has the size it was calibrated at and the board is still
    there (checked by detecting it in the saved box and a margin around it, which is quick);
    otherwise detected in the whole frame and the profile saved: no profile yet, the window was
    resized, the board moved within a screen region, the layout changed, or ``redetect`` asked.
    ``new``: fields to set (window, region, lang). WordbotError when there is no board.
    """
    from wordbot.calibration.detect import detect_board

    try:
        profile = load_profile(name)
    except WordbotError:
        profile = None
    if profile is not None and not redetect and profile.fits(frame) and _still_there(frame, profile):
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


def _still_there(frame: np.ndarray, profile: Profile) -> bool:
    """Whether the saved board is found again, same size and place, near its saved box."""
    from wordbot.calibration.detect import detect_board

    x, y, w, h = profile.box
    m = int(max(profile.tile))
    x0, y0 = max(0, x - m), max(0, y - m)
    found = detect_board(frame[y0: y + h + m, x0: x + w + m])
    if found is None or (found.rows, found.cols) != (profile.rows, profile.cols):
        return False
    fx, fy, fw, fh = found.box
    return max(abs(fx + x0 - x), abs(fy + y0 - y), abs(fw - w), abs(fh - h)) <= max(3, m // 8)
