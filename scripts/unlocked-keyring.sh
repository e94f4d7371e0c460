#!/bin/sh
# Starts gnome-keyring's Secret Service in this D-Bus session, its login keyring unlocked, waits until it
# answers on the bus, then runs the command given. The wait matters: the daemon's first process returns
# before the service has taken its name on the bus, and a keychain call made in between has D-Bus start
# another daemon, one without the unlocked keyring, which then answers every later call (every keychain
# test then fails with "no login collection").
printf 'test' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
tries=0
until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
  org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'; do
  tries=$((tries + 1))
  if [ "$tries" -ge 100 ]; then
    echo 'gnome-keyring did not answer on the session bus within 10 s' >&2
    break
  fi
  sleep 0.1
done
exec "$@"
