// Typed keys: `t` accepts only keys the English catalogue has (and the Russian one must have them too).
import 'i18next';
import type { resources } from './resources.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}
