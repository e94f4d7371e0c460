// Whether a program a test needs is there to run: plain JavaScript, so that the test runner and the tests
// share one rule for "installed".
import { accessSync, constants, statSync } from 'node:fs';

/** Whether the path is an executable file (not missing, and not, say, /dev/null mounted over it). */
export function runnable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
