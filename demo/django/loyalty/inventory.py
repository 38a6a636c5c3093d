"""
The hotels, packages and currency rates the demo sells (the same seed as the Node dev server,
demo/server/seed.mjs), with the price and stay rules of docs/bookcore-contract.md. A real bookcore reads these from
its own models; they are plain data here so the cart views stay short.
"""
import datetime
import re

CURRENCY = 'EUR'
RATES = [
    {'codigo': 'EUR', 'tasa': 1},
    {'codigo': 'USD', 'tasa': 1.08},
    {'codigo': 'GBP', 'tasa': 0.85},
    {'codigo': 'MXN', 'tasa': 18.9},
    {'codigo': 'CLP', 'tasa': 1010},
]

# cod_error values
OK, NO_AVAILABILITY, INVALID_DATES, NOT_FOUND, INVALID_PARAMS = '000', '101', '102', '103', '104'

BOARDS = {
    'SA': {'code': 'SA', 'name': {'es': 'Solo alojamiento', 'en': 'Room only'}, 'nightly': 0},
    'AD': {'code': 'AD', 'name': {'es': 'Alojamiento y desayuno', 'en': 'Bed and breakfast'}, 'nightly': 15},
    'MP': {'code': 'MP', 'name': {'es': 'Media pensión', 'en': 'Half board'}, 'nightly': 35},
    'PC': {'code': 'PC', 'name': {'es': 'Pensión completa', 'en': 'Full board'}, 'nightly': 55},
}


def _room(hotel, code, es, en, rank, nightly):
    image = f'/static/img/rooms/{hotel.lower()}-{code.lower()}.svg'
    return {'code': code, 'name': {'es': es, 'en': en}, 'rank': rank, 'nightly': nightly, 'image': image}


HOTELS = [
    {
        'code': 'HMAR', 'name': 'Hotel Mar Azul', 'image': '/static/img/hotels/hmar.svg',
        'city': 'Málaga', 'address': 'Paseo Marítimo Pablo Ruiz Picasso 12, 29016 Málaga',
        'telephone': '+34 952 000 101', 'latitude': 36.7196, 'longitude': -4.4014,
        'rooms': [
            _room('HMAR', 'DBL', 'Habitación Doble Estándar', 'Standard Double Room', 1, 95),
            _room('HMAR', 'DBLS', 'Doble Superior Vista Mar', 'Superior Double Sea View', 2, 125),
            _room('HMAR', 'JS', 'Junior Suite', 'Junior Suite', 3, 180),
        ],
        'boards': [BOARDS['SA'], BOARDS['AD'], BOARDS['MP']],
    },
    {
        'code': 'HSIE', 'name': 'Sierra Nevada Lodge', 'image': '/static/img/hotels/hsie.svg',
        'city': 'Granada', 'address': 'Plaza de Andalucía 3, 18196 Sierra Nevada, Granada',
        'telephone': '+34 958 000 202', 'latitude': 37.0958, 'longitude': -3.3986,
        'rooms': [
            _room('HSIE', 'EST', 'Habitación Estándar', 'Standard Room', 1, 80),
            _room('HSIE', 'SUP', 'Habitación Superior', 'Superior Room', 2, 105),
            _room('HSIE', 'FAM', 'Habitación Familiar', 'Family Room', 3, 140),
        ],
        'boards': [BOARDS['AD'], BOARDS['MP'], BOARDS['PC']],
    },
    {
        'code': 'HURB', 'name': 'Urban Madrid Centro', 'image': '/static/img/hotels/hurb.svg',
        'city': 'Madrid', 'address': 'Calle de Alcalá 45, 28014 Madrid',
        'telephone': '+34 910 000 303', 'latitude': 40.4189, 'longitude': -3.6969,
        'rooms': [
            _room('HURB', 'DBL', 'Habitación Doble', 'Double Room', 1, 110),
            _room('HURB', 'EXE', 'Habitación Ejecutiva', 'Executive Room', 2, 150),
            _room('HURB', 'SUI', 'Suite Gran Vía', 'Gran Vía Suite', 3, 240),
        ],
        'boards': [BOARDS['SA'], BOARDS['AD']],
    },
]


