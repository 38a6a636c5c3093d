"""
The loyalty endpoints the widget calls (paths and shapes in docs/bookcore-contract.md "Loyalty").

CSRF, the part every integration gets wrong:
- CsrfViewMiddleware is on and no view is exempt: every POST carries the token (X-CSRFToken header).
- The settings and user views use `ensure_csrf_cookie`, so a page that renders no `{% csrf_token %}` (a CMS page)
  still gets the cookie, and they answer the token as `csrfToken` (the only way a script finds it with
  CSRF_COOKIE_HTTPONLY or CSRF_USE_SESSIONS when the page has no hidden field).
- `login()` rotates the token and `logout()` flushes the session (where CSRF_USE_SESSIONS keeps it): the sign-in,
  social sign-in and logout answers carry the new one as `csrfToken`, read with `get_token(request)` AFTER
  login()/logout(). The widget posts with it from then on and writes it into the page's csrfmiddlewaretoken fields.
"""
import re

from django.contrib.auth import get_user_model, login, logout
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.tokens import PasswordResetTokenGenerator, default_token_generator
from django.core.mail import send_mail
from django.db import transaction
from django.http import JsonResponse
from django.shortcuts import redirect
from django.utils.encoding import force_bytes
from django.utils.http import base36_to_int, url_has_allowed_host_and_scheme, urlencode, urlsafe_base64_decode, urlsafe_base64_encode
from urllib.parse import urlsplit
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST
from django.middleware.csrf import get_token

from . import inventory
from .loyalty_settings import ERRORS, PASSWORD_MIN_LENGTH, SETTINGS, SOCIAL_LOGIN
from .models import MemberProfile
from .social import SocialTokenError, verify_facebook, verify_google

User = get_user_model()
EMAIL_SHAPE = re.compile(r'^[^@\s]+@[^@\s]+\.[^@\s]+$')
COOKIE_NAME_SHAPE = re.compile(r'^[A-Za-z0-9_.-]{1,64}$')


class ActivationTokenGenerator(PasswordResetTokenGenerator):
    """Sign-up validation links: like password-reset tokens, and spent once the account is active."""

    key_salt = 'loyalty.views.ActivationTokenGenerator'

    def _make_hash_value(self, user, timestamp):
        return f'{super()._make_hash_value(user, timestamp)}{user.is_active}'


activation_token_generator = ActivationTokenGenerator()


def errors(fields, status=400, **extra):
    """An auth failure: `{errors: {field: [text]}}` (contract: status 400)."""
    return JsonResponse({'errors': fields, **extra}, status=status, json_dumps_params={'ensure_ascii': False})


def answer(data):
    return JsonResponse(data, json_dumps_params={'ensure_ascii': False})


def as_user(user):
    """The contract's `User`."""
    return {
        'userName': user.username,
        'email': user.email,
        'nombre': user.first_name,
        'apellidos': user.last_name,
        'info_personal': {'nombre': user.first_name, 'apellidos': user.last_name},
    }


def member_by_email(email):
    return User.objects.filter(username=email.strip().lower()).first()


def signed_in(request, user):
    """Signs the member in and answers with the token login() rotated."""
    login(request, user, backend='django.contrib.auth.backends.ModelBackend')
    return answer({'success': True, 'userName': user.username, 'user': as_user(user), 'csrfToken': get_token(request)})


def origin(request):
    """Links in mails are absolute, on the origin of the request that caused them."""
    return f'{request.scheme}://{request.get_host()}'


