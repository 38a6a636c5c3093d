"""WSGI entry point of the reference bookcore (serve.py mounts it; any WSGI server can)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'bookcore_demo.settings')
application = get_wsgi_application()
