"""Chat surfaces on the same table as the web page: each reads a line of the command
language, calls the service as the player it has linked, and posts what each audience may
see (discord/, evennia/). shown.py keeps what each channel or room showed already, so the
scene relays (Service.relayed) post there only what the scene's other surfaces wrote."""
