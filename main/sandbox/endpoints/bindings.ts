/**
 * Stored-credential management: getBindings.do, getBindingsByCardOrId.do, unBindCard.do, bindCard.do,
 * extendBinding.do (docs/gateway-facts.md, "Stored credentials").
 */
import { SPECS } from '../../protocol/endpoints.js';
import { yearMonth } from '../clock.js';
import { refuse } from '../errors.js';
import { isExpired } from '../engine/credentials.js';
import { message, words } from '../messages.js';
import type { Binding, BindingCategory } from '../state/model.js';
import { bindingRecord } from '../views.js';
import { endpoint, type RequestContext } from './endpoint.js';

const TYPE: Record<'C' | 'R' | 'I', BindingCategory> = { C: 'COMMON', R: 'RECURRENT', I: 'INSTALLMENT' };

/** The listing answer; nothing found is errorCode 2 with an empty array (sandbox choice). */
function listing(ctx: RequestContext, found: Binding[], showExpired: boolean) {
  const now = ctx.core.clock.now();
  const shown = found.filter((b) => b.active && (showExpired || !isExpired(b, now)));
  return shown.length === 0
    ? { errorCode: '2', errorMessage: message('noBindings', ctx.language), bindings: [] }
    : { errorCode: '0', errorMessage: message('success', ctx.language), bindings: shown.map(bindingRecord) };
}

const ok = (ctx: RequestContext) => ({ errorCode: '0', errorMessage: message('success', ctx.language) });

export const bindingEndpoints = [
  endpoint(SPECS.getBindings, {
    handle: (ctx, p) => {
      const found = ctx.core.state
        .bindingsOf(ctx.merchant.login, p.clientId)
        .filter(
          (b) => (p.bindingId === undefined || b.id === p.bindingId) && (p.bindingType === undefined || b.category === TYPE[p.bindingType]),
        );
      return listing(ctx, found, p.showExpired ?? false);
    },
  }),
  endpoint(SPECS.getBindingsByCardOrId, {
    handle: (ctx, p) => {
      const { state } = ctx.core;
      let found: Binding[];
      // The card number wins over bindingId.
      if (p.pan !== undefined) found = state.bindingsByCard(ctx.merchant.login, ctx.core.fingerprint(p.pan));
      else if (p.bindingId !== undefined) found = [state.binding(ctx.merchant.login, p.bindingId)].filter((b) => b !== undefined);
      else refuse(4, 'missing', ctx.language, { name: words('credential.panOrBindingId') });
      return listing(ctx, found, p.showExpired ?? false);
    },
  }),
  endpoint(SPECS.unBindCard, {
    handle: (ctx, p) => {
      const b = ctx.core.state.binding(ctx.merchant.login, p.bindingId);
      if (!b || !b.active) refuse(2, 'bindingInactive', ctx.language);
      b.active = false;
      ctx.core.state.saveBinding(b);
      return ok(ctx);
    },
  }),
  endpoint(SPECS.bindCard, {
    handle: (ctx, p) => {
      const b = ctx.core.state.binding(ctx.merchant.login, p.bindingId);
      if (!b || b.active) refuse(2, 'bindingActive', ctx.language);
      b.active = true;
      ctx.core.state.saveBinding(b);
      return ok(ctx);
    },
  }),
  endpoint(SPECS.extendBinding, {
    // extendBinding.do reports every missing or invalid parameter as errorCode 1.
    violationCode: () => 1,
    handle: (ctx, p) => {
      const b = ctx.core.state.binding(ctx.merchant.login, p.bindingId);
      if (!b) refuse(2, 'bindingNotFound', ctx.language);
      if (p.newExpiry < yearMonth(ctx.core.clock.now())) {
        refuse(1, 'wrong', ctx.language, { name: 'newExpiry', rule: words('credential.monthNotPast') });
      }
      b.card = { ...b.card, expiry: p.newExpiry };
      ctx.core.state.saveBinding(b);
      return ok(ctx);
    },
  }),
];
