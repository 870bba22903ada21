"""A reading drawn over its screenshot: the grid found, each letter read and its confidence,
doubtful tiles marked in red (what ``wordbot read --annotate`` writes)."""

from __future__ import annotations

import cv2
import numpy as np

from wordbot.ocr.read import THRESHOLD, BoardReading
from wordbot.ocr.synthetic import font_path

FONT = "dejavu/DejaVuSans-Bold.ttf"
SURE, DOUBTFUL, BOARD = (40, 200, 40), (230, 30, 30), (255, 200, 0)  # RGB


def annotate(image: np.ndarray, reading: BoardReading) -> np.ndarray:
    """A BGR copy of ``image`` with ``reading`` drawn on it."""
    from PIL import Image, ImageDraw, ImageFont

    rgb = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB) if image.ndim == 3 else image).convert("RGB")
    draw = ImageDraw.Draw(rgb)
    x, y, w, h = reading.board_box
    draw.rectangle([x - 2, y - 2, x + w + 2, y + h + 2], outline=BOARD, width=2)
    pitch = w / max(1, reading.cols)
    path = font_path(FONT)
    big = ImageFont.truetype(str(path), max(8, int(pitch * 0.35))) if path else ImageFont.load_default()
    small = ImageFont.truetype(str(path), max(7, int(pitch * 0.18))) if path else ImageFont.load_default()
    for (cx, cy), letter, conf in zip(reading.centres, reading.tiles, reading.confidence, strict=True):
        colour = SURE if conf >= THRESHOLD else DOUBTFUL
        half = pitch * 0.42
        draw.rectangle([cx - half, cy - half, cx + half, cy + half], outline=colour,
                       width=1 if conf >= THRESHOLD else 3)
        label = (letter.upper() or "·") + ("" if conf >= THRESHOLD else "?")
        draw.text((cx - half + 2, cy - half + 1), label, fill=colour, font=big, stroke_width=1,
                  stroke_fill=(255, 255, 255))
        draw.text((cx - half + 2, cy + half - pitch * 0.2), f"{conf:.2f}", fill=colour, font=small,
                  stroke_width=1, stroke_fill=(255, 255, 255))
    return cv2.cvtColor(np.asarray(rgb), cv2.COLOR_RGB2BGR)
