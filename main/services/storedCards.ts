/**
 * Stored cards as the operator sees them: what the gateway lists (enabled), plus the cards disabled from
 * this app, which the gateway no longer lists at all and which would otherwise vanish with no way back.
 * The gateway's answer always wins: a card it lists is enabled, whatever the app remembered. Card numbers
 * used to search are passed to the gateway and nowhere else; only masked cards are remembered.
 */
import { isUnreachable } from '../store/errors.js';
import type { KnownBinding, KnownBindingStore } from '../store/knownBindings.js';
import { bindingView, type BindingService, type BindingView } from './bindings.js';

export interface StoredCard extends BindingView {
  /** Known where a search by client showed the card (the gateway's lists by card or id do not say). */
  readonly clientId?: string;
  readonly enabled: boolean;
  /** When it was disabled from this app; the gateway does not list it since. */
  readonly disabledAt?: number;
}

export type StoredCardSearch = { readonly clientId: string } | { readonly bindingId: string } | { readonly cardNumber: string };

export interface StoredCardChange {
  readonly card: StoredCard;
  /** Whether a search after the change found the card listed by the gateway (false after disabling). */
  readonly listedByGateway: boolean;
}

export interface StoredCardsOptions {
  readonly environment: string;
  readonly bindings: BindingService;
  /** This desk's file's, or the team database's (the sandbox's are always the desk's own). */
  readonly known: KnownBindingStore;
  readonly now?: () => number;
}

export class StoredCards {
  private readonly now: () => number;

  constructor(private readonly options: StoredCardsOptions) {
    this.now = options.now ?? Date.now;
  }

  async find(search: StoredCardSearch, showExpired: boolean): Promise<StoredCard[]> {
    if ('clientId' in search) {
      const groups = await this.options.bindings.list(search.clientId, { showExpired });
      const listed: StoredCard[] = [];
      for (const v of [...groups.common, ...groups.recurrent, ...groups.installment]) listed.push(await this.listed(v, search.clientId));
      const ids = new Set(listed.map((c) => c.bindingId));
      const disabled = (await this.remembering(() => this.options.known.disabledOf(this.options.environment, search.clientId), []))
        .filter((k) => !ids.has(k.bindingId))
        .map((k) => this.remembered(k))
        .filter((c) => showExpired || !c.expired);
      return [...listed, ...disabled];
    }
    if ('bindingId' in search) {
      const found = (await this.options.bindings.findById(search.bindingId)).filter((v) => showExpired || !v.expired);
      if (found.length > 0) return Promise.all(found.map((v) => this.listed(v)));
      const k = await this.remembering(() => this.options.known.get(this.options.environment, search.bindingId), undefined);
      const card = k?.disabledAt !== undefined ? this.remembered(k) : undefined;
      return card && (showExpired || !card.expired) ? [card] : [];
    }
    return Promise.all((await this.options.bindings.findByCard(search.cardNumber, { showExpired })).map((v) => this.listed(v)));
  }

  /**
   * Disables a card at the gateway and remembers it disabled. The store is read first: where it cannot be
   * reached (the team database away), nothing is changed at the gateway, since no desk could then find the
   * card again.
   */
  async disable(bindingId: string): Promise<StoredCardChange> {
    await this.options.known.get(this.options.environment, bindingId);
    // What the card looks like now, to remember once the gateway stops listing it.
    const before = (await this.options.bindings.findById(bindingId))[0];
    await this.options.bindings.disable(bindingId);
    if (before) await this.listed(before);
    await this.options.known.markDisabled(this.options.environment, bindingId, this.now());
    return this.after(bindingId);
  }

  async enable(bindingId: string): Promise<StoredCardChange> {
    await this.options.known.get(this.options.environment, bindingId);
    await this.options.bindings.enable(bindingId);
    await this.options.known.markEnabled(this.options.environment, bindingId);
    return this.after(bindingId);
  }

  async extend(bindingId: string, newExpiry: string): Promise<StoredCardChange> {
    await this.options.bindings.extend(bindingId, newExpiry);
    const change = await this.after(bindingId);
    return change.listedByGateway ? change : { ...change, card: this.withExpiry(change.card, newExpiry) };
  }

  /** The card as the gateway lists it after a change, else as the app remembers it. */
  private async after(bindingId: string): Promise<StoredCardChange> {
    const now = (await this.options.bindings.findById(bindingId))[0];
    if (now) return { card: await this.listed(now), listedByGateway: true };
    const k = await this.options.known.get(this.options.environment, bindingId);
    const card = k ? this.remembered(k) : { bindingId, category: 'UNKNOWN' as const, expired: false, expiresSoon: false, enabled: false };
    return { card, listedByGateway: false };
  }

  /**
   * What the store remembers, for a look-up; a store that cannot be reached (the team database away) gives
   * `otherwise`: the gateway's answer is still shown, as look-ups go on while the team database is away.
   */
  private async remembering<T>(read: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await read();
    } catch (err) {
      if (isUnreachable(err)) return otherwise;
      throw err;
    }
  }

  /** A card the gateway lists: enabled, remembered as seen (where the store can be reached), with its client if the app knows it. */
  private async listed(v: BindingView, clientId?: string): Promise<StoredCard> {
    const seen = {
      environment: this.options.environment,
      bindingId: v.bindingId,
      ...(clientId !== undefined ? { clientId } : {}),
      category: v.category,
      ...(v.maskedPan ? { maskedPan: v.maskedPan } : {}),
      ...(v.paymentSystem ? { paymentSystem: v.paymentSystem } : {}),
      ...(v.paymentWay ? { paymentWay: v.paymentWay } : {}),
      ...(v.displayLabel ? { displayLabel: v.displayLabel } : {}),
      ...(v.expiry ? { expiry: v.expiry } : {}),
      seenAt: this.now(),
    };
    await this.remembering(() => this.options.known.seen(seen), undefined);
    const client =
      clientId ?? (await this.remembering(() => this.options.known.get(this.options.environment, v.bindingId), undefined))?.clientId;
    return { ...v, ...(client !== undefined ? { clientId: client } : {}), enabled: true };
  }

  /** A card as the app last saw it, with its expiry flags worked out for now. */
  private remembered(k: KnownBinding): StoredCard {
    const v = bindingView(
      {
        bindingId: k.bindingId,
        bindingCategory: k.category,
        ...(k.maskedPan ? { maskedPan: k.maskedPan } : {}),
        ...(k.paymentSystem ? { paymentSystem: k.paymentSystem } : {}),
        ...(k.paymentWay ? { paymentWay: k.paymentWay } : {}),
        ...(k.displayLabel ? { displayLabel: k.displayLabel } : {}),
        ...(k.expiry ? { expiryDate: k.expiry } : {}),
      },
      this.now(),
    );
    return {
      ...v,
      ...(k.clientId !== undefined ? { clientId: k.clientId } : {}),
      enabled: k.disabledAt === undefined,
      ...(k.disabledAt !== undefined ? { disabledAt: k.disabledAt } : {}),
    };
  }

  private withExpiry(card: StoredCard, expiry: string): StoredCard {
    const v = bindingView({ bindingId: card.bindingId, bindingCategory: card.category, expiryDate: expiry }, this.now());
    return { ...card, expiry, expired: v.expired, expiresSoon: v.expiresSoon };
  }
}
