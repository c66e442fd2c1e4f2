"""A TCP relay a browser reaches the server through, which a test can unplug (every
connection through it cut, new ones refused) and plug back in: a dropped connection, as a
phone losing its signal, without touching the server or the browser."""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType


class Plug:
    def __init__(self, target_port: int) -> None:
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.unplugged = threading.Event()
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def unplug(self) -> None:
        self.unplugged.set()
        with self.lock:
            for s in self.open:
                _close(s)
            self.open.clear()

    def plug(self) -> None:
        self.unplugged.clear()

    def close(self) -> None:
        self.unplug()
        _close(self.listener)

    def __enter__(self) -> Plug:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:  # fmt: skip
        self.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:  # closed
                return
            if self.unplugged.is_set():
                _close(client)
                continue
            try:
                upstream = socket.create_connection(self.target)
            except OSError:
                _close(client)
                continue
            with self.lock:
                self.open |= {client, upstream}
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                _close(s)
            with self.lock:
                self.open -= {source, sink}


def _close(s: socket.socket) -> None:
    with contextlib.suppress(OSError):
        s.shutdown(socket.SHUT_RDWR)
    s.close()
