# The README's commands: `make play`, `make serve` and `make test`; `make cluster` (§10).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
SERVER_STAMP := $(VENV)/.installed-server
CLUSTER_STAMP := $(VENV)/.installed-cluster
NODE_STAMP := node_modules/.installed
# Browser tests drive Debian's Chromium (a browser Playwright downloads cannot be fetched here).
CHROMIUM ?= $(shell command -v chromium || echo /usr/bin/chromium)

.PHONY: play serve cluster cluster-stop test quick lint typecheck unit browser postgres nginx bench \
	clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP) $(SERVER_STAMP) $(CLUSTER_STAMP)

$(SERVER_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

play: $(STAMP)
	$(BIN)/lastcard play

serve: $(SERVER_STAMP)
	$(BIN)/lastcard serve

$(CLUSTER_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server,postgres]'
	touch $@ $(SERVER_STAMP)

# PostgreSQL, two `lastcard serve` processes and nginx on loopback (deploy/cluster.py): the
# address to open is printed; Ctrl-C or `make cluster-stop` (from another shell) stops them all.
cluster: $(CLUSTER_STAMP) postgres nginx
	$(BIN)/python deploy/cluster.py

cluster-stop:
	@$(BIN)/python deploy/cluster.py --stop

# Chromium for the browser tests, when the machine lacks it (Debian's package, as root).
browser:
	@test -x $(CHROMIUM) || { \
		echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

# PostgreSQL's server binaries for the storage tests, which start a throwaway server from them
# (deploy/local_postgres.py), when the machine lacks them (Debian's package, as root).
postgres: $(CLUSTER_STAMP)
	@$(BIN)/python deploy/local_postgres.py >/dev/null 2>&1 || { \
		echo "installing Debian's postgresql for the storage tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; }

# nginx for the test of deploy/nginx.conf in front of two servers, when the machine lacks it.
nginx:
	@command -v nginx >/dev/null || { \
		echo "installing Debian's nginx for the cluster test"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; }

# eslint for the browser client (src/lastcard/server/static/js), as package-lock.json pins it.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

lint: $(DEV_STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	npm run --silent lint

typecheck: $(DEV_STAMP)
	$(BIN)/mypy

# The JavaScript fairness tests run the browser's code under node, the storage tests a
# PostgreSQL and the cluster test nginx: here they fail without them.
unit: $(DEV_STAMP) browser postgres nginx
	LASTCARD_CHROMIUM=$(CHROMIUM) LASTCARD_REQUIRE_NODE=1 LASTCARD_REQUIRE_POSTGRES=1 \
		LASTCARD_REQUIRE_NGINX=1 $(BIN)/pytest -n auto

test: lint typecheck unit

# The day's loop: core, bots, table and the in-process server tests; no browser, no live
# server, no simulations (the `quick` marker, set by tests/conftest.py). The paths only spare
# collecting the rest; the marker decides what runs.
QUICK_PATHS := tests/core tests/bots tests/table tests/server tests/test_architecture.py \
	tests/test_capability.py tests/test_rule_facts_boundary.py tests/test_words_catalogue.py \
	src/lastcard/core src/lastcard/bots src/lastcard/table src/lastcard/server
quick: $(DEV_STAMP)
	$(BIN)/pytest -n auto -m quick $(QUICK_PATHS)

bench: $(DEV_STAMP)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis
