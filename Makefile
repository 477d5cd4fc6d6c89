# The two commands of the README: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: prod run test test-fast install install-dev migrate demo lint format messages bench bench-pipeline bench-site screenshots worker beat clean chromium

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PIP) install -q -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(PY) manage.py migrate --noinput

# the demo's mailed links start with the address `make run` serves, unless SITE_URL says otherwise
DEMO_SITE := SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)}

demo: migrate
	$(DEMO_SITE) $(PY) manage.py load_demo

## Serve the demo league on http://$(HOST):$(PORT)
run: demo
	$(DEMO_SITE) $(PY) manage.py runserver $(HOST):$(PORT)

## The whole suite (SQLite by default; DATABASE_URL=postgres://... for PostgreSQL; TESTS=... for a part of it)
test: install-dev chromium
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m pytest $(TESTS)

## The quick loop: every test but the slow and browser ones (under 5 minutes; ARGS for more, e.g. -x)
test-fast: install-dev
	$(PY) -m pytest -q -m "not slow and not browser" $(ARGS)

lint: install-dev
	$(PY) -m ruff check .
	$(VENV)/bin/lint-imports
	$(PY) -m ruff format --check .

format: install-dev
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

## Recompile the translations after editing locale/*/LC_MESSAGES/django.po
messages: install
	$(PY) manage.py makemessages -l fr -l en --ignore=.venv --ignore=bench
	$(PY) manage.py compilemessages --ignore=.venv

## Debian's Chromium for the browser tests and screenshots: installed when root, else they skip
chromium:
	@command -v chromium >/dev/null || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else echo "Chromium is missing: the browser tests will skip (sudo apt-get install chromium)."; fi; }

## PNG screenshots of the demo league in docs/screenshots/ (see docs/screenshots.py)
screenshots: install-dev chromium
	$(PY) docs/screenshots.py

bench: install-dev
	$(PY) bench/replay.py $(ARGS)
	$(PY) bench/table.py

## Race sheets from submission to verdict on 2 real workers (needs Redis on 127.0.0.1:6379; see --help)
bench-pipeline: install-dev
	$(PY) bench/pipeline.py

## The season and race pages under load on a 10-season league, beside a minimal Django view (see --help)
bench-site: install-dev
	$(PY) bench/site.py

## Remote races: 500 tables of 10 drivers playing through the race-night API on gunicorn, PostgreSQL and Redis (see --help)
.PHONY: bench-remote
bench-remote: install-dev
	$(PY) bench/remote.py $(ARGS)

## Production on one machine: migrate, collect static files, then gunicorn, the workers (sheets; notices) and beat (Procfile, honcho).
## Needs SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL (PostgreSQL) and REDIS_URL; see docs/deploy.md.
prod: install
	@test -n "$$SECRET_KEY" -a -n "$$DATABASE_URL" -a -n "$$REDIS_URL" -a -n "$$VAPID_PRIVATE_KEY" -a -n "$$VAPID_PUBLIC_KEY" || { echo "make prod: set SECRET_KEY, DATABASE_URL, REDIS_URL, VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY (docs/deploy.md; python -m remote.vapid makes a key pair)"; exit 2; }
	DJANGO_SETTINGS_MODULE=config.settings.production $(PY) manage.py migrate --noinput
	DJANGO_SETTINGS_MODULE=config.settings.production $(PY) manage.py collectstatic --noinput -v 0
	DJANGO_SETTINGS_MODULE=config.settings.production $(VENV)/bin/honcho start -f Procfile web worker notify beat

## Celery on Redis (REDIS_URL defaults to the local server): the Procfile's worker (sheets), notify
## (e-mails and webhook calls, their own queue: a sheet never waits behind one) and beat
worker: install
	REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} $(VENV)/bin/honcho start -f Procfile worker notify beat

beat: install  # the one scheduler of CELERY_BEAT_SCHEDULE (race-tomorrow reminders); run exactly one
	REDIS_URL=$${REDIS_URL:-redis://127.0.0.1:6379/0} $(VENV)/bin/celery -A config beat -l info

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
