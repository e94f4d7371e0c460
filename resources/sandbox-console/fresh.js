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
