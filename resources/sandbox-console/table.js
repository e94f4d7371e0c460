// @ts-check
/**
 * A tab's table of items, as the Requests, Orders, Callbacks and Faults tabs show theirs: its rows (the
 * tbody #<prefix>-rows) and the line said in their place while no row is shown (#<prefix>-empty). A list
 * the reader filters also has its filters form (#<prefix>-filters), which filters as the reader types and
 * is never sent, and says how many of how many items it shows (#<prefix>-count).
 */
import { byId } from './dom.js';

/**
 * @typedef {object} Filtered
 * @property {string} noun what the items are, in the plural ("requests")
 * @property {string} none the empty line while there is no item at all
 * @property {string} noMatch the empty line while no item matches the filters
 */

/**
 * @param {string} prefix the ids' first part ("req", "order")
 * @param {Filtered} [filtered] for a list the reader filters
 */
export function createTable(prefix, filtered) {
  const rows = byId(`${prefix}-rows`, HTMLTableSectionElement);
  const empty = byId(`${prefix}-empty`, HTMLElement);
  const count = filtered ? byId(`${prefix}-count`, HTMLElement) : undefined;
  if (filtered) byId(`${prefix}-filters`, HTMLFormElement).addEventListener('submit', (e) => e.preventDefault());

  /**
   * Says how many rows are shown, of how many items: after the rows changed.
   * @param {number} total
   */
  function counted(total) {
    const shown = rows.childElementCount;
    empty.hidden = shown > 0;
    if (!filtered || !count) return;
    count.textContent = total === 0 ? '' : `${shown} of ${total} ${filtered.noun}`;
    empty.textContent = total > 0 ? filtered.noMatch : filtered.none;
  }

  return {
    rows,
    counted,
    /**
     * Shows these rows in place of those shown.
     * @param {HTMLTableRowElement[]} shown
     * @param {number} [total] how many items there are, shown or filtered out
     */
    show(shown, total = shown.length) {
      rows.replaceChildren(...shown);
      counted(total);
    },
    /**
     * Marks the row of this item as the one selected, and no other.
     * @param {string | number} id the row's data-id
     */
    markSelected(id) {
      for (const tr of rows.querySelectorAll('tr')) {
        if (tr.dataset.id === String(id)) tr.setAttribute('aria-current', 'true');
        else tr.removeAttribute('aria-current');
      }
    },
  };
}

/**
 * A row that selects its item when clicked anywhere but on a button (each button does its own thing).
 * @param {HTMLTableRowElement} tr
 * @param {() => void} select
 */
export function selectsOnClick(tr, select) {
  tr.addEventListener('click', (e) => {
    if (!(e.target instanceof HTMLButtonElement)) select();
  });
  return tr;
}
