#!/usr/bin/env python3
"""A real HTTP/1.1 server for HTTPClientTests, standard library only.

Usage: test_http_server.py            listen on 127.0.0.1, a free port
       test_http_server.py --unix P   listen on the Unix domain socket P

Once listening it prints "PORT <n>" (or "UNIX <path>") on stdout, then "REQUEST <method> <path>"
as each request arrives, so a test can wait for a request to be in flight instead of sleeping.
It exits when its standard input closes, so it never outlives the test process that started it.

Routes (any method):
  /echo           200, JSON: method, path, headers [[name, value]...], body (UTF-8, replaced
                  errors; empty when over 64 KiB), bodyLength, bodySHA256, connection (a number
                  per TCP connection, to see reuse from the server's side); also sends two
                  X-Echo headers in order
  /status/<code>  answers <code>
  /slow/<ms>      waits <ms> milliseconds, then answers 200 "slow"
  /close          reads the request, then closes the connection without answering
  /huge/<bytes>   a body of <bytes> bytes; ?chunked=1 sends it chunked, without Content-Length
  /redirect       302 to /echo
  /interim        a 103 Early Hints interim response, then 200
"""

import hashlib
import itertools
import json
import os
import socketserver
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

_print_lock = threading.Lock()
_connection_ids = itertools.count(1)


def announce(line):
    with _print_lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, so the client can reuse connections

    def setup(self):
        # Headers and body go out in separate writes; without TCP_NODELAY, Nagle's algorithm and the
        # client's delayed ACK add 40 ms to every response after the first on a connection.
        self.disable_nagle_algorithm = isinstance(self.server, TCPServer)
        super().setup()
        self.connection_id = next(_connection_ids)

    def log_message(self, format, *args):  # quiet; Unix peers have no address to print anyway
        pass

    def handle_one_request(self):
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):  # the client gave up, as several tests make it do
            self.close_connection = True

    def do_GET(self):
        self.route()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = do_GET

    def route(self):
        announce(f"REQUEST {self.command} {self.path}")
        body = self.read_body()
        path, _, query = self.path.partition("?")
        parts = path.strip("/").split("/")
        name, argument = parts[0], (parts[1] if len(parts) > 1 else "")
        if name == "echo":
            self.echo(path, body)
        elif name == "status":
            self.reply(int(argument), b"status " + argument.encode())
        elif name == "slow":
            time.sleep(int(argument) / 1000)
            self.reply(200, b"slow")
        elif name == "close":
            self.close_connection = True  # and write nothing at all
        elif name == "huge":
            self.huge(int(argument), "chunked=1" in query)
        elif name == "redirect":
            self.reply(302, b"", [("Location", "/echo")])
        elif name == "interim":
            self.wfile.write(b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n")
            self.reply(200, b"final", [("X-Final", "yes")])
        else:
            self.reply(404, b"no such route")

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def echo(self, path, body):
        document = {
            "method": self.command,
            "path": self.path,
            "headers": [[name, value] for name, value in self.headers.items()],
            "body": body.decode("utf-8", "replace") if len(body) <= 65536 else "",
            "bodyLength": len(body),
            "bodySHA256": hashlib.sha256(body).hexdigest(),
            "connection": self.connection_id,
        }
        extra = [("X-Echo", "first"), ("X-Echo", "second")]
        self.reply(200, json.dumps(document).encode(), extra, "application/json")

    def reply(self, status, body, extra_headers=(), content_type="text/plain"):
        self.send_response(status)
        for name, value in extra_headers:
            self.send_header(name, value)
        if status not in (204, 304) and not (100 <= status < 200):
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD" and status not in (204, 304):
            self.wfile.write(body)

    def huge(self, size, chunked):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        block = b"x" * 65536
        remaining = size
        while remaining > 0:
            piece = block[: min(remaining, len(block))]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if chunked else piece)
            remaining -= len(piece)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")


class QuietErrors:
    daemon_threads = True
    request_queue_size = 128  # the default 5 drops connects when 50 requests arrive at once

    def handle_error(self, request, client_address):
        pass


class TCPServer(QuietErrors, socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True


class UnixServer(QuietErrors, socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    pass


def exit_when_stdin_closes():
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--unix":
        path = sys.argv[2]
        if os.path.exists(path):
            os.unlink(path)
        server = UnixServer(path, Handler)
        ready = f"UNIX {path}"
    else:
        server = TCPServer(("127.0.0.1", 0), Handler)
        ready = f"PORT {server.server_address[1]}"
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    announce(ready)
    server.serve_forever()


if __name__ == "__main__":
    main()
