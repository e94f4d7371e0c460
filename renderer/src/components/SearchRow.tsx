import type { HTMLAttributes } from 'react';
import { Button } from './Button';
import { Field } from './Field';

/**
 * The field a search is typed in (an identifier: no autocompletion, no spell check) and its Find button, which
 * says it is finding while it is. In a search form of its own the button submits it; where the row sits inside
 * another form (`onFind`), the button and Enter in the field find without submitting that one.
 */
export function SearchRow({
  label,
  text,
  onText,
  hint,
  error,
  inputMode,
  find,
  finding,
  onFind,
}: {
  readonly label: string;
  readonly text: string;
  readonly onText: (text: string) => void;
  readonly hint: string;
  readonly error: string | undefined;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The button's words: while idle, and while finding. */
  readonly find: { readonly idle: string; readonly pending: string };
  readonly finding: boolean;
  readonly onFind?: () => void;
}) {
  const words = finding ? find.pending : find.idle;
  return (
    <div className="search-row">
      <Field
        className="grow"
        label={label}
        value={text}
        onChange={(e) => onText(e.target.value)}
        {...(onFind
          ? {
              onKeyDown: (e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  onFind();
                }
              },
            }
          : {})}
        autoComplete="off"
        spellCheck={false}
        inputMode={inputMode}
        hint={hint}
        error={error}
      />
      {onFind ? (
        <Button onClick={onFind} disabled={text.trim() === '' || finding}>
          {words}
        </Button>
      ) : (
        <Button type="submit" variant="primary" disabled={finding}>
          {words}
        </Button>
      )}
    </div>
  );
}
