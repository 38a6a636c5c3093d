"""`manage.py seed_demo`: the demo's members (the same as the Node dev server's seed)."""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from loyalty.models import MemberProfile

MEMBERS = [
    # email, nombre, apellidos, active
    ('ana@example.com', 'Ana', 'García López', True),
    # Signed up but never followed the validation link: the "inactive account" paths.
    ('luis@example.com', 'Luis', 'Pérez Sanz', False),
]
PASSWORD = 'Loyalty2026!'


class Command(BaseCommand):
    help = 'Creates the demo members (password Loyalty2026!).'

    def handle(self, *args, **options):
        User = get_user_model()
        for email, nombre, apellidos, active in MEMBERS:
            if User.objects.filter(username=email).exists():
                continue
            user = User.objects.create_user(email, email, PASSWORD, first_name=nombre, last_name=apellidos, is_active=active)
            MemberProfile.objects.create(user=user)
