"""The application layer (the service): every surface calls it, for an actor, and each
command is one transaction with its events. service.py is the entry; its parts are grouped
by what they hold: store/ (the database), access/ (who may do what), events/ (what each
change writes and who sees it), play/ (games, characters, points, rolls), dice/ (verifiable
dice), combat/ (the FS3 tracker and healing), systems/ (each game system's adapter), and
commands.py and execute.py (the typed commands every surface sends)."""
