// The whole test suite, as CI and developers run it: typecheck, lint, format check, build, Vitest (unit,
// integration and UI tests).
// Prints a last line "N passed, N failed" counting the tests and the checks that ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'backoffice-test-'));
const report = join(dir, 'vitest.json');
let passed = 0;
let failed = 0;

function run(name, command, args) {
  console.log(`\n== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
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

// The keychain tests need a real Secret Service: where dbus-run-session and gnome-keyring exist, the tests
// run inside a private D-Bus session with a keyring unlocked in a throwaway folder.
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const vitest = ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
const keyring = join(dir, 'keyring');
const vitestOk =
  has('dbus-run-session') && has('gnome-keyring-daemon')
    ? run('tests (in a D-Bus session with gnome-keyring)', 'dbus-run-session', [
        '--',
        'sh',
        '-c',
        `export XDG_DATA_HOME='${keyring}'; mkdir -p '${keyring}'; echo -n test | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; export KEYCHAIN_TESTS=1; exec ${vitest.map((a) => `'${a}'`).join(' ')}`,
      ])
    : run('tests', vitest[0], vitest.slice(1));
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  if (!vitestOk && results.numFailedTests === 0) failed++; // a suite that failed to load counts too
} catch {
  failed++;
  console.log('!! tests produced no report');
}

rmSync(dir, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
