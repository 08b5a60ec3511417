#!/usr/bin/env bash
# Installs Debian's Chromium for the browser test of satsolve serve
# (cmd/internal/servecmd, TestBrowser, driven by chromedp). Safe to
# run repeatedly. Where the machine cannot install (no root, no apt), it
# says so and exits 0: the browser test then skips with a message saying
# Chromium is missing.
set -u
if command -v chromium >/dev/null 2>&1; then
  echo "install-browser: chromium present ($(command -v chromium))"; exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "install-browser: not root and no sudo; cannot install chromium" >&2; exit 0
  fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-browser: no apt-get; cannot install chromium" >&2; exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null 2>&1 || echo "install-browser: apt-get update failed" >&2
if ! $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null 2>&1; then
  echo "install-browser: apt-get install chromium failed" >&2
fi
echo "install-browser: chromium $(command -v chromium || echo missing)"
exit 0
