/**
 * The contract is split by workspace (main/ipc/contract/<workspace>.ts) behind one index: each workspace
 * module declares exactly its own channels, together they declare every channel once, and the map the
 * dispatcher, the permissions and the bindings read is made of those very declarations, not copies.
 */
import { describe, expect, it } from 'vitest';
import { CHANNELS, CONTRACT, MAX_KEY_DAYS, MIN_PASSWORD, ROLES } from '../../main/ipc/contract.js';
import { auditChannels } from '../../main/ipc/contract/audit.js';
import { cardsChannels } from '../../main/ipc/contract/cards.js';
import { chargesChannels } from '../../main/ipc/contract/charges.js';
import { customersChannels } from '../../main/ipc/contract/customers.js';
import { keysChannels } from '../../main/ipc/contract/keys.js';
import { ordersChannels } from '../../main/ipc/contract/orders.js';
import { periodChannels } from '../../main/ipc/contract/period.js';
import { peopleChannels } from '../../main/ipc/contract/people.js';
import { approvalsChannels } from '../../main/ipc/contract/approvals.js';
import { sessionChannels } from '../../main/ipc/contract/session.js';
import { sandboxChannels } from '../../main/ipc/contract/sandbox.js';
import { settingsChannels } from '../../main/ipc/contract/settings.js';
import { twoFactorChannels } from '../../main/ipc/contract/twoFactor.js';
import * as roles from '../../main/domain/roles.js';
import * as operators from '../../main/domain/operators.js';

/** Each workspace module and the channel names it owns. */
const WORKSPACES = [
  { module: settingsChannels, owns: (c: string) => c === 'app.info' || c.startsWith('settings.') },
  { module: ordersChannels, owns: (c: string) => c.startsWith('orders.') },
  { module: auditChannels, owns: (c: string) => c.startsWith('audit.') },
  { module: keysChannels, owns: (c: string) => c.startsWith('keys.') },
  { module: cardsChannels, owns: (c: string) => c.startsWith('cards.') },
  { module: chargesChannels, owns: (c: string) => c.startsWith('charges.') },
  { module: sessionChannels, owns: (c: string) => c.startsWith('session.') },
  { module: peopleChannels, owns: (c: string) => c.startsWith('people.') },
  { module: approvalsChannels, owns: (c: string) => c.startsWith('approvals.') },
  { module: twoFactorChannels, owns: (c: string) => c.startsWith('twoFactor.') },
  { module: periodChannels, owns: (c: string) => c.startsWith('period.') },
  { module: sandboxChannels, owns: (c: string) => c.startsWith('sandbox.') },
  { module: customersChannels, owns: (c: string) => c.startsWith('customers.') },
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
    expect(Object.keys(CONTRACT).sort()).toEqual([...CHANNELS].sort());
    for (const [channel, declaration] of fromWorkspaces) expect(CONTRACT[channel as keyof typeof CONTRACT]).toBe(declaration);
  });

  it('re-exports what importers used from contract.ts, the role words from the services module', () => {
    expect(ROLES).toBe(roles.ROLES);
    expect(MIN_PASSWORD).toBe(operators.MIN_PASSWORD);
    expect(MAX_KEY_DAYS).toBe(1095);
  });
});
