/**
 * The Orders list's saved views over IPC, on a real core (SQLite files, the embedded sandbox): a view keeps
 * its period relative, its filters in minor units and its sort; names are bounded, unique as a person reads
 * them and kept as the text typed; renaming and deleting answer with the views as they are now; and main
 * refuses what the contract does not describe, whatever the renderer sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Input } from '../../main/ipc/contract.js';
import { MAX_VIEWS } from '../../main/services/savedViews.js';
import { openIpcHarness, type IpcHarness } from './harness.js';

let h: IpcHarness;
beforeAll(async () => {
  h = await openIpcHarness('saved-views-ipc-', 'desk');
});
afterAll(() => h.close());

type View = Input<'period.views.save'>['view'];
const declinedThisWeekUsd: View = {
  period: { preset: '7d' },
  filters: { statuses: [6], currency: '840', minAmount: 125_000 },
  sort: 'amountDesc',
};

describe('saved views of the Orders list over IPC', () => {
  it('saves a named view and gives it back as saved, its period still relative', async () => {
    const saved = await h.call('period.views.save', { name: 'Declined this week, USD', view: declinedThisWeekUsd });
    expect(saved.maxName).toBe(60);
    expect(saved.maxViews).toBe(MAX_VIEWS);
    expect(saved.views).toEqual([{ id: expect.any(Number), name: 'Declined this week, USD', view: declinedThisWeekUsd }]);
    expect((await h.call('period.views.list', {})).views).toEqual(saved.views);
  });

  it('keeps a custom period as its calendar days', async () => {
    const view: View = { period: { preset: 'custom', firstDay: '2026-02-01', lastDay: '2026-02-28' }, filters: {}, sort: 'newest' };
    const { views } = await h.call('period.views.save', { name: 'February', view });
    expect(views.find((v) => v.name === 'February')?.view).toEqual(view);
  });

  it('refuses payloads the contract does not describe', async () => {
    const name = 'Anything';
    const bad: unknown[] = [
      {},
      { name },
      { name, view: { ...declinedThisWeekUsd, extra: 1 } },
      // A window of epoch times would stop being "this week" next week: only presets and calendar days.
      { name, view: { ...declinedThisWeekUsd, period: { from: 1_780_000_000_000, to: 1_780_086_400_000 } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: 'thisDecade' } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: 'custom' } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: '7d', firstDay: '2026-02-01' } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: 'custom', firstDay: '2026-03-01', lastDay: '2026-02-01' } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: 'custom', firstDay: '2026-02-30x', lastDay: '2026-03-01' } } },
      { name, view: { ...declinedThisWeekUsd, period: { preset: 'custom', firstDay: '2024-01-01', lastDay: '2026-01-01' } } },
      // Amounts are minor units, whole numbers.
      { name, view: { ...declinedThisWeekUsd, filters: { minAmount: 12.5 } } },
      { name, view: { ...declinedThisWeekUsd, filters: { minAmount: '1250' } } },
      { name, view: { ...declinedThisWeekUsd, filters: { minAmount: 500, maxAmount: 100 } } },
      { name, view: { ...declinedThisWeekUsd, filters: { statuses: [9] } } },
      { name, view: { ...declinedThisWeekUsd, filters: { from: 0 } } },
      { name, view: { ...declinedThisWeekUsd, filters: { text: '4111 1111 1111 1111' } } },
      { name, view: { ...declinedThisWeekUsd, sort: 'random' } },
      { name: '', view: declinedThisWeekUsd },
      { name: '   ', view: declinedThisWeekUsd },
      { name: 'x'.repeat(61), view: declinedThisWeekUsd },
      { name: 'line\nbreak', view: declinedThisWeekUsd },
      { name: 'Card 4111111111111111', view: declinedThisWeekUsd },
      { name: 42, view: declinedThisWeekUsd },
    ];
    const before = (await h.call('period.views.list', {})).views;
    for (const payload of bad) expect((await h.refusal('period.views.save', payload)).code, JSON.stringify(payload)).toBe('invalidInput');
    for (const payload of [{ id: 0, name }, { id: '1', name }, { id: 1 }, { id: 1, name: '' }])
      expect((await h.refusal('period.views.rename', payload)).code, JSON.stringify(payload)).toBe('invalidInput');
    for (const payload of [{}, { id: -1 }, { id: 1.5 }, { id: 1, name }])
      expect((await h.refusal('period.views.delete', payload)).code, JSON.stringify(payload)).toBe('invalidInput');
    expect((await h.call('period.views.list', {})).views).toEqual(before);
  });

  it('says what is wrong with a name in words', async () => {
    const empty = await h.refusal('period.views.save', { name: '  ', view: declinedThisWeekUsd });
    expect(empty.fields?.[0]).toMatchObject({ path: 'name', message: 'give the view a name' });
    const long = await h.refusal('period.views.save', { name: 'x'.repeat(61), view: declinedThisWeekUsd });
    expect(long.fields?.[0]).toMatchObject({ path: 'name', message: 'Must have at most 60 characters.' });
    const card = await h.refusal('period.views.save', { name: 'Card 4111111111111111', view: declinedThisWeekUsd });
    expect(card.fields?.[0]?.message).toBe('holds a card number; name the view without it');
    // The refusal does not echo the card number back.
    expect(JSON.stringify(card)).not.toContain('4111111111111111');
  });

  it('bounds names at 60 characters and keeps each name unique as a person reads it', async () => {
    const sixty = 'Ж'.repeat(60);
    expect((await h.call('period.views.save', { name: sixty, view: declinedThisWeekUsd })).views.map((v) => v.name)).toContain(sixty);
    const taken = await h.refusal('period.views.save', { name: '  declined THIS week,   usd ', view: declinedThisWeekUsd });
    expect(taken).toMatchObject({
      code: 'invalidInput',
      message: 'You already have a view named "Declined this week, USD"; choose another name.',
    });
  });

  it('keeps hostile text as the text it is', async () => {
    const name = `<img src=x onerror=alert(1)>'); DROP TABLE x;-- \u202Eevil`;
    const view: View = { period: { preset: 'today' }, filters: { text: "%_' OR 1=1 --", clientId: '<script>x</script>' }, sort: 'newest' };
    const { views } = await h.call('period.views.save', { name, view });
    expect(views.find((v) => v.name === name)?.view).toEqual(view);
    expect((await h.call('period.views.list', {})).views.some((v) => v.name === name)).toBe(true);
  });

  it('renames and deletes a view, and says when the view is no longer there', async () => {
    const { views } = await h.call('period.views.save', { name: 'To rename', view: declinedThisWeekUsd });
    const id = views.find((v) => v.name === 'To rename')!.id;
    // The same view may take another spelling of its own name.
    expect((await h.call('period.views.rename', { id, name: 'TO RENAME' })).views.find((v) => v.id === id)?.name).toBe('TO RENAME');
    expect(await h.refusal('period.views.rename', { id, name: 'February' })).toMatchObject({ code: 'invalidInput' });
    const renamed = await h.call('period.views.rename', { id, name: 'Renamed' });
    expect(renamed.views.find((v) => v.id === id)).toEqual({ id, name: 'Renamed', view: declinedThisWeekUsd });
    const left = await h.call('period.views.delete', { id });
    expect(left.views.some((v) => v.id === id)).toBe(false);
    expect(await h.refusal('period.views.delete', { id })).toMatchObject({ code: 'notFound' });
    expect(await h.refusal('period.views.rename', { id, name: 'Again' })).toMatchObject({ code: 'notFound' });
  });

  it(`keeps at most ${MAX_VIEWS} views for one profile in one environment`, async () => {
    const have = (await h.call('period.views.list', {})).views.length;
    for (let i = have; i < MAX_VIEWS; i++) await h.call('period.views.save', { name: `View ${i}`, view: declinedThisWeekUsd });
    expect(await h.refusal('period.views.save', { name: 'One too many', view: declinedThisWeekUsd })).toMatchObject({
      code: 'invalidInput',
      message: `You have ${MAX_VIEWS} saved views, the most one profile keeps here; delete one to save another.`,
    });
    expect((await h.call('period.views.list', {})).views).toHaveLength(MAX_VIEWS);
  });
});