def _option(id, name, hotel, room, board, extra):
    return {'id': id, 'name': name, 'hotelCode': hotel, 'roomCode': room, 'boardCode': board, 'extra': extra}


PACKAGES = [
    {'id': 1, 'name': 'Escapada romántica', 'nights': 2, 'options': [
        _option(11, 'Doble Superior con cava y desayuno', 'HMAR', 'DBLS', 'AD', 40),
        _option(12, 'Ejecutiva en el centro con desayuno', 'HURB', 'EXE', 'AD', 40),
    ]},
    {'id': 2, 'name': 'Aventura en la nieve', 'nights': 3, 'options': [
        _option(21, 'Estándar con media pensión y forfait', 'HSIE', 'EST', 'MP', 120),
        _option(22, 'Familiar con pensión completa y forfait', 'HSIE', 'FAM', 'PC', 200),
    ]},
    {'id': 3, 'name': 'Ciudad y playa', 'nights': 4, 'options': [
        _option(31, 'Playa: Doble con desayuno', 'HMAR', 'DBL', 'AD', 0),
        _option(32, 'Ciudad: Doble solo alojamiento', 'HURB', 'DBL', 'SA', 0),
        _option(33, 'Montaña: Superior con desayuno', 'HSIE', 'SUP', 'AD', 0),
    ]},
]

MAX_NIGHTS = 30
BOOKING_WINDOW_DAYS = 365


def localize(text, lang):
    return text['en'] if (lang or '').lower().startswith('en') else text['es']


def hotel_by_code(code):
    return next((hotel for hotel in HOTELS if hotel['code'] == code), None)


def room_of(hotel, code):
    return next((room for room in hotel['rooms'] if room['code'] == code), None)


def board_of(hotel, code):
    return next((board for board in hotel['boards'] if board['code'] == code), None)


def package_by_id(id):
    return next((pack for pack in PACKAGES if str(pack['id']) == id), None)


def option_by_id(id):
    for pack in PACKAGES:
        for option in pack['options']:
            if str(option['id']) == id:
                return pack, option
    return None, None


def money(amount):
    return round(amount, 2)


# What members save: their price is this much below the public one (docs/bookcore-contract.md "Member prices").
LOYALTY_DISCOUNT = 0.1


def member_price(amount):
    return money(amount * (1 - LOYALTY_DISCOUNT))


def charged_price(amount, is_member):
    """What a visitor pays for a public amount: the member price when a member is signed in."""
    return member_price(amount) if is_member else amount


def stay_price(room, board, nights, extra):
    return money((room['nightly'] + board['nightly']) * nights + extra)


def _parse_date(value):
    if not re.fullmatch(r'\d{4}-\d{2}-\d{2}', value or ''):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


def parse_stay(check_in, check_out, default_nights):
    """(check_in, check_out, nights) of a valid stay, else raises StayError(code, text). Today is the UTC date."""
    if not check_in:
        raise StayError(INVALID_DATES, 'Indica la fecha de entrada.')
    start = _parse_date(check_in)
    if start is None:
        raise StayError(INVALID_DATES, 'La fecha de entrada no es válida (formato AAAA-MM-DD).')
    today = datetime.datetime.now(datetime.timezone.utc).date()
    if start < today:
        raise StayError(INVALID_DATES, 'La fecha de entrada no puede ser anterior a hoy.')
    end = _parse_date(check_out) if check_out else start + datetime.timedelta(days=default_nights)
    if end is None:
        raise StayError(INVALID_DATES, 'La fecha de salida no es válida (formato AAAA-MM-DD).')
    if end <= start:
        raise StayError(INVALID_DATES, 'La fecha de salida debe ser posterior a la de entrada.')
    nights = (end - start).days
    if nights > MAX_NIGHTS:
        raise StayError(INVALID_DATES, f'La estancia no puede superar {MAX_NIGHTS} noches.')
    if start > today + datetime.timedelta(days=BOOKING_WINDOW_DAYS):
        raise StayError(NO_AVAILABILITY, 'No hay disponibilidad para las fechas seleccionadas.')
    return start.isoformat(), end.isoformat(), nights


class StayError(Exception):
    def __init__(self, code, text):
        super().__init__(text)
        self.code = code
        self.text = text
