/**
 * The Orders list's filters, totals, chart and pages over one environment's cached orders, answered from
 * columns in memory in one pass over the period.
 *
 * Why not SQL: measured over 1,000,000 orders (bench/order-search.ts), SQLite answered a filter that keeps
 * many orders (a common word through the FTS5 trigram index, an amount range over a month) in 0.3 to 1.3 s,
 * because every matching order had to be read to count and total it, and the trigram index grows with the
 * whole cache rather than the period. Typed arrays sorted by registration read a month in a few
 * milliseconds whatever the filters keep, and the table then needs no trigram index or sums to maintain
 * on every page a sync writes. SQLite stays the copy that survives a restart (store/periodOrders.ts loads
 * this index from it and keeps it current).
 *
 * Layout: one slot per order (per row of the table), in arrival order; `byReg` lists the slots by (registration, orderId), so a
 * registration window is a range found by binary search and is read newest first, which is also the
 * list's default order. Descriptions and client ids repeat, so they are kept once each (dictionaries):
 * a text filter is tried once per distinct value, not once per order.
 */
import type { PeriodDay, PeriodQuery, PeriodSort, PeriodTotal } from '../domain/periodOrder.js';
import type { OrderStatus } from '../domain/orderStatus.js';

export interface IndexAnswer {
  /** The rows of the page asked for, in its order. */
  readonly rowids: number[];
  /** How many orders match in all. */
  readonly total: number;
  readonly totals: PeriodTotal[];
  readonly perDay: PeriodDay[];
}

export interface IndexQueryOptions {
  readonly sort?: PeriodSort;
  readonly offset?: number;
  readonly limit?: number;
  /** The user's offset from UTC for the chart's days; no chart without it. */
  readonly utcOffsetMinutes?: number;
}

/** The shortest text looked for as a part of a field; shorter text must match an orderNumber exactly. */
export const MIN_TEXT = 3;
const PAID = new Set<number>([1, 2]);
const STATUSES = 7;
const DAY = 86_400_000;
const NONE = -1;
/** How far down an amount-sorted page may end to be ranked in a heap (see PeriodIndex's constructor). */
const RANKED_IN_HEAP_UP_TO = 1000;

/** Slots per block of joined orderNumbers (see PeriodIndex.numberBlocks). */
const NUMBER_BLOCK_BITS = 16;
const NUMBER_SEPARATOR = '\u0000';

interface NumberBlock {
  readonly text: string;
  /** Where each slot's number starts in `text`. */
  readonly starts: Int32Array;
}

/** Strings kept once each, numbered in the order first seen. */
class Dictionary {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }

  find(value: string): number | undefined {
    return this.ids.get(value);
  }

  /** One flag per value: whether its lower case contains the needle. */
  containing(needle: string): Uint8Array {
    const flags = new Uint8Array(this.values.length);
    for (let i = 0; i < this.values.length; i++) if (this.values[i]!.toLowerCase().includes(needle)) flags[i] = 1;
    return flags;
  }
}

