"""
The session's shopping cart and package availability (docs/bookcore-contract.md "Cart", "Package availability").

The cart lives in the session (`request.session['cart']`): login() keeps it (the widget then drops it, docs/loyalty-widget.md "After sign-in"),
logout() flushes it. Business failures answer HTTP 200 with a `cod_error` other than "000", as bookcore's legacy
views do.
"""
import uuid

from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_POST

from . import inventory as inv


def answer(data):
    return JsonResponse(data, json_dumps_params={'ensure_ascii': False})


def failure(code, text):
    return answer({'cod_error': code, 'error': text})


def missing_item():
    return failure(inv.NOT_FOUND, 'El elemento no existe en el carrito.')


def _cart(request):
    return list(request.session.get('cart', []))


def _save(request, cart):
    request.session['cart'] = cart  # a new list: the session sees the change


def _resolve(item):
    hotel = inv.hotel_by_code(item['hotelCode'])
    pack, option = inv.option_by_id(str(item['optionId']))
    return hotel, inv.room_of(hotel, item['roomCode']), inv.board_of(hotel, item['boardCode']), pack, option


def _is_member(request):
    return request.user.is_authenticated


def _render(item, lang, is_member):
    """A line as the session sees it: `price` what it pays (the member price for a member), `loyaltyPrice` the
    member price. The stored price is the public one, so a guest who signs in is repriced."""
    hotel, room, board, pack, option = _resolve(item)
    return {
        'uuid': item['uuid'], 'kind': 'package',
        'hotel': {'code': hotel['code'], 'name': hotel['name'], 'image': hotel['image']},
        'room': {'code': room['code'], 'name': inv.localize(room['name'], lang), 'image': room['image']},
        'package': {'id': pack['id'], 'name': pack['name']},
        'option': {'id': option['id'], 'name': option['name']},
        'checkIn': item['checkIn'], 'checkOut': item['checkOut'], 'nights': item['nights'],
        'occupancy': {'adults': 2, 'children': 0},
        'board': {'code': board['code'], 'name': inv.localize(board['name'], lang)},
        'rateCode': f'PAQ{pack["id"]}', 'price': inv.charged_price(item['price'], is_member),
        'loyaltyPrice': inv.member_price(item['price']),
    }


def _offers(item, lang, is_member=False):
    """Every other room × board of the item's hotel that costs more, cheapest first, priced as the session pays."""
    hotel = inv.hotel_by_code(item['hotelCode'])
    offers = []
    for room in hotel['rooms']:
        for board in hotel['boards']:
            if room['code'] == item['roomCode'] and board['code'] == item['boardCode']:
                continue
            price = inv.stay_price(room, board, item['nights'], item['extra'])
            if price <= item['price']:
                continue
            offers.append({
                'uuid': item['uuid'],
                'room': {'code': room['code'], 'name': inv.localize(room['name'], lang), 'image': room['image']},
                'board': {'code': board['code'], 'name': inv.localize(board['name'], lang)},
                'price': inv.charged_price(price, is_member),
                'supplement': inv.money(inv.charged_price(price, is_member) - inv.charged_price(item['price'], is_member)),
            })
    return sorted(offers, key=lambda offer: offer['supplement'])


def _find(cart, item_uuid):
    return next((item for item in cart if item['uuid'] == item_uuid), None)


@require_GET
def show_cart(request):
    lang = request.GET.get('lang')
    is_member = _is_member(request)
    items = [_render(item, lang, is_member) for item in _cart(request)]
    # `loyaltyPricing` says the cart is priced at member prices (docs/bookcore-contract.md "Member prices").
    return answer({
        'cod_error': inv.OK, 'currency': inv.CURRENCY, 'total': inv.money(sum(item['price'] for item in items)),
        'items': items, 'rates': inv.RATES, 'loyaltyPricing': is_member,
    })


@require_POST
def drop_cart(request):
    deleted = len(_cart(request))
    if deleted:
        _save(request, [])
    return answer({'cod_error': inv.OK, 'deleted_elements': deleted})


