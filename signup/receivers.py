"""The sign-up list follows the roster: a player merged into another (clubs' player_merge) is
the other on every list they were put down on, as themselves or as a partner."""

from django.dispatch import receiver

from clubs.signals import player_merging

from .models import SignUp


@receiver(player_merging)
def _merge(sender, keep, other, merge, **kwargs):
    SignUp.objects.filter(player=other).update(player=keep)
    SignUp.objects.filter(partner=other).update(partner=keep)
