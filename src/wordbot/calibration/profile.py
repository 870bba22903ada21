"""Calibration profiles: where a game's board is in its window (or screen region), saved per game
or window and reused, plus the glyph templates learned from that game.

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
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from wordbot.calibration.detect import BoardGeometry
from wordbot.errors import WordbotError


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


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file, so a reader never sees half of it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


@dataclass
class Profile:
    name: str
    rows: int
    cols: int
    box: tuple[int, int, int, int]  # x, y, w, h in frame coordinates
    tile: tuple[float, float]
    frame_size: tuple[int, int] | None = None  # (w, h) of the frame it was found in
    window: str | None = None  # title of the game window
    region: tuple[int, int, int, int] | None = None  # or a fixed screen region
    lang: str = "ru"

    @classmethod
    def from_geometry(cls, name: str, geometry: BoardGeometry, **kw) -> Profile:
        return cls(name, geometry.rows, geometry.cols, tuple(geometry.box), tuple(geometry.tile), **kw)

    @property
    def geometry(self) -> BoardGeometry:
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
        return self.frame_size is None or tuple(self.frame_size) == (w, h)

    def bank(self, lang: str | None = None):
        """The built-in template bank of ``lang`` plus the templates learned for this profile."""
        from wordbot.ocr.bank import builtin_bank

        pictures, labels = load_learned(self.name)
        return builtin_bank(lang or self.lang).plus(pictures, labels)


def save_profile(profile: Profile) -> Path:
    path = _path(profile.name, ".json")
    write_atomic(path, json.dumps(asdict(profile), ensure_ascii=False, indent=1).encode())
    return path


def load_profile(name: str) -> Profile:
    path = _path(name, ".json")
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise WordbotError(f"no calibration profile {name!r} (run wordbot calibrate --name {name})") from None
    except (OSError, ValueError) as exc:
        raise WordbotError(f"profile {path} is unreadable: {exc}") from None
    for key in ("box", "tile", "frame_size", "region"):
        if data.get(key) is not None:
            data[key] = tuple(data[key])
    return Profile(**data)


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
    keep = []
    for letter in np.unique(labels):
        keep += list(np.nonzero(labels == letter)[0][-limit:])
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
    ``new``: fields for a new profile (window, region, lang). WordbotError when there is no board.
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
    h, w = frame.shape[:2]
    kept = {k: getattr(profile, k) for k in ("window", "region", "lang")} if profile else {}
    save_profile(Profile.from_geometry(name, geometry, frame_size=(w, h), **(kept | new)))
    return geometry


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
