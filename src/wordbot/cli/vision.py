"""``wordbot read`` and ``wordbot calibrate``: a screenshot's board, read or located and saved."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from wordbot.cli import app
from wordbot.cli.checks import image_out
from wordbot.cli.output import print_json
from wordbot.errors import WordbotError

if TYPE_CHECKING:  # OpenCV and numpy are imported by the commands that use them: --help loads none
    import numpy as np


def write_image(path: Path, image: np.ndarray) -> None:
    """Write ``image`` to ``path`` whole or not at all (WordbotError naming the fault)."""
    import cv2

    from wordbot.diskio import write_atomic

    image_out(path)
    ok, data = cv2.imencode(path.suffix, image)
    if not ok:
        raise WordbotError(f"cannot write an image as {path} (use .png or .jpg)")
    try:
        write_atomic(path, data.tobytes())
    except OSError as exc:
        raise WordbotError(f"cannot write {path}: {exc.strerror or exc}") from None


@app.command("read")
def read(
    image: Annotated[Path, typer.Argument(help="a screenshot with the board anywhere in it")],
    lang: Annotated[str | None, typer.Option("--lang", help="ru or en (default: told from the letters)")]
    = None,
    profile: Annotated[str | None, typer.Option("--profile", help="a saved calibration profile")] = None,
    grid: Annotated[str | None, typer.Option("--grid", help="RxC: the board of this size (when the "
                                             "screen shows more than one letter grid)")] = None,
    annotate_out: Annotated[Path | None, typer.Option("--annotate", callback=image_out, help="write the "
                                                      "reading drawn over the image to this PNG")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print one JSON document")] = False,
) -> None:
    """Find the letter board in IMAGE and read it; doubtful tiles are shown as "?"."""
    from wordbot.calibration.profile import load_profile
    from wordbot.capture.files import read_image
    from wordbot.ocr.read import read_board

    picture = read_image(image)
    geometry, bank = None, None
    if profile:
        prof = load_profile(profile)
        bank = prof.bank(lang or prof.lang)
        geometry = prof.geometry if prof.fits(picture) else None  # another size: find it again
    shape = _grid(grid)
    reading = read_board(picture, lang, bank=bank, geometry=geometry, shape=shape)
    if annotate_out is not None:
        from wordbot.ocr.annotate import annotate

        write_image(annotate_out, annotate(picture, reading))
    if json_out:
        print_json(reading.to_dict() | {"doubtful": reading.doubtful})
        return
    x, y, w, h = reading.board_box
    if reading.note:
        print(reading.note)
    print(f"{reading.rows}x{reading.cols} board at x={x} y={y} w={w} h={h}")
    cells = [t.capitalize() for t in reading.cells()]  # Qu, not QU: a multi-letter tile reads as one
    width = max(map(len, cells), default=1)
    for r in range(0, len(cells), reading.cols):
        print(" ".join(f"{cell:<{width}}" for cell in cells[r: r + reading.cols]).rstrip())
    if reading.doubtful:
        cells = ", ".join(f"{i // reading.cols},{i % reading.cols}" for i in reading.doubtful)
        print(f"doubtful tiles (row,col): {cells}")


def _numbers(text: str, count: int, option: str, sep: str = ",") -> tuple[int, ...]:
    try:
        values = tuple(int(v) for v in text.lower().split(sep))
    except ValueError:
        values = ()
    if len(values) != count:
        raise WordbotError(f"{option} needs {count} integers separated by {sep!r}, got {text!r}")
    return values


def _grid(text: str | None) -> tuple[int, int] | None:
    """``--grid RxC``: 2x2 up to 64x64."""
    if text is None:
        return None
    rows, cols = _numbers(text, 2, "--grid", "x")
    if not (2 <= rows <= 64 and 2 <= cols <= 64):
        raise WordbotError(f"--grid must be 2x2 to 64x64, got {text!r}")
    return rows, cols


def _frame(image: Path | None, window: str | None, region: str | None) -> np.ndarray:
    from wordbot.capture import open_source, read_image

    if image is not None:
        return read_image(image)
    if window is None and region is None:
        raise WordbotError("give --image FILE, --window TITLE or --region X,Y,W,H")
    source = open_source(window=window, region=_numbers(region, 4, "--region") if region else None)
    try:
        return source.grab()
    finally:
        source.close()


def _corners_by_mouse() -> tuple[int, int, int, int]:
    import pyautogui

    input("Point the mouse at the board's top-left corner and press Enter ")
    x0, y0 = pyautogui.position()
    input("Point the mouse at the board's bottom-right corner and press Enter ")
    x1, y1 = pyautogui.position()
    return min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)


@app.command("calibrate")
def calibrate(
    name: Annotated[str, typer.Option("--name", help="profile name (a game or window)")],
    image: Annotated[Path | None, typer.Option("--image", help="calibrate on a screenshot file")] = None,
    window: Annotated[str | None, typer.Option("--window", help="the game window's title")] = None,
    region: Annotated[str | None, typer.Option("--region", help="a screen region X,Y,W,H")] = None,
    grid: Annotated[str | None, typer.Option("--grid", help="RxC: the board's size (alone: find the "
                                             "board of that size; with --box/--corners: set it)")] = None,
    box: Annotated[str | None, typer.Option("--box", help="board box X,Y,W,H in the frame")] = None,
    corners: Annotated[bool, typer.Option("--corners", help="point at two board corners")] = False,
    lang: Annotated[str, typer.Option("--lang", help="ru or en")] = "ru",
    learn: Annotated[str | None, typer.Option("--learn", help='the board as it really is, rows '
                                              'joined by "/" ("." empty): learn its glyphs')] = None,
    tesseract: Annotated[bool, typer.Option("--tesseract", help="learn glyphs Tesseract is sure of")] = False,
    game: Annotated[str | None, typer.Option("--game", help="the rules preset (boggle, wordhunt, ...)")]
    = None,
    min_len: Annotated[int | None, typer.Option("--min-len", help="the game's shortest word")] = None,
    input_style: Annotated[str | None, typer.Option("--input", help="drag, click or type")] = None,
    confirm: Annotated[str | None, typer.Option("--confirm", help="click input: last or enter")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print one JSON document")] = False,
) -> None:
    """Find the board (or take it from --grid with --box/--corners) and save it in game profile
    NAME (keeping what the profile already holds), with the rules and input given, and optionally
    learn this game's glyphs."""
    from dataclasses import replace

    from wordbot.calibration.detect import BoardGeometry, detect_board
    from wordbot.calibration.profile import Profile, load_profile, save_calibration, with_look
    from wordbot.ocr import learn as learning
    from wordbot.ocr.read import read_tiles

    frame = _frame(image, window, region)
    shape = _grid(grid)
    if box or corners:
        if shape is None:
            raise WordbotError("--box and --corners need --grid RxC")
        rows, cols = shape
        the_box = _numbers(box, 4, "--box") if box else _corners_by_mouse()
        if corners and region:  # the mouse gives screen coordinates
            rx, ry = _numbers(region, 4, "--region")[:2]
            the_box = (the_box[0] - rx, the_box[1] - ry, the_box[2], the_box[3])
        geometry = BoardGeometry.from_box(the_box, rows, cols)
    else:
        geometry = detect_board(frame, shape)
        if geometry is None:
            raise WordbotError("no letter board found; give it with --grid RxC --box X,Y,W,H")
    try:  # what an earlier calibration or play learned about the game is kept
        profile = load_profile(name)
    except WordbotError:
        profile = Profile(name)
    profile = with_look(profile, geometry, frame.shape, window=window or profile.window, lang=lang,
                        region=_numbers(region, 4, "--region") if region else profile.region)
    if game is not None:
        profile = replace(profile, game=game)
    if min_len is not None:
        profile = replace(profile, min_len=min_len)
    if input_style is not None or confirm is not None:
        profile = replace(profile, input=replace(profile.input, style=input_style or profile.input.style,
                                                 confirm=confirm or profile.input.confirm))
    profile.validate()  # nothing is written unless the whole profile is right
    glyphs = None
    if learn or tesseract:
        if learn:
            reading = read_tiles(frame, geometry, lang)
            glyphs = learning.from_reading(reading, learning.parse_labels(learn), lang)
        else:
            glyphs = learning.from_tesseract(frame, geometry, lang)
    path, learned = save_calibration(profile, glyphs)  # both files or neither
    if json_out:
        print_json({"profile": str(path), "rows": geometry.rows, "cols": geometry.cols,
                    "box": list(geometry.box), "learned_templates": learned})
        return
    x, y, bw, bh = geometry.box
    print(f"profile {name}: {geometry.rows}x{geometry.cols} board at x={x} y={y} w={bw} h={bh} -> {path}")
    if learn or tesseract:
        print(f"learned templates in the profile: {learned}")
