"""Ctrl-C as one line ("wordbot: stopped") and exit status 130, wherever it lands.

Two places need help. While the package loads (numba, OpenCV: about a second) an interrupt would
end in an import traceback, so the command line installs ``while_loading`` first: it ends the
process at once, as nothing is half done yet. Later an interrupt raises KeyboardInterrupt as usual,
but one landing inside a compiled (numba) call comes back as a SystemError "returned a result with
an exception set", and typer turns one into a silent exit 130: ``interrupted`` recognises all of
them by the flag ``on_interrupt`` sets and by the KeyboardInterrupt in the exception's chain. One
raised inside a callback from C (the compiler's ctypes callbacks) cannot leave it: CPython prints
"Exception ignored" and goes on, so ``_unraisable`` delivers it again once the callback returned.
An interrupt can also leave a library's object half closed (llvmlite's ``ObjectRef`` between its two
steps of ``detach``), and its finaliser then fails as the process ends: after a Ctrl-C, such errors
are silent, as the command is stopping and nothing is left to do for that object.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading

STOPPED = "wordbot: stopped"
_seen = threading.Event()
_lost = threading.Event()  # a Ctrl-C raised where Python could not let it out, not raised again yet


def while_loading(signum, frame) -> None:
    """SIGINT handler while modules are imported: one line, exit 130, nothing to clean up."""
    os.write(2, (STOPPED + "\n").encode())
    os._exit(130)


def install_while_loading() -> None:
    """For the command line only (a library must not take Ctrl-C from its host): the ``wordbot``
    script or ``python -m wordbot``."""
    script = os.path.basename(sys.argv[0]) == "wordbot" if sys.argv else False
    module = getattr(sys, "orig_argv", [])[1:3] == ["-m", "wordbot"]
    if (script or module) and signal.getsignal(signal.SIGINT) is signal.default_int_handler \
            and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, while_loading)


def on_interrupt(signum, frame) -> None:
    """SIGINT handler of a running command: remember it, then interrupt as Python does."""
    _seen.set()
    _lost.clear()
    raise KeyboardInterrupt


def _unraisable(unraisable) -> None:
    """A Ctrl-C lost in a callback from C: silent, and raised again in the main thread from a new
    thread, so that it lands in the Python code the callback returns to (one raised here would be
    lost as well; the bare thread does not make this one wait for it). Anything else after a Ctrl-C
    is silent (a finaliser of an object the interrupt left half done); before one, as Python shows
    it."""
    if not issubclass(unraisable.exc_type, KeyboardInterrupt):
        if not _seen.is_set():
            sys.__unraisablehook__(unraisable)
    elif not _lost.is_set():
        _lost.set()
        _thread.start_new_thread(_redeliver, ())


def _redeliver() -> None:
    if _lost.is_set():
        _thread.interrupt_main()


def install() -> None:
    """The running command's handler (replacing ``while_loading``; an ignored SIGINT, as in a
    background job, stays ignored)."""
    _seen.clear()
    if signal.getsignal(signal.SIGINT) in (signal.default_int_handler, while_loading):
        signal.signal(signal.SIGINT, on_interrupt)
        sys.unraisablehook = _unraisable


def seen() -> bool:
    """Whether Ctrl-C came since ``install``."""
    return _seen.is_set()


def handled() -> None:
    """Tell Python the Ctrl-C was handled. A KeyboardInterrupt that left code run by ``exec`` of a
    string (dataclasses, numba and typer build functions that way) sets CPython's "unhandled
    KeyboardInterrupt" flag even when it is caught later, and the process then ends by the signal
    (status -2) after printing "stopped". Each ``exec`` of a string clears that flag first."""
    exec("None")  # noqa: S102 - a constant: its only effect is clearing the flag


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` ended the command because of Ctrl-C."""
    if seen():
        return True
    visited: set[int] = set()
    while exc is not None and id(exc) not in visited:
        if isinstance(exc, KeyboardInterrupt):
            return True
        visited.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False
