"""These tests need Evennia, which needs Python 3.12: scripts/test runs them with Evennia's
own runner in .venv-evennia (scripts/_evennia.sh), so the main pytest run leaves them out."""

collect_ignore_glob: list[str] = ["*.py"]
