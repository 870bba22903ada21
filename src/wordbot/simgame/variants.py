"""Named variants of the grid game (extra ``python -m wordbot.simgame grid`` arguments) that the
end-to-end tests and the benchmark run, so the bot is judged on more than one kind of game."""

from __future__ import annotations

VARIANTS: dict[str, tuple[str, ...]] = {
    # today's game: drag, tiles flash after release, score line, message
    "classic": (),
    # verdict only while the finger is down (light look: a good word turns white); fast drags skip tiles
    "held": ("--feedback", "held", "--raw-motion", "--look", "light"),
    # nothing on the tiles: only the score line moves (dark look, browser-like raw motion)
    "score": ("--feedback", "score", "--look", "dark", "--raw-motion"),
    # a growing list of found words is the only feedback; words of 3 letters are refused
    "list": ("--feedback", "list", "--min-len", "4"),
    # tap tile by tile, tap the last one again to send; flash and score (light look)
    "click": ("--input", "click", "--confirm", "last", "--feedback", "flash,score", "--look", "light"),
    # tap tile by tile, Return sends; list and message only (dark look)
    "click-enter": ("--input", "click", "--confirm", "enter", "--feedback", "list,message", "--look", "dark"),
    # click tiles, then a Submit button under the board, beside a Quit button that ends the round;
    # flash and message, light look
    "click-button": ("--input", "click", "--confirm", "button", "--feedback", "flash,message",
                     "--look", "light"),
    # a click game that loses every 25th click (a busy game drops a touch) and keeps a selection
    # Escape does not clear (a tile not next to the last starts a new one); flash and list, dark
    "click-lossy": ("--input", "click", "--keep-selection", "--lose-click", "25", "--feedback", "flash,list",
                    "--look", "dark"),
    # a touch game that drops every 20th tap; Return sends; score and list, light look
    "tap-drops": ("--input", "click", "--confirm", "enter", "--lose-click", "20", "--feedback", "score,list",
                  "--look", "light"),
    # tap tile by tile, Return sends; the selection coloured by its verdict-to-be (blue: a word), the
    # list the only other reply; each tap and key handled 0-0.1 s late (dark look)
    "click-held": ("--input", "click", "--confirm", "enter", "--feedback", "held,list",
                   "--input-lag", "0,0.1", "--look", "dark"),
    # a network game: each verdict (score and message) shows 0.1-0.9 s after the word, dark look
    "laggy": ("--reply-delay", "0.1,0.9", "--feedback", "score,message", "--look", "dark"),
    # a busy page: the message shows at once, the score line 0.6 s later (light look)
    "score-late": ("--feedback", "score,message", "--score-delay", "0.6", "--look", "light"),
    # the keyboard: type the word, Return sends; score and message
    "type": ("--input", "type", "--feedback", "score,message"),
    # a typing game that loses every 20th letter key (a busy game, or a keymap race, drops one): the
    # word it gets is another; score and message, dark look
    "type-lossy": ("--input", "type", "--lose-key", "20", "--feedback", "score,message", "--look", "dark"),
    # a busy typing game: each key handled 0-0.25 s late (in order), each verdict 0.1-0.5 s late; the
    # typed word's path shows until the game takes the Return; list and message only, light look
    "type-busy": ("--input", "type", "--input-lag", "0,0.25", "--reply-delay", "0.1,0.5", "--feedback",
                  "list,message", "--look", "light"),
    # a network typing game: each verdict (list and message) 0.2-0.6 s late, and showing it clears what was
    # typed since (the input line reset with each reply: a word typed meanwhile is lost); dark look
    "type-reset": ("--input", "type", "--reply-delay", "0.2,0.6", "--reset-typed",
                   "--feedback", "list,message", "--look", "dark"),
    # the only reply a message under the board, drawn alike for a taken word ("КОТ  +3") and a refused
    # one ("КОТ: not a word"): its text alone tells
    "message": ("--feedback", "message", "--look", "light"),
    # the only reply a message that names no word ("Nice!  +3", "Not a word") and clears after a second
    "message-plain": ("--feedback", "message", "--plain-message", "--look", "dark"),
    # today's feedback, but the board hides behind a Paused panel while the window lacks the focus
    "blur": ("--pause-on-blur",),
    # no feedback at all: only the selection colour and the clock
    "silent": ("--feedback", "none"),
}
