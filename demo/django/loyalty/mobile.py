"""
The mobile section (docs/bookcore-contract.md "Mobile section (/m2/ajax)"): what the mobile pages and
`<hotel-page>` read about one hotel, in one language, and the schema.org JSON-LD of its pages.

Every GET answers for the hotel of `?hotelcode=` (the first seeded hotel without one; an unknown code is `103`) in
the language of `?lang=` (English for `en…`, Spanish otherwise). The schema POSTs read `payload=<JSON>` (its
`hotelCode` picks the hotel; a missing or non-JSON payload is `104`), under Django's CSRF check like every POST.
The auth POSTs are the loyalty views under these paths.
"""
import json

from django.views.decorators.http import require_GET, require_POST

from . import inventory as inv
from .cart import answer, failure

SERVICES = [
    ('wifi', 'Wi-Fi gratuito', 'Free Wi-Fi'),
    ('pool', 'Piscina exterior', 'Outdoor pool'),
    ('spa', 'Spa y bienestar', 'Spa and wellness'),
    ('parking', 'Aparcamiento', 'Parking'),
    ('restaurant', 'Restaurante', 'Restaurant'),
    ('gym', 'Gimnasio', 'Gym'),
    ('pets', 'Se admiten mascotas', 'Pets welcome'),
]

TRANSLATIONS = {
    'book': ('Reservar', 'Book'),
    'rooms': ('Habitaciones', 'Rooms'),
    'services': ('Servicios', 'Services'),
    'gallery': ('Galería', 'Gallery'),
    'map': ('Cómo llegar', 'Getting here'),
    'socialNetworks': ('Síguenos', 'Follow us'),
    'contact': ('Contacto', 'Contact'),
    'offers': ('Ofertas', 'Offers'),
    'from': ('Desde', 'From'),
    'night': ('noche', 'night'),
    'nights': ('noches', 'nights'),
    'seeMore': ('Ver más', 'See more'),
}


def _t(lang, es, en):
    return en if (lang or '').lower().startswith('en') else es


def _services(lang):
    return [{'code': code, 'name': _t(lang, es, en), 'icon': f'/static/img/services/{code}.svg'} for code, es, en in SERVICES]


def _photos(hotel, lang):
    return [{'url': hotel['image'], 'alt': hotel['name'], 'category': 'hotel'}] + [
        {'url': room['image'], 'alt': inv.localize(room['name'], lang), 'category': 'rooms'} for room in hotel['rooms']
    ]


def _room(hotel, room, lang):
    name = inv.localize(room['name'], lang)
    return {
        'code': room['code'],
        'name': name,
        'description': _t(
            lang,
            f'{name} en {hotel["name"]}, con baño privado, aire acondicionado y Wi-Fi gratuito.',
            f'{name} at {hotel["name"]}, with a private bathroom, air conditioning and free Wi-Fi.',
        ),
        'image': room['image'],
        'size': 20 + room['rank'] * 8,
        'maxOccupancy': room['rank'] + 1,
        'amenities': [_t(lang, es, en) for es, en in [
            ('Aire acondicionado', 'Air conditioning'), ('Wi-Fi gratuito', 'Free Wi-Fi'), ('Caja fuerte', 'Safe'), ('Minibar', 'Minibar'),
        ]],
        'priceFrom': room['nightly'],
        'loyaltyPrice': inv.member_price(room['nightly']),
    }


def _offers(hotel):
    offers = []
    for pack in inv.PACKAGES:
        prices = [
            inv.stay_price(inv.room_of(hotel, option['roomCode']), inv.board_of(hotel, option['boardCode']), pack['nights'], option['extra'])
            for option in pack['options'] if option['hotelCode'] == hotel['code']
        ]
        if prices:
            cheapest = min(prices)
            offers.append({'id': pack['id'], 'name': pack['name'], 'nights': pack['nights'], 'priceFrom': cheapest, 'loyaltyPrice': inv.member_price(cheapest)})
    return offers


def _header(title, subtitle):
    return {'title': title, 'subtitle': subtitle}


def _user(request):
    from .views import as_user  # the loyalty views own the user's shape
    return as_user(request.user) if request.user.is_authenticated else None


