/**
 * What each channel does, over the app core: one file per workspace in handlers/, as the contract has one
 * per workspace in contract/. Inputs arrive already validated by the dispatcher; results are plain data
 * shaped by the contract, built field by field so that nothing the contract does not name (a client, a
 * credential) can ride along. Handlers translate; the services decide.
 */
import type { Handlers } from './dispatcher.js';
import { auditHandlers } from './handlers/audit.js';
import { cardsHandlers } from './handlers/cards.js';
import { chargesHandlers } from './handlers/charges.js';
import type { HandlerContext } from './handlers/context.js';
import { customersHandlers } from './handlers/customers.js';
import { keysHandlers } from './handlers/keys.js';
import { ordersHandlers } from './handlers/orders.js';
import { periodHandlers } from './handlers/period.js';
import { peopleHandlers } from './handlers/people.js';
import { approvalsHandlers } from './handlers/approvals.js';
import { twoFactorHandlers } from './handlers/twoFactor.js';
import { sessionHandlers } from './handlers/session.js';
import { sandboxHandlers } from './handlers/sandbox.js';
import { settingsHandlers } from './handlers/settings.js';

import { APPROVAL_REQUESTS, TEAM_AUDIT, TEAM_JOURNALS, TEAM_SETTINGS } from '../store/migrations.js';

export type { HandlerContext } from './handlers/context.js';

export function createHandlers(context: HandlerContext): Handlers {
  const { core, events } = context;
  // The batches' progress, to the screens; a batch charge's also means the charge journal changed.
  core.onBatchProgress((progress) => {
    events.publish(progress);
    if (progress.type === 'chargeBatch.progress') events.publish({ type: 'charges.changed' });
  });
  // A desk of the team recorded an audit entry, or charged, settled or operated: what is on screen is stale.
  // After a reconnection ('*') anything may have changed.
  // An order another desk charged or operated on: the order on screen reads again if it is one of them.
  core.onTeamChange((change) => {
    if (typeof change !== 'string') {
      events.publish(change.orders === '*' ? { type: 'orders.changed' } : { type: 'orders.changed', orders: change.orders });
      return;
    }
    const any = change === '*';
    if (any || (TEAM_JOURNALS as readonly string[]).includes(change)) events.publish({ type: 'charges.changed' });
    if (any || change === TEAM_AUDIT.table) events.publish({ type: 'audit.changed' });
    if (any || change === TEAM_SETTINGS) events.publish({ type: 'settings.changed' });
    if (any || change === APPROVAL_REQUESTS) events.publish({ type: 'approvals.changed' });
    if (any) events.publish({ type: 'orders.changed' });
  });
  return {
    ...settingsHandlers(context),
    ...ordersHandlers(context),
    ...auditHandlers(context),
    ...keysHandlers(context),
    ...cardsHandlers(context),
    ...chargesHandlers(context),
    ...sessionHandlers(context),
    ...peopleHandlers(context),
    ...approvalsHandlers(context),
    ...twoFactorHandlers(context),
    ...periodHandlers(context),
    ...sandboxHandlers(context),
    ...customersHandlers(context),
  };
}