def safe_next(request, value):
    """The page a mail link returns to (docs/bookcore-contract.md "Back where the guest started"): its path and
    query when `value` is an http(s) address on this site (Django's own open-redirect check, the one its login view
    uses), else None: never another host, a `//host`, a backslash browsers read as a slash, or `javascript:`."""
    if not value or len(value) > 2048 or '\\' in value or any(ord(c) < 0x21 or ord(c) == 0x7f for c in value):
        return None
    if not url_has_allowed_host_and_scheme(value, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        return None
    parts = urlsplit(value)
    if parts.scheme not in ('', 'http', 'https') or parts.username or parts.password or not (parts.path or '/').startswith('/'):
        return None
    return (parts.path or '/') + (f'?{parts.query}' if parts.query else '')


def next_query(request):
    """`?next=<page>` for a mail link, from the page the widget posted; empty when it is none of this site's."""
    page = safe_next(request, request.POST.get('next', ''))
    return f'?{urlencode({"next": page})}' if page else ''


def mail_validation_link(request, user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = activation_token_generator.make_token(user)
    link = f'{origin(request)}/bookcore/loyalty/validate/{uid}/{token}/{next_query(request)}'
    send_mail(
        'Activa tu cuenta de miembro',
        f'Hola {user.first_name}:\n\nGracias por unirte a nuestro programa de fidelización. '
        f'Para activar tu cuenta, abre este enlace (caduca en una hora):\n\n{link}\n',
        None,
        [user.email],
    )


# --- Reads: they hand out the CSRF cookie and the token ----------------------------------------------------------

@require_GET
@ensure_csrf_cookie
def loyalty_settings(request):
    user = request.user if request.user.is_authenticated else None
    data = {
        'success': True,
        'settings': SETTINGS,
        'loggedIn': as_user(user) if user else None,
        'socialLogin': SOCIAL_LOGIN,
        'csrfToken': get_token(request),
    }
    # Once, on the first page after a validation link signed the member in: the widget says so as after its own
    # sign-in (docs/bookcore-contract.md "Back where the guest started").
    if request.session.pop('loyalty_signed_in_by_link', False) and user:
        data['justSignedIn'] = True
    return answer(data)


@require_GET
@ensure_csrf_cookie
def current_user(request):
    user = as_user(request.user) if request.user.is_authenticated else {}
    return answer({**user, 'csrfToken': get_token(request)})


# --- E-mail sign-in, sign-up, logout --------------------------------------------------------------------------

@require_POST
def signin(request):
    email, password = request.POST.get('email', ''), request.POST.get('password', '')
    if not email.strip() or not password:
        return errors({'__all__': ['Introduce tu correo electrónico y tu contraseña.']})
    user = member_by_email(email)
    if user is None or not user.check_password(password):
        return errors({'__all__': ['El correo electrónico o la contraseña no son correctos.']})
    if not user.is_active:
        return errors(
            {'__all__': ['Tu cuenta aún no está activada. Revisa tu correo y sigue el enlace de activación.']},
            isEmailActiveError=True,
        )
    return signed_in(request, user)


@require_POST
def signup(request):
    form = request.POST.dict()
    email = form.pop('email', '').strip().lower()
    password = form.pop('password', '')
    nombre, apellidos = form.pop('nombre', '').strip(), form.pop('apellidos', '').strip()
    politica, newsletter = form.pop('politica', ''), form.pop('newsletter', '')
    form.pop('csrfmiddlewaretoken', None)
    form.pop('next', None)  # where the validation link returns to; what remains are the hotel's own fields (e.g. pais)
    problems = {}
    if not EMAIL_SHAPE.match(email):
        problems['email'] = ['Introduce un correo electrónico válido.']
    if len(password) < PASSWORD_MIN_LENGTH:
        problems['password'] = [f'La contraseña debe tener al menos {PASSWORD_MIN_LENGTH} caracteres.']
    if not nombre:
        problems['nombre'] = ['Introduce tu nombre.']
    if not apellidos:
        problems['apellidos'] = ['Introduce tus apellidos.']
    if politica != 'true':
        problems['politica'] = ['Debes aceptar la política de privacidad.']
    if problems:
        return errors(problems)

    existing = member_by_email(email)
    if existing and existing.is_active:
        return errors({'email': ['Ya existe una cuenta con este correo electrónico. Inicia sesión.']})
    if existing:
        # The member lost the first mail: send a fresh link rather than leave them stuck.
        mail_validation_link(request, existing)
        return errors(
            {'email': ['Tu cuenta aún no está activada. Te hemos enviado de nuevo el correo de activación.']},
            isEmailActiveError=True,
        )
    with transaction.atomic():
        user = User.objects.create_user(email, email, password, first_name=nombre, last_name=apellidos, is_active=False)
        MemberProfile.objects.create(user=user, newsletter=newsletter == 'true', extra=form)
    mail_validation_link(request, user)
    return answer({'success': True})


@require_GET
def validate_email(request, uidb64, token):
    """The sign-up mail's link: activates the account, signs the member in and redirects to the page the sign-up
    started from (the link's `next`, this site's only), else to the start page (docs/bookcore-contract.md "Back
    where the guest started")."""
    user = _user_from_uid(uidb64)
    if user is None or not activation_token_generator.check_token(user, token):
        return redirect('/bookcore/loyalty/validado/?estado=caducado')
    user.is_active = True
    user.save(update_fields=['is_active'])
    login(request, user, backend='django.contrib.auth.backends.ModelBackend')
    request.session['loyalty_signed_in_by_link'] = True
    return redirect(safe_next(request, request.GET.get('next', '')) or '/')


@require_POST
def logout_view(request):
    logout(request)
    # logout() flushed the session; get_token() puts a token back (in the new session with CSRF_USE_SESSIONS).
    return answer({'success': True, 'csrfToken': get_token(request)})


# --- Password recovery: PasswordResetForm + default_token_generator, SetPasswordForm -------------------------------

@require_POST
def password_recovery(request):
    email = request.POST.get('email', '').strip()
    if not email:
        return errors({'email': ['Introduce tu correo electrónico.']})
    form = PasswordResetForm({'email': email})
    if form.is_valid():
        # Mails only active members with a usable password (Django's rule); the answer is the same either way, so
        # the form reveals nobody's membership.
        form.save(
            request=request,
            use_https=request.is_secure(),
            subject_template_name='registration/loyalty_recovery_subject.txt',
            email_template_name='registration/loyalty_recovery_email.txt',
            extra_email_context={'next_query': next_query(request)},
        )
    return answer({'success': True})


def _user_from_uid(uidb64):
    try:
        return User.objects.filter(pk=int(urlsafe_base64_decode(uidb64).decode())).first()
    except (ValueError, TypeError, UnicodeDecodeError):
        return None


def _looks_issued(token):
    """Whether a token that failed has Django's shape (timestamp-hash): then it expired or was spent already.
    Django cannot tell a spent token from a forged one of that shape; the widget only words its message on it."""
    try:
        stamp, _hash = token.split('-')
        base36_to_int(stamp)
        return bool(_hash)
    except ValueError:
        return False


@require_POST
def password_change(request):
    uidb64, token, password = request.POST.get('uid', ''), request.POST.get('token', ''), request.POST.get('password', '')
    user = _user_from_uid(uidb64)
    if user is None or not default_token_generator.check_token(user, token):
        return errors({'token': [ERRORS['token']]}, expired=user is not None and _looks_issued(token))
    form = SetPasswordForm(user, {'new_password1': password, 'new_password2': password})
    if not form.is_valid():
        return errors({'password': form.errors.get('new_password2') or form.errors.get('new_password1') or ['Contraseña no válida.']})
    form.save()  # a new password hash: every recovery link of the member is spent
    # Signed in as after a sign-in; the change page then goes on to its data-login, the page the recovery started
    # from (docs/bookcore-contract.md "Back where the guest started").
    return signed_in(request, user)


# --- Social sign-in: verified tokens only ---------------------------------------------------------------------

@require_POST
def social_signin(request):
    post = request.POST
    provider = post.get('tipo_integracion', '')
    if provider not in ('google', 'facebook'):
        return errors({'tipo_integracion': ['Proveedor de acceso no admitido.']})
    email = post.get('email', '').strip().lower()
    try:
        if provider == 'google':
            claims = verify_google(post.get('id_token', ''), SOCIAL_LOGIN['google']['client_id'])
            provider_id = claims['sub']
            # The token, not the form, says who this is.
            email = (claims.get('email') or '').strip().lower() if claims.get('email_verified', True) else ''
            if post.get('id') and post.get('id') != provider_id:
                raise SocialTokenError('posted id differs from the token')
        else:
            provider_id = post.get('id', '')
            verify_facebook(post.get('access_token', ''), SOCIAL_LOGIN['facebook']['client_id'], provider_id)
            # Production: read the e-mail from the Graph API with the verified token (/me?fields=email).
    except SocialTokenError:
        field = 'id_token' if provider == 'google' else 'access_token'
        name = 'Google' if provider == 'google' else 'Facebook'
        return errors({field: [f'No hemos podido verificar tu cuenta de {name}.']})
    if not email:
        return errors({'email': [ERRORS['socialNoEmail']]})
    if not EMAIL_SHAPE.match(email):
        return errors({'email': ['Introduce un correo electrónico válido.']})

    with transaction.atomic():
        user = member_by_email(email)
        if user is None:
            nombre = post.get('first_name', '').strip() or post.get('name', '').strip()
            user = User.objects.create_user(email, email, None, first_name=nombre, last_name=post.get('last_name', '').strip())
            MemberProfile.objects.create(user=user, newsletter=post.get('recibir_newsletter') == 'true')
        # The provider vouches for the address, which is what the validation mail would have proved.
        user.is_active = True
        user.save(update_fields=['is_active'])
        profile, _ = MemberProfile.objects.get_or_create(user=user)
        setattr(profile, f'{provider}_id', provider_id)
        profile.save()
    return signed_in(request, user)


@require_POST
def social_check_user(request):
    """Whether an e-mail belongs to a member. It reveals membership: rate-limit it in production."""
    email = request.POST.get('email', '').strip()
    return answer({'success': bool(email and member_by_email(email))})


# --- Loyalty prices and the cookie helper ---------------------------------------------------------------------

@require_GET
def loyalty_availability(request, hotel=None):
    found = inventory.hotel_by_code(hotel) if hotel is not None else None
    if hotel is not None and found is None:
        return answer({'cod_error': inventory.NOT_FOUND, 'error': 'El hotel no existe.'})
    hotels = []
    for candidate in [found] if found else inventory.HOTELS:
        price = min(r['nightly'] for r in candidate['rooms']) + min(b['nightly'] for b in candidate['boards'])
        hotels.append({'code': candidate['code'], 'name': candidate['name'], 'loyaltyPrice': inventory.member_price(price),
                       'price': price, 'currency': inventory.CURRENCY})
    return answer({'cod_error': inventory.OK, 'hotels': hotels, 'rates': inventory.RATES})


@require_POST
def set_cookie(request):
    from django.conf import settings

    name, value = request.POST.get('name', ''), request.POST.get('value')
    if not COOKIE_NAME_SHAPE.match(name) or name in (settings.CSRF_COOKIE_NAME, settings.SESSION_COOKIE_NAME):
        return errors({'name': ['Nombre de cookie no válido.']})
    if value is None or len(value) > 1024:
        return errors({'value': ['Valor de cookie no válido.']})
    response = answer({'success': True})
    response.set_cookie(name, value, max_age=30 * 24 * 3600, samesite='Lax', secure=request.is_secure())
    return response


def not_found(request, path=''):
    return JsonResponse({'detail': 'Not found.'}, status=404)

