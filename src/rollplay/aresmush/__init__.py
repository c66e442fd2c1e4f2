"""Moving in from AresMUSH, and out again (issue 38; docs/moving.md).

An AresMUSH game keeps its FS3 house rules as YAML files (``fs3skills_*.yml``,
``fs3combat_*.yml``), its characters' sheets as text and its scenes as logs. This package
reads them, as rollplay's own types, and writes a game's rules back as such files:

- ``config.py``: a game's config folder (or a .zip of it) read safely, every setting of
  every file named by its dotted key;
- ``report.py``: what became of each setting (kept, converted, unsupported), and the
  claims that make sure no setting goes unaccounted for;
- the converters, one per side of the config: the skills side (attributes, skills,
  languages, advantages, chargen, XP, luck) and the combat side (weapons, armor, hit
  locations, damage, vehicles, NPCs, combat skills), each with its way back out;
- characters' sheets and scene logs.

Nothing here reads the table or the database: a converter turns files into a house-rules
mapping and a report, and the table service makes the game from them.
"""