/** Byte order for the ASCII ids the gateway gives (SQLite's BINARY collation). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function grow<T extends Float64Array | Int32Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

export class PeriodIndex {
  private count = 0;
  private rowid = new Float64Array(0);
  private registered = new Float64Array(0);
  /** NaN for an order never operated. */
  private operated = new Float64Array(0);
  private amount = new Float64Array(0);
  /** What moved on each order (domain/orderMoney.ts), as its row keeps it: the list's money is their sums. */
  private held = new Float64Array(0);
  private captured = new Float64Array(0);
  private refunded = new Float64Array(0);
  private status = new Uint8Array(0);
  private currency = new Int32Array(0);
  private first6 = new Int32Array(0);
  private last4 = new Int32Array(0);
  private client = new Int32Array(0);
  private description = new Int32Array(0);
  private orderId: string[] = [];
  private orderNumber: string[] = [];
  /**
   * The orderNumbers in lower case, joined per block of slots (undefined: to be joined again), with where
   * each slot's starts: a text filter searches a block with one indexOf, three times faster than asking
   * every orderNumber, and an order added or renamed joins its block again, not the whole cache.
   */
  private numberBlocks: (NumberBlock | undefined)[] = [];
  private readonly currencies = new Dictionary();
  private readonly clients = new Dictionary();
  private readonly descriptions = new Dictionary();
  /**
   * Each row's slot, by rowid (-1: none): an order keeps its row for good (the table's upsert keeps it and
   * nothing deletes one), and a typed array of rowids costs a tenth of a map of a million orderIds.
   */
  private slotByRowid = new Int32Array(0);
  /** Slots by (registration, orderId); `pending` slots are not in it yet, `unsorted` means it must be rebuilt. */
  private byReg = new Int32Array(0);
  private sorted = 0;
  private pending: number[] = [];
  private unsorted = false;
  /**
   * Slots by amount, smallest first, ties newest registration first: what a page far down an amount sort
   * is read from, so that its cost does not grow with the offset (a heap of offset + limit did, in time
   * and memory). It holds every slot there was when it was made (shorter: orders were added since).
   */
  private byAmount: Int32Array<ArrayBuffer> = new Int32Array(0);
  private byAmountStale = false;
  /** Orders put so far, to tell whether anything changed while `byAmount` was made a step at a time. */
  private puts = 0;

  /**
   * @param rankedInHeapUpTo an amount-sorted page ending at most this far down is ranked in a heap over
   *   the period's matches (fast for a short period or the first pages); a deeper one walks `byAmount`.
   */
  constructor(private readonly rankedInHeapUpTo = RANKED_IN_HEAP_UP_TO) {}

  get size(): number {
    return this.count;
  }

  /**
   * Adds an order, or replaces what the index had of its row, field by field: what loading a million rows
   * goes through, without making an object of each (null for a field the order lacks).
   */
  put(
    rowid: number,
    orderId: string,
    orderNumber: string,
    status: OrderStatus,
    amount: number,
    held: number,
    captured: number,
    refunded: number,
    currency: string,
    registeredAt: number,
    operatedAt: number | null,
    first6: string | null,
    last4: string | null,
    clientId: string | null,
    description: string | null,
  ): void {
    this.puts++;
    if (rowid >= this.slotByRowid.length) {
      const grown = new Int32Array(Math.max(rowid + 1, this.slotByRowid.length * 2, 1024)).fill(-1);
      grown.set(this.slotByRowid);
      this.slotByRowid = grown;
    }
    let slot = this.slotByRowid[rowid]!;
    if (slot === -1) {
      slot = this.count++;
      if (this.count > this.rowid.length) this.reserve(this.count);
      this.slotByRowid[rowid] = slot;
      this.orderId[slot] = orderId;
      this.pending.push(slot);
    } else {
      // The gateway does not move an order's registration; if an answer ever does, the order is re-placed.
      if (this.registered[slot] !== registeredAt) this.unsorted = true;
      if (this.registered[slot] !== registeredAt || this.amount[slot] !== amount) this.byAmountStale = true;
    }
    this.rowid[slot] = rowid;
    this.registered[slot] = registeredAt;
    this.operated[slot] = operatedAt ?? NaN;
    this.amount[slot] = amount;
    this.held[slot] = held;
    this.captured[slot] = captured;
    this.refunded[slot] = refunded;
    this.status[slot] = status;
    this.currency[slot] = this.currencies.id(currency);
    this.first6[slot] = first6 === null ? NONE : Number(first6);
    this.last4[slot] = last4 === null ? NONE : Number(last4);
    this.client[slot] = clientId === null ? NONE : this.clients.id(clientId);
    this.description[slot] = description === null ? NONE : this.descriptions.id(description);
    if (this.orderNumber[slot] !== orderNumber) {
      this.orderNumber[slot] = orderNumber;
      this.numberBlocks[slot >>> NUMBER_BLOCK_BITS] = undefined;
    }
  }

  private reserve(size: number): void {
    this.rowid = grow(this.rowid, size);
    this.registered = grow(this.registered, size);
    this.operated = grow(this.operated, size);
    this.amount = grow(this.amount, size);
    this.held = grow(this.held, size);
    this.captured = grow(this.captured, size);
    this.refunded = grow(this.refunded, size);
    this.status = grow(this.status, size);
    this.currency = grow(this.currency, size);
    this.first6 = grow(this.first6, size);
    this.last4 = grow(this.last4, size);
    this.client = grow(this.client, size);
    this.description = grow(this.description, size);
  }

  private readonly bySlotOrder = (a: number, b: number) =>
    this.registered[a]! - this.registered[b]! || compareText(this.orderId[a]!, this.orderId[b]!);

  /**
   * Puts the slots added since the last query into `byReg`: the few new ones are sorted and merged in one
   * linear pass, so a sync's pages cost a merge, not a sort of the whole cache (and a load, slice by slice).
   */
  settle(): void {
    if (this.unsorted) {
      const all = Int32Array.from({ length: this.count }, (_, i) => i).sort(this.bySlotOrder);
      this.byReg = all;
      this.sorted = this.count;
      this.pending = [];
      this.unsorted = false;
      return;
    }
    if (this.pending.length === 0) return;
    const fresh = this.pending.sort(this.bySlotOrder);
    this.pending = [];
    if (this.sorted === 0 || this.bySlotOrder(this.byReg[this.sorted - 1]!, fresh[0]!) <= 0) {
      // All after the last one kept: the common case of a load, which reads in this order. The array grows
      // by doubling, so a load in many small slices copies it a few times, not once per slice.
      this.byReg = grow(this.byReg, this.sorted + fresh.length);
      this.byReg.set(fresh, this.sorted);
      this.sorted += fresh.length;
      return;
    }
    const merged = new Int32Array(this.sorted + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted && j < fresh.length)
      merged[k++] = this.bySlotOrder(this.byReg[i]!, fresh[j]!) <= 0 ? this.byReg[i++]! : fresh[j++]!;
    while (i < this.sorted) merged[k++] = this.byReg[i++]!;
    while (j < fresh.length) merged[k++] = fresh[j++]!;
    this.byReg = merged;
    this.sorted = merged.length;
  }

  /** The first position in `byReg` registered at or after `at`. */
  private firstAtOrAfter(at: number): number {
    let lo = 0;
    let hi = this.sorted;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.registered[this.byReg[mid]!]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The page, the count, the totals and the chart of a query, from one pass over its period.
   *
   * Which money the figures count: what moved on exactly the orders the list shows (the period and the
   * filters), however long after the order it moved. A refund made today on yesterday's order counts in
   * yesterday's figures, since that is the row whose Refunded column shows it; and the chart puts an
   * order's money on that order's day on the list's axis (its registration, or its last operation when the
   * period applies to operations), so the chart's days add up to the totals. Declined and unpaid orders
   * are counted in their state and move nothing.
   */
  query(q: PeriodQuery, options: IndexQueryOptions = {}): IndexAnswer {
    this.settle();
    const sort = options.sort ?? 'newest';
    const offset = Math.max(options.offset ?? 0, 0);
    const limit = Math.max(options.limit ?? 0, 0);
    const wanted = offset + limit;
    const match = this.matcher(q);
    const currencies = this.currencies.values.length;
    const sums = new CellSums(STATUSES * currencies);
    const chart = options.utcOffsetMinutes === undefined ? undefined : new DayChart(q, options.utcOffsetMinutes, currencies);
    const byOperation = q.dateOf === 'operation';
    const byAmount = sort === 'amountDesc' || sort === 'amountAsc';
    // A page far down an amount sort is read in amount order; a near one ranks the period's matches in a heap.
    const walkByAmount = byAmount && wanted > this.rankedInHeapUpTo;
    const page: number[] = [];
    let total = 0;
    // The registration window, or every order when the period applies to the last operation.
    const lo = byOperation ? 0 : this.firstAtOrAfter(q.from);
    const hi = byOperation ? this.sorted : this.firstAtOrAfter(q.to);
    const oldestFirst = sort === 'oldest';
    const ranked = byAmount && !walkByAmount && wanted > 0 ? new TopByAmount(wanted, sort === 'amountDesc', this.amount) : undefined;
    // A deep amount-sorted page: the matches are marked here, in the period's order, and read in amount order after.
    const matched = walkByAmount ? new Uint8Array(this.count) : undefined;
    for (let n = 0; n < hi - lo; n++) {
      // Newest registration first (the list's order, and the tie order of the amount sorts), or oldest first.
      const slot = this.byReg[oldestFirst ? lo + n : hi - 1 - n]!;
      if (byOperation) {
        const at = this.operated[slot]!;
        // NaN (never operated) fails both comparisons.
        if (!(at >= q.from && at < q.to)) continue;
      }
      if (!match(slot)) continue;
      const cell = this.status[slot]! * currencies + this.currency[slot]!;
      const held = this.held[slot]!;
      const captured = this.captured[slot]!;
      const refunded = this.refunded[slot]!;
      // With a chart, the totals are its days' sums (each match is on one day), so a match is added once.
      if (chart) chart.add(byOperation ? this.operated[slot]! : this.registered[slot]!, cell, held, captured, refunded);
      else sums.add(cell, held, captured, refunded);
      if (matched) matched[slot] = 1;
      else if (ranked) ranked.offer(slot, total);
      else if (total >= offset && total < wanted) page.push(slot);
      total++;
    }
    if (matched) {
      let at = 0;
      this.walkByAmount(sort === 'amountDesc', (slot) => {
        if (matched[slot] === 0) return true;
        if (at >= offset) page.push(slot);
        return ++at < wanted;
      });
    }
    const slots = ranked ? ranked.sorted().slice(offset) : page;
    return {
      rowids: slots.map((s) => this.rowid[s]!),
      total,
      totals: this.totalsOf(chart ? chart.totals() : sums),
      perDay: chart ? chart.days(this.currencies.values) : [],
    };
  }

  /**
   * Every slot in an amount sort's order: by amount, largest or smallest first, and among equal amounts
   * newest registration first, as the heap ranks them, until `visit` says it has enough. `byAmount` runs
   * smallest first with that tie order, so the largest-first walk reads each run of equal amounts
   * forwards, the runs backwards.
   */
  private walkByAmount(descending: boolean, visit: (slot: number) => boolean): void {
    const order = this.amountOrder();
    const n = this.count;
    if (!descending) {
      for (let i = 0; i < n; i++) if (!visit(order[i]!)) return;
      return;
    }
    const { amount } = this;
    for (let end = n; end > 0;) {
      const value = amount[order[end - 1]!]!;
      let start = end - 1;
      while (start > 0 && amount[order[start - 1]!] === value) start--;
      for (let i = start; i < end; i++) if (!visit(order[i]!)) return;
      end = start;
    }
  }

  /**
   * `byAmount`, current: built again whenever orders were added or changed since, by a stable sort on the
   * amount of the slots in newest-first registration order, which leaves equal amounts newest first.
   */
  private amountOrder(): Int32Array {
    for (const _ of this.makingAmountOrder());
    return this.byAmount;
  }

  /**
   * Makes ready, a step at a time (each a pass over the orders, a few tens of milliseconds for a million),
   * what the first queries after a load would otherwise make at once: the amount order and the joined order
   * numbers. A load runs the steps between turns of the event loop; a query that needs one runs them all.
   */
  *makingReady(): Generator<void, void> {
    yield* this.makingAmountOrder();
    for (let b = 0; b << NUMBER_BLOCK_BITS < this.count; b++) {
      if (this.numberBlocks[b]) continue;
      this.numberBlock(b);
      yield;
    }
  }

  /** `byAmount` made current, a pass a step. */
  private *makingAmountOrder(): Generator<void, void> {
    if (this.byAmount.length !== this.count || this.byAmountStale) {
      this.settle();
      const puts = this.puts;
      const newestFirst = new Int32Array(this.sorted);
      for (let i = 0; i < this.sorted; i++) newestFirst[i] = this.byReg[this.sorted - 1 - i]!;
      yield;
      const byAmount = yield* sortingByAmount(newestFirst, this.amount);
      // Sorted from the orders as they were: kept only if none was put since (else the next call sorts again).
      if (puts === this.puts) {
        this.byAmount = byAmount;
        this.byAmountStale = false;
      }
    }
  }

  /**
   * The row of each of these orderNumbers (of two orders with one number, the later registered), looked
   * for in one pass over every order: what the reconciliation asks, a few times a day, so the table keeps
   * no index of orderNumbers that every page a sync writes would have to update.
   */
  rowidsOf(orderNumbers: ReadonlySet<string>): Map<string, number> {
    const slots = new Map<string, number>();
    if (orderNumbers.size === 0) return slots;
    for (let slot = 0; slot < this.count; slot++) {
      const number = this.orderNumber[slot]!;
      if (!orderNumbers.has(number)) continue;
      const had = slots.get(number);
      if (had === undefined || this.registered[slot]! > this.registered[had]!) slots.set(number, slot);
    }
    return new Map([...slots].map(([number, slot]) => [number, this.rowid[slot]!]));
  }

  private totalsOf(sums: CellSums): PeriodTotal[] {
    const names = this.currencies.values;
    const out: PeriodTotal[] = [];
    for (let cell = 0; cell < sums.counts.length; cell++) {
      if (sums.counts[cell] === 0) continue;
      out.push({
        status: Math.floor(cell / names.length) as OrderStatus,
        currency: names[cell % names.length]!,
        ...sums.at(cell),
      });
    }
    return out.sort((a, b) => a.status - b.status || compareText(a.currency, b.currency));
  }

  /**
   * The filters other than the period as one test of a slot, cheapest first; `() => false` when a value
   * the query names is nowhere in the cache.
   */
  private matcher(q: PeriodQuery): (slot: number) => boolean {
    const never = () => false;
    let statusMask = 0x7f;
    if (q.statuses !== undefined) statusMask = q.statuses.reduce<number>((m, s) => m | (1 << s), 0);
    if (q.paid !== undefined) for (let s = 0; s < STATUSES; s++) if (PAID.has(s) !== q.paid) statusMask &= ~(1 << s);
    const currency = q.currency === undefined ? NONE : (this.currencies.find(q.currency) ?? -2);
    const client = q.clientId === undefined ? NONE : (this.clients.find(q.clientId) ?? -2);
    if (currency === -2 || client === -2 || statusMask === 0) return never;
    // Card digits are compared as numbers; a value that is not six (four) digits matches nothing.
    const first6 = q.first6 === undefined ? NONE : /^\d{6}$/.test(q.first6) ? Number(q.first6) : -2;
    const last4 = q.last4 === undefined ? NONE : /^\d{4}$/.test(q.last4) ? Number(q.last4) : -2;
    if (first6 === -2 || last4 === -2) return never;
    const min = q.minAmount ?? -Infinity;
    const max = q.maxAmount ?? Infinity;
    const text = q.text?.trim() ?? '';
    const { status: statuses, currency: currencyOf, amount, first6: first6Of, last4: last4Of, client: clientOf } = this;
    const base = (slot: number) =>
      ((statusMask >> statuses[slot]!) & 1) === 1 &&
      (currency === NONE || currencyOf[slot] === currency) &&
      amount[slot]! >= min &&
      amount[slot]! <= max &&
      (first6 === NONE || first6Of[slot] === first6) &&
      (last4 === NONE || last4Of[slot] === last4) &&
      (client === NONE || clientOf[slot] === client);
    if (text === '') return base;
    const numbers = this.orderNumber;
    if (text.length < MIN_TEXT) return (slot) => base(slot) && numbers[slot] === text;
    // Any part of three characters or more of orderNumber, description or clientId, in any case.
    const needle = text.toLowerCase();
    const inDescription = this.descriptions.containing(needle);
    const inClient = this.clients.containing(needle);
    const inNumber = this.numbersContaining(needle);
    const { description: descriptionOf } = this;
    return (slot) => base(slot) && (inDescription[descriptionOf[slot]!] === 1 || inClient[clientOf[slot]!] === 1 || inNumber[slot] === 1);
  }

  /** One flag per slot: whether its orderNumber, in lower case, contains the needle. */
  private numbersContaining(needle: string): Uint8Array {
    const flags = new Uint8Array(this.count);
    for (let b = 0; b << NUMBER_BLOCK_BITS < this.count; b++) {
      const first = b << NUMBER_BLOCK_BITS;
      const block = this.numberBlock(b);
      if (needle.includes(NUMBER_SEPARATOR)) {
        // Could match across two numbers in the joined text: asked of each number instead.
        for (let slot = first; slot < first + block.starts.length; slot++)
          if (this.orderNumber[slot]!.toLowerCase().includes(needle)) flags[slot] = 1;
        continue;
      }
      for (let at = block.text.indexOf(needle); at !== -1;) {
        // The slot whose number the match is in: the last start at or before it.
        let lo = 0;
        let hi = block.starts.length;
        while (hi - lo > 1) {
          const mid = (lo + hi) >>> 1;
          if (block.starts[mid]! <= at) lo = mid;
          else hi = mid;
        }
        flags[first + lo] = 1;
        // On from the next number: one match is enough for a slot.
        at = lo + 1 < block.starts.length ? block.text.indexOf(needle, block.starts[lo + 1]!) : -1;
      }
    }
    return flags;
  }

  private numberBlock(b: number): NumberBlock {
    const first = b << NUMBER_BLOCK_BITS;
    return (this.numberBlocks[b] ??= this.joinNumbers(first, Math.min(first + (1 << NUMBER_BLOCK_BITS), this.count)));
  }

  private joinNumbers(from: number, to: number): NumberBlock {
    const starts = new Int32Array(to - from);
    const parts: string[] = [];
    let at = 0;
    for (let slot = from; slot < to; slot++) {
      const lower = this.orderNumber[slot]!.toLowerCase();
      starts[slot - from] = at;
      parts.push(lower);
      at += lower.length + NUMBER_SEPARATOR.length;
    }
    return { text: parts.join(NUMBER_SEPARATOR), starts };
  }
}

