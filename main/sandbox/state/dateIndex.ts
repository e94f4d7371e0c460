/**
 * One merchant's orders sorted by one of their dates, read newest first with ties broken by orderId
 * (ascending): the order getLastOrdersForMerchants.do pages through. A window [from, to] is a contiguous
 * run found by two binary searches, so a page over 100,000 orders costs no sort and, when every state is
 * asked for, no scan at all.
 *
 * Stored oldest first (the reverse of how it is read), because orders arrive newest: a new order is
 * appended at the end, and an order paid or refunded moments after its registration moves only a short
 * way, where a newest-first array would shift every entry on every registration.
 *
 * The date an order is filed under is kept beside it (an entry), not read from the order, because the
 * order is changed in place before it is filed again: the old date is what finds its old place.
 */
import type { Order } from './model.js';

interface Entry {
  at: number;
  readonly order: Order;
}

/** Whether entry `e` is stored before the place of (at, id): older, or as old with a larger orderId. */
const storedBefore = (e: Entry, at: number, id: string) => e.at < at || (e.at === at && e.order.id > id);

/** The orders of a window, newest first. */
export interface DateWindow {
  readonly size: number;
  /** The k-th newest order of the window (0 is the newest). */
  newest(k: number): Order;
}

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

  /** The first index whose entry is not stored before (at, id); the end for the newest order, so no search at all. */
  private position(at: number, id: string): number {
    const last = this.sorted[this.sorted.length - 1];
    if (last === undefined || storedBefore(last, at, id)) return this.sorted.length;
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (storedBefore(this.sorted[mid]!, at, id)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first index whose date is at least `at`. */
  private firstFrom(at: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]!.at < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Sorts what a bulk load appended. */
  settle(): void {
    if (!this.stale) return;
    this.sorted.sort((a, b) => a.at - b.at || (a.order.id < b.order.id ? 1 : a.order.id > b.order.id ? -1 : 0));
    this.stale = false;
  }

  /** The orders dated from `from` to `to` (both inclusive, epoch ms), read newest first. */
  window(from: number, to: number): DateWindow {
    this.settle();
    const start = this.firstFrom(from);
    const end = this.firstFrom(to + 1);
    const sorted = this.sorted;
    return { size: Math.max(0, end - start), newest: (k) => sorted[end - 1 - k]!.order };
  }

  get size(): number {
    return this.sorted.length;
  }
}
