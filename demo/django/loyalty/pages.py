"""
Bookcore's HTML pages (stand-ins for a hotel's templates) and, for the demo only, the static files a real site
serves from its STATIC_ROOT: the widget's build (dist/), the stand-in SDKs, the demo stylesheets and placeholder
images. Plus a dev-only mailbox (BOOKCORE_DEV=1) for the tests to read the mails.
"""
import re

from django.conf import settings
from django.core import mail
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods
from django.views.static import serve

from .views import safe_next

REPO = settings.REPO_ROOT


def widget_context(request):
    """Template context for every page: how the widget finds the CSRF token in this setup."""
    return {
        'csrf_cookie_name': settings.CSRF_COOKIE_NAME,
        'csrf_tag_in_pages': settings.CSRF_TAG_IN_PAGES,
    }


@require_GET
def home(request):
    return render(request, 'loyalty/home.html')


@require_GET
def package_page(request):
    """A page with a <package-cart> and the host's own Django form."""
    return render(request, 'loyalty/package.html')


@require_GET
def hotels_page(request):
    """A content page with a <loyalty-price> per hotel (docs/loyalty-price.md)."""
    return render(request, 'loyalty/hotels.html')


@require_GET
def hotel_page(request):
    """A CMS page with a <hotel-page>: ?hotel= the hotel's code, ?lang= the page's language."""
    hotel = request.GET.get('hotel', 'HSIE')
    lang = request.GET.get('lang', 'es')
    if not re.fullmatch(r'[A-Z0-9]{1,12}', hotel) or not re.fullmatch(r'[a-z]{2}', lang):
        raise Http404('No such hotel page.')
    return render(request, 'loyalty/hotel_page.html', {'hotel': hotel, 'lang': lang})


@require_http_methods(['POST'])
def contact(request):
    """The host form's target: CsrfViewMiddleware has checked its csrfmiddlewaretoken before this runs."""
    return render(request, 'loyalty/contact_sent.html', {'mensaje': request.POST.get('mensaje', '')})


@require_GET
def password_change_page(request, uidb64, token):
    """Where the recovery mail links: the panel at PASS_RECOVERY_CHANGE with the link's uid and token (escaped by
    the template); the widget removes them from the address bar. After the change signs the member in, the panel
    goes to its data-login: the link's `next` when it is this site's, else the start page."""
    login_address = safe_next(request, request.GET.get('next', '')) or '/'
    return render(request, 'loyalty/password_change.html', {'uid': uidb64, 'token': token, 'login': login_address})


@require_GET
def validated_page(request):
    expired = request.GET.get('estado') == 'caducado'
    return render(request, 'loyalty/validated.html', {
        'section': 'SIGNIN' if expired else 'SIGNUP_VALIDATION_SUCCESS',
        'note': 'El enlace de validación no es válido o ha caducado. Inicia sesión o regístrate de nuevo.' if expired else '',
    })


@require_GET
def availability_page(request):
    reset = request.GET.get('reiniciada') == '1'
    entrada = request.GET.get('entrada', '')
    if reset:
        note = 'Búsqueda reiniciada: los precios se recalculan para tu sesión.'
    elif entrada:
        note = 'Habitaciones disponibles desde la fecha de entrada indicada.'
    else:
        note = 'Elige las fechas de tu estancia.'
    return render(request, 'loyalty/availability.html', {
        'state': 'reset' if reset else 'search' if entrada else 'empty', 'note': note,
        'entrada': entrada, 'project': request.GET.get('project', ''),
    })


@require_GET
def availability_reset(request):
    return redirect('/bookcore/availability/?reiniciada=1')


@require_GET
def shopping_cart_page(request):
    return render(request, 'loyalty/shopping_cart.html')


# --- Static files of the demo (a real site: collectstatic and its web server) ------------------------------------

def dist(request, path):
    return serve(request, path, document_root=REPO / 'dist')


def sdk(request, path):
    if path not in ('google-gsi.js', 'facebook-sdk.js'):
        raise Http404
    return serve(request, path, document_root=REPO / 'demo' / 'server' / 'sdk')


def demo_css(request):
    return serve(request, 'demo.css', document_root=REPO / 'demo')


def default_loyalty_css(request):
    if (REPO / 'styles' / 'loyalty.css').exists():
        return serve(request, 'loyalty.css', document_root=REPO / 'styles')
    return HttpResponse('/* The hotel\'s default loyalty stylesheet. */\n', content_type='text/css')


def brand_css(request, project):
    return serve(request, f'{project}.css', document_root=REPO / 'demo' / 'brands')


def placeholder_image(request, path):
    label = re.sub(r'[^a-z0-9_/-]', '', path)
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250" role="img" '
           f'aria-label="{label}"><rect width="400" height="250" fill="#dfe7ef"/></svg>')
    return HttpResponse(svg, content_type='image/svg+xml')


LEGAL = {
    'conditions': '<h2>Condiciones del programa de fidelización</h2>\n<p>La inscripción en el programa es gratuita y '
                  'está reservada a personas mayores de 18 años.</p>',
    'privacy': '<h2>Política de privacidad</h2>\n<p>Responsable: Hoteles de Ejemplo, S.L. Finalidad: gestionar tu '
               'cuenta de miembro y tus reservas.</p>',
}


def legal(request, name):
    if name not in LEGAL:
        raise Http404
    return HttpResponse(LEGAL[name], content_type='text/html; charset=utf-8')


# --- Dev only: the mails "sent" (locmem backend), for tests and for trying the flows by hand ---------------------

LINK = re.compile(r'https?://\S+')


@require_GET
def dev_mailbox(request):
    if not settings.DEV_MAILBOX:
        raise Http404
    outbox = getattr(mail, 'outbox', [])
    return JsonResponse([
        {'to': message.to[0] if message.to else '', 'subject': message.subject, 'text': message.body,
         'links': LINK.findall(message.body)}
        for message in outbox
    ], safe=False, json_dumps_params={'ensure_ascii': False})
