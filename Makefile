# The two commands of the quick start: `make demo` and `make test`. Both set everything up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
READY := $(VENV)/.ready

.PHONY: setup demo test bench lint data clean

setup: $(READY)

$(READY): pyproject.toml scripts/setup_system.sh
	bash scripts/setup_system.sh
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/wordbot warmup  # compiles every kernel now, so the first game starts without waiting
	touch $@

demo: $(READY)
	$(BIN)/wordbot demo

test: $(READY)
	$(BIN)/ruff check src tests bench scripts
	$(BIN)/python -m pytest -q

bench: $(READY)
	bash scripts/setup_system.sh bench
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/wordbot bench

lint: $(READY)
	$(BIN)/ruff check src tests bench scripts

# Regenerate the bundled word lists (needs the data extra and Debian's scowl, hunspell-ru, tanglet-data).
data: $(READY)
	$(BIN)/python -m pip install -q -e '.[data]'
	$(BIN)/python scripts/build_wordlists.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
