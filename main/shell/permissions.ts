/**
 * Web permissions (camera, notifications, geolocation, clipboard reading, ...) are refused, asked or
 * merely checked. The one exception is writing text to the clipboard from the app's own top-level page:
 * the order view's copy buttons use navigator.clipboard.writeText, which Chromium gates behind the
 * "clipboard-sanitized-write" permission (and still only allows during a click).
 */
import type { Session } from 'electron';

const ALLOWED = new Set<string>(['clipboard-sanitized-write']);

export function denyPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  isAppUrl: (url: string) => boolean,
): void {
  const allowed = (permission: string, isMainFrame: boolean, url: string | undefined) =>
    ALLOWED.has(permission) && isMainFrame && url !== undefined && isAppUrl(url);
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details.isMainFrame, details.requestingUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    allowed(permission, details.isMainFrame, details.requestingUrl),
  );
}
