// @ts-check
/**
 * A read of the control API races the live feed: the sandbox can send a newer state of an order, a
 * delivery, a rule or the clock while a read (or a write's answer) is on its way, and the answer, older,
 * would then be painted over it. Every tab keeps one of these: a read takes a token when it starts; a live
 * update marks what it changed (one item by its key, or the whole view); an answer is shown only for what
 * nothing newer has touched since its token, and only if no later read of the same kind has started
 * (answers can come back out of order).
 */

/**
 * @typedef {object} ReadToken
 * @property {string} reader the kind of read ('list', 'order', 'write'…): a later one of the same kind supersedes it
 * @property {number} at
 */

/**
 * @typedef {object} Freshness
 * @property {(reader?: string) => ReadToken} start a read of this kind starts now
 * @property {(key?: string) => void} update a live update of this item (or, without a key, of the whole view) was shown
 * @property {(token: ReadToken, key?: string) => boolean} fresh whether the answer of the read may be shown, for this
 *   item (or, without a key, for the whole view)
 * @property {() => void} forget a reset: nothing shown before it is newer than a read started after it
 */

/** @returns {Freshness} */
export function createFreshness() {
  /** Counts every read started and every update shown, so that "since" is a comparison. */
  let clock = 0;
  /** @type {Map<string, number>} the latest read of each kind */
  const latestRead = new Map();
  /** The last update of the whole view. */
  let wholeAt = 0;
  /** @type {Map<string, number>} the last update of each item */
  const itemAt = new Map();
  return {
    start(reader = 'list') {
      const at = ++clock;
      latestRead.set(reader, at);
      return { reader, at };
    },
    update(key) {
      const at = ++clock;
      if (key === undefined) wholeAt = at;
      else itemAt.set(key, at);
    },
    fresh(token, key) {
      if (latestRead.get(token.reader) !== token.at || wholeAt > token.at) return false;
      return key === undefined || (itemAt.get(key) ?? 0) < token.at;
    },
    forget() {
      itemAt.clear();
    },
  };
}

/**
 * @template K, T
 * @typedef {(shown: Map<K, T>, freshness: Freshness, get: (path: string) => Promise<any>) => Promise<boolean>} ListRead
 *   reads a list into the items shown; whether the answer was taken
 */

/**
 * A read of a list into the items shown (by key): the answer replaces them, except an item a live update
 * changed or added while the list was being read, which keeps the update (the answer's copy of it is
 * older, or it has none). A list answered after a later read of it is dropped whole.
 * @template K, T
 * @param {object} list
 * @param {string} list.reader the kind of read
 * @param {string} list.path where the control API answers it
 * @param {string} list.field the answer's field that holds the list
 * @param {(item: T) => K} list.keyOf
 * @param {(key: K) => string} list.itemKey the item's key in the tab's Freshness
 * @returns {ListRead<K, T>}
 */
export function listRead({ reader, path, field, keyOf, itemKey }) {
  return async (shown, freshness, get) => {
    const token = freshness.start(reader);
    /** @type {T[]} */
    const list = (await get(path))[field];
    if (!freshness.fresh(token)) return false;
    const answered = new Set(list.map(keyOf));
    for (const key of [...shown.keys()]) if (!answered.has(key) && freshness.fresh(token, itemKey(key))) shown.delete(key);
    for (const item of list) if (freshness.fresh(token, itemKey(keyOf(item)))) shown.set(keyOf(item), item);
    return true;
  };
}
