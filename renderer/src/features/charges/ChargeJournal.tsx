/**
 * The journal of every charge made from this app, newest first: what each charge took in the end (charged,
 * refunded, net, as of the latest look-up of its order or operation on it made here) and the order's latest
 * state in words, the gateway's reason, the card masked; filtered by state, text (order number, order ID, client, binding) and date range, and
 * exported as CSV with the same filters. Charges whose outcome is unknown can be reconciled from here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Input } from '../../../../main/ipc/contract';
import { call } from '../../api/client';
import { Button } from '../../components/Button';
import { useFileExport } from '../../components/useFileExport';
import { dayEnd, dayStart } from '../../format/dates';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatCount } from '../../format/numbers';
import { environmentInSentence } from '../../format/environment';
import { JournalRow } from './JournalRow';
import { useChargeJournal } from '../../api/charges';
import { DataTable } from '../../components/DataTable';
import { DayRange } from '../../components/DayRange';
import { Field } from '../../components/Field';
import { SelectField } from '../../components/SelectField';

type Filter = Input<'charges.export'>;
type StateFilter = NonNullable<Filter['state']> | '';

const STATE_OPTIONS: readonly (readonly [StateFilter, 'all' | 'unknown' | 'sending' | 'PAID' | 'DECLINED' | 'FAILED'])[] = [
  ['', 'all'],
  ['unknown', 'unknown'],
  ['sending', 'sending'],
  ['PAID', 'PAID'],
  ['DECLINED', 'DECLINED'],
  ['FAILED', 'FAILED'],
];

/** The journal's columns, by their key in the catalogue (`charges:term.<key>`). */
const COLUMNS = ['time', 'orderNumber', 'client', 'card', 'charged', 'refunded', 'net', 'state', 'reason', 'actions'] as const;

export function ChargeJournal() {
  const { t, i18n } = useTranslation('charges');
  const [state, setState] = useState<StateFilter>('');
  const [text, setText] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filter: Filter = {
    ...(state ? { state } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...(fromDay ? { from: dayStart(fromDay) } : {}),
    ...(toDay ? { to: dayEnd(toDay) } : {}),
  };
  const rangeError = fromDay && toDay && fromDay > toDay ? t('journal.rangeError') : undefined;
  const journal = useChargeJournal(filter, rangeError === undefined);
  const exportCsv = useFileExport(() => call('charges.export', filter), {
    saved: (name) => t('journal.exported', { name }),
  });
  const entries = journal.data?.entries ?? [];

  return (
    <div className="charge-journal">
      <form className="panel inline-form" aria-label={t('journal.filter')} onSubmit={(e) => e.preventDefault()}>
        <SelectField label={t('term.state')} value={state} onChange={(e) => setState(e.target.value as StateFilter)}>
          {STATE_OPTIONS.map(([value, name]) => (
            <option key={value} value={value}>
              {t(`journal.stateOption.${name}`)}
            </option>
          ))}
        </SelectField>
        <Field label={t('journal.text')} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
        <DayRange
          first={fromDay}
          last={toDay}
          onFirst={setFromDay}
          onLast={setToDay}
          firstLabel={t('journal.from')}
          lastLabel={t('journal.to')}
          lastError={rangeError}
        />
        <Button variant="primary" onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending || rangeError !== undefined}>
          {t('journal.export')}
        </Button>
      </form>
      {journal.isError && <ErrorNotice className="panel error-panel" error={journal.error} />}
      <div className="panel">
        <p className="muted" role="status">
          {entries.length === 0
            ? t('journal.none')
            : t(journal.data?.more ? 'journal.shownNewest' : 'journal.shown', {
                count: entries.length,
                n: formatCount(entries.length),
                environment: environmentInSentence(i18n, journal.data?.environment ?? ''),
              })}
        </p>
        {entries.length > 0 && (
          <DataTable caption={t('journal.caption')} className="charge-table" columns={COLUMNS.map((c) => t(`term.${c}`))}>
            {entries.map((c) => (
              <JournalRow key={c.id} charge={c} />
            ))}
          </DataTable>
        )}
      </div>
    </div>
  );
}
