"""FS3 combat at the table: the tracker's commands (tracker), what they share (base), and
healing days (healing). The rules are rollplay.systems.fs3.combat's."""
