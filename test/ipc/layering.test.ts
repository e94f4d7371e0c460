/**
 * The IPC layer sits on top: main/ipc imports services, the store, the gateway client and the sandbox,
 * never the reverse. ESLint's no-restricted-imports (eslint.config.js) keeps it so; this checks that the
 * rule refuses such an import in each of those layers, and that none of their files has one.
 */
import { ESLint } from 'eslint';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const LAYERS = ['main/services', 'main/store', 'main/gateway', 'main/sandbox'] as const;
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });

const restricted = (results: ESLint.LintResult[]): string[] =>
  results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}: ${m.message}`));

describe('layering: nothing below main/ipc imports it', () => {
  it('refuses an import of main/ipc/ in services, the store, the gateway client and the sandbox, type imports too', async () => {
    for (const layer of LAYERS) {
      for (const [file, from] of [
        [`${layer}/probe.ts`, '../ipc/contract.js'],
        [`${layer}/nested/probe.ts`, '../../ipc/channels.js'],
      ] as const) {
        for (const code of [`import type { Role } from '${from}';\nexport type R = Role;\n`, `export { CHANNELS } from '${from}';\n`]) {
          const found = restricted(await eslint.lintText(code, { filePath: `${root}${file}` }));
          expect(found, `${file}: ${code}`).toHaveLength(1);
          expect(found[0]).toContain('must not import main/ipc/');
        }
      }
    }
  });

  it('lets the layers above import it (the Electron adapter, the entry points)', async () => {
    const code = "import type { Envelope } from '../ipc/contract.js';\nexport type E = Envelope<number>;\n";
    expect(restricted(await eslint.lintText(code, { filePath: `${root}main/shell/probe.ts` }))).toEqual([]);
  });

  it('finds no such import in those layers today (the role profile service and the audit log included)', async () => {
    expect(restricted(await eslint.lintFiles([...LAYERS]))).toEqual([]);
  });
});

describe('layering: main/domain is the bottom of main/', () => {
  it('refuses an import of any layer above it, the sandbox and the services included', async () => {
    for (const from of [
      '../services/orders.js',
      '../sandbox/index.js',
      '../store/database.js',
      '../ipc/contract.js',
      '../phrases/phrase.js',
    ]) {
      const found = restricted(
        await eslint.lintText(`import type { X } from '${from}';\nexport type Y = X;\n`, { filePath: `${root}main/domain/probe.ts` }),
      );
      expect(found, from).toHaveLength(1);
      expect(found[0]).toContain('main/domain is the bottom of main/');
    }
    // Its own modules it may import.
    expect(
      restricted(await eslint.lintText("export { luhnValid } from './cardNumbers.js';\n", { filePath: `${root}main/domain/probe.ts` })),
    ).toEqual([]);
  });

  it("is imported by every layer that checks for card numbers, the sandbox's console among them; it imports none of them", async () => {
    expect(restricted(await eslint.lintFiles(['main/domain']))).toEqual([]);
    const redaction = readFileSync(`${root}main/sandbox/console/redaction.ts`, 'utf8');
    expect(redaction).toContain("from '../../domain/cardNumbers.js'");
    expect(redaction).not.toMatch(/from '\.\.\/\.\.\/services\//);
    expect(existsSync(`${root}main/services/cardNumbers.ts`)).toBe(false);
  });
});

describe('layering: each layer of main/ imports only those below it, and the renderer main by its contract', () => {
  const lint = async (file: string, from: string) =>
    restricted(await eslint.lintText(`import type { X } from '${from}';\nexport type Y = X;\n`, { filePath: `${root}${file}` }));

  it('refuses the store, the gateway client and the sandbox an import of a layer above or beside them', async () => {
    for (const [file, from] of [
      ['main/store/probe.ts', '../services/orders.js'],
      ['main/store/probe.ts', '../gateway/client.js'],
      ['main/store/probe.ts', '../vault/vault.js'],
      ['main/gateway/probe.ts', '../store/database.js'],
      ['main/gateway/probe.ts', '../services/orders.js'],
      ['main/gateway/probe.ts', '../sandbox/index.js'],
      ['main/sandbox/engine/probe.ts', '../../gateway/client.js'],
      ['main/sandbox/probe.ts', '../store/database.js'],
      ['main/sandbox/probe.ts', '../services/orders.js'],
    ] as const) {
      const found = await lint(file, from);
      expect(found, `${file}: ${from}`).toHaveLength(1);
      expect(found[0]).toContain('imports main/domain, main/protocol and main/phrases only');
    }
    // Below them, they may: the domain, the wire protocol, main's words; the sandbox, the store's private files.
    for (const [file, from] of [
      ['main/store/probe.ts', '../domain/orderStatus.js'],
      ['main/gateway/probe.ts', '../protocol/endpoints.js'],
      ['main/gateway/probe.ts', '../phrases/phrase.js'],
      ['main/sandbox/state/probe.ts', '../../store/privateFiles.js'],
    ] as const)
      expect(await lint(file, from), `${file}: ${from}`).toEqual([]);
  });

  it('lets the renderer import main/ipc/contract, main/domain and main/phrases only', async () => {
    for (const from of ['../../../main/services/periodViews', '../../../main/store/database.js', '../../../main/ipc/handlers.js']) {
      const found = await lint('renderer/src/features/probe.ts', from);
      expect(found, from).toHaveLength(1);
      expect(found[0]).toContain('The renderer imports main/ipc/contract, main/domain and main/phrases only');
    }
    for (const from of ['../../../main/ipc/contract', '../../../main/domain/period', '../../../main/phrases/en'])
      expect(await lint('renderer/src/features/probe.ts', from), from).toEqual([]);
  });

  it('finds no such import in the tree today', async () => {
    expect(restricted(await eslint.lintFiles(['main', 'renderer/src']))).toEqual([]);
  });
});