@require_POST
def add_package(request):
    post = request.POST
    pack, option = inv.option_by_id(post.get('id_opc', ''))
    if option is None:
        return failure(inv.NOT_FOUND, 'La opción del paquete no existe.')
    if post.get('codhotel') != option['hotelCode']:
        return failure(inv.INVALID_PARAMS, 'La opción no pertenece al hotel indicado.')
    try:
        check_in, check_out, nights = inv.parse_stay(post.get('entrada'), post.get('salida'), pack['nights'])
    except inv.StayError as error:
        return failure(error.code, error.text)
    hotel = inv.hotel_by_code(option['hotelCode'])
    room, board = inv.room_of(hotel, option['roomCode']), inv.board_of(hotel, option['boardCode'])
    item = {
        'uuid': str(uuid.uuid4()), 'optionId': option['id'], 'hotelCode': hotel['code'], 'roomCode': room['code'],
        'boardCode': board['code'], 'checkIn': check_in, 'checkOut': check_out, 'nights': nights,
        'extra': option['extra'], 'price': inv.stay_price(room, board, nights, option['extra']),
    }
    _save(request, _cart(request) + [item])
    return answer({'cod_error': inv.OK, 'uuid': item['uuid']})


@require_POST
def delete_package(request):
    cart = _cart(request)
    item = _find(cart, request.POST.get('uuid', ''))
    if item is None:
        return missing_item()
    _save(request, [other for other in cart if other is not item])
    return answer({'cod_error': inv.OK})


@require_GET
def best_upgradable_room(request):
    lang = request.GET.get('lang')
    for item in _cart(request):
        hotel, current, *_ = _resolve(item)
        for offer in _offers(item, lang, _is_member(request)):
            better = inv.room_of(hotel, offer['room']['code'])['rank'] > current['rank']
            if offer['board']['code'] == item['boardCode'] and better:
                return answer({'cod_error': inv.OK, 'room': offer})
    return answer({'cod_error': inv.OK, 'room': None})


@require_GET
def upgradable_rooms(request, item_uuid):
    item = _find(_cart(request), item_uuid)
    if item is None:
        return missing_item()
    return answer({'cod_error': inv.OK, 'rooms': _offers(item, request.GET.get('lang'), _is_member(request))})


@require_POST
def upgrade_room(request):
    cart = _cart(request)
    item = _find(cart, request.POST.get('uuid', ''))
    if item is None:
        return missing_item()
    room_code, board_code = request.POST.get('room_code'), request.POST.get('board_code')
    offer = next((o for o in _offers(item, None) if o['room']['code'] == room_code and o['board']['code'] == board_code), None)
    if offer is None:
        return failure(inv.NOT_FOUND, 'La habitación no está disponible como mejora.')
    hotel = inv.hotel_by_code(item['hotelCode'])
    # The stored price stays the public one; the cart reprices it for a member.
    price = inv.stay_price(inv.room_of(hotel, room_code), inv.board_of(hotel, board_code), item['nights'], item['extra'])
    item.update(roomCode=room_code, boardCode=board_code, price=price)
    _save(request, cart)
    return answer({'cod_error': inv.OK})


@require_GET
def package_availability(request, pack_id):
    pack = inv.package_by_id(pack_id)
    if pack is None:
        return failure(inv.NOT_FOUND, 'El paquete no existe.')
    try:
        check_in, check_out, nights = inv.parse_stay(request.GET.get('entrada', ''), request.GET.get('salida', ''), pack['nights'])
    except inv.StayError as error:
        return failure(error.code, error.text)
    lang = request.GET.get('lang')
    is_member = _is_member(request)
    options = []
    for option in pack['options']:
        hotel = inv.hotel_by_code(option['hotelCode'])
        room, board = inv.room_of(hotel, option['roomCode']), inv.board_of(hotel, option['boardCode'])
        public_price = inv.stay_price(room, board, nights, option['extra'])
        options.append({
            'id': option['id'], 'name': option['name'],
            'hotel': {'code': hotel['code'], 'name': hotel['name'], 'image': hotel['image']},
            'room': {'code': room['code'], 'name': inv.localize(room['name'], lang)},
            'board': {'code': board['code'], 'name': inv.localize(board['name'], lang)},
            # A member is offered the member price; a guest sees it beside the public one.
            'price': inv.charged_price(public_price, is_member), 'loyaltyPrice': inv.member_price(public_price),
            'nights': nights,
        })
    return answer({'cod_error': inv.OK, 'package': {'id': pack['id'], 'name': pack['name']}, 'currency': inv.CURRENCY,
                   'checkIn': check_in, 'checkOut': check_out, 'options': options})
