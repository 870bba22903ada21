"""Named variants of the Balda game (extra ``python -m wordbot.simgame balda`` arguments) that the
end-to-end tests play with zero set-up, so the bot is judged on more than the built-in UI."""

from __future__ import annotations

BALDA_VARIANTS: dict[str, tuple[str, ...]] = {
    # today's game: 4x8 upper-case keys, tap the cells, green Submit button, an opponent replies
    "classic": (),
    # the browser game of issue 10: 33 lower-case keys in 3 rows of 11, drag the word (release sends
    # it), no opponent (practice)
    "practice-drag": ("--yo", "--lower", "--key-cols", "11", "--entry", "drag", "--no-opponent"),
    # the same keyboard and drag entry, with an opponent, on a pale page
    "drag-light": ("--yo", "--lower", "--key-cols", "11", "--entry", "drag", "--look", "light"),
    # tap the cells, Return sends them; 33 upper-case keys in rows of 9; dark look
    "enter-dark": ("--yo", "--key-cols", "9", "--entry", "enter", "--look", "dark"),
    # a white Submit button (not the built-in green) beside a red Cancel; lower-case keys, 4 rows of 8
    "button-light": ("--lower", "--look", "light", "--no-opponent"),
    # a resumed game: the start position's three best words were played earlier and are listed,
    # with every word played since, beside the board; Return sends a word
    "history": ("--history", "--used-before", "3", "--yo", "--key-cols", "11", "--entry", "enter",
                "--look", "dark"),
}
