"""Words and digits on a patch of screen (a button, a list of words, a clock, a score), read by
Tesseract. One place for what every such read needs: the text black on white whatever the
theme's colours, upscaled to a height Tesseract reads well, one Tesseract call, and the tokens
back with their confidence and their box in the source image.

Two kinds of page: ``grey_page`` (the crop in grey, flipped to dark on light: words on a plain
fill, a whole window) and ``line_page`` (one line of short text on any background, its ink found
as what stands off the crop's commonest colour, its words set far apart so a label never joins a
number read under a digits whitelist).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

Box = tuple[int, int, int, int]
LETTERS = re.compile(r"[^\W\d_]+")  # the words of a text, digits and punctuation left out
DIGITS = "--psm 6 -c tessedit_char_whitelist=0123456789"
TEXT_HEIGHT = 48  # pixels: the text height Tesseract is given (it reads short lines best there)
BORDER = 16  # white pixels around a page
# Tesseract's OpenMP threads only slow a small page down (the more so on a busy machine); its reads
# that can run at once (a score's votes) run as processes side by side instead
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
DIFF = 40  # a pixel is ink: one channel stands off the background by more than this (0..255)
SPACE = 0.4  # a blank wider than this many text heights parts words (a label from the digits)
LOW_TOP = 0.2  # a column of a run of touching glyphs whose ink starts lower than this share of the
# run's height holds a small letter (x-height is 0.65-0.75 of a capital's) ...
LOW_RUN = 0.6  # ... and this many text heights of such columns in a row are small letters: a digit
# has at most a 4's arm or a 1's foot serif (0.2-0.3), touching round digits a few pixels


@dataclass(frozen=True)
class Token:
    """A word Tesseract read: its text, confidence (0..100) and box in the source image."""

    text: str
    conf: float
    box: Box


@dataclass
class Page:
    """A picture for Tesseract and how its pixels map back to the source image: a source x of
    ``x0 + (page x - BORDER - shift) / scale`` within each word's span (``spans``: (page start,
    page end, source start) in scaled units, before the border)."""

    image: np.ndarray
    origin: tuple[int, int]  # the crop's top left in the source image
    scale: float
    spans: list[tuple[int, int, int]] | None = None  # None: the page is the crop, unmoved

    def source_box(self, left: int, top: int, width: int, height: int) -> Box:
        """A box in page pixels as a box in the source image."""
        x, y = left - BORDER, top - BORDER
        if self.spans:
            start, _, src = min(self.spans, key=lambda s: 0 if s[0] <= x <= s[1] else min(
                abs(x - s[0]), abs(x - s[1])))
            x = src + x - start
        k = self.scale
        return (int(self.origin[0] + x / k), int(self.origin[1] + y / k), max(1, int(width / k)),
                max(1, int(height / k)))


def black_on_white(grey: np.ndarray) -> np.ndarray:
    """Dark text on a light ground whatever the theme: flipped when most of it is dark (the
    ground is what most pixels show)."""
    return 255 - grey if np.median(grey) < 128 else grey


def upscaled(image: np.ndarray, k: float) -> np.ndarray:
    return cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_CUBIC)


def bordered(image: np.ndarray) -> np.ndarray:
    return cv2.copyMakeBorder(image, BORDER, BORDER, BORDER, BORDER, cv2.BORDER_CONSTANT, value=255)


def grey_page(image: np.ndarray, box: Box | None = None, scale: float = 1.0, binary: bool = False,
              blank: Sequence[Box] = ()) -> Page:
    """The crop ``box`` (the whole image: None) in grey, dark on light, upscaled by ``scale``;
    ``binary``: thresholded first (Otsu: text on a plain fill); ``blank``: boxes (source
    coordinates) painted over with the ground, their text left out."""
    x, y, w, h = box if box is not None else (0, 0, image.shape[1], image.shape[0])
    grey = cv2.cvtColor(np.ascontiguousarray(image[y: y + h, x: x + w, :3]), cv2.COLOR_BGR2GRAY)
    ground = int(np.median(grey))
    for bx, by, bw, bh in blank:
        grey[max(0, by - y): max(0, by - y + bh), max(0, bx - x): max(0, bx - x + bw)] = ground
    if binary:
        grey = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)[1]
    grey = black_on_white(grey)
    return Page(upscaled(grey, scale) if scale != 1 else grey, (x, y), scale)


def read(page: Page, lang: str = "eng", config: str = "--psm 6") -> list[Token]:
    """The words Tesseract reads on ``page`` (left to right, line by line), with their boxes in
    the source image. About 0.1-0.25 s of CPU, most of it the Tesseract process starting.
    ImportError or OSError when Tesseract is missing."""
    return read_pages([page], lang, config)[0]


def read_pages(pages: Sequence[Page], lang: str = "eng", config: str = "--psm 6") -> list[list[Token]]:
    """``read`` of each page, in one Tesseract call: the pages stacked a text height apart (the
    process start, most of a read's cost, is paid once)."""
    import pytesseract

    if not pages:
        return []
    width = max(p.image.shape[1] for p in pages)
    rows, starts, y = [], [], 0
    for p in pages:
        if rows:
            rows.append(np.full((TEXT_HEIGHT, width), 255, np.uint8))
            y += TEXT_HEIGHT
        starts.append(y)
        rows.append(cv2.copyMakeBorder(p.image, 0, 0, 0, width - p.image.shape[1], cv2.BORDER_CONSTANT,
                                       value=255))
        y += p.image.shape[0]
    data = pytesseract.image_to_data(bordered(np.vstack(rows)), lang=lang, config=config,
                                     output_type=pytesseract.Output.DICT)
    out: list[list[Token]] = [[] for _ in pages]
    for text, conf, left, top, w, h in zip(data["text"], data["conf"], data["left"], data["top"],
                                           data["width"], data["height"], strict=True):
        middle = top - BORDER + h / 2
        i = next((i for i, p in enumerate(pages) if starts[i] <= middle < starts[i] + p.image.shape[0]), None)
        if text.strip() and i is not None:
            out[i].append(Token(text.strip(), float(conf), pages[i].source_box(left, top - starts[i], w, h)))
    return out


# --- one line of text on any background -------------------------------------------------------------
def background(patch: np.ndarray) -> np.ndarray:
    """The commonest colour of a patch (text is thinner than what it stands on)."""
    flat = patch[:, :, :3].reshape(-1, 3).astype(np.int32)
    keys = (flat[:, 0] // 16) * 256 + (flat[:, 1] // 16) * 16 + flat[:, 2] // 16
    return flat[keys == np.bincount(keys).argmax()].mean(axis=0)


def distance(patch: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """How far each pixel stands off ``colour`` (the largest channel difference)."""
    return np.abs(patch[:, :, :3].astype(np.float32) - colour).max(axis=2)


def off_edges(ink: np.ndarray, sides: bool) -> np.ndarray:
    """The ink not connected to the top or bottom edge (or, with ``sides``, any edge): text sits
    inside its crop; a badge's rim, the window around it and taller art reach out of it."""
    n, labels = cv2.connectedComponents(ink.astype(np.uint8))
    edge = np.zeros(n, bool)
    edge[labels[0]] = edge[labels[-1]] = True
    if sides:
        edge[labels[:, 0]] = edge[labels[:, -1]] = True
    edge[0] = False
    return ink & ~edge[labels]


def words(ink: np.ndarray, height: int) -> list[tuple[int, int]]:
    """Column spans (first, last) of the words in a line of ink with digits ``height`` tall.
    Neighbouring glyphs part when the blank between them is wider than ``SPACE`` heights, or when
    one spans the line's digit height and the other does not (a label's small letters, an icon):
    a colon between digits (two dots, one above the other, set in a wide cell by monospaced fonts)
    parts nothing; a label's colon ("Score: 12") stays with the label."""
    glyphs = [Glyph.of(a, b - 1, ink[:, a:b], height) for a, b in runs(ink.any(axis=0))]
    solid = [g for g in glyphs if not g.colon]
    if not solid:
        return []
    top, bottom = np.median([g.top for g in solid]), np.median([g.bottom for g in solid])
    bridge = [g.colon and 0 < i < len(glyphs) - 1 and glyphs[i - 1].digit(top, bottom)
              and glyphs[i + 1].digit(top, bottom) for i, g in enumerate(glyphs)]
    spans = [(glyphs[0].first, glyphs[0].last)]
    for i, (a, b) in enumerate(zip(glyphs, glyphs[1:], strict=False)):
        apart = b.first - a.last - 1 > SPACE * height or a.digit(top, bottom) != b.digit(top, bottom)
        if apart and not (bridge[i] or bridge[i + 1]):
            spans.append((b.first, b.last))
        else:
            spans[-1] = (spans[-1][0], b.last)
    return spans


@dataclass
class Glyph:
    """A run of inked columns in a line of text."""

    first: int
    last: int
    top: int
    bottom: int
    colon: bool  # narrow, two parts stacked with a blank between them
    height: int
    low: bool  # holds small letters: a stretch of columns inked only below its top

    @classmethod
    def of(cls, first: int, last: int, ink: np.ndarray, height: int) -> Glyph:
        rows = np.flatnonzero(ink.any(axis=1))
        colon = last - first + 1 <= 0.4 * height and len(rows) < rows[-1] - rows[0] + 1
        tops = ink.argmax(axis=0)  # every column of a run holds ink
        below = tops > rows[0] + LOW_TOP * (rows[-1] - rows[0] + 1)
        return cls(first, last, int(rows[0]), int(rows[-1]), colon, height,
                   max((b - a for a, b in runs(below)), default=0) > LOW_RUN * height)

    def digit(self, top: float, bottom: float) -> bool:
        """Whether it spans the line's digits from top to bottom: a label whose letters touch
        ("Очки" in a bold serif) spans them with its capital alone, its small letters do not."""
        slack = max(1.5, 0.08 * self.height)
        return not self.low and abs(self.top - top) <= slack and abs(self.bottom - bottom) <= slack


def runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """The runs of True values in ``flags`` (inked columns: glyphs), as (start, end) with the end
    excluded, left to right."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], flags.astype(np.int8), [0]])))
    return [(int(a), int(b)) for a, b in zip(edges[::2], edges[1::2], strict=True)]


def word_boxes(frame: np.ndarray, where: np.ndarray, exclude: Box | None = None,
               line: bool = False) -> list[Box]:
    """The boxes (left to right) of the words of text holding the pixels ``where`` (a mask: a
    changed digit, a place), each as tall as its ink and ``where``: a number's digits that did not change
    join the ones that did, a label beside them does not (see ``words``); ``line``: every word of
    the line they are on. The line is followed no further than a blank a text height wide, the box
    ``exclude`` (the board), or a column inked from above the text to below it (a badge's edge,
    other art)."""
    ys, xs = np.nonzero(where)
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
    y0, y1 = _glyph_rows(frame, where, (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
    h = y1 - y0 + 1
    top, bottom = max(0, y0 - h // 3), min(frame.shape[0], y1 + h // 3 + 1)
    band = frame[top:bottom]
    ink = distance(band, background(band[:, max(0, x0 - h): x1 + h + 1])) > DIFF
    text = off_edges(ink, sides=False)
    blocked = ink.mean(axis=0) > 0.95
    if exclude is not None:
        ex, ey, ew, eh = exclude
        if ey < bottom and top < ey + eh:
            blocked[max(0, ex): ex + ew] = True
    left = _reach(text.any(axis=0), blocked, x0, -1, h)
    right = _reach(text.any(axis=0), blocked, x1, 1, h)
    spans = [(a + left, b + left) for a, b in words(text[:, left: right + 1], h)]
    spans = [(a, b) for a, b in spans if line or (b >= x0 and a <= x1)] or [(x0, x1)]
    return [(a, y0, b - a + 1, h) for a, b in spans]


def union(*boxes: Box) -> Box:
    """The box around ``boxes``."""
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


def grown_box(frame: np.ndarray, box: Box, exclude: Box | None = None, line: bool = False) -> Box:
    """``box`` grown sideways over the whole words of text it touches (``line``: over every word
    of its line; see ``word_boxes``): a number that gained a digit, a message only part of which
    changed."""
    x, y, w, h = box
    where = np.zeros(frame.shape[:2], bool)
    where[y: y + h, x: x + w] = True
    spans = word_boxes(frame, where, exclude, line)
    left, right = min(x, spans[0][0]), max(x + w, spans[-1][0] + spans[-1][2])
    return left, y, right - left, h


LINE_PART = 0.4  # a band of ink shorter than this share of the tallest in its box is part of a line
# (a dot, an accent, an underline), not a line of its own


def text_lines(frame: np.ndarray, box: Box) -> list[Box]:
    """``box`` parted into the lines of text it spans, top to bottom: bands of inked rows with a
    blank row between them (a score over a message, changed together), each grown to its glyphs'
    rows; ``[box]`` where it spans one line or none. Read as one, two lines of unlike size give
    Tesseract fragments of both."""
    x, y, w, h = box
    patch = frame[y: y + h, x: x + w]
    if patch.size == 0:
        return [box]
    rows = (distance(patch, background(patch)) > DIFF).any(axis=1)
    bands, start = [], None
    for i, inked in enumerate([*rows, False]):
        if inked and start is None:
            start = i
        elif not inked and start is not None:
            bands.append([start, i - 1])
            start = None
    tallest = max((b - a + 1 for a, b in bands), default=0)
    merged: list[list[int]] = []
    for band in bands:  # a short band joins the line it is nearest to
        short = band[1] - band[0] + 1 < LINE_PART * tallest
        if merged and (short or merged[-1][1] - merged[-1][0] + 1 < LINE_PART * tallest):
            merged[-1][1] = band[1]
        else:
            merged.append(band)
    if len(merged) < 2:
        return [box]
    lines = []
    for a, b in merged:  # each as tall as its glyphs: the change may have cut them
        part = (x, y + a, w, b - a + 1)
        where = np.zeros(frame.shape[:2], bool)
        where[y + a: y + b + 1, x: x + w] = True
        top, bottom = _glyph_rows(frame, where, part)
        lines.append((x, top, w, bottom - top + 1))
    return lines


def _glyph_rows(frame: np.ndarray, where: np.ndarray, box: Box) -> tuple[int, int]:
    """The first and last rows of the glyphs the pixels ``where`` (within ``box``) fall on: a digit
    that changed into another changes only in part. Glyphs are ink (off the commonest colour)
    joined up, within a box's height above and below; a blob reaching out of that (a badge, art)
    is no glyph and changes nothing."""
    x, y, w, h = box
    top, bottom = max(0, y - h), min(frame.shape[0], y + 2 * h)
    patch = frame[top:bottom, x: x + w]
    ink = (distance(patch, background(patch)) > DIFF).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink)
    hit = np.unique(labels[where[top:bottom, x: x + w] & (labels > 0)])
    first, last = y, y + h - 1
    for i in hit:
        gy, gh = stats[i, cv2.CC_STAT_TOP], stats[i, cv2.CC_STAT_HEIGHT]
        if gy > 0 and gy + gh < bottom - top:
            first, last = min(first, top + int(gy)), max(last, top + int(gy + gh) - 1)
    return first, last


def _reach(inked: np.ndarray, blocked: np.ndarray, start: int, step: int, gap: int) -> int:
    """The last inked column reached from ``start`` going ``step`` without crossing ``gap`` blank
    columns or a blocked one."""
    last, x = start, start + step
    while 0 <= x < len(inked) and not blocked[x] and abs(x - last) <= gap:
        if inked[x]:
            last = x
        x += step
    return last


def line_page(image: np.ndarray, box: Box, height: int = TEXT_HEIGHT) -> Page | None:
    """The line of text in ``box`` black on white, about ``height`` tall; None if blank.
    Ink is what stands off the crop's commonest colour, in either polarity; ink touching the
    crop's edge (a badge's rim, the window around it, a glyph cut by the crop) is dropped. Words
    are set far apart, so a label stays a word of its own (read under a digits whitelist it
    would join the number)."""
    x, y, w, h = box
    m = max(2, h // 3)
    x0, y0 = max(0, x - m), max(0, y - m)
    crop = image[y0: y + h + m, x0: x + w + m]
    if crop.size == 0:
        return None
    k = height / max(h, 1)
    dist = upscaled(distance(crop, background(crop)), k)
    top = float(dist.max())
    if top < DIFF:
        return None
    level, _ = cv2.threshold(np.clip(dist, 0, 255).astype(np.uint8), 0, 255,
                             cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    ink = off_edges(dist > np.clip(level, 0.2 * top, 0.5 * top), sides=True)
    spans = words(ink, height)
    if not spans:
        return None
    parts, where, at = [], [], 0
    for a, b in spans:
        if parts:
            parts.append(np.zeros((ink.shape[0], height), bool))
            at += height
        parts.append(ink[:, a: b + 1])
        where.append((at, at + b - a, a))
        at += b - a + 1
    page = np.where(np.hstack(parts), 0, 255).astype(np.uint8)
    return Page(page, (x0, y0), k, where)


def read_line(image: np.ndarray, box: Box, config: str, lang: str = "eng") -> list[Token]:
    """The tokens of the line of text in ``box`` (see ``line_page``); none when it is blank."""
    page = line_page(image, box)
    return [] if page is None else read(page, lang, config)
