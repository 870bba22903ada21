"""Fixed looks for the vision tests (development fonts only; the held-out ones are the bench's)."""

import numpy as np
import pytest

from wordbot.ocr.synthetic import Look


def look(**changes) -> Look:
    base = dict(font="dejavu/DejaVuSans-Bold.ttf", tile_rgb=(240, 220, 170), text_rgb=(40, 30, 20),
                panel_rgb=(60, 90, 140), shape="rounded", radius=0.15, gap=0.12, letter_size=0.5,
                corner_numbers=False, empty_rgb=None, blur=0.0, scale=1.0)
    return Look(**(base | changes))


@pytest.fixture
def rng():
    return np.random.default_rng(12345)
