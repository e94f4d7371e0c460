/**
 * The contract is split by workspace (main/ipc/contract/<workspace>.ts) behind one index: each workspace
 * module holds exactly its own channels' schemas, together they hold every channel once, and the map the
 * dispatcher validates with is made of those very schemas, not copies.
 */
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../main/ipc/channels.js';
import { INPUT_SCHEMAS, MAX_KEY_DAYS, MIN_PASSPHRASE, ROLES } from '../../main/ipc/contract.js';
import { auditSchemas } from '../../main/ipc/contract/audit.js';
import { cardsSchemas } from '../../main/ipc/contract/cards.js';
import { chargesSchemas } from '../../main/ipc/contract/charges.js';
import { customersSchemas } from '../../main/ipc/contract/customers.js';
import { keysSchemas } from '../../main/ipc/contract/keys.js';
import { ordersSchemas } from '../../main/ipc/contract/orders.js';
import { periodSchemas } from '../../main/ipc/contract/period.js';
import { rolesSchemas } from '../../main/ipc/contract/roles.js';
import { sandboxSchemas } from '../../main/ipc/contract/sandbox.js';
import { settingsSchemas } from '../../main/ipc/contract/settings.js';
import * as roles from '../../main/domain/roles.js';

/** Each workspace module and the channel names it owns. */
const WORKSPACES = [
  { module: settingsSchemas, owns: (c: string) => c === 'app.info' || c.startsWith('settings.') },
  { module: ordersSchemas, owns: (c: string) => c.startsWith('orders.') },
  { module: auditSchemas, owns: (c: string) => c.startsWith('audit.') },
  { module: keysSchemas, owns: (c: string) => c.startsWith('keys.') },
  { module: cardsSchemas, owns: (c: string) => c.startsWith('bindings.') },
  { module: chargesSchemas, owns: (c: string) => c.startsWith('charges.') },
  { module: rolesSchemas, owns: (c: string) => c.startsWith('roles.') },
  { module: periodSchemas, owns: (c: string) => c.startsWith('period.') },
  { module: sandboxSchemas, owns: (c: string) => c.startsWith('sandbox.') },
  { module: customersSchemas, owns: (c: string) => c.startsWith('customers.') },
] as const;

describe('the contract split by workspace', () => {
  it('gives each workspace module exactly its own channels', () => {
    for (const { module, owns } of WORKSPACES) {
      expect(Object.keys(module).length).toBeGreaterThan(0);
      expect(Object.keys(module).filter((c) => !owns(c))).toEqual([]);
      expect(Object.keys(module).sort()).toEqual(CHANNELS.filter(owns).sort());
    }
  });

  it('assembles every channel once, from the workspace modules themselves', () => {
    const fromWorkspaces = WORKSPACES.flatMap(({ module }) => Object.entries(module));
    expect(fromWorkspaces.map(([c]) => c).sort()).toEqual([...CHANNELS].sort());
    expect(Object.keys(INPUT_SCHEMAS).sort()).toEqual([...CHANNELS].sort());
    for (const [channel, schema] of fromWorkspaces) expect(INPUT_SCHEMAS[channel as keyof typeof INPUT_SCHEMAS]).toBe(schema);
  });

  it('re-exports what importers used from contract.ts, the role words from the services module', () => {
    expect(ROLES).toBe(roles.ROLES);
    expect(MIN_PASSPHRASE).toBe(roles.MIN_PASSPHRASE);
    expect(MAX_KEY_DAYS).toBe(1095);
  });
});
