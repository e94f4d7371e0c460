/**
 * Who may call main: only the app's own window, from its top-level frame, while that frame shows the
 * app's page. A subframe, another web contents (a devtools extension page, a stray window) or a page
 * that somehow navigated elsewhere is refused before its payload is even looked at.
 */
import type { IpcMainInvokeEvent, WebContents } from 'electron';

export type SenderCheck = (event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>) => boolean;

export function appFrameOnly(appContents: () => WebContents | undefined, isAppUrl: (url: string) => boolean): SenderCheck {
  return (event) => {
    const contents = appContents();
    // senderFrame is null once the frame navigated away or was destroyed: such a call is stale.
    const frame = event.senderFrame;
    return contents !== undefined && event.sender === contents && frame !== null && frame.parent === null && isAppUrl(frame.url);
  };
}
