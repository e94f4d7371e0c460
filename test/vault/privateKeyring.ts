/**
 * A process on a desktop of its own: its own D-Bus session (dbus-run-session) and an unlocked gnome-keyring whose
 * data and runtime folder (where the daemon's control socket is) are both in `folder`. With the runtime folder
 * shared, a second daemon joins the first one's keyring, and a test that locks "its" keyring locks every other
 * test's keychain in the same run.
 */
export const onPrivateKeyring = (folder: string, command: string): string[] => [
  '--',
  'sh',
  '-c',
  `export XDG_DATA_HOME='${folder}' XDG_RUNTIME_DIR='${folder}/run'; mkdir -p '${folder}/run'; chmod 700 '${folder}/run'; echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec ${command}`,
];
