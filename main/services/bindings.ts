/**
 * A client's stored credentials: listed by category with expiry flags, found by card or bindingId,
 * disabled, re-enabled and extended. Every change, success or failure, is audited; a card number used
 * to search is never written anywhere.
 */
import { maskCardField } from '../domain/cardNumbers.js';
import type { GatewayClient } from '../gateway/client.js';
import { GatewayClientError } from '../gateway/errors.js';
import type { BindingRecord } from '../gateway/responses.js';
import type { AuditRepository } from '../store/audit.js';
import { reasonFact, type AuditEvent } from '../store/auditEvents.js';

/** How far ahead an expiring card is flagged. */
export const EXPIRY_SOON_DAYS = 30;

export type BindingCategoryName = 'COMMON' | 'RECURRENT' | 'INSTALLMENT';

export interface BindingView {
  readonly bindingId: string;
  readonly category: BindingCategoryName | 'UNKNOWN';
  readonly maskedPan?: string;
  readonly paymentSystem?: string;
  readonly paymentWay?: string;
  readonly displayLabel?: string;
  /** YYYYMM; the card is valid to the end of that month. */
  readonly expiry?: string;
  readonly expired: boolean;
  readonly expiresSoon: boolean;
}

export interface BindingsByCategory {
  readonly common: readonly BindingView[];
  readonly recurrent: readonly BindingView[];
  readonly installment: readonly BindingView[];
}

/** The first moment after the card's last valid day (UTC), or undefined for an unreadable expiry. */
function endOfValidity(expiry: string | undefined): number | undefined {
  const m = expiry ? /^(\d{4})(0[1-9]|1[0-2])$/.exec(expiry) : null;
  return m ? Date.UTC(Number(m[1]), Number(m[2]), 1) : undefined;
}

export function bindingView(b: BindingRecord, now: number): BindingView {
  const expiry = b.expiryDate;
  const end = endOfValidity(expiry);
  const category =
    b.bindingCategory === 'COMMON' || b.bindingCategory === 'RECURRENT' || b.bindingCategory === 'INSTALLMENT'
      ? b.bindingCategory
      : 'UNKNOWN';
  return {
    bindingId: b.bindingId,
    category,
    // A card field: at most its first six and last four digits, whatever the gateway sent.
    ...(b.maskedPan ? { maskedPan: maskCardField(b.maskedPan) } : {}),
    ...(b.paymentSystem ? { paymentSystem: b.paymentSystem } : {}),
    ...(b.paymentWay ? { paymentWay: b.paymentWay } : {}),
    ...(b.displayLabel ? { displayLabel: b.displayLabel } : {}),
    ...(expiry ? { expiry } : {}),
    expired: end !== undefined && now >= end,
    expiresSoon: end !== undefined && now < end && end - now <= EXPIRY_SOON_DAYS * 86_400_000,
  };
}

export interface BindingServiceOptions {
  readonly environment: string;
  readonly osUser: string;
  readonly client: GatewayClient;
  readonly audit: AuditRepository;
  readonly now?: () => number;
}

export class BindingService {
  private readonly now: () => number;

  constructor(private readonly options: BindingServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async list(clientId: string, options: { showExpired?: boolean } = {}): Promise<BindingsByCategory> {
    const { bindings } = await this.options.client.getBindings({ clientId, showExpired: options.showExpired ?? false });
    const views = bindings.map((b) => bindingView(b, this.now()));
    return {
      common: views.filter((v) => v.category === 'COMMON'),
      recurrent: views.filter((v) => v.category === 'RECURRENT'),
      installment: views.filter((v) => v.category === 'INSTALLMENT'),
    };
  }

  async findByCard(pan: string, options: { showExpired?: boolean } = {}): Promise<BindingView[]> {
    const { bindings } = await this.options.client.getBindingsByCardOrId({ pan, showExpired: options.showExpired ?? true });
    return bindings.map((b) => bindingView(b, this.now()));
  }

  async findById(bindingId: string): Promise<BindingView[]> {
    const { bindings } = await this.options.client.getBindingsByCardOrId({ bindingId, showExpired: true });
    return bindings.map((b) => bindingView(b, this.now()));
  }

  disable(bindingId: string): Promise<void> {
    return this.change('binding.disable', bindingId, () => this.options.client.unBindCard({ bindingId }));
  }

  enable(bindingId: string): Promise<void> {
    return this.change('binding.enable', bindingId, () => this.options.client.bindCard({ bindingId }));
  }

  /** Extends the expiry to newExpiry (YYYYMM). */
  extend(bindingId: string, newExpiry: string): Promise<void> {
    return this.change('binding.extend', bindingId, () => this.options.client.extendBinding({ bindingId, newExpiry }), newExpiry);
  }

  private async change(
    action: 'binding.disable' | 'binding.enable' | 'binding.extend',
    bindingId: string,
    call: () => Promise<unknown>,
    until?: string,
  ): Promise<void> {
    const base = {
      at: this.now(),
      osUser: this.options.osUser,
      environment: this.options.environment,
      objectType: 'binding',
      objectId: bindingId,
    };
    const detail = until ? `to ${until}` : undefined;
    const event = (reason?: string): AuditEvent => {
      const why = reasonFact(reason);
      return action === 'binding.extend' ? { action, facts: { ...(until ? { until } : {}), ...why } } : { action, facts: why };
    };
    try {
      await call();
      this.options.audit.record({ ...base, ...event(), outcome: 'success', ...(detail ? { detail } : {}) });
    } catch (err) {
      const reason = err instanceof GatewayClientError ? err.message : String(err);
      this.options.audit.record({ ...base, ...event(reason), outcome: 'failure', detail: detail ? `${detail}: ${reason}` : reason });
      throw err;
    }
  }
}