def _quantity(request):
    try:
        quantity = int(request.GET.get('quantity', ''))
    except ValueError:
        return None
    return quantity if quantity > 0 else None


CONTENT = {
    'ficha': lambda hotel, lang, request: {'hotel': {
        'code': hotel['code'], 'name': hotel['name'], 'city': hotel['city'], 'address': hotel['address'],
        'telephone': hotel['telephone'], 'image': hotel['image'], 'stars': 4, 'checkInTime': '15:00', 'checkOutTime': '12:00',
        'description': _t(lang, f'{hotel["name"]} es un hotel de cuatro estrellas en {hotel["city"]}.', f'{hotel["name"]} is a four-star hotel in {hotel["city"]}.'),
    }},
    'hotel/services': lambda hotel, lang, request: {
        'services': _services(lang)[:_quantity(request)] if _quantity(request) else _services(lang),
        'total': len(SERVICES),
    },
    'hotel/services/images': lambda hotel, lang, request: {'images': [{'url': service['icon'], 'alt': service['name']} for service in _services(lang)]},
    'hotel/services/section/header': lambda hotel, lang, request: {'header': _header(
        _t(lang, *TRANSLATIONS['services']), _t(lang, f'Todo lo que {hotel["name"]} pone a tu disposición', f'Everything {hotel["name"]} offers you'),
    )},
    'hotel/map': lambda hotel, lang, request: {'map': {'latitude': hotel['latitude'], 'longitude': hotel['longitude'], 'zoom': 15, 'address': hotel['address']}},
    'hotel/ssnn': lambda hotel, lang, request: {'socialNetworks': [
        {'network': 'facebook', 'url': f'https://www.facebook.com/{hotel["code"].lower()}'},
        {'network': 'instagram', 'url': f'https://www.instagram.com/{hotel["code"].lower()}'},
    ]},
    'hotel/photos': lambda hotel, lang, request: {'photos': _photos(hotel, lang)},
    'rooms': lambda hotel, lang, request: {'rooms': [_room(hotel, room, lang) for room in hotel['rooms']]},
    'rooms/section/header': lambda hotel, lang, request: {'header': _header(
        _t(lang, *TRANSLATIONS['rooms']), _t(lang, 'Elige la habitación perfecta para tu estancia', 'Choose the perfect room for your stay'),
    )},
    'translations': lambda hotel, lang, request: {'translations': {key: _t(lang, *texts) for key, texts in TRANSLATIONS.items()}},
    'current/page': lambda hotel, lang, request: {'page': {'name': 'home', 'title': hotel['name'], 'path': '/'}},
    'gallery/page': lambda hotel, lang, request: {'gallery': {
        'title': _t(lang, f'Galería de {hotel["name"]}', f'{hotel["name"]} gallery'), 'images': _photos(hotel, lang),
    }},
    'mobilis/settings': lambda hotel, lang, request: {'settings': {
        'hotelCode': hotel['code'], 'lang': _t(lang, 'es', 'en'), 'currency': inv.CURRENCY,
        'telephone': hotel['telephone'], 'bookingUrl': '/bookcore/availability/',
    }},
    'mobilis/section/images': lambda hotel, lang, request: {'images': _photos(hotel, lang)[:3]},
    'home/description': lambda hotel, lang, request: {'description': {
        'title': _t(lang, f'Bienvenido a {hotel["name"]}', f'Welcome to {hotel["name"]}'),
        'text': _t(
            lang,
            f'Descubre {hotel["city"]} desde nuestro hotel, con desayuno buffet y atención 24 horas.',
            f'Discover {hotel["city"]} from our hotel, with a buffet breakfast and a 24-hour front desk.',
        ),
    }},
    'home/image': lambda hotel, lang, request: {'image': {'url': hotel['image'], 'alt': hotel['name']}},
    'home/map/description': lambda hotel, lang, request: {'description': {'title': _t(lang, *TRANSLATIONS['map']), 'text': hotel['address']}},
    'home/section/header': lambda hotel, lang, request: {'header': _header(hotel['name'], hotel['city'])},
    'offers': lambda hotel, lang, request: {'offers': _offers(hotel)},
    'contact': lambda hotel, lang, request: {'contact': {
        'address': hotel['address'], 'telephone': hotel['telephone'], 'email': f'reservas@{hotel["code"].lower()}.example.com',
        'latitude': hotel['latitude'], 'longitude': hotel['longitude'],
    }},
    'user': lambda hotel, lang, request: {'user': _user(request)},
}


