#!/usr/bin/env python3
"""Stands in for a WebKitWebDriver that stalls, for site-gates' self-test: it listens on the port it is given
(`-p PORT`), accepts every connection and never answers, as the real driver now and then does when it starts no
browser. The gates must give up on it with a message, not wait for ever."""
import socket
import sys

port = int(sys.argv[sys.argv.index("-p") + 1])
server = socket.create_server(("127.0.0.1", port))
held = []
while True:
    connection, _ = server.accept()
    held.append(connection)
