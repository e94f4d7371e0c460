/**
 * The facts of an entry written before facts were typed per action (migration 19): versions before it kept
 * most actions' values only in the entry's detail line, in a fixed form each of them wrote ("PAID 1250 643
 * on binding b-1: reason", "from sandbox", "to 202812"). This reads those forms once, when the database is
 * migrated, so that nothing reads a detail line after it. An entry whose detail is in no known form keeps no
 * facts and reads as its detail.
 */
import { AUDIT_FACTS, auditEventOf, isAuditAction, reasonFact, type AuditAction, type AuditFactsOf } from './auditEvents.js';

export interface LegacyEntry {
  readonly action: string;
  readonly outcome: string;
  readonly detail: string;
  /** Facts an entry kept already (charges and reconciliations kept some). */
  readonly facts: Readonly<Record<string, unknown>> | undefined;
}

type Reader<F> = (e: LegacyEntry) => F | undefined;

const some = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);
const failed = (e: LegacyEntry) => e.outcome !== 'success';

const charge: Reader<AuditFactsOf<'charge'>> = (e) => {
  const m = /^([A-Z]+) (\d+) (\d{1,3}) on binding (\S+?)(?:: (.*))?$/s.exec(e.detail);
  if (!m) return reasonFact(e.detail);
  return { state: m[1]!, amount: Number(m[2]), currency: m[3]!, bindingId: m[4]!, ...reasonFact(m[5]) };
};

const operation: Reader<AuditFactsOf<'refund'>> = (e) => {
  if (e.outcome === 'refused') return reasonFact(e.detail);
  // The technical detail in [brackets] stays in the detail line, as it does in new entries.
  const m = /^([A-Z]+)(?: amount (\d+))?(?:: (.*?))?(?: \[.*\])?(?:; operator's reason: (.*))?$/s.exec(e.detail);
  if (!m) return undefined;
  return {
    state: m[1]!,
    ...(m[2] !== undefined ? { amount: Number(m[2]) } : {}),
    ...reasonFact(m[3]),
    ...(some(m[4]) ? { operatorReason: m[4]! } : {}),
  };
};

const key: Reader<AuditFactsOf<'signingKey.activate'>> = (e) => {
  const m = /^((?:[0-9A-F]{2}:){31}[0-9A-F]{2})(?:: (.*))?$/s.exec(e.detail);
  return m ? { fingerprint: m[1]!, ...reasonFact(m[2]) } : reasonFact(e.detail);
};

const list = (e: LegacyEntry) => ({ changed: e.detail.split(', ').filter((k) => k !== '') });

const credential: Reader<AuditFactsOf<'credential.set'>> = (e) => {
  const m = /^(password|token)(?:: (.*))?$/s.exec(e.detail);
  return m ? { credential: m[1] as 'password' | 'token', ...reasonFact(m[2]) } : {};
};

const binding: Reader<AuditFactsOf<'binding.disable'>> = (e) => (failed(e) ? reasonFact(e.detail) : {});

const READERS: { readonly [A in AuditAction]: Reader<AuditFactsOf<A>> } = {
  charge,
  deposit: operation,
  reverse: operation,
  refund: operation,
  'signingKey.generate': key,
  'signingKey.import': key,
  'signingKey.export': key,
  'signingKey.activate': key,
  'signingKey.retire': key,
  'signingKey.testSign': key,
  'settings.change': list,
  // New since entries carry their facts: no entry of an earlier version has only a detail line for it.
  'teamDatabase.change': () => undefined,
  'teamDatabase.moveRecords': () => undefined,
  // Actions that came after facts were typed: no entry of theirs has only a detail line.
  'operator.signIn': () => undefined,
  'operator.add': () => undefined,
  'operator.change': () => undefined,
  'operator.password': () => undefined,
  'operator.session': () => undefined,
  'operator.endSessions': () => undefined,
  approval: () => undefined,
  'approvalThreshold.change': () => undefined,
  'operator.twoFactor': () => undefined,
  'role.abandon': () => undefined,
  'environment.switch': (e) => {
    const refused = /^to (\S+): (.*)$/s.exec(e.detail);
    if (refused) return { to: refused[1]!, ...reasonFact(refused[2]) };
    const from = /^from (\S+)$/.exec(e.detail);
    return from ? { from: from[1]! } : {};
  },
  'connection.change': list,
  'credential.set': credential,
  'credential.clear': credential,
  'sandbox.console.open': (e) => (failed(e) ? reasonFact(e.detail) : {}),
  access: (e) => (some(e.detail) ? { role: e.detail.replace(/^profile /, '') } : undefined),
  'role.change': (e) => {
    const from = /^from (\S+) to (\S+)(?:: (.*))?$/s.exec(e.detail);
    if (from && e.outcome === 'success') return { from: from[1]!, to: from[2]!, ...reasonFact(from[3]) };
    const to = /^to (\S+)(?:: (.*))?$/s.exec(e.detail);
    return to ? { to: to[1]!, ...reasonFact(to[2]) } : undefined;
  },
  'role.passphrase': (e) =>
    e.outcome === 'success' ? { passphrase: e.detail === 'changed' ? 'changed' : 'set' } : reasonFact(e.detail.replace(/^change: /, '')),
  'binding.disable': binding,
  'binding.enable': binding,
  'binding.extend': (e) => {
    const m = /^to (\d{6})(?:: (.*))?$/s.exec(e.detail);
    return m ? { until: m[1]!, ...reasonFact(m[2]) } : binding(e);
  },
  'chargeMaximum.change': (e) =>
    e.outcome === 'success' ? { change: e.detail.replace(/^per-charge maximum in \S+: /, '') } : reasonFact(e.detail),
  'currencies.change': (e) => (some(e.detail) ? { change: e.detail.replace(/^accepted currencies: /, '') } : undefined),
  // The counts were kept as facts; a run after a sync that did not finish said why only in its detail.
  'reconciliation.run': (e) => {
    const parsed = AUDIT_FACTS['reconciliation.run'].safeParse(e.facts);
    return parsed.success ? { ...parsed.data, ...(failed(e) ? reasonFact(e.detail) : {}) } : undefined;
  },
};

/**
 * The facts to keep for an entry of an earlier version, or undefined to leave it as it is: facts that its
 * action's schema reads already stay (but for a reconciliation's reason), and a detail in no known form
 * gives none.
 */
export function legacyFacts(e: LegacyEntry): object | undefined {
  if (!isAuditAction(e.action)) return undefined;
  if (e.action !== 'reconciliation.run' && auditEventOf(e.action, e.facts) !== undefined) return undefined;
  const facts = (READERS[e.action] as Reader<object>)(e);
  return facts !== undefined && AUDIT_FACTS[e.action].safeParse(facts).success ? facts : undefined;
}
