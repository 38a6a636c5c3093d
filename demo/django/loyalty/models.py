"""What a member has beyond contrib.auth's User (username = e-mail, first_name = nombre, last_name = apellidos)."""
from django.conf import settings
from django.db import models


class MemberProfile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name='loyalty')
    newsletter = models.BooleanField(default=False)
    # Other sign-up fields the hotel configured (e.g. `pais`), kept as posted.
    extra = models.JSONField(default=dict, blank=True)
    google_id = models.CharField(max_length=255, blank=True)
    facebook_id = models.CharField(max_length=255, blank=True)
