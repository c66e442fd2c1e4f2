"""The Evennia bridge's tests: run with Evennia's own test runner in .venv-evennia (Python 3.12,
scripts/_evennia.sh), never by the main pytest run (conftest.py)."""
