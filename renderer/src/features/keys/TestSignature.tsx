import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { say } from '../../i18n/say';
import type { SigningKeyView } from '../../../../main/ipc/contract';
import { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { Copyable } from '../../components/Copyable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatCount } from '../../format/numbers';
import { SAMPLE_BODY, X_HASH, X_SIGNATURE, shortFingerprint } from './shared';
import { TextArea } from '../../components/TextArea';
import { useTestSignature } from '../../api/signingKeys';
import { SelectField } from '../../components/SelectField';

export function TestSignature({
  keys,
  selected,
  onSelect,
}: {
  readonly keys: readonly SigningKeyView[];
  readonly selected: SigningKeyView;
  readonly onSelect: (id: string) => void;
}) {
  const id = useId();
  const { t, i18n } = useTranslation('keys');
  const [body, setBody] = useState(SAMPLE_BODY);
  const sign = useTestSignature();
  const result = sign.data?.id === selected.id ? sign.data : undefined;
  const bodyError = sign.error instanceof ApiError ? sign.error.fieldMessage('body') : undefined;
  /** The two headers a signed request carries, with their names for the tests. */
  const headers = result
    ? ([
        [X_HASH, result.xHash, 'x-hash'],
        [X_SIGNATURE, result.xSignature, 'x-signature'],
      ] as const)
    : [];

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('test.title')}</h2>
      <p className="muted">{t('test.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          sign.mutate({ id: selected.id, body });
        }}
      >
        <SelectField label={t('test.key')} value={selected.id} onChange={(e) => onSelect(e.target.value)}>
          {keys.map((k) => (
            <option key={k.id} value={k.id}>
              {t(k.state === 'active' ? 'test.optionActive' : 'test.option', {
                fingerprint: shortFingerprint(k.fingerprint256),
                subject: k.subject,
              })}
            </option>
          ))}
        </SelectField>
        <TextArea
          label={t('test.body')}
          rows={3}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            sign.reset();
          }}
          error={bodyError}
        />
        <Button type="submit" variant="primary" disabled={body === '' || sign.isPending}>
          {sign.isPending ? t('test.pending') : t('test.submit')}
        </Button>
      </form>
      {sign.isError && !bodyError && <ErrorNotice className="field-error" error={sign.error} />}
      {result && (
        <div className="test-signature" aria-label={t('test.result')}>
          <dl>
            <dt>{t('test.resultBody')}</dt>
            <dd>{t('test.bytes', { count: result.bodyBytes, bytes: formatCount(result.bodyBytes) })}</dd>
            {headers.map(([name, value, testId]) => (
              <Fragment key={name}>
                <dt>{name}</dt>
                <dd>
                  <Copyable value={value} what={name} className="mono signature-value">
                    <span data-testid={testId}>{value}</span>
                  </Copyable>
                </dd>
              </Fragment>
            ))}
          </dl>
          <p className={result.verified ? 'ok-text' : 'field-error'} role={result.verified ? 'status' : 'alert'}>
            {say(i18n, result.detail)}
          </p>
        </div>
      )}
    </section>
  );
}
