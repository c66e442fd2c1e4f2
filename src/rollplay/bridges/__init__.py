"""Chat surfaces on the same table as the web page: each reads a line of the command
language, calls the service as the player it has linked, and posts what each audience may
see (discord/, evennia/)."""
