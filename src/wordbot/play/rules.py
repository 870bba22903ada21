"""What a game says of its words beside the board ("WORDS · 4+ LETTERS", "at least 4 letters",
"не менее 4 букв"): read once a round with Tesseract, so a game's minimum length costs no refused
word with zero set-up. A rule not read costs what it did before (two refusals teach it)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np

from wordbot.ocr.learn import TESSERACT_LANG
from wordbot.ocr.text import Box, Token, read
from wordbot.play.history import page

NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "двух": 2, "трех": 3, "трёх": 3,
           "четырех": 4, "четырёх": 4, "пяти": 5, "шести": 6}
SHORTEST, LONGEST = 2, 8  # a minimum read outside these is a misreading, not a rule
_N = r"\b(\d{1,2}|" + "|".join(NUMBERS) + r")"
_UNIT = r"(?:letters?|characters?|chars?|букв\w*|символ\w*)"
RULES = [re.compile(p) for p in (
    rf"{_N}\s*\+\s*{_UNIT}",  # 4+ letters
    rf"\b(?:at\s+least|min(?:imum)?\.?:?|no\s+fewer\s+than|не\s+менее|не\s+короче|от|минимум|хотя\s+бы)"
    rf"\s*{_N}\s*(?:-?х\s*)?{_UNIT}",  # at least 4 letters, от 4 букв
    rf"{_N}\s*(?:or\s+more|and\s+(?:up|more|longer))\s*{_UNIT}",  # 4 or more letters
    rf"{_N}\s*{_UNIT}\s*(?:or\s+more|and\s+(?:up|more|longer)|minimum|и\s+более|и\s+больше|или\s+более)",
    rf"\b(?:min(?:imum)?|минимальная)\s+(?:word\s+)?(?:length|длина)(?:\s+слова)?\s*:?\s*{_N}",
)]


def minimum_in(text: str) -> int | None:
    """The shortest word length a line of text states, if it states one (the largest where it
    states several: a word too short is refused, one too long only left out)."""
    found = [m.group(1) for rule in RULES for m in rule.finditer(text.lower())]
    lengths = [NUMBERS.get(n) or int(n) for n in found]
    lengths = [n for n in lengths if SHORTEST <= n <= LONGEST]
    return max(lengths, default=None)


def lines(tokens: Sequence[Token]) -> list[str]:
    """Tesseract's words joined into the lines they stand on (sparse text comes word by word)."""
    def middle(t: Token) -> float:
        return t.box[1] + t.box[3] / 2

    out: list[list[Token]] = []
    for t in sorted(tokens, key=middle):
        if out and abs(middle(t) - middle(out[-1][0])) <= out[-1][0].box[3] / 2:
            out[-1].append(t)
        else:
            out.append([t])
    return [" ".join(t.text for t in sorted(line, key=lambda t: t.box[0])) for line in out]


def minimum_said(image: np.ndarray, skip: Sequence[Box], lang: str) -> int | None:
    """The minimum length the window states outside ``skip`` (the board); None where it states
    none or Tesseract is missing."""
    try:
        tokens = read(page(image, skip), TESSERACT_LANG[lang], "--psm 11")
    except (ImportError, OSError):
        return None
    return max((n for line in lines(tokens) if (n := minimum_in(line)) is not None), default=None)


def read_minimum(image: np.ndarray, skip: Sequence[Box], lang: str) -> Future[int | None]:
    """``minimum_said`` in a thread of its own (a whole window's Tesseract read: a second or more
    on a busy machine, while the first words go in)."""
    pool = ThreadPoolExecutor(1, thread_name_prefix="wordbot-rules")
    try:
        return pool.submit(minimum_said, image.copy(), list(skip), lang)
    finally:
        pool.shutdown(wait=False)
