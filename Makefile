# `make demo` and `make test` set up a fresh machine (venv, pip packages, system packages) and then run.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test typecheck docs bench sysdeps clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# System packages for the offline voice stack (flite; espeak-ng as the second offline TTS) and the HTML report's browser test (chromium); installed only
# when missing and apt-get is available. Chromium is optional: without it that one test is skipped.
sysdeps:
	@command -v flite >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq flite >/dev/null; \
	  else echo "note: flite not installed and apt-get unavailable; voice tests will be skipped"; fi; }
	@command -v espeak-ng >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq espeak-ng >/dev/null; } || \
	      echo "note: could not install espeak-ng; its voice test will be skipped"; \
	  else echo "note: espeak-ng not installed and apt-get unavailable; its voice test will be skipped"; fi; }
	@command -v chromium >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; } || \
	      echo "note: could not install chromium; the HTML report's browser test will be skipped"; \
	  else echo "note: chromium not installed and apt-get unavailable; the HTML report's browser test will be skipped"; fi; }

# pytest exit code 5 ("no tests ran") is a failure here, as in CI.
demo: $(STAMP) sysdeps
	$(PY) -m pytest example_tests -p no:cacheprovider -q --mmtau-report=mmtau-report.json

# The example suite runs a second time under pytest-asyncio's auto mode, as many teams configure it: every trial must
# still run on the right loop and pass.
test: $(STAMP) sysdeps typecheck docs
	$(PY) -m pytest tests -q -n 2
	$(PY) -m pytest example_tests -q -n 2 -p no:cacheprovider -o asyncio_mode=auto

# Static types (pyproject [tool.mypy]/[tool.pyright]): the package and a user's test module, tests/typecheck/.
# pyright's wrapper asks PyPI for a newer release unless told not to.
typecheck: $(STAMP)
	$(PY) -m mypy
	PYRIGHT_PYTHON_IGNORE_WARNINGS=1 $(VENV)/bin/pyright --pythonpath $(PY)

# The documentation site (mkdocs.yml), built offline with --strict: a broken link, a missing anchor or a page left
# out of the nav fails. Its code examples run in tests/test_docs_examples.py.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet

bench: $(STAMP)
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) dist build site .pytest_cache .mypy_cache mmtau-report.json mmtau-report.json.items.jsonl mmtau-audio
