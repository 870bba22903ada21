"""``wordbot read`` and ``wordbot calibrate``: a screenshot's board, read or located and saved."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import cv2
import numpy as np
import typer

from wordbot.cli import app
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError


def load_image(path: Path) -> np.ndarray:
    """The picture in ``path`` as BGR; WordbotError when it is missing or not an image."""
    if not path.is_file():
        raise WordbotError(f"no such image file: {path}")
    data = np.fromfile(path, np.uint8)
    image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if image is None:
        raise WordbotError(f"cannot read {path} as an image (PNG, JPEG, BMP, ...)")
    return image


def write_image(path: Path, image: np.ndarray) -> None:
    ok, data = cv2.imencode(path.suffix or ".png", image)
    if not ok:
        raise WordbotError(f"cannot write an image as {path} (use .png or .jpg)")
    data.tofile(path)


@app.command("read")
def read(
    image: Annotated[Path, typer.Argument(help="a screenshot with the board anywhere in it")],
    lang: Annotated[str, typer.Option("--lang", help="ru or en")] = "ru",
    profile: Annotated[str | None, typer.Option("--profile", help="a saved calibration profile")] = None,
    annotate_out: Annotated[Path | None, typer.Option("--annotate", help="write the reading drawn "
                                                      "over the image to this PNG")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print one JSON document")] = False,
) -> None:
    """Find the letter board in IMAGE and read it; doubtful tiles are shown as "?"."""
    from wordbot.calibration.profile import load_profile
    from wordbot.ocr.read import read_board

    picture = load_image(image)
    geometry, bank = None, None
    if profile:
        prof = load_profile(profile)
        geometry, bank = prof.geometry, prof.bank(lang)
    reading = read_board(picture, lang, bank=bank, geometry=geometry)
    if annotate_out is not None:
        from wordbot.ocr.annotate import annotate

        write_image(annotate_out, annotate(picture, reading))
    if json_out:
        print_json(reading.to_dict() | {"doubtful": reading.doubtful})
        return
    x, y, w, h = reading.board_box
    print(f"{reading.rows}x{reading.cols} board at x={x} y={y} w={w} h={h}")
    for line in reading.text.split("/"):
        print(" ".join(line.upper()))
    if reading.doubtful:
        cells = ", ".join(f"{i // reading.cols},{i % reading.cols}" for i in reading.doubtful)
        print(f"doubtful tiles (row,col): {cells}")
