.PHONY: install run hall test lint migrations-check

# Thin wrappers: euchre.py does the work, the same on Windows, macOS and Linux (README).
PYTHON ?= python3

install:
	$(PYTHON) euchre.py prepare --test

run:
	$(PYTHON) euchre.py demo

hall:
	$(PYTHON) euchre.py hall

test:
	bin/test

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check . && npx --no-install eslint static

migrations-check:
	.venv/bin/python manage.py makemigrations --check --dry-run
