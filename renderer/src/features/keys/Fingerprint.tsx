import { Fragment } from 'react';

/**
 * A colon-separated fingerprint (AB:CD:…) that wraps only between byte pairs: a break opportunity (<wbr>)
 * after each colon, and none inside a pair (the CSS keeps overflow-wrap normal). Selecting or copying it
 * gives the fingerprint unchanged, since <wbr> adds no character.
 */
export function Fingerprint({ value }: { readonly value: string }) {
  const pairs = value.split(':');
  return (
    <>
      {pairs.map((pair, i) => (
        <Fragment key={i}>
          {pair}
          {i < pairs.length - 1 && (
            <>
              :<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
