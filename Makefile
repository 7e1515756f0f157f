# Two commands a designer needs: `make run` and `make test`. Both build .venv when missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench screenshot clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/crashgrab-editor layouts/standard-2-4p.json

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m engine.bench

screenshot: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/crashgrab-editor --screenshot docs/screenshot.png layouts/standard-6p.json

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
