/**
 * An identifier or a text from outside (an orderNumber, orderId, bindingId or clientId, a description, a
 * reference, a name) as every screen shows it: without bidirectional formatting characters, which would
 * reorder it (`hostile-54-\u202Eevil\u202C` reads "hostile-54-live"; main/domain/bidiControls.ts), and
 * in a <bdi>, so that one written right to left (Arabic, Hebrew) cannot reorder the text around it either.
 * Sentences get the same from i18next (i18n/instance.ts); shownText is for an attribute (a title).
 */
import { withoutBidiControls } from '../../../main/domain/bidiControls';

export const shownText = withoutBidiControls;

export function Id({ value, className }: { readonly value: string; readonly className?: string }) {
  return <bdi {...(className ? { className } : {})}>{shownText(value)}</bdi>;
}
