"""Where the table is kept: opening a database and migrating it (db, migrations/), its tables
(models), and the statements a logged roll runs on any database (writers)."""