const DIGIT_BITS = 11;
const DIGIT_MASK = (1 << DIGIT_BITS) - 1;
const TWO_32 = 2 ** 32;

/**
 * The slots stably sorted by amount, smallest first: a radix sort, 11 bits of the amount a pass, because a
 * comparison sort of a million slots took a third of a second (and the amounts are whole minor units). The
 * amounts are copied beside the slots as two 32-bit halves, so each pass reads them in order; it yields
 * before each pass (see PeriodIndex.makingReady). An amount that is not a whole number of at least zero (not
 * the gateway's) falls back to the comparison sort.
 */
function* sortingByAmount(slots: Int32Array, amount: Float64Array): Generator<void, Int32Array<ArrayBuffer>> {
  const n = slots.length;
  let low = new Uint32Array(n);
  let high = new Uint32Array(n);
  let maxLow = 0;
  let maxHigh = 0;
  for (let i = 0; i < n; i++) {
    const a = amount[slots[i]!]!;
    if (!(Number.isSafeInteger(a) && a >= 0)) {
      // Array.prototype.sort is stable: equal amounts keep the slots' order.
      return Int32Array.from(Array.from(slots).sort((x, y) => amount[x]! - amount[y]!));
    }
    low[i] = a % TWO_32;
    high[i] = Math.floor(a / TWO_32);
    maxLow |= low[i]!;
    maxHigh |= high[i]!;
  }
  let from = Int32Array.from(slots);
  let to = new Int32Array(n);
  let lowTo = new Uint32Array(n);
  let highTo = new Uint32Array(n);
  const counts = new Int32Array(DIGIT_MASK + 1);
  const pass = (keys: Uint32Array, shift: number) => {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(keys[i]! >>> shift) & DIGIT_MASK]!++;
    for (let d = 0, at = 0; d <= DIGIT_MASK; d++) {
      const c = counts[d]!;
      counts[d] = at;
      at += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[(keys[i]! >>> shift) & DIGIT_MASK]!++;
      to[at] = from[i]!;
      lowTo[at] = low[i]!;
      highTo[at] = high[i]!;
    }
    [from, to] = [to, from];
    [low, lowTo] = [lowTo, low];
    [high, highTo] = [highTo, high];
  };
  // Least significant digit first; digits above the largest amount's are all zero and change nothing.
  for (let shift = 0; shift < 32 && maxLow >>> shift !== 0; shift += DIGIT_BITS) {
    yield;
    pass(low, shift);
  }
  for (let shift = 0; shift < 32 && maxHigh >>> shift !== 0; shift += DIGIT_BITS) {
    yield;
    pass(high, shift);
  }
  return from;
}

/** How many orders and what moved on them, per cell (a state and currency, or a day's). */
class CellSums {
  readonly counts: Float64Array;
  private readonly held: Float64Array;
  private readonly captured: Float64Array;
  private readonly refunded: Float64Array;

  constructor(cells: number) {
    this.counts = new Float64Array(cells);
    this.held = new Float64Array(cells);
    this.captured = new Float64Array(cells);
    this.refunded = new Float64Array(cells);
  }

  add(cell: number, held: number, captured: number, refunded: number): void {
    this.counts[cell]!++;
    this.held[cell]! += held;
    this.captured[cell]! += captured;
    this.refunded[cell]! += refunded;
  }

  /** Adds `from`'s cells from `offset` on, `n` of them, to this one's first `n`. */
  addAll(from: CellSums, offset: number, n: number): void {
    for (let cell = 0; cell < n; cell++) {
      this.counts[cell]! += from.counts[offset + cell]!;
      this.held[cell]! += from.held[offset + cell]!;
      this.captured[cell]! += from.captured[offset + cell]!;
      this.refunded[cell]! += from.refunded[offset + cell]!;
    }
  }

  at(cell: number): { count: number; held: number; captured: number; refunded: number } {
    return { count: this.counts[cell]!, held: this.held[cell]!, captured: this.captured[cell]!, refunded: this.refunded[cell]! };
  }
}

/** Orders and money per day, state and currency; days start at midnight of the user's offset. */
class DayChart {
  private readonly shift: number;
  private readonly firstDay: number;
  private readonly sums: CellSums;
  private readonly dayCount: number;

  /** The last match's day and its bounds: matches come in registration order, mostly on the day of the one before. */
  private day = 0;
  private dayStart = Infinity;
  private dayEnd = -Infinity;

  constructor(
    q: PeriodQuery,
    utcOffsetMinutes: number,
    private readonly cells: number,
  ) {
    this.shift = Math.trunc(utcOffsetMinutes) * 60_000;
    this.firstDay = Math.floor((q.from + this.shift) / DAY);
    this.dayCount = Math.max(Math.floor((q.to + this.shift) / DAY) - this.firstDay + 1, 1);
    this.sums = new CellSums(this.dayCount * STATUSES * cells);
  }

  add(at: number, cell: number, held: number, captured: number, refunded: number): void {
    if (!(at >= this.dayStart && at < this.dayEnd)) {
      this.day = Math.floor((at + this.shift) / DAY) - this.firstDay;
      this.dayStart = (this.firstDay + this.day) * DAY - this.shift;
      this.dayEnd = this.dayStart + DAY;
    }
    this.sums.add(this.day * STATUSES * this.cells + cell, held, captured, refunded);
  }

