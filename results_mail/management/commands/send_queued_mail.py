"""post_office's send_queued_mail, one sender at a time across app servers, with waits that
grow between a failed mail's tries (results_mail/sending.py). It takes post_office's place
(results_mail comes before post_office in INSTALLED_APPS); its options are post_office's."""

from post_office.management.commands.send_queued_mail import Command as PostOfficeCommand

from results_mail.sending import send_now


class Command(PostOfficeCommand):
    help = "Send the mails waiting in the queue (results by mail), then exit."

    def handle(self, *args, **options):
        sent, failed = send_now(options["lockfile"], options.get("log_level"))
        # Quiet when there was nothing to send: a timer's run every few minutes mails its
        # output to root on many servers.
        if sent or failed or options["verbosity"] > 1:
            self.stdout.write(f"{sent} sent, {failed} to try again later or given up.")
