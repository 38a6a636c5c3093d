"""Every path the widget calls (docs/bookcore-contract.md), bookcore's pages, and the demo's static files."""
from django.urls import path, re_path

from loyalty import cart, mobile, pages, views

urlpatterns = [
    # Loyalty (JSON)
    path('bookcore/partempresas/loyalty/settings/', views.loyalty_settings),
    path('bookcore/loyalty/ajax/user/', views.current_user),
    path('bookcore/loyalty/ajax/signin/', views.signin),
    path('bookcore/loyalty/ajax/signup/', views.signup),
    path('bookcore/loyalty/validate/<str:uidb64>/<str:token>/', views.validate_email),
    path('bookcore/partempresas/ajax/logout/', views.logout_view),
    path('bookcore/loyalty/ajax/password/recovery/', views.password_recovery),
    path('bookcore/loyalty/ajax/password/recovery/change/', views.password_change),
    path('bookcore/partempresas/login-particular-integracion/', views.social_signin),
    path('bookcore/partempresas/loyalty/social/check-user/', views.social_check_user),
    path('bookcore/availability/loyalty/', views.loyalty_availability),
    path('bookcore/availability/loyalty/<str:hotel>/', views.loyalty_availability),
    path('bookcore/set-cookie/', views.set_cookie),
    # Cart and package availability (JSON)
    path('bookcore/shopping-cart/json/', cart.show_cart),
    path('bookcore/shopping-cart/drop/', cart.drop_cart),
    path('bookcore/shopping-cart/add-package/', cart.add_package),
    path('bookcore/shopping-cart/delete-package/', cart.delete_package),
    path('bookcore/shopping-cart/best-upgradable-room/', cart.best_upgradable_room),
    path('bookcore/shopping-cart/upgradable-room/json/<str:item_uuid>/', cart.upgradable_rooms),
    path('bookcore/shopping-cart/upgrade-room/', cart.upgrade_room),
    path('bookcore/packages/<str:pack_id>/availability/', cart.package_availability),
    # The mobile section (JSON): content GETs about one hotel, schema.org POSTs, the loyalty auth POSTs
    re_path(r'^m2/ajax/hotel/(?P<hotel_code>[^/]+)/room/(?P<room_code>[^/]+)/?$', mobile.hotel_room),
    re_path(r'^m2/ajax/schema/(?P<page>[a-z]+)/?$', mobile.schema),
    re_path(r'^m2/ajax/signup/?$', views.signup),
    re_path(r'^m2/ajax/signin/?$', views.signin),
    re_path(r'^m2/ajax/password/recovery/?$', views.password_recovery),
    re_path(r'^m2/ajax/password/recovery/change/?$', views.password_change),
    re_path(r'^m2/ajax/(?P<section>[a-z/]+?)/?$', mobile.content),
    # Bookcore's pages (HTML)
    path('bookcore/password/cambiar/<str:uidb64>/<str:token>/', pages.password_change_page),
    path('bookcore/loyalty/validado/', pages.validated_page),
    path('bookcore/availability/', pages.availability_page),
    path('bookcore/availability/reset/', pages.availability_reset, name='availability-reset'),
    path('bookcore/shopping-cart/', pages.shopping_cart_page),
    re_path(r'^bookcore/(?P<path>.*)$', views.not_found),
    # The hotel site's own pages
    path('', pages.home),
    path('paquete/', pages.package_page),
    path('hoteles/', pages.hotels_page),
    path('hotel/', pages.hotel_page),
    path('contacto/', pages.contact),
    # Static files (demo only; a real site serves STATIC_ROOT from its web server)
    re_path(r'^static/loyalty-elements/(?P<path>.+)$', pages.dist),
    re_path(r'^static/sdk/(?P<path>[a-z-]+\.js)$', pages.sdk),
    path('static/demo.css', pages.demo_css),
    path('static/builds/loyalty/loyalty.css', pages.default_loyalty_css),
    re_path(r'^static/(?P<project>[a-z0-9][a-z0-9-]{0,63})/loyalty/loyalty\.css$', pages.brand_css),
    re_path(r'^static/img/(?P<path>[a-z0-9_/-]+)\.svg$', pages.placeholder_image),
    re_path(r'^legal/(?P<name>[a-z]+)\.html$', pages.legal),
    path('__dev/mailbox.json', pages.dev_mailbox),
]