@require_GET
def content(request, section):
    build = CONTENT.get(section)
    if build is None:
        return failure(inv.NOT_FOUND, 'Sección desconocida.')
    hotel = inv.hotel_by_code(request.GET.get('hotelcode') or inv.HOTELS[0]['code'])
    if hotel is None:
        return failure(inv.NOT_FOUND, 'El hotel no existe.')
    return answer({'cod_error': inv.OK, **build(hotel, request.GET.get('lang'), request)})


@require_GET
def hotel_room(request, hotel_code, room_code):
    hotel = inv.hotel_by_code(hotel_code)
    room = hotel and inv.room_of(hotel, room_code)
    if not room:
        return failure(inv.NOT_FOUND, 'La habitación no existe.')
    return answer({'cod_error': inv.OK, 'room': _room(hotel, room, request.GET.get('lang'))})


def _hotel_schema(hotel, origin):
    return {
        '@context': 'https://schema.org', '@type': 'Hotel', 'name': hotel['name'], 'url': f'{origin}/',
        'image': f'{origin}{hotel["image"]}', 'telephone': hotel['telephone'],
        'starRating': {'@type': 'Rating', 'ratingValue': 4},
        'address': {'@type': 'PostalAddress', 'streetAddress': hotel['address'], 'addressLocality': hotel['city'], 'addressCountry': 'ES'},
        'geo': {'@type': 'GeoCoordinates', 'latitude': hotel['latitude'], 'longitude': hotel['longitude']},
    }


SCHEMAS = {
    'home': _hotel_schema,
    'contact': lambda hotel, origin: {**_hotel_schema(hotel, origin), 'email': f'reservas@{hotel["code"].lower()}.example.com'},
    'services': lambda hotel, origin: {**_hotel_schema(hotel, origin), 'amenityFeature': [
        {'@type': 'LocationFeatureSpecification', 'name': service['name'], 'value': True} for service in _services('es')
    ]},
    'rooms': lambda hotel, origin: {
        '@context': 'https://schema.org', '@type': 'ItemList', 'name': f'Habitaciones de {hotel["name"]}',
        'itemListElement': [{
            '@type': 'ListItem', 'position': index + 1,
            'item': {'@type': 'HotelRoom', 'name': room['name']['es'], 'image': f'{origin}{room["image"]}',
                     'occupancy': {'@type': 'QuantitativeValue', 'maxValue': room['rank'] + 1}},
        } for index, room in enumerate(hotel['rooms'])],
    },
    'photos': lambda hotel, origin: {
        '@context': 'https://schema.org', '@type': 'ImageGallery', 'name': f'Galería de {hotel["name"]}',
        'associatedMedia': [{'@type': 'ImageObject', 'contentUrl': f'{origin}{photo["url"]}', 'name': photo['alt']} for photo in _photos(hotel, 'es')],
    },
}


@require_POST
def schema(request, page):
    build = SCHEMAS.get(page)
    if build is None:
        return failure(inv.NOT_FOUND, 'Sección desconocida.')
    raw = request.POST.get('payload')
    if raw is None:
        return failure(inv.INVALID_PARAMS, 'Falta el parámetro payload.')
    try:
        payload = json.loads(raw)
    except ValueError:
        return failure(inv.INVALID_PARAMS, 'El parámetro payload no es JSON válido.')
    code = payload.get('hotelCode') if isinstance(payload, dict) and isinstance(payload.get('hotelCode'), str) else inv.HOTELS[0]['code']
    hotel = inv.hotel_by_code(code)
    if hotel is None:
        return failure(inv.NOT_FOUND, 'El hotel no existe.')
    return answer({'cod_error': inv.OK, 'schema': build(hotel, request.build_absolute_uri('/').rstrip('/'))})
