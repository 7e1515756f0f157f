# Two commands a designer needs: `make run` and `make test`. Both build .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench bytecode kernel screenshot install-desktop dist clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[editor,test,cluster]"
	$(MAKE) bytecode
	touch $(STAMP)

# The survey kernel compiled ahead of time into the checkout, as a wheel has it (setup.py); a
# no-op when the one there was built from today's compiled.py (survey/ahead_of_time.py).
kernel: $(STAMP)
	$(BIN)/python -m crashgrab.engine.crash_and_grab.survey.ahead_of_time

# Compiled bytecode of the checkout, as pip writes it for an installed package: with
# PYTHONDONTWRITEBYTECODE set, every command would compile each module it imports (docs/performance.md).
bytecode:
	$(BIN)/python -m compileall -q src

run: $(STAMP)
	$(BIN)/crashgrab-editor layouts/standard-2-4p.json

test: $(STAMP) kernel
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

# Style (ruff), types in the engine (mypy) and the layering contracts (import-linter); all in pyproject.toml.
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(STAMP) bytecode kernel
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m crashgrab.engine.crash_and_grab.bench
	$(BIN)/python -m crashgrab.engine.crash.survey.bench
	$(BIN)/python -m crashgrab.engine.roborally.rules.benchmark

# docs/screenshot.png and every game's editor states its docs show (docs/editor.md, crash-editor.md,
# crash-grid.md), at 1400x900 and 1024x640.
screenshot: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m crashgrab.editor.crash_and_grab.screenshots docs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m crashgrab.editor.crash.screenshots docs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m crashgrab.editor.crash_grid.screenshots docs
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m crashgrab.editor.roborally.screenshots docs

# Add the editor to the desktop menu (icon, layout file type) for the current user.
install-desktop: $(STAMP)
	$(BIN)/crashgrab-editor --install-desktop

# The wheel and the sdist a user installs, in dist/.
dist: $(STAMP)
	$(BIN)/python -m build --outdir dist .

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis
