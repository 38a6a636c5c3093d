"""The loyalty settings the hotel configures (the settings view's `settings`), the demo brand's Spanish texts.

The forms are field definitions (docs/forms-and-consent.md "Field definitions") the widget renders. Same texts as the Node dev server
(demo/server/settings.mjs).
"""
PASSWORD_MIN_LENGTH = 8
EMAIL_PATTERN = r'^[^@\s]+@[^@\s]+\.[^@\s]+$'

ERRORS = {
    'passwordsNotEqual': 'Las contraseñas no coinciden.',
    'token': 'El enlace para cambiar la contraseña no es válido o ha caducado. Solicita uno nuevo.',
    'socialNoEmail': 'Tu cuenta de la red social no comparte tu correo electrónico. Regístrate con tu correo o permite el acceso al e-mail.',
}


def _email_field(order):
    return {
        'name': 'email', 'label': 'Correo electrónico', 'type': 'email', 'required': True, 'pattern': EMAIL_PATTERN,
        'error': 'Introduce tu correo electrónico.', 'errorPattern': 'El correo electrónico no es válido.', 'order': order,
    }


COUNTRIES = [
    {'label': 'Más frecuentes', 'options': [
        {'value': 'ES', 'label': 'España'}, {'value': 'PT', 'label': 'Portugal'}, {'value': 'FR', 'label': 'Francia'},
    ]},
    {'label': 'Resto del mundo', 'options': [
        {'value': 'DE', 'label': 'Alemania'}, {'value': 'AR', 'label': 'Argentina'}, {'value': 'CL', 'label': 'Chile'},
        {'value': 'US', 'label': 'Estados Unidos'}, {'value': 'IT', 'label': 'Italia'}, {'value': 'MX', 'label': 'México'},
        {'value': 'GB', 'label': 'Reino Unido'},
    ]},
]

SETTINGS = {
    'SIGNIN': {'form': [
        _email_field(1),
        {'name': 'password', 'label': 'Contraseña', 'type': 'password', 'required': True, 'error': 'Introduce tu contraseña.', 'order': 2},
    ]},
    'SIGNUP': {'form': [
        {'name': 'nombre', 'label': 'Nombre', 'type': 'text', 'required': True, 'error': 'Introduce tu nombre.', 'order': 1},
        {'name': 'apellidos', 'label': 'Apellidos', 'type': 'text', 'required': True, 'error': 'Introduce tus apellidos.', 'order': 2},
        _email_field(3),
        {
            'name': 'password', 'label': 'Contraseña', 'type': 'password', 'required': True,
            'pattern': f'^.{{{PASSWORD_MIN_LENGTH},}}$', 'error': 'Elige una contraseña.',
            'errorPattern': f'La contraseña debe tener al menos {PASSWORD_MIN_LENGTH} caracteres.', 'order': 4,
        },
        {
            'name': 'pais', 'label': 'País de residencia', 'type': 'select', 'required': True,
            'error': 'Selecciona tu país de residencia.', 'order': 5, 'value': 'ES', 'options': COUNTRIES,
        },
    ]},
    'NOTIFICATIONS': {'messages': {
        'registered': {'text': 'Hola de nuevo. Tus precios exclusivos de miembro ya se aplican en esta búsqueda.'},
        'unregistered': {'text': 'Hazte miembro gratis y ahorra hasta un 10 % en tu reserva.'},
    }},
    'TOOLTIP': {
        'registered': {'text': 'Estás viendo tus tarifas de miembro.'},
        'unregistered': {'text': 'Inicia sesión para ver precios exclusivos.'},
    },
    'ADVANTAGES': {
        'title': 'Ventajas de ser miembro',
        'phrases': [
            'Hasta un 10 % de descuento en todas tus reservas.',
            'Cancelación gratuita hasta 48 horas antes de la llegada.',
            'Late check-out sujeto a disponibilidad.',
            'Ofertas exclusivas en tu correo.',
        ],
    },
    'loyaltyLogo': '/static/img/loyalty-logo.svg',
    'TEXT_LOGIN_FACEBOOK': 'Continuar con Facebook',
    'TEXT_LOGIN_GOOGLE': 'Continuar con Google',
    'DROPPED_CART_NOTIFICATIONS': {
        'title': 'Hemos vaciado tu carrito',
        'ok': 'Entendido',
        'greet': 'Hola',
        'text': 'Al iniciar sesión hemos vaciado tu carrito para mostrarte tus precios de miembro. Vuelve a añadir las habitaciones que te interesen.',
    },
    'CONDITIONS': {'conditionsUrl': '/legal/conditions.html', 'privacyUrl': '/legal/privacy.html'},
    'ERRORS': ERRORS,
}

# The client ids the stand-in SDKs sign for (a real site: its Google OAuth client id and Facebook app id).
SOCIAL_LOGIN = {
    'google': {'client_id': 'dev-loyalty-elements.apps.googleusercontent.com'},
    'facebook': {'client_id': '100000000000001'},
}
