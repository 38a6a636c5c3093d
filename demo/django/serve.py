#!/usr/bin/python3
"""
Runs the reference bookcore on a fresh sqlite database: migrate, seed, then a threaded WSGI server on 127.0.0.1.

    /usr/bin/python3 demo/django/serve.py [--port 8001] [--certfile cert.pem --keyfile key.pem]

--port 0 picks a free port. It prints one line, `bookcore django: http://127.0.0.1:PORT/` (https with a
certificate), once it accepts connections. Every request is logged to stderr with its status
(`"POST /bookcore/... HTTP/1.1" 403 ...`), and so is every refusal Django logs (`Forbidden (CSRF ...)`).
`manage.py runserver` works too (after `manage.py migrate` and `manage.py seed_demo`), but cannot speak HTTPS,
which is where Django checks the Referer of POSTs.
"""
import argparse
import os
import ssl
import sys
import tempfile
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


class ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--port', type=int, default=8001)
    parser.add_argument('--certfile')
    parser.add_argument('--keyfile')
    args = parser.parse_args()
    https = bool(args.certfile)

    database_dir = tempfile.mkdtemp(prefix='bookcore-django-')
    os.environ.setdefault('BOOKCORE_DB', os.path.join(database_dir, 'db.sqlite3'))
    os.environ['BOOKCORE_HTTPS'] = '1' if https else '0'
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'bookcore_demo.settings')

    import django
    from django.core.management import call_command

    django.setup()
    call_command('migrate', verbosity=0, interactive=False)
    call_command('seed_demo')

    from bookcore_demo.wsgi import application

    class Handler(WSGIRequestHandler):
        def get_environ(self):
            environ = super().get_environ()
            if https:
                environ['HTTPS'] = 'on'  # wsgi.url_scheme = https: request.is_secure()
            return environ

    server = make_server('127.0.0.1', args.port, application, server_class=ThreadingWSGIServer, handler_class=Handler)
    if https:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.certfile, args.keyfile)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    scheme = 'https' if https else 'http'
    print(f'bookcore django: {scheme}://127.0.0.1:{server.server_port}/', flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    main()
