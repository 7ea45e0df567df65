"""A stand-in for schedulerd's control socket that answers from a fixed table and logs every path asked for.

usage: fake_control_socket.py SOCKET ROUTES_JSON LOG
ROUTES_JSON maps a path without its query ("/v1/clock") to [status, body]; any other path answers 404. Each request's
path, query included, is appended to LOG as a line. For tests of what schedctl asks a daemon, where a real daemon
cannot be made to answer as an older one would.
"""
import http.server
import json
import os
import socketserver
import sys

socket_path, routes_file, log_path = sys.argv[1:4]
with open(routes_file) as f:
    routes = json.load(f)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        with open(log_path, "a") as log:
            log.write(self.path + "\n")
        status, body = routes.get(self.path.split("?")[0], [404, {"error": {"code": "not_found", "message": "no such route"}}])
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def address_string(self):
        return "unix"

    def log_message(self, *args):
        pass


class Server(socketserver.UnixStreamServer):
    def get_request(self):
        request, _ = super().get_request()
        return request, ["unix", 0]


if os.path.exists(socket_path):
    os.unlink(socket_path)
with Server(socket_path, Handler) as server:
    server.serve_forever()
