# Aggravation: two commands matter.
#   make play   set up the runtime and serve the game on http://127.0.0.1:8000
#   make test   set up everything (incl. Chromium for browser tests) and run the suite
#   make check  the inner loop: the suite without browser tests and long runs, plus one deal by taps
#   make dist   build dist/: only what a static host serves (see README, Publish)
#   make relay  run a PeerJS signalling server for online tables on port $(RELAY_PORT) (see README)
#   make mutants  mutation testing of the engine and the pure UI (slow; not part of make test)
# Each set-up step runs only when something is missing or stale, so repeat runs are fast.

PYTHON ?= python3
PORT ?= 8000
RELAY_PORT ?= 9000
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The hidden lock file npm writes after an install: older than package-lock.json = stale.
NPM_STAMP := node_modules/.package-lock.json

.PHONY: catalogs setup setup-runtime python-deps vendor chromium play serve relay test check dist bench mutants

setup: python-deps setup-runtime chromium catalogs

# The message catalogs' .mo files, compiled from locales/*/LC_MESSAGES/*.po (scripts/catalogs.py).
catalogs: python-deps
	@$(PYTHON) scripts/catalogs.py

# What the page itself needs: npm packages and the vendored runtime (no test tools).
setup-runtime: vendor

python-deps:
	@$(PYTHON) scripts/requirements_ok.py >/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements.txt

# --omit=dev: the runtime only; Lighthouse (a dev dependency) is installed by bench.lighthouse.
$(NPM_STAMP): package-lock.json package.json
	npm ci --omit=dev --no-audit --no-fund --loglevel=error
	@touch $@

vendor: $(NPM_STAMP)
	@$(PYTHON) scripts/vendor.py

# The emoji font makes the cards' 🃏 and the buttons' labels render as players see them.
EMOJI_FONT := /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

chromium:
	@if [ ! -x $(CHROMIUM) ] || [ ! -f $(EMOJI_FONT) ]; then \
	  echo "Installing Chromium and an emoji font from Debian (browser tests need them)"; \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
	    install -y -qq chromium fonts-noto-color-emoji >/dev/null; \
	fi
	@test -x $(CHROMIUM) || { echo "Chromium is missing at $(CHROMIUM)"; exit 1; }

play: setup-runtime
	@$(PYTHON) scripts/serve.py $(PORT)

serve: play

# Online tables' signalling server: `peer` from the lock file, at http://<this machine>:$(RELAY_PORT)/
# (path /). Open the game with ?relay=http://127.0.0.1:$(RELAY_PORT)/ to use it (README, "Online
# tables: the relay").
relay: setup-runtime
	node node_modules/peer/dist/bin/peerjs.js --port $(RELAY_PORT) --path /

# Workers: one a core and one more, since a browser test spends part of its time waiting on the
# page. Each takes the next test as it finishes one (--maxschedchunk 1), in the order
# tests/conftest.py gives: the long runs first, so no core idles at the end waiting for one.
TEST_JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST_PARALLEL := -n $(TEST_JOBS) --dist load --maxschedchunk 1

test: setup
	$(PYTHON) -m pytest -q $(PYTEST_PARALLEL)

# The inner loop, under 2 minutes: everything but the browser tests and the long runs (marked
# slow), and one browser test, a whole deal by taps (marked smoke).
check: setup
	$(PYTHON) -m pytest -q $(PYTEST_PARALLEL) -m "(not browser and not slow) or (smoke and not built)"

# The deployable site: site files + vendored runtime + the service worker's precache list.
dist: setup-runtime catalogs
	@$(PYTHON) scripts/build.py

# Load speed of the built game against a bare Pyodide page (python -m bench.load --help).
bench: setup-runtime chromium
	$(PYTHON) -m bench.load

# Mutation testing (mutmut, settings in setup.cfg; scope and scores in bench/mutants.md).
# Slow: run it on purpose, never from `make test`. MUTANTS narrows the run, e.g.
#   make mutants MUTANTS='game.stealing.*'   (naming mutants re-runs them even if already judged)
# Results accumulate in mutants/; delete that folder to start over.
MUTANTS ?=
MUTANT_JOBS ?= 2
mutants: python-deps
	@$(PYTHON) scripts/requirements_ok.py requirements-mutants.txt >/dev/null || \
	  $(PYTHON) -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements-mutants.txt
	nice -n 10 $(PYTHON) -m mutmut run --max-children $(MUTANT_JOBS) $(MUTANTS)
	@$(PYTHON) -m bench.mutants