  /** Every day's sums per cell added up: the period's totals. */
  totals(): CellSums {
    const perDay = STATUSES * this.cells;
    const out = new CellSums(perDay);
    for (let d = 0; d < this.dayCount; d++) out.addAll(this.sums, d * perDay, perDay);
    return out;
  }

  days(currencies: readonly string[]): PeriodDay[] {
    const out: PeriodDay[] = [];
    const perDay = STATUSES * this.cells;
    for (let d = 0; d < this.dayCount; d++) {
      let day: string | undefined;
      // Cells run status by status, and within a status currency by currency, in the order first seen.
      const cells: PeriodDay[] = [];
      for (let cell = 0; cell < perDay; cell++) {
        const i = d * perDay + cell;
        if (this.sums.counts[i] === 0) continue;
        day ??= new Date((this.firstDay + d) * DAY).toISOString().slice(0, 10);
        cells.push({
          day,
          status: Math.floor(cell / this.cells) as OrderStatus,
          currency: currencies[cell % this.cells]!,
          ...this.sums.at(i),
        });
      }
      out.push(...cells.sort((a, b) => a.status - b.status || compareText(a.currency, b.currency)));
    }
    return out;
  }
}

/**
 * The first `k` matches by amount, ties kept in the order they were met (newest registration first): a
 * bounded heap, so ranking a month of orders does not sort the month.
 */
