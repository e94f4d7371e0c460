/**
 * One merchant's orders sorted by one of their dates, newest first, ties broken by orderId (ascending):
 * the order getLastOrdersForMerchants.do pages through. A window [from, to] is a contiguous run found by
 * two binary searches, so a page over 100,000 orders costs no sort and, when every state is asked for,
 * no scan at all.
 *
 * The date an order is filed under is kept beside it (an entry), not read from the order, because the
 * order is changed in place before it is filed again: the old date is what finds its old place.
 */
import type { Order } from './model.js';

interface Entry {
  at: number;
  readonly order: Order;
}

/** Whether entry `e` comes before the position of (at, id) in the newest-first order. */
const before = (e: Entry, at: number, id: string) => e.at > at || (e.at === at && e.order.id < id);

export class DateIndex {
  private sorted: Entry[] = [];
  private readonly byId = new Map<string, Entry>();
  /** Set while a bulk load files entries unsorted; the next read sorts once. */
  private stale = false;

  /** Files (or moves) an order under `at`. `later` appends unsorted, for bulk loads that sort once at the end. */
  file(order: Order, at: number, later = false): void {
    const entry = this.byId.get(order.id);
    if (entry && entry.at === at) return;
    if (later || this.stale) {
      if (entry) entry.at = at;
      else this.add({ at, order }, true);
      this.stale = true;
      return;
    }
    if (entry) {
      this.sorted.splice(this.position(entry.at, order.id), 1);
      entry.at = at;
      this.sorted.splice(this.position(at, order.id), 0, entry);
    } else this.add({ at, order }, false);
  }

  private add(entry: Entry, append: boolean): void {
    this.byId.set(entry.order.id, entry);
    if (append) this.sorted.push(entry);
    else this.sorted.splice(this.position(entry.at, entry.order.id), 0, entry);
  }

  /** The first index whose entry does not come before (at, id). */
  private position(at: number, id: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sorted[mid]!, at, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first index whose date is at most `at` (dates fall along the index). */
  private firstAtOrBelow(at: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]!.at > at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sorts what a bulk load appended. */
  settle(): void {
    if (!this.stale) return;
    this.sorted.sort((a, b) => b.at - a.at || (a.order.id < b.order.id ? -1 : a.order.id > b.order.id ? 1 : 0));
    this.stale = false;
  }

  /** The run of orders dated from `from` to `to` (both inclusive, epoch ms), newest first. */
  window(from: number, to: number): { readonly start: number; readonly end: number } {
    this.settle();
    return { start: this.firstAtOrBelow(to), end: this.firstAtOrBelow(from - 1) };
  }

  /** The order at a position of the index (from window()). */
  orderAt(index: number): Order {
    return this.sorted[index]!.order;
  }

  get size(): number {
    return this.sorted.length;
  }
}
