"""Buttons found by their look (a filled box off the page colour holding text), and told apart by
their text where Tesseract reads it: a game's Submit is pressed, its Quit, Menu or Hint never."""

from __future__ import annotations

import cv2
import numpy as np

from wordbot.games import RGB
from wordbot.ocr.learn import TESSERACT_LANG
from wordbot.ocr.text import LETTERS, TEXT_HEIGHT, Box, grey_page, read

# what a button that sends a word says, and what one that must never be pressed says (lower case)
SENDS = frozenset((
    "submit", "enter", "ok", "okay", "go", "send", "done", "check", "ввод", "ок", "готово",
    "отправить", "проверить", "да",
))
NEVER = frozenset((
    "quit", "exit", "menu", "pause", "restart", "new", "hint", "shuffle", "cancel", "clear", "close",
    "end", "give", "resign", "back", "home", "settings", "skip", "reset", "выход", "выйти", "меню",
    "пауза", "заново", "новая", "подсказка", "перемешать", "отмена", "очистить", "закрыть", "сдаться",
    "назад", "пропустить", "сброс",
))


def find_button(image: np.ndarray, rgb: RGB, below: int, tolerance: int = 25) -> Box | None:
    """The largest blob of colour ``rgb`` under the row ``below``: the game's button."""
    part = image[below:]
    diff = np.abs(part[:, :, :3].astype(int) - np.array(rgb[::-1])).max(axis=2)
    near = (diff <= tolerance).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(near)
    if n <= 1:
        return None
    i = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    x, y, w, h, area = stats[i]
    return (int(x), int(y) + below, int(w), int(h)) if area > 200 else None


def find_buttons(image: np.ndarray, avoid: list[Box], pitch: float) -> list[Box]:
    """Button-like blobs by their look: a filled box off the page colour, wider than tall, about
    a key high, holding text of another colour, outside and within a few key pitches of ``avoid``
    (the board and the keyboard). Likeliest Submit first: not red (Cancel), then left to right."""
    img = image[:, :, :3].astype(int)
    edge = np.concatenate([img[0], img[-1], img[:, 0], img[:, -1]])
    off = (np.abs(img - np.median(edge, axis=0)).max(axis=2) > 12).astype(np.uint8)
    for x, y, w, h in avoid:
        off[max(0, y - 4): y + h + 4, max(0, x - 4): x + w + 4] = 0
    n, _, stats, _ = cv2.connectedComponentsWithStats(off)
    found = []
    for x, y, w, h, area in stats[1:]:
        if not (0.5 * pitch <= h <= 2 * pitch and 1.5 * h <= w <= 8 * h and area >= 0.7 * w * h):
            continue
        patch = img[y: y + h, x: x + w]
        fill = np.median(patch.reshape(-1, 3), axis=0)
        ink = (np.abs(patch - fill).max(axis=2) > 60).mean()
        if 0.02 <= ink <= 0.4 and min(_gap((x, y, w, h), b) for b in avoid) <= 3 * pitch:
            b, g, r = fill
            found.append((r > 1.6 * max(g, b), int(x), (int(x), int(y), int(w), int(h))))
    return [box for *_, box in sorted(found)]


def _gap(a: Box, b: Box) -> float:
    """Distance between two boxes (0 when they touch or overlap)."""
    dx = max(b[0] - a[0] - a[2], a[0] - b[0] - b[2], 0)
    dy = max(b[1] - a[1] - a[3], a[1] - b[1] - b[3], 0)
    return float(max(dx, dy))


def button_words(image: np.ndarray, box: Box) -> set[str]:
    """The words on a button, lower case (empty when Tesseract reads none): its text thresholded
    on the fill, about a button's height of 48 pixels."""
    page = grey_page(image, box, TEXT_HEIGHT / max(box[3], 1), binary=True)
    # each language on its own: together, Tesseract reads "Cancel" as the Cyrillic "сапсе"
    return {word.lower() for lang in TESSERACT_LANG.values()
            for token in read(page, lang, "--psm 7") for word in LETTERS.findall(token.text)}


def sending_buttons(image: np.ndarray, boxes: list[Box]) -> list[Box]:
    """Of ``boxes``, those whose text says they send a word (Submit, OK, Готово ...), in order; none
    when Tesseract is missing (a button not read is never guessed at)."""
    try:
        return [b for b in boxes if button_words(image, b) & SENDS]
    except (ImportError, OSError):
        return []


def safe_buttons(image: np.ndarray, boxes: list[Box]) -> list[Box]:
    """Of ``boxes``, those whose text does not say Quit, Menu, Hint and the like (all of them when
    Tesseract is missing), the ones that say they send first."""
    try:
        words = [button_words(image, b) for b in boxes]
    except (ImportError, OSError):
        return boxes
    keep = [(not (w & SENDS), i) for i, w in enumerate(words) if not (w & NEVER)]
    return [boxes[i] for _, i in sorted(keep)]
