"""
Settings of the reference bookcore: stock Django 3.2, nothing exempt from CSRF.

Two environment variables pick what the end-to-end tests (test/django/) exercise; an integrator's own project
sets the same Django settings directly.

BOOKCORE_CSRF, the CSRF setup:
  default       Django's defaults: a `csrftoken` cookie scripts can read, and `{% csrf_token %}` in the pages.
  httponly      CSRF_COOKIE_HTTPONLY = True: scripts cannot read the cookie (the page's hidden field and the
                `csrfToken` of bookcore's answers can).
  sessions      CSRF_USE_SESSIONS = True: no CSRF cookie at all, the token lives in the session.
  cookie-name   CSRF_COOKIE_NAME = 'hotel_csrftoken' (the pages tell the widget with data-csrf-cookie-name).
  no-csrf-tag   Django's defaults, but the pages carry no `{% csrf_token %}` (a CMS page): the token comes from
                the settings and user views, which use `ensure_csrf_cookie`.
BOOKCORE_HTTPS=1: served over HTTPS (serve.py --certfile/--keyfile): secure cookies, and Django's HTTPS
  Referer check applies to every POST.
"""
import os
import tempfile
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
# The repository: the widget's build (dist/), the stand-in SDKs and the demo stylesheets are served from it.
REPO_ROOT = BASE_DIR.parent.parent

CSRF_SETUPS = ('default', 'httponly', 'sessions', 'cookie-name', 'no-csrf-tag')
CSRF_SETUP = os.environ.get('BOOKCORE_CSRF', 'default')
if CSRF_SETUP not in CSRF_SETUPS:
    raise RuntimeError(f'BOOKCORE_CSRF={CSRF_SETUP!r}: expected one of {", ".join(CSRF_SETUPS)}')
HTTPS = os.environ.get('BOOKCORE_HTTPS') == '1'

# A demo: the key is made per process. A real project reads it from its secrets.
SECRET_KEY = os.environ.get('BOOKCORE_SECRET_KEY') or os.urandom(32).hex()
DEBUG = False
ALLOWED_HOSTS = ['127.0.0.1', 'localhost']

INSTALLED_APPS = [
    'django.contrib.auth',
    'django.contrib.contenttypes',
    'django.contrib.sessions',
    'loyalty',
]

MIDDLEWARE = [
    'django.middleware.security.SecurityMiddleware',
    'django.contrib.sessions.middleware.SessionMiddleware',
    'django.middleware.common.CommonMiddleware',
    'django.middleware.csrf.CsrfViewMiddleware',  # on, and no view is csrf_exempt
    'django.contrib.auth.middleware.AuthenticationMiddleware',
    'django.middleware.clickjacking.XFrameOptionsMiddleware',
]

ROOT_URLCONF = 'bookcore_demo.urls'
WSGI_APPLICATION = 'bookcore_demo.wsgi.application'

TEMPLATES = [
    {
        'BACKEND': 'django.template.backends.django.DjangoTemplates',
        'DIRS': [],
        'APP_DIRS': True,
        'OPTIONS': {
            'context_processors': [
                'django.template.context_processors.request',
                'django.contrib.auth.context_processors.auth',
                'loyalty.pages.widget_context',
            ],
        },
    },
]

# sqlite in a temporary directory: serve.py points BOOKCORE_DB at a fresh file per run.
DATABASES = {
    'default': {
        'ENGINE': 'django.db.backends.sqlite3',
        'NAME': os.environ.get('BOOKCORE_DB') or os.path.join(tempfile.gettempdir(), 'loyalty-bookcore-django.sqlite3'),
    }
}

# Members are contrib.auth users whose username is their e-mail, lower case.
AUTH_PASSWORD_VALIDATORS = [
    {'NAME': 'django.contrib.auth.password_validation.MinimumLengthValidator', 'OPTIONS': {'min_length': 8}},
]
PASSWORD_RESET_TIMEOUT = 3600  # recovery and validation links live one hour

# --- CSRF: the setups the widget must work with -------------------------------------------------------------
CSRF_COOKIE_HTTPONLY = CSRF_SETUP == 'httponly'
CSRF_USE_SESSIONS = CSRF_SETUP == 'sessions'
CSRF_COOKIE_NAME = 'hotel_csrftoken' if CSRF_SETUP == 'cookie-name' else 'csrftoken'
# Whether the page templates render {% csrf_token %} (loyalty.pages.widget_context passes it on).
CSRF_TAG_IN_PAGES = CSRF_SETUP != 'no-csrf-tag'

if HTTPS:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

# --- Mail: kept in memory; the dev-only mailbox view (/__dev/mailbox.json) lists it when BOOKCORE_DEV=1 ---------
EMAIL_BACKEND = 'django.core.mail.backends.locmem.EmailBackend'
DEFAULT_FROM_EMAIL = 'club@hotel-demo.example'
DEV_MAILBOX = os.environ.get('BOOKCORE_DEV') == '1'

LANGUAGE_CODE = 'es'
TIME_ZONE = 'UTC'
USE_I18N = True
USE_TZ = True

# Every refusal reaches the console (stderr): the tests fail a journey on any 403 logged here.
LOGGING = {
    'version': 1,
    'disable_existing_loggers': False,
    'handlers': {'console': {'class': 'logging.StreamHandler'}},
    'loggers': {
        'django.request': {'handlers': ['console'], 'level': 'WARNING'},
        'django.security': {'handlers': ['console'], 'level': 'WARNING'},
    },
}
