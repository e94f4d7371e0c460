/**
 * The approvals channels over the environment's Approvals service. Who may approve is decided in the journal's
 * transaction (store/approvals.ts); here a result becomes what the screens read, and every step is told to the
 * other screens of this desk (the other desks hear of it from the team database).
 */
import { approvalRequestView } from '../../services/approvals.js';
import { chargeResult } from '../../services/chargeViews.js';
import type { RequestChange } from '../../store/approvals.js';
import type { ApprovalResult, approvalsChannels } from '../contract.js';
import { IpcFailure } from '../errors.js';
import type { HandlerContext, HandlersOf } from './context.js';
import { operationResult } from './orders.js';

export function approvalsHandlers({ core, events }: HandlerContext): HandlersOf<typeof approvalsChannels> {
  const reader = () => core.sessions.person()?.id;
  const ended = async (change: Promise<RequestChange>) => {
    const r = await change;
    if (r.kind === 'refused') throw new IpcFailure('invalidInput', r.reason);
    events.publish({ type: 'approvals.changed' });
    return approvalRequestView(r.request, reader());
  };
  return {
    'approvals.list': async ({ live, limit }) =>
      (await core.services.approvals.list(live, limit)).map((r) => approvalRequestView(r, reader())),
    'approvals.approve': async ({ id }): Promise<ApprovalResult> => {
      const done = await core.services.approvals.approve(id);
      // An approval may have journalled a refund or a charge.
      events.publish({ type: 'approvals.changed' });
      events.publish({ type: 'charges.changed' });
      if (done.kind === 'refused') return { action: 'none', reason: done.reason };
      if (done.kind === 'batch') return { action: 'batch', request: approvalRequestView(done.request, reader()) };
      if (done.kind === 'charge') {
        const senderOf = core.services.charges.sender.bind(core.services.charges);
        return { action: 'charge', result: chargeResult(done.outcome, senderOf) };
      }
      const o = done.outcome;
      const kind = 'operation' in o ? o.operation.kind : 'refund';
      return { action: 'refund', result: await operationResult({ core, events }, kind, o, done.orderId) };
    },
    'approvals.withdraw': ({ id }) => ended(core.services.approvals.withdraw(id)),
    'approvals.decline': ({ id }) => ended(core.services.approvals.decline(id)),
  };
}
