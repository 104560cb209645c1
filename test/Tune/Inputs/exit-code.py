#!/usr/bin/env python3
"""Runs the command in argv and prints its exit code ("exit N") after its
output, so that a test can check which failure a command reports."""
import subprocess
import sys

code = subprocess.run(sys.argv[1:]).returncode
sys.stdout.flush()
print(f"exit {code}")
