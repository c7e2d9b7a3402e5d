.PHONY: install run hall test lint migrations-check

install:
	bin/setup

run:
	bin/run

hall:
	bin/hall

test:
	bin/test

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check . && npx --no-install eslint static

migrations-check:
	.venv/bin/python manage.py makemigrations --check --dry-run
