"""Outcomes as people read them, the same on every surface.

A renderer turns an outcome's JSON shape (what a system's ``to_dict`` gives and the log
keeps) into lines of styled spans (``spans.py``); a target writes spans as terminal text
(``text.py``) and, as surfaces arrive, as Markdown or HTML. Rendering from the JSON shape
means a roll read back from the log looks exactly as it did when it was made.
"""