class TopByAmount {
  private readonly slots: number[] = [];
  private readonly seen: number[] = [];

  constructor(
    private readonly k: number,
    private readonly descending: boolean,
    private readonly amount: Float64Array,
  ) {}

  /** Whether a (slot met at `a`) ranks after b (met at `b`). */
  private after(slotA: number, a: number, slotB: number, b: number): boolean {
    const d = this.amount[slotA]! - this.amount[slotB]!;
    if (d !== 0) return this.descending ? d < 0 : d > 0;
    return a > b;
  }

  offer(slot: number, at: number): void {
    const h = this.slots;
    const s = this.seen;
    if (h.length < this.k) {
      h.push(slot);
      s.push(at);
      let i = h.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.after(h[i]!, s[i]!, h[p]!, s[p]!)) break;
        [h[i], h[p]] = [h[p]!, h[i]!];
        [s[i], s[p]] = [s[p]!, s[i]!];
        i = p;
      }
      return;
    }
    // The root is the worst of the best k; a match that ranks after it is not wanted.
    if (!this.after(h[0]!, s[0]!, slot, at)) return;
    h[0] = slot;
    s[0] = at;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < h.length && this.after(h[l]!, s[l]!, h[worst]!, s[worst]!)) worst = l;
      if (r < h.length && this.after(h[r]!, s[r]!, h[worst]!, s[worst]!)) worst = r;
      if (worst === i) return;
      [h[i], h[worst]] = [h[worst]!, h[i]!];
      [s[i], s[worst]] = [s[worst]!, s[i]!];
      i = worst;
    }
  }

  sorted(): number[] {
    const order = this.slots.map((slot, i) => ({ slot, at: this.seen[i]! }));
    order.sort((x, y) => (this.after(x.slot, x.at, y.slot, y.at) ? 1 : this.after(y.slot, y.at, x.slot, x.at) ? -1 : 0));
    return order.map((x) => x.slot);
  }
}
