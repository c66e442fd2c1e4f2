"""FS3 combat (002 Combat; 004 Combat, Armor, Cover, Hit Location, Damage Severity), as pure
functions over data: gear and charts in ``gear.py``, one attack in ``attack.py``."""
