/**
 * The runner behind `npm test` (scripts/test-all.mjs): how it counts Vitest's report into the closing
 * "N passed, N failed" line, and how it decides that the keychain, UI and PostgreSQL tests cannot run on a machine.
 * Its functions are called in a child Node, as the runner itself runs (plain JavaScript, no tsx).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'backoffice-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Calls the runner's exported function `call` (an expression over `m`) in a child Node and returns its JSON. */
function runner(call: string, env: NodeJS.ProcessEnv = process.env): unknown {
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import('./scripts/test-all.mjs'); console.log(JSON.stringify(${call}) ?? 'null');`],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`the runner failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

describe('the closing line of npm test', () => {
  it('counts every test file that failed to load as one failed test, besides the failed tests', () => {
    const file = (name: string) => join(root, name);
    const report = {
      numPassedTests: 7,
      numFailedTests: 1,
      testResults: [
        { name: file('test/a.test.ts'), status: 'passed', assertionResults: [{ status: 'passed' }] },
        // Failed to load: no test results, the error in message.
        { name: file('test/b.test.ts'), status: 'failed', message: 'Failed to load keytar native addon\n  at ...', assertionResults: [] },
        { name: file('test/c.test.ts'), status: 'failed', failureMessage: 'Cannot find module x' },
        // A failed test: counted once, by numFailedTests.
        { name: file('test/d.test.ts'), status: 'failed', assertionResults: [{ status: 'passed' }, { status: 'failed' }] },
      ],
    };
    const path = join(dir, 'report.json');
    writeFileSync(path, JSON.stringify(report));
    expect(runner(`m.tally(JSON.parse((await import('node:fs')).readFileSync(${JSON.stringify(path)}, 'utf8')))`)).toEqual({
      passed: 7,
      failed: 3,
      broken: [
        { file: 'test/b.test.ts', why: 'Failed to load keytar native addon' },
        { file: 'test/c.test.ts', why: 'Cannot find module x' },
      ],
    });
  });
});

describe('what npm test skips', () => {
  it('skips the keychain tests where the keychain library does not load, naming libsecret-1-0, even with gnome-keyring installed', () => {
    // The runner's probe is a child Node, which inherits NODE_OPTIONS: keytar's addon fails to load there
    // as on a machine without libsecret.
    const env = {
      ...process.env,
      NODE_OPTIONS: `--import tsx --import ${join(root, 'test/vault/hide-libsecret.ts')}`,
    };
    expect(runner('m.keychainSkipReason()', env)).toMatch(
      /^the keychain library does not load \(libsecret-1\.so\.0: cannot open shared object file.*\): install Debian's libsecret-1-0.*apt-get install libsecret-1-0 gnome-keyring dbus/,
    );
  });

  it('skips the UI tests where no Chromium can be run, saying what to install', () => {
    const fake = join(dir, 'chromium');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(runner(`m.browserSkipReason(${JSON.stringify(fake)})`)).toBeNull();
    for (const missing of [join(dir, 'none'), '/dev/null']) {
      expect(runner(`m.browserSkipReason(${JSON.stringify(missing)})`)).toBe(
        `Chromium not found at ${missing}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
      );
    }
  });

  it("skips the PostgreSQL tests where no PostgreSQL 13 or newer can be run, naming Debian's postgresql", () => {
    const bin = (name: string, programs: Record<string, string>) => {
      const folder = join(dir, name);
      mkdirSync(folder);
      for (const [program, script] of Object.entries(programs)) {
        writeFileSync(join(folder, program), script);
        chmodSync(join(folder, program), 0o755);
      }
      return folder;
    };
    const empty = bin('pg-none', {});
    // The programs covered by /dev/null, as on the bare machine of .ci/run.
    const covered = bin('pg-covered', {});
    for (const program of ['initdb', 'pg_ctl']) symlinkSync('/dev/null', join(covered, program));
    for (const folder of [empty, covered]) {
      expect(runner('m.postgresSkipReason()', { ...process.env, PG_BIN: folder })).toBe(
        `no initdb and pg_ctl in PG_BIN (${folder}): install Debian's postgresql (apt-get install postgresql) or point PG_BIN at the bin folder of PostgreSQL 13 or newer`,
      );
    }
    const old = bin('pg-12', { initdb: '#!/bin/sh\n', pg_ctl: "#!/bin/sh\necho 'pg_ctl (PostgreSQL) 12.17'\n" });
    expect(runner('m.postgresSkipReason()', { ...process.env, PG_BIN: old })).toBe(
      `${old}/pg_ctl is not PostgreSQL 13 or newer (it says "pg_ctl (PostgreSQL) 12.17"): install Debian's postgresql (apt-get install postgresql) or set PG_BIN`,
    );
  });
});
