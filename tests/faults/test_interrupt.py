"""Ctrl-C at random moments: always "wordbot: stopped" alone on stderr and status 130, and nothing
half-written left behind (a compile interrupted while it saves its cache leaves no temp folder)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from wordbot import stopping

from .conftest import ROOT

BOARD = ".....\n.....\nбалда\n.....\n.....\n"


def interrupt(args: list[str], after: float, env: dict) -> tuple[int, str]:
    """Run ``wordbot ARGS``, send SIGINT ``after`` seconds after its start; (status, stderr)."""
    environ = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **env}
    proc = subprocess.Popen([sys.executable, "-m", "wordbot", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env=environ,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after)
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=300)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail(f"still running 300 s after Ctrl-C at {after:.2f} s")
    return proc.returncode, err.decode()


def check_stopped(code: int, err: str, after: float) -> None:
    """Stopped, or (Ctrl-C after the end) finished normally; never a traceback. Python gives SIGINT
    back its default action while it shuts down, so a Ctrl-C in the last milliseconds of a finished
    command ends it by the signal, silently, as it would any program."""
    assert "Traceback" not in err and "Error" not in err, (after, err)
    if code == 130:
        assert err.strip().splitlines() == [stopping.STOPPED], (after, err)
    else:
        assert code in (0, -signal.SIGINT), (after, code, err)


def before_wordbot(code: int, err: str) -> bool:
    """Python's own end on a Ctrl-C while it was still starting up or importing wordbot (a
    traceback whose frames of wordbot's files are all module imports): wordbot's handler is not
    installed yet, nothing of it ran to stop (README: a known limit of the first moments). Earlier
    still, Python itself may be importing its site packages, or the module runner ``-m`` needs: it
    ends with code 1 ("Fatal Python error: init_import_site", "Could not import runpy module")."""
    starting = ("Fatal Python error: init_import_site", "Could not import runpy module")
    if code == 1 and err.startswith(starting) and "KeyboardInterrupt" in err:
        return True
    if code != -signal.SIGINT or "Traceback" not in err:
        return False
    ours = str(ROOT / "src" / "wordbot")
    lines = err.splitlines()
    frames = [line for line in lines if line.lstrip().startswith("File ")]
    if frames and "<frozen importlib" in frames[-1]:  # interrupted inside an import: still starting
        return True
    return all(line.rstrip().endswith("in <module>") for line in lines if ours in line)


@pytest.mark.slow
def test_ctrl_c_at_random_moments_of_a_long_search(dirs, tmp_path):
    (tmp_path / "board.txt").write_text(BOARD, encoding="utf-8")
    rng = random.Random(13)
    env = {"WORDBOT_CACHE_DIR": str(dirs[0])}
    for after in [0.05, 0.3] + [rng.uniform(0.5, 4.0) for _ in range(6)]:
        code, err = interrupt(["ai", "balda", str(tmp_path / "board.txt"), "--time", "inf"], after, env)
        for _ in range(8):  # a busy machine starts Python slowly: a Ctrl-C before the interpreter ran
            if not before_wordbot(code, err):  # any of wordbot's code is Python's own, try later
                break
            after += 0.25
            code, err = interrupt(["ai", "balda", str(tmp_path / "board.txt"), "--time", "inf"], after, env)
        assert code == 130, (after, code, err)  # the search never ends on its own
        check_stopped(code, err, after)


@pytest.mark.slow
def test_ctrl_c_while_a_list_is_compiled_and_saved_leaves_no_temporary_folder(tmp_path):
    words = "\n".join(f"{a}{b}{c}{d}" for a in "абвгдежз" for b in "абвгдежзийкл" for c in "мнопрст"
                      for d in "уфхцчшщ")
    (tmp_path / "words.txt").write_text(words, encoding="utf-8")
    rng = random.Random(7)
    for k in range(6):
        cache = tmp_path / f"cache{k}"
        after = rng.uniform(0.3, 3.0)
        code, err = interrupt(["solve", "grid", "абвг/дежз/ийкл/мноп", "--rows", "4", "--cols", "4", "--dict",
                               str(tmp_path / "words.txt")], after, {"WORDBOT_CACHE_DIR": str(cache)})
        check_stopped(code, err, after)
        left = [p.name for p in cache.iterdir() if p.name.startswith(".")] if cache.exists() else []
        assert left == [], (after, left)


def probe(tmp_path, source: str) -> subprocess.CompletedProcess:
    """Run ``source`` as the module ``probe`` with wordbot importable, SIGINT as a terminal gives it."""
    (tmp_path / "probe.py").write_text(source, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "probe"], capture_output=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{tmp_path}"},
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def test_an_interrupt_hidden_in_a_system_error_is_recognised():
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as inner:
            raise SystemError("CPUDispatcher(...) returned a result with an exception set") from inner
    except SystemError as exc:
        assert stopping.interrupted(exc)
    assert not stopping.interrupted(ValueError("x"))


def test_a_ctrl_c_that_left_code_built_by_exec_still_ends_with_status_130(tmp_path):
    """A KeyboardInterrupt out of ``exec``'d source (how dataclasses build their methods) made CPython
    end a ``-m`` run by the signal after "stopped" was printed (1 of 10 Ctrl-Cs while commands load)."""
    proc = probe(tmp_path, "import wordbot.cli as cli\n"
                           "cli._run = lambda args: exec('raise KeyboardInterrupt')\n"
                           "cli.main(['solve'])\n")
    assert (proc.returncode, proc.stderr.decode().splitlines()) == (130, [stopping.STOPPED])


def test_a_ctrl_c_raised_inside_a_callback_from_c_still_stops_the_command(tmp_path):
    """CPython cannot let an exception out of a ctypes callback (the compiler calls back into Python
    that way while it saves its cache): it printed "Exception ignored" and the endless search ran on
    (1 Ctrl-C in a CI run). The callback below receives the Ctrl-C; the loop after it must stop."""
    proc = probe(
        tmp_path,
        "import ctypes, os, signal, time\n"
        "import wordbot.cli as cli\n"
        "INT = ctypes.POINTER(ctypes.c_int)\n"
        "COMPARE = ctypes.CFUNCTYPE(ctypes.c_int, INT, INT)\n"
        "sent = []\n"
        "def compare(a, b):\n"
        "    if not sent:  # one Ctrl-C (its handler raises before a statement after the kill)\n"
        "        sent.append(True)\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    time.sleep(0.01)\n"
        "    return a[0] - b[0]\n"
        "def run(args):\n"
        "    numbers = (ctypes.c_int * 3)(3, 1, 2)\n"
        "    ctypes.CDLL(None).qsort(numbers, 3, ctypes.sizeof(ctypes.c_int), COMPARE(compare))\n"
        "    while True:\n"
        "        time.sleep(0.001)\n"
        "cli._run = run\n"
        "cli.main(['solve'])\n")
    assert (proc.returncode, proc.stderr.decode().splitlines()) == (130, [stopping.STOPPED])


def test_a_finaliser_left_half_done_by_a_ctrl_c_fails_silently(tmp_path):
    """A Ctrl-C between llvmlite's two steps of closing an object made its finaliser fail as the
    process ended: "Exception ignored ... AttributeError" under "stopped" (1 Ctrl-C in a CI run).
    After a Ctrl-C such failures are silent; before one, Python reports them as usual."""
    proc = probe(
        tmp_path,
        "import os, signal, time\n"
        "import wordbot.cli as cli\n"
        "class Half:\n"
        "    def __del__(self):\n"
        "        raise AttributeError('_as_parameter_')\n"
        "def run(args):\n"
        "    Half()\n"  # before the Ctrl-C: reported
        "    kept = Half()\n"
        "    os.kill(os.getpid(), signal.SIGINT)\n"
        "    while True:\n"
        "        time.sleep(0.001)\n"
        "cli._run = run\n"
        "cli.main(['solve'])\n")
    err = proc.stderr.decode()
    assert proc.returncode == 130, err
    assert err.count("Exception ignored") == 1, err
    assert err.index("Exception ignored") < err.index(stopping.STOPPED), err
    assert err.strip().splitlines()[-1] == stopping.STOPPED
