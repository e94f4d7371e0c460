// The whole test suite, as CI and developers run it: typecheck, lint, format check, build, Vitest (unit,
// integration and UI tests).
// Prints a last line "N passed, N failed" counting the tests and the checks that ran; a test file that
// fails to load counts as one failed test.
//
// Tests that need what a machine may lack are skipped, each kind with one line saying why and what to
// install, printed just before the closing line:
// - the keychain tests need the keychain library to load (keytar's native addon, linked against Debian's
//   libsecret-1-0) and, to get a real Secret Service, dbus-run-session and gnome-keyring-daemon; with all
//   of them they run inside a private D-Bus session with a keyring unlocked in a throwaway folder
//   (KEYCHAIN_TESTS=1). REQUIRE_KEYCHAIN=1 (CI) makes their absence a failure instead.
// - the UI tests need Chromium (/usr/bin/chromium or CHROMIUM_PATH); REQUIRE_BROWSER=1 (CI) makes its
//   absence fail them instead (test/e2e/browser.ts).
// - the PostgreSQL tests need Debian's postgresql, whose server programs start a throwaway cluster
//   (scripts/postgresBinaries.mjs says where they are looked for); REQUIRE_POSTGRES=1 (CI) makes their absence
//   fail them instead (test/store/postgresCluster.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { postgresSkipReason } from './postgresBinaries.mjs';
import { runnable } from './runnable.mjs';

export { postgresSkipReason };

const root = fileURLToPath(new URL('..', import.meta.url));
/** Starts the run's gnome-keyring, unlocked, and runs a command once it answers. */
const UNLOCKED_KEYRING = join(root, 'scripts', 'unlocked-keyring.sh');

/**
 * Counts a Vitest JSON report: its passed and failed tests, and one failed test for every file that failed
 * without a failed test of its own (it failed to load, or a hook outside any test threw).
 */
export function tally(results) {
  let passed = results.numPassedTests ?? 0;
  let failed = results.numFailedTests ?? 0;
  const broken = [];
  for (const file of results.testResults ?? []) {
    if (file.status !== 'failed') continue;
    if ((file.assertionResults ?? []).some((a) => a.status === 'failed')) continue;
    failed++;
    const why = String(file.message || file.failureMessage || 'no test result').split('\n')[0];
    broken.push({ file: relative(root, file.name), why });
  }
  return { passed, failed, broken };
}

/** Why keytar's native addon will not load here (in the dynamic linker's words where it says), or undefined. */
function keytarLoadError() {
  const probe = `
    try { require('@github/keytar'); }
    catch (e) {
      let why = e.message;
      try {
        const dir = require('node:path').dirname(require.resolve('@github/keytar/package.json'));
        require(dir + '/build/Release/keytar.node');
      } catch (f) { if (f.code !== 'MODULE_NOT_FOUND') why = f.message; }
      console.error(why);
      process.exit(1);
    }`;
  const r = spawnSync(process.execPath, ['-e', probe], { cwd: root, encoding: 'utf8' });
  if (r.status === 0) return undefined;
  return (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').at(-1);
}

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Why the keychain tests cannot run here, with what to install, or undefined if they can. */
export function keychainSkipReason() {
  const error = keytarLoadError();
  if (error)
    return `the keychain library does not load (${error}): install Debian's libsecret-1-0, and gnome-keyring and dbus for a Secret Service (apt-get install libsecret-1-0 gnome-keyring dbus)`;
  const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !has(c));
  if (missing.length > 0)
    return `no ${missing.join(' and ')} for a private Secret Service: install Debian's gnome-keyring and dbus (apt-get install gnome-keyring dbus)`;
  return undefined;
}

/** Why the UI tests cannot run here, with what to install, or undefined if Chromium is there to run. */
export function browserSkipReason(chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
  if (runnable(chromium)) return undefined;
  return `Chromium not found at ${chromium}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`;
}

function main() {
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-test-'));
  const report = join(dir, 'vitest.json');
  let passed = 0;
  let failed = 0;
  const notes = [];

  function run(name, command, args, env = process.env) {
    console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, { stdio: 'inherit', env });
    return result.status === 0;
  }

  function check(name, command, args) {
    if (run(name, command, args)) passed++;
    else {
      failed++;
      console.log(`!! ${name} failed`);
    }
  }

  check('typecheck', 'npx', ['tsc', '-b']);
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  check('format', 'npx', ['prettier', '--check', '.']);
  // Built before the tests: the UI tests drive the built renderer.
  check('build', 'npx', ['electron-vite', 'build']);

  const keychainSkip = keychainSkipReason();
  const browserSkip = browserSkipReason();
  const postgresSkip = postgresSkipReason();
  if (keychainSkip) {
    if (process.env.REQUIRE_KEYCHAIN) {
      failed++;
      notes.push(`!! keychain tests required (REQUIRE_KEYCHAIN) but cannot run: ${keychainSkip}`);
    } else notes.push(`keychain tests skipped: ${keychainSkip}`);
  }
  // Under REQUIRE_BROWSER the UI test files fail instead (test/e2e/browser.ts), and are counted below.
  if (browserSkip && !process.env.REQUIRE_BROWSER) notes.push(`UI tests skipped: ${browserSkip}`);
  // Likewise under REQUIRE_POSTGRES (test/store/postgresCluster.ts).
  if (postgresSkip && !process.env.REQUIRE_POSTGRES) notes.push(`PostgreSQL tests skipped: ${postgresSkip}`);

  // The skips are said once here, not again by every test file.
  const env = { ...process.env, SKIPS_ANNOUNCED: '1' };
  delete env.KEYCHAIN_TESTS;
  const vitest = ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const keyring = join(dir, 'keyring');
  const vitestOk = keychainSkip
    ? run('tests', vitest[0], vitest.slice(1), env)
    : run(
        'tests (in a D-Bus session with gnome-keyring)',
        'dbus-run-session',
        [
          '--',
          'sh',
          '-c',
          // The keyring's data and its control socket (under XDG_RUNTIME_DIR) are the run's own: a desktop
          // user's keyring, or a second run at the same time, is neither reached nor unlocked, nor locks this one.
          `export XDG_DATA_HOME='${keyring}' XDG_RUNTIME_DIR='${keyring}/run'; mkdir -p '${keyring}/run'; chmod 700 '${keyring}/run'; export KEYCHAIN_TESTS=1; exec sh '${UNLOCKED_KEYRING}' ${vitest.map((a) => `'${a}'`).join(' ')}`,
        ],
        env,
      );
  try {
    const counted = tally(JSON.parse(readFileSync(report, 'utf8')));
    passed += counted.passed;
    failed += counted.failed;
    for (const b of counted.broken) notes.push(`!! ${b.file} failed to load: ${b.why}`);
    if (!vitestOk && counted.failed === 0) {
      failed++;
      notes.push('!! vitest failed without a failed test');
    }
  } catch {
    failed++;
    notes.push('!! tests produced no report');
  }

  rmSync(dir, { recursive: true, force: true });
  if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
