#!/usr/bin/python3
"""Django's command-line utility for the reference bookcore (run it with the system /usr/bin/python3)."""
import os
import sys

if __name__ == '__main__':
    os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'bookcore_demo.settings')
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
