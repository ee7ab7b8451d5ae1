#!/usr/bin/env python3
# net_peer.py MODE FAMILY PORT - a network workload for tests/d/net: run
# inside a network namespace of the test's own, over its loopback.
#   tcp:    a server on PORT accepts one connection; the client sends 100
#           bytes, the server answers 20, the client closes first
#   refuse: connect from PORT+2 to PORT, where nothing listens
#           (ECONNREFUSED; PORT+2: PORT+1 may be in TIME_WAIT)
#   udp:    a datagram of 30 bytes to a socket bound to PORT, answered
#           with 7 bytes
# FAMILY is 4 (127.0.0.1), 6 (::1) or a list of them (4,6: one after the
# other).
import socket, sys, subprocess

mode, fams, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
subprocess.run(["ip", "link", "set", "lo", "up"], check=True)

def recv_all(s, n):
    got = b""
    while len(got) < n:
        d = s.recv(n - len(got))
        if not d:
            break
        got += d
    return got

def run(fam):
    af = socket.AF_INET if fam == "4" else socket.AF_INET6
    host = "127.0.0.1" if fam == "4" else "::1"
    if mode == "tcp":
        srv = socket.socket(af, socket.SOCK_STREAM)
        srv.bind((host, port))
        srv.listen(1)
        cli = socket.socket(af, socket.SOCK_STREAM)
        cli.bind((host, port + 1))
        cli.connect((host, port))
        acc, _ = srv.accept()
        cli.sendall(b"x" * 100)
        assert len(recv_all(acc, 100)) == 100
        acc.sendall(b"y" * 20)
        assert len(recv_all(cli, 20)) == 20
        cli.close()
        assert acc.recv(1) == b""
        acc.close()
        srv.close()
    elif mode == "refuse":
        cli = socket.socket(af, socket.SOCK_STREAM)
        cli.bind((host, port + 2))
        try:
            cli.connect((host, port))
            sys.exit("connected to a closed port")
        except ConnectionRefusedError:
            pass
        cli.close()
    elif mode == "udp":
        srv = socket.socket(af, socket.SOCK_DGRAM)
        srv.bind((host, port))
        cli = socket.socket(af, socket.SOCK_DGRAM)
        cli.bind((host, port + 1))
        cli.sendto(b"u" * 30, (host, port))
        data, peer = srv.recvfrom(100)
        assert len(data) == 30
        srv.sendto(b"v" * 7, peer)
        assert len(cli.recv(100)) == 7
        cli.close()
        srv.close()
    else:
        sys.exit("unknown mode " + mode)

for fam in fams.split(","):
    run(fam)
